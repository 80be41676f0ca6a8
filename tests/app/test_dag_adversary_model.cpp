// The dag view's Adversary tab, headless (src/app/dag/model_adversary.h): settings in
// the scenario's "ui", the search and the pairwise matrix on BackgroundJobs, the worst instance
// as a scenario that reproduces its ratio.
#include <doctest/doctest.h>

#include <chrono>
#include <thread>

#include "app/dag/model_adversary.h"
#include "app/dag/model_machine_form.h"
#include "app/model/ui_state.h"
#include "io/kinds/dag.h"
#include "io/scenario.h"

using namespace loadlab;
using app::AdversarySettings;
using io::Json;

namespace {

// The FLB paper's 8-task example (io/presets.cpp "flb_table1"): small enough for "optimal".
Json small_dag() {
  return Json::parse(R"({"loadlab": 1, "kind": "dag", "name": "eight", "processors": 2,
    "graph": {"tasks": [{"id": "t0", "cost": 2}, {"id": "t1", "cost": 2}, {"id": "t2", "cost": 2},
                        {"id": "t3", "cost": 3}, {"id": "t4", "cost": 3}, {"id": "t5", "cost": 3},
                        {"id": "t6", "cost": 2}, {"id": "t7", "cost": 2}],
              "edges": [{"from": "t0", "to": "t1", "cost": 1}, {"from": "t0", "to": "t2", "cost": 4},
                        {"from": "t0", "to": "t3", "cost": 1}, {"from": "t1", "to": "t4", "cost": 2},
                        {"from": "t1", "to": "t5", "cost": 1}, {"from": "t1", "to": "t6", "cost": 2},
                        {"from": "t3", "to": "t5", "cost": 1}, {"from": "t2", "to": "t6", "cost": 1},
                        {"from": "t4", "to": "t7", "cost": 1}, {"from": "t5", "to": "t7", "cost": 3},
                        {"from": "t6", "to": "t7", "cost": 2}]},
    "algorithms": ["flb", "etf"]})");
}

io::ScenarioPtr parse(const Json& doc) {
  return io::parse_scenario(doc, io::RunContext{});
}

