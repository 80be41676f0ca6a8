// The `explain` hook of the dynamic, partition, os, loop and dlt kinds (io::KindHandler::explain):
// a parsed scenario's results narrated with the numbers of each paper's worked example (the same
// hand calculations as tests/core/test_narration_*.cpp, through the io layer).
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "core/common/citations.h"
#include "core/dag/narration.h"
#include "io/explain.h"
#include "io/scenario.h"

using namespace loadlab::io;

namespace {

// Runs `text` and narrates its result `index` through its kind's explain hook.
loadlab::core::Narration explain_of(const char* text, std::size_t index = 0) {
  const ScenarioPtr sc = parse_scenario_text(text, RunContext{});
  REQUIRE(sc);
  const KindHandler* k = find_kind(sc->kind);
  REQUIRE(k);
  REQUIRE(static_cast<bool>(k->explain));
  const auto results = run_parsed(*sc, RunContext{});
  REQUIRE(results.size() > index);
  REQUIRE(!results[index]->failed());
  return k->explain(*sc, *results[index]);
}

bool explained(const loadlab::core::Narration& n, const std::string& part) {
  for (const auto& s : n.steps)
    if (s.text.find(part) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("Explain.Loop.DecreasingLoopGss") {
  const auto n = explain_of(R"({"loadlab": 1, "kind": "loop", "iterations": 1000, "processors": 4,
    "cost": {"profile": "decreasing", "value": 1}, "overhead": 0.5, "algorithms": ["gss"]})");
  CHECK(n.algorithm == "gss");
  CHECK(!n.pseudocode.empty());
  REQUIRE(!n.steps.empty());
  CHECK(n.steps[0].text.find("⌈1000/4⌉) = 250") != std::string::npos);
}

TEST_CASE("Explain.Dlt.Example3Ibs") {
  const auto n = explain_of(R"({"loadlab": 1, "kind": "dlt", "dim": 8, "E": 3, "C": 2,
    "load": 1000, "buffer": 10, "algorithms": ["ibs"]})");
  REQUIRE(n.steps.size() == 3);  // Table 2's three iterations
  CHECK(explained(n, "X = C(8,0)·L_q = 109.6 "));
  CHECK(explained(n, "X = C(8,1)·L_q = 485.6 "));
  CHECK(explained(n, "X = R = 404.8"));
}

TEST_CASE("Explain.Os.CoschedulingFragmentation") {
  const auto n = explain_of(R"({"loadlab": 1, "kind": "os", "processors": 10,
    "jobs": [{"work": 20, "threads": 10}, {"work": 10, "threads": 5}],
    "algorithms": ["coscheduling"], "params": {"coscheduling": {"quantum": 1}}})");
  CHECK(explained(n, "5 of 10 processors idle (P5–P9)"));
}

TEST_CASE("Explain.Partition.GridBisection") {
  const auto n = explain_of(R"({"loadlab": 1, "kind": "partition",
    "mesh": {"generator": "grid", "rows": 8, "cols": 8}, "parts": 2, "algorithms": ["orb_m"]})");
  REQUIRE(n.steps.size() == 3);
  CHECK(explained(n, "8 edges cross the cut"));
  CHECK(explained(n, "In all 8 edges are cut"));
}

TEST_CASE("Explain.Dynamic.WorkStealing") {
  const auto n = explain_of(R"({"loadlab": 1, "kind": "dynamic",
    "topology": {"type": "line", "nodes": 2},
    "workload": {"initial": [8, 0], "duration": {"profile": "constant", "value": 1}},
    "costs": {"hop": 0.1}, "algorithms": ["work_stealing"]})");
  CHECK(explained(n, "steals half of node 0's queue: 4 tasks"));
}

TEST_CASE("Explain.TheFiveKindsHaveAHook") {
  for (const char* k : {"dynamic", "partition", "os", "loop", "dlt"}) {
    CAPTURE(k);
    REQUIRE(find_kind(k) != nullptr);
    CHECK(static_cast<bool>(find_kind(k)->explain));
  }
}

