// Duplicates through the io layer: the dag kind's result JSON marks copies ("duplicate": true on
// the copy's schedule entry, metrics.duplicates), the CSV gains its duplicate column only when
// there are copies, and `explain` narrates the copies. The fork graph is the hand-worked one of
// tests/core/test_dag_duplication.cpp: t0 (1) forks to t1, t2, t3 (2 each) over messages of 5;
// on 3 processors a copy of t0 beside t2 and t3 ends everything at 3.
#include <doctest/doctest.h>

#include <string>

#include "core/dag/schedulers.h"
#include "io/dag_formats/dag_formats.h"
#include "io/scenario.h"

using namespace loadlab::io;

namespace {

const char* kDupFork = R"({"loadlab": 1, "kind": "dag", "processors": 3, "graph": {
  "tasks": [{"id": "t0", "cost": 1}, {"id": "t1", "cost": 2}, {"id": "t2", "cost": 2},
            {"id": "t3", "cost": 2}],
  "edges": [{"from": "t0", "to": "t1", "cost": 5}, {"from": "t0", "to": "t2", "cost": 5},
            {"from": "t0", "to": "t3", "cost": 5}]},
  "algorithms": ["dsh", "hlfet"]})";

}  // namespace

TEST_CASE("DagDuplicatesIo.ResultJsonMarksCopies") {
  const ScenarioPtr sc = parse_scenario_text(kDupFork, RunContext{});
  REQUIRE(sc);
  const auto results = run_parsed(*sc, RunContext{});
  REQUIRE(results.size() == 2);
  const Json dsh = results[0]->to_json();
  CHECK(dsh["verified"].get<bool>());
  CHECK(dsh["makespan"].get<double>() == 3);
  CHECK(dsh["metrics"]["duplicates"].get<int>() == 2);
  int copies = 0, own = 0;
  for (const auto& e : dsh["schedule"]) {
    if (e.value("duplicate", false)) {
      ++copies;
      CHECK(e["task"].get<std::string>() == "t0");
      CHECK(e["proc"].get<int>() != 0);
    } else {
      CHECK(!e.contains("duplicate"));
      ++own;
    }
  }
  CHECK(copies == 2);
  CHECK(own == 4);
  // Without copies nothing changes: no key in the entries, none in the metrics.
  const Json hlfet = results[1]->to_json();
  CHECK(hlfet["makespan"].get<double>() == 7);
  CHECK(!hlfet["metrics"].contains("duplicates"));
  for (const auto& e : hlfet["schedule"]) CHECK(!e.contains("duplicate"));
}

TEST_CASE("DagDuplicatesIo.CsvColumnOnlyWithCopies") {
  const loadlab::core::TaskGraph g({1, 2, 2, 2}, {{0, 1, 5}, {0, 2, 5}, {0, 3, 5}});
  const std::string with = schedule_to_csv(g, loadlab::core::dsh(g, 3));
  CHECK(with.rfind("task,proc,start,finish,duplicate\n", 0) == 0);
  CHECK(with.find("t0,1,0,1,1\n") != std::string::npos);
  const std::string without = schedule_to_csv(g, loadlab::core::hlfet(g, 3));
  CHECK(without.rfind("task,proc,start,finish\n", 0) == 0);
  // Four columns on every row.
  std::size_t commas = 0, lines = 0;
  for (char c : without) commas += c == ',', lines += c == '\n';
  CHECK(lines == 5);
  CHECK(commas == 3 * lines);
}

TEST_CASE("DagDuplicatesIo.ExplainNamesTheCopies") {
  const ScenarioPtr sc = parse_scenario_text(kDupFork, RunContext{});
  REQUIRE(sc);
  const KindHandler* k = find_kind(sc->kind);
  REQUIRE(k);
  REQUIRE(static_cast<bool>(k->explain));
  const auto results = run_parsed(*sc, RunContext{});
  const auto n = k->explain(*sc, *results[0]);
  CHECK(n.algorithm == "dsh");
  CHECK(n.citation.find("Kruatrachue") != std::string::npos);
  REQUIRE(n.steps.size() == 4);  // one caption per task, copies named in their child's
  CHECK(n.steps[0].text == "t0 goes to P0 at 0 (ends 1).");
  CHECK(n.steps[1].text ==
        "t1 goes to P0 at 1 (ends 3): its last input, t0, is on the same processor.");
  CHECK(n.steps[2].text ==
        "t2 goes to P1 at 1 (ends 3): its last input, t0, is on the same processor. First "
        "duplicates on P1: t0 [0, 1], so their data need not travel.");
  const auto h = k->explain(*sc, *results[1]);
  CHECK(h.steps[2].text ==
        "t2 goes to P0 at 3 (ends 5): its last input, t0, is on the same processor.");
}