// Polls like the UI (once per "frame") until the runner has collected its result (~60 s at most).
template <class Runner>
bool dag_adversary_model_poll_until_done(Runner& r) {
  for (int i = 0; i < 60000; ++i) {
    if (r.poll()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return false;
}

}  // namespace

TEST_CASE("DagAdversary.SettingsRoundTripThroughTheScenarioUi") {
  AdversarySettings s;
  s.a = "heft";
  s.b = "optimal";
  s.iterations = 1234;
  s.seed = 99;
  s.from_scenario = false;
  s.tasks = 9;
  s.processors = 4;
  s.heterogeneous = true;
  s.vary_machine = false;
  s.pairwise = {"flb", "heft"};
  s.pair_iterations = 77;
  // Through "ui" as the link carries it: the key survives UiState (kept in `other`).
  const Json ui = {{"tab", "adversary"}, {"adversary", app::adversary_settings_json(s)}};
  const app::UiState u = app::read_ui_state(ui);
  REQUIRE(u.other.contains("adversary"));
  CHECK(app::read_adversary_settings(u.other["adversary"]) == s);
  CHECK(app::ui_state_json(u) == ui);
  CHECK(app::ui_string(u, "tab") == "adversary");

  // Lenient: wrong types and unknown names are ignored, numbers clamped, duplicates dropped.
  const AdversarySettings d = app::read_adversary_settings(Json::parse(
      R"({"a": "nope", "b": 3, "iterations": -5, "tasks": 100000, "processors": 0,
          "pairwise": ["flb", "flb", "x", "etf"], "heterogeneous": "yes"})"));
  CHECK(d.a == "flb");
  CHECK(d.b == "etf");
  CHECK(d.iterations == 1);
  CHECK(d.tasks == core::AdversaryLimits::max_tasks);
  CHECK(d.processors == 1);
  CHECK(d.pairwise == std::vector<std::string>{"flb", "etf"});
  CHECK_FALSE(d.heterogeneous);
  CHECK(app::read_adversary_settings(Json()) == AdversarySettings{});
}

TEST_CASE("DagAdversary.SearchOnAWorkerAgainstTheOptimum" * doctest::timeout(120)) {
  const io::ScenarioPtr sc = parse(small_dag());
  AdversarySettings s;
  s.a = "flb";
  s.b = "optimal";
  s.iterations = 300;
  s.seed = 5;
  CHECK(app::adversary_choices_b(8) == app::adversary_choices_b(12));
  const auto b_small = app::adversary_choices_b(8);
  CHECK(std::find(b_small.begin(), b_small.end(), "optimal") != b_small.end());
  const auto b_big = app::adversary_choices_b(13);
  CHECK(std::find(b_big.begin(), b_big.end(), "optimal") == b_big.end());

  app::AdversaryRunner runner;
  REQUIRE(runner.start(app::adversary_start_instance(s, sc), app::adversary_options(s), 50));
  CHECK(runner.busy());
  REQUIRE(dag_adversary_model_poll_until_done(runner));
  REQUIRE(runner.last());
  const app::AdversaryOutcome& o = *runner.last();
  CHECK(o.error.empty());
  REQUIRE(o.result);
  CHECK(o.result->iterations == 300);
  CHECK_FALSE(o.result->cancelled);
  CHECK(o.result->best_ratio >= 1.0);  // a heuristic never beats the proven optimum
  CHECK(o.result->best_ratio >= o.result->start_ratio);
  const app::AdversaryLive l = runner.live();  // the snapshot the UI thread plots
  CHECK(l.iterations == 300);
  CHECK(l.best_ratio == o.result->best_ratio);
  CHECK_FALSE(l.history.empty());
  CHECK(l.history.size() == o.result->history.size());
  CHECK(o.iterations_per_second() > 0);

  // The worst instance as a scenario: algorithms [A, B], both charts compared, the tab's settings
  // in "ui"; run, it reproduces the ratio.
  const Json worst = app::adversary_worst_scenario(o, s, "eight");
  CHECK(worst["algorithms"] == Json::array({"flb", "optimal"}));
  CHECK(worst["ui"]["tab"] == "gantt");
  CHECK(worst["ui"]["compare"] == true);
  CHECK(app::read_adversary_settings(worst["ui"]["adversary"]) == s);
  const io::ScenarioPtr parsed = parse(worst);
  const auto results = io::run_parsed(*parsed, io::RunContext{});
  REQUIRE(results.size() == 2);
  const auto* ra = dynamic_cast<const io::DagRunResult*>(results[0].get());
  const auto* rb = dynamic_cast<const io::DagRunResult*>(results[1].get());
  REQUIRE(ra);
  REQUIRE(rb);
  CHECK(ra->metrics.makespan / rb->metrics.makespan == doctest::Approx(o.result->best_ratio));
}

TEST_CASE("DagAdversary.CancelStopsTheSearchAndKeepsTheBestSoFar" * doctest::timeout(120)) {
  AdversarySettings s;
  s.from_scenario = false;
  s.tasks = 30;
  s.processors = 4;
  s.iterations = app::kAdversaryMaxIterations;
  app::AdversaryRunner runner;
  REQUIRE(runner.start(app::adversary_start_instance(s, nullptr), app::adversary_options(s), 20));
  for (int i = 0; i < 60000 && runner.live().iterations < 40; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  CHECK(runner.live().iterations >= 40);  // progress arrives while it runs
  runner.cancel();
  REQUIRE(dag_adversary_model_poll_until_done(runner));
  REQUIRE(runner.last()->result);
  CHECK(runner.last()->result->cancelled);
  CHECK(runner.last()->result->iterations < s.iterations);
  CHECK(runner.last()->result->best_ratio > 0);
}

TEST_CASE("DagAdversary.StartInstanceLimitsNameTheReason") {
  AdversarySettings s;  // from the scenario
  const io::ScenarioPtr big = parse(Json::parse(R"({"loadlab": 1, "kind": "dag", "processors": 2,
      "graph": {"generator": "lu", "size": 30}, "algorithms": ["flb"]})"));
  CHECK_THROWS_WITH_AS(app::adversary_start_instance(s, big), doctest::Contains("at most 200"),
                       std::invalid_argument);
  CHECK_THROWS_AS(app::adversary_start_instance(s, nullptr), std::invalid_argument);
  const auto inst = app::adversary_start_instance(s, parse(small_dag()));
  CHECK(inst.graph.size() == 8);
  CHECK(inst.machine.processors == 2);
}

TEST_CASE("DagAdversary.PairwiseMatrixCsvAndCells" * doctest::timeout(120)) {
  AdversarySettings s;
  s.pairwise = {"flb", "etf", "mcp"};
  s.pair_iterations = 20;
  core::AdversaryOptions base = app::adversary_options(s);
  base.iterations = s.pair_iterations;
  app::PairwiseRunner runner;
  REQUIRE(runner.start(s.pairwise, app::adversary_start_instance(s, parse(small_dag())), base));
  REQUIRE(dag_adversary_model_poll_until_done(runner));
  const auto& o = *runner.last();
  CHECK(o.error.empty());
  REQUIRE(o.matrix.ratio.size() == 3);
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = 0; j < 3; ++j)
      if (i != j) CHECK(o.matrix.ratio[i][j] > 0);
  const std::string csv = app::adversary_matrix_csv(o.matrix);
  CHECK(csv.rfind("A \\ B,flb,etf,mcp\nflb,,", 0) == 0);
  CHECK(std::count(csv.begin(), csv.end(), '\n') == 4);
  const Json cell = app::adversary_pair_scenario(o.matrix, 0, 1, s);
  CHECK(cell["algorithms"] == Json::array({"flb", "etf"}));
  CHECK(parse(cell) != nullptr);
  CHECK_THROWS_AS(app::adversary_pair_scenario(o.matrix, 1, 1, s), std::invalid_argument);
}

// The dag form's machine editor (src/app/dag/model_machine_form.h).
TEST_CASE("DagMachineForm.FieldsRoundTripAndStayValid") {
  Json doc = small_dag();
  auto f = app::read_machine_fields(doc);
  CHECK(f.model == app::DagMachineFields::identical);
  CHECK(f.links == app::DagMachineFields::unit);

  // Speeds from the compact text field; a uniform bandwidth becomes a P x P matrix.
  std::string error;
  CHECK_FALSE(app::parse_speeds("1, x", &error));
  CHECK(error == "speed 2 is not a number");
  const auto sp = app::parse_speeds("1.5 2,4", &error);
  REQUIRE(sp);
  CHECK(*sp == std::vector<double>{1.5, 2, 4});
  CHECK(app::speeds_text({1, 0.1, 2.5}) == "1, 0.1, 2.5");
  f.model = app::DagMachineFields::speeds;
  f.speed_values = {1, 2};
  f.links = app::DagMachineFields::uniform;
  f.bandwidth = 0.5;
  app::write_machine_fields(doc, f);
  CHECK(doc["machine"]["speeds"] == Json::array({1.0, 2.0}));
  CHECK(doc["machine"]["bandwidth"] == Json::parse("[[0, 0.5], [0.5, 0]]"));
  CHECK(app::read_machine_fields(doc).model == app::DagMachineFields::speeds);
  CHECK(app::read_machine_fields(doc).links == app::DagMachineFields::uniform);
  CHECK(app::read_machine_fields(doc).bandwidth == 0.5);

  // Unequal speeds: flb and etf (identical processors only) are unchecked, the default
  // heterogeneous set runs instead, and io accepts the scenario.
  const auto notes = app::dag_machine_make_consistent(doc);
  REQUIRE(notes.size() == 1);
  CHECK(notes[0] == "flb, etf unchecked: defined for identical processors only");
  CHECK(doc["algorithms"] == Json::array({"heft", "cpop", "peft", "dls"}));
  const io::ScenarioPtr parsed = parse(doc);
  const auto* dag = dynamic_cast<const io::DagScenario*>(parsed.get());
  REQUIRE(dag);
  CHECK(dag->machine.speeds == std::vector<double>{1, 2});

  // P grows: speeds and the uniform bandwidth follow.
  doc["processors"] = 3;
  CHECK(app::dag_machine_make_consistent(doc).size() == 1);
  CHECK(doc["machine"]["speeds"] == Json::array({1.0, 2.0, 1.0}));
  CHECK(doc["machine"]["bandwidth"].size() == 3);
  CHECK(parse(doc) != nullptr);

  // Back to identical processors with unit links: "machine" disappears.
  f.model = app::DagMachineFields::identical;
  f.links = app::DagMachineFields::unit;
  app::write_machine_fields(doc, f);
  CHECK_FALSE(doc.contains("machine"));
}

// A generated SAGA network edited in the form becomes the form's explicit machine: the kind
// refuses "generator" next to "speeds".
TEST_CASE("DagMachineForm.GeneratedNetworkBecomesExplicit") {
  Json doc = small_dag();
  doc["machine"] = {{"generator", "saga_random_network"}, {"seed", 4}};
  doc["algorithms"] = Json::array({"heft"});
  REQUIRE(parse(doc) != nullptr);
  auto f = app::read_machine_fields(doc);
  f.model = app::DagMachineFields::speeds;
  f.speed_values = {1, 3};
  app::write_machine_fields(doc, f);
  CHECK_FALSE(doc["machine"].contains("generator"));
  CHECK_FALSE(doc["machine"].contains("seed"));
  CHECK(doc["machine"]["speeds"] == Json::array({1.0, 3.0}));
  CHECK(parse(doc) != nullptr);
}
