// The adversarial search's instances as dag scenarios: the written scenario parses
// (for every accepted instance of a search), and parse(write(instance)) reproduces the
// instance's makespans exactly, both through core and through `loadlab run`'s path.
#include <doctest/doctest.h>

#include <string>

#include "core/dag/adversary.h"
#include "io/kinds/dag_adversary.h"
#include "io/scenario.h"

using namespace loadlab;

namespace {

core::AdversaryInstance round_trip(const core::AdversaryInstance& inst,
                                   const std::vector<std::string>& algorithms,
                                   io::Json* doc = nullptr) {
  const io::Json s = io::adversary_instance_scenario(inst, algorithms, 1);
  if (doc) *doc = s;
  // Through the text, as a file written by `loadlab adversary -o` would be read.
  const auto parsed = io::parse_scenario_text(s.dump(2), {});
  const auto* dag = dynamic_cast<const io::DagScenario*>(parsed.get());
  REQUIRE(dag != nullptr);
  return io::adversary_instance_from(*dag);
}

}  // namespace

TEST_CASE("DagAdversary.Scenario.RoundTripKeepsMakespans") {
  struct Pair {
    const char* a;
    const char* b;
    bool hetero;
  };
  for (const Pair& p :
       {Pair{"flb", "etf", false}, Pair{"heft", "cpop", true}, Pair{"heft", "optimal", true}}) {
    CAPTURE(p.a);
    CAPTURE(p.b);
    core::AdversaryOptions o;
    o.a = p.a;
    o.b = p.b;
    o.iterations = 400;
    const auto start =
        core::random_adversary_instance(std::string(p.b) == "optimal" ? 7 : 14, 3, p.hetero, 9);
    const core::AdversaryResult r = core::adversary_search(start, o);
    io::Json doc;
    const core::AdversaryInstance back = round_trip(r.best, {p.a, p.b}, &doc);
    CHECK(doc["kind"] == "dag");
    CHECK(doc.contains("machine") == p.hetero);
    double ma = 0, mb = 0;
    CHECK(core::adversary_ratio(back, o, &ma, &mb) == r.best_ratio);
    CHECK(ma == r.best_makespan_a);
    CHECK(mb == r.best_makespan_b);
    // `loadlab run`'s path: the result document's makespans.
    const io::Json result = io::run_scenario(doc, {});
    REQUIRE(result["results"].size() == 2);
    CHECK(result["results"][0]["makespan"].get<double>() == ma);
    CHECK(result["results"][1]["makespan"].get<double>() == mb);
    CHECK(result["results"][0]["verified"] == true);
    CHECK(result["results"][1]["verified"] == true);
  }
}

TEST_CASE("DagAdversary.Scenario.EveryAcceptedInstanceParses") {
  core::AdversaryOptions o;
  o.a = "heft";
  o.b = "dls";
  o.iterations = 600;
  int parsed = 0;
  core::adversary_search_observed(core::random_adversary_instance(10, 4, true, 4), o, {}, 500,
                                  [&](const core::AdversaryInstance& inst, double ratio) {
                                    const auto back = round_trip(inst, {"heft", "dls"});
                                    CHECK(core::adversary_ratio(back, o) == ratio);
                                    ++parsed;
                                  });
  CHECK(parsed > 10);
}

TEST_CASE("DagAdversary.Scenario.FromScenario") {
  const io::Json doc = io::Json::parse(R"({"loadlab": 1, "kind": "dag", "processors": 2,
    "graph": {"tasks": [{"id": "a", "cost": 2}, {"id": "b", "cost": 3}, {"id": "c", "cost": 1}],
              "edges": [{"from": "a", "to": "b", "cost": 1}, {"from": "a", "to": "c", "cost": 4}]},
    "machine": {"speeds": [1, 2]}, "algorithms": ["heft"]})");
  const auto parsed = io::parse_scenario(doc, {});
  const auto inst = io::adversary_instance_from(dynamic_cast<const io::DagScenario&>(*parsed));
  CHECK(inst.graph.size() == 3);
  CHECK(inst.graph.name(1) == "b");
  CHECK(inst.machine.processors == 2);
  CHECK(inst.machine.speeds == std::vector<double>{1, 2});
  const io::Json again = io::adversary_instance_scenario(inst, {"heft", "cpop"}, 1);
  CHECK(again["graph"]["tasks"][1]["id"] == "b");
  CHECK(again["machine"]["speeds"] == io::Json::array({1.0, 2.0}));
}
