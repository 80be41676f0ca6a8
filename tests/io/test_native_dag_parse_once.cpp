// A dag scenario's graph is read once, by parse_scenario: after the graph file is gone, the parsed
// scenario still runs (run_parsed never goes back to the file or the JSON).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "io/kinds/dag.h"
#include "io/scenario.h"

using namespace loadlab::io;

TEST_CASE("TypedKinds.Dag.GraphFileIsReadOnceByParse") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "loadlab_kindio_parse_once";
  fs::create_directories(dir);
  {
    // A 3-task chain in Kasahara STG format: n, then n + 2 lines "id cost npred preds...".
    std::ofstream f(dir / "chain.stg");
    f << "3\n0 0 0\n1 4 1 0\n2 5 1 1\n3 6 1 2\n4 0 1 3\n";
  }
  RunContext ctx;
  ctx.base_dir = dir;
  const Json s = {{"loadlab", 1},
                  {"kind", "dag"},
                  {"processors", 2},
                  {"graph", {{"file", "chain.stg"}}},
                  {"algorithms", {"flb", "etf"}}};
  const ScenarioPtr parsed = parse_scenario(s, ctx);
  fs::remove_all(dir);
  const auto results = run_parsed(*parsed, ctx);
  REQUIRE(results.size() == 2);
  for (const auto& r : results) {
    CHECK(r->verified);
    const auto& d = dynamic_cast<const DagRunResult&>(*r);
    // A chain runs serially: makespan = sum of the costs (entry/exit dummies cost 0).
    CHECK(d.schedule.makespan() == doctest::Approx(15));
  }
}
