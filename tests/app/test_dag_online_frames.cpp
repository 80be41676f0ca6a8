// The Steps tab's online frames (app/dag/model_online.h) against the typed results io returns:
// at every decision the clock, the revealed tasks and the placed ones agree with the schedule
// (nothing revealed before its release, nothing placed before it is revealed, no bar starting
// before its task's reveal), on the online preset and on a heterogeneous machine.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <string>

#include "app/dag/model_online.h"
#include "io/presets.h"
#include "io/scenario.h"

using namespace loadlab;
using io::Json;

namespace {

void check_online_frames(const io::DagRunResult& r) {
  REQUIRE(r.online);
  const auto& g = *r.graph;
  std::map<std::string, double> released, start;
  for (const auto& a : *r.online) released[g.name(a.task)] = a.released;
  for (const auto& e : r.schedule.entries)
    if (!e.duplicate) start[g.name(e.task)] = e.start;
  // Reveal time by the model, from the schedule alone: the parents' latest finish.
  std::map<std::string, double> by_parents;
  for (core::TaskId t = 0; t < g.size(); ++t) {
    double at = 0;
    for (const auto& e : r.schedule.entries)
      for (auto pe : g.in_edges(t))
        if (!e.duplicate && e.task == g.edge(pe).from) at = std::max(at, e.finish);
    by_parents[g.name(t)] = at;
  }
  double clock = 0;
  const int steps = static_cast<int>(r.online->size());
  for (int k = 0; k < steps; ++k) {
    const Json f = app::dag_online_state_json(r, k);
    CAPTURE(k);
    const double t = f["time"].get<double>();
    CHECK(t >= clock);
    clock = t;
    CHECK(f["placed"].size() == static_cast<std::size_t>(k + 1));
    for (const auto& name : f["revealed"]) {
      CHECK(by_parents.at(name.get<std::string>()) <= t + 1e-9);
      CHECK(released.at(name.get<std::string>()) == doctest::Approx(by_parents.at(name)));
    }
    for (const auto& name : f["placed"]) {
      const auto& rv = f["revealed"];
      CHECK(std::find(rv.begin(), rv.end(), name) != rv.end());
      CHECK(start.at(name.get<std::string>()) >= by_parents.at(name.get<std::string>()) - 1e-9);
    }
    CHECK(f["revealed"].size() == f["placed"].size() + f["waiting"].size());
  }
}

}  // namespace

TEST_CASE("DagOnlineFrames.PresetFramesMatchTheSchedule") {
  const io::ScenarioPtr sc =
      io::parse_scenario(io::find_preset("dag_online_example").scenario, io::RunContext{});
  const auto results = io::run_parsed(*sc, io::RunContext{});
  REQUIRE(results.size() == 3);
  CHECK(app::dag_online_state_json(dynamic_cast<const io::DagRunResult&>(*results[1]), 0)
            .is_null());  // heft: offline, no record
  CHECK(app::dag_offline_counterpart("online_heft") == "heft");
  CHECK(app::dag_offline_counterpart("heft").empty());
  for (int i : {0, 2}) {
    const auto& r = dynamic_cast<const io::DagRunResult&>(*results[static_cast<std::size_t>(i)]);
    check_online_frames(r);
  }
  // By hand (test_dag_online_preset.cpp): after the second decision (b on P0 at 1) the clock is
  // 1, a, b, c and e are revealed, c and e wait, and d arrives at 5.
  const Json f = app::dag_online_state_json(dynamic_cast<const io::DagRunResult&>(*results[0]), 1);
  CHECK(f["time"].get<double>() == doctest::Approx(1));
  CHECK(f["revealed"] == Json::array({"a", "b", "c", "e"}));
  CHECK(f["placed"] == Json::array({"a", "b"}));
  CHECK(f["waiting"] == Json::array({"c", "e"}));
  CHECK(f["next"]["task"] == "d");
  CHECK(f["next"]["released"].get<double>() == doctest::Approx(5));
}

TEST_CASE("DagOnlineFrames.HeterogeneousMachine") {
  const io::ScenarioPtr sc = io::parse_scenario(Json::parse(R"({"loadlab": 1, "kind": "dag",
      "processors": 3, "seed": 5, "machine": {"speeds": [1, 2, 0.5]},
      "graph": {"generator": "lu", "size": 8, "ccr": 1},
      "algorithms": ["online_heft", "online_mct"]})"),
                                                io::RunContext{});
  const auto results = io::run_parsed(*sc, io::RunContext{});
  REQUIRE(results.size() == 2);
  for (const auto& r : results) {
    const auto& d = dynamic_cast<const io::DagRunResult&>(*r);
    CAPTURE(d.algorithm);
    CHECK(d.verified);
    check_online_frames(d);
  }
}