// One citation table: every narration names its sources by the table's full references, and the
// pseudo-code a run's narration shows is the one the help panel shows without running.
TEST_CASE("Explain.CitationAndPseudocodeFromTheTables") {
  struct Case {
    const char* kind;
    const char* text;
    std::vector<const char*> cites;  // keys of the sources the caption strip must name in full
  };
  const std::vector<Case> cases = {
      {"balance",
       R"({"loadlab": 1, "kind": "balance", "topology": {"type": "hypercube", "dim": 3},
        "loads": [19,11,2,9,0,9,10,4], "algorithms": ["cwa"]})",
       {"wu1997"}},
      {"balance",
       R"({"loadlab": 1, "kind": "balance", "topology": {"type": "mesh", "rows": 4,
        "cols": 4}, "loads": [0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,160], "algorithms": ["gde"]})",
       {"notes"}},
      {"loop",
       R"({"loadlab": 1, "kind": "loop", "iterations": 1000, "processors": 4,
        "cost": {"profile": "decreasing", "value": 1}, "algorithms": ["gss"]})",
       {"houstis1996"}},
      {"dlt",
       R"({"loadlab": 1, "kind": "dlt", "dim": 8, "E": 3, "C": 2, "load": 1000,
        "buffer": 10, "algorithms": ["ibs"]})",
       {"li2001"}},
      {"os",
       R"({"loadlab": 1, "kind": "os", "processors": 10,
        "jobs": [{"work": 20, "threads": 10}, {"work": 10, "threads": 5}],
        "algorithms": ["coscheduling"]})",
       {"houstis1996"}},
      {"partition",
       R"({"loadlab": 1, "kind": "partition",
        "mesh": {"generator": "grid", "rows": 8, "cols": 8}, "parts": 2, "algorithms": ["orb_m"]})",
       {"houstis1996"}},
      {"partition",
       R"({"loadlab": 1, "kind": "partition",
        "mesh": {"generator": "grid", "rows": 8, "cols": 8}, "parts": 4,
        "algorithms": ["multilevel"]})",
       {"hendrickson1995", "karypis1998"}},
      {"dynamic",
       R"({"loadlab": 1, "kind": "dynamic", "topology": {"type": "line", "nodes": 2},
        "workload": {"initial": [8, 0], "duration": {"profile": "constant", "value": 1}},
        "costs": {"hop": 0.1}, "algorithms": ["work_stealing"]})",
       {"notes"}},
      {"dynamic",
       R"({"loadlab": 1, "kind": "dynamic", "topology": {"type": "line", "nodes": 2},
        "workload": {"initial": [8, 0], "duration": {"profile": "constant", "value": 1}},
        "costs": {"hop": 0.1}, "algorithms": ["random"]})",
       {"wu1997"}},
  };
  for (const Case& c : cases) {
    const auto n = explain_of(c.text);
    CAPTURE(n.algorithm);
    for (const char* key : c.cites) {
      const auto* cite = loadlab::core::find_citation(key);
      REQUIRE(cite != nullptr);
      CHECK(n.citation.find(loadlab::core::cite_full(*cite)) != std::string::npos);
    }
    CHECK(!n.pseudocode.empty());
    CHECK(n.pseudocode == narration_pseudocode(c.kind, n.algorithm));
  }
  CHECK(narration_pseudocode("dag", "flb") == loadlab::core::dag_pseudocode("flb"));
  CHECK(narration_pseudocode("dag", "heft").empty());
  CHECK(narration_pseudocode("balance", "no_such_algorithm").empty());
  CHECK(narration_pseudocode("no_such_kind", "flb").empty());
  // A kind that narrates its results shows the pseudo-code its captions point into, and a kind
  // without narration has none to show.
  for (const auto& kind : loadlab::io::scenario_kinds()) {
    CAPTURE(kind.name);
    CHECK((kind.explain != nullptr) == (kind.pseudocode != nullptr));
  }
  CHECK_THROWS_AS(loadlab::core::cite_full("nobody2000", ""), std::invalid_argument);
  const auto* houstis = loadlab::core::find_citation("houstis1996");
  REQUIRE(houstis != nullptr);
  CHECK(loadlab::core::cite_full("houstis1996", "Section 4") ==
        loadlab::core::cite_full(*houstis) + ", Section 4");
}
