// Conformance: every preset (the papers' worked examples) validates, runs, and every result it
// produces passes its independent verifier.
#include <doctest/doctest.h>

#include <set>

#include "io/presets.h"
#include "io/scenario.h"

using namespace loadlab::io;

TEST_CASE("Presets.NamesAreUnique") {
  std::set<std::string> names;
  for (const auto& p : presets()) CHECK(names.insert(p.name).second);
  CHECK(names.count("wu_example3") == 1);
}

TEST_CASE("Presets.EveryPresetRunsAndVerifies") {
  for (const auto& p : presets()) {
    CAPTURE(p.name);
    Json result = run_scenario(p.scenario, RunContext{});
    const auto& results = result["results"];
    REQUIRE(results.is_array());
    CHECK(results.size() == p.scenario["algorithms"].size());
    for (const auto& r : results) {
      CAPTURE(r.value("algorithm", std::string("?")));
      CHECK(r.value("verified", false));
    }
  }
}

TEST_CASE("Presets.UnknownNameListsTheKnownOnes") {
  CHECK_THROWS_WITH_AS(find_preset("nope"), doctest::Contains("wu_example1"), ScenarioError);
}
