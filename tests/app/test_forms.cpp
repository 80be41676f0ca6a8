// The forms' consistency rules and the share link's view state and address
// bar sync: headless parts of src/app/balance/model_form, src/app/loop/model_form and
// src/app/shell/model_link. Expected values come from the scenario format (docs/scenario-*.md),
// the core descriptor tables and io's own validation, never from the form's output.
#include <doctest/doctest.h>

#include <algorithm>

#include "app/balance/model_form.h"
#include "app/loop/model_form.h"
#include "app/shell/model_link.h"
#include "core/balance/registry.h"
#include "io/kinds/balance.h"
#include "io/presets.h"
#include "io/scenario.h"

using namespace loadlab;
using namespace loadlab::app;
using io::Json;

namespace {

const std::vector<std::string>& balance_names() {
  static const std::vector<std::string> names = io::algorithm_names_of("balance");
  return names;
}

std::vector<std::string> checked(const ScenarioForm& f) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < balance_names().size(); ++i)
    if (f.algorithm_checked[i]) out.push_back(balance_names()[i]);
  return out;
}

ScenarioForm example3_form() {
  ScenarioForm f;
  f.from_json(io::find_preset("wu_example3").scenario, balance_names());
  return f;
}

}  // namespace

TEST_CASE("Forms.Balance.Example3CubeToTorusGivesAValidScenario") {
  ScenarioForm f = example3_form();
  REQUIRE(checked(f) == std::vector<std::string>{"cwa", "dem", "optimal"});
  f.topology = 3;  // torus (kTopologies)
  f.rows = f.cols = 4;
  // The defect: without the rules, io refuses the form's scenario (8 loads for 16 nodes).
  CHECK_THROWS_AS(io::parse_scenario(f.to_json(balance_names()), io::RunContext{}),
                  io::ScenarioError);

  const auto notes = f.make_consistent(balance_names());
  const Json doc = f.to_json(balance_names());
  io::ScenarioPtr parsed;
  CHECK_NOTHROW(parsed = io::parse_scenario(doc, io::RunContext{}));
  const auto* b = dynamic_cast<const io::BalanceScenario*>(parsed.get());
  REQUIRE(b != nullptr);
  CHECK(b->topology.size() == 16);
  // Resized by repeating the paper's eight loads: the total doubles, the pattern stays.
  const std::vector<std::int64_t> paper = {19, 11, 2, 9, 0, 9, 10, 4};
  REQUIRE(b->loads.size() == 16);
  for (std::size_t i = 0; i < 16; ++i) CHECK(b->loads[i] == paper[i % 8]);
  // cwa and dem need a hypercube (core table); optimal runs on any connected network, and the
  // torus gets an algorithm of its own: MWA if the core table lets it run on a torus, else
  // diffusion (any topology).
  const std::string natural =
      core::balance_unsupported_reason("mwa", b->topology).empty() ? "mwa" : "diffusion";
  std::vector<std::string> expected{natural, "optimal"};
  std::sort(expected.begin(), expected.end());
  std::vector<std::string> got = checked(f);
  std::sort(got.begin(), got.end());
  CHECK(got == expected);
  REQUIRE(notes.size() == 4);
  CHECK(notes[0].find("8 to 16") != std::string::npos);
  CHECK(notes[1].find(core::balance_unsupported_reason("cwa", b->topology)) != std::string::npos);
  CHECK(notes[2].find(core::balance_unsupported_reason("dem", b->topology)) != std::string::npos);
  CHECK(notes[3].find("ticked " + natural) != std::string::npos);
}

TEST_CASE("Forms.Balance.ANewTopologyTicksItsOwnAlgorithm") {
  // Wu (1997) writes TWA for trees, CWA for hypercubes and MWA for 2-D meshes; Example 3 on a
  // 3-cube turned into a mesh must not be left with the optimum alone.
  ScenarioForm f = example3_form();
  f.topology = 2;  // mesh
  f.rows = f.cols = 16;
  const auto notes = f.make_consistent(balance_names());
  std::vector<std::string> got = checked(f);
  std::sort(got.begin(), got.end());
  CHECK(got == std::vector<std::string>{"mwa", "optimal"});
  REQUIRE(!notes.empty());
  CHECK(notes.back().find("ticked mwa") != std::string::npos);
  CHECK(f.make_consistent(balance_names()).empty());  // no second change, no second note
  // Back to a cube: CWA again (MWA is unticked: it needs a mesh).
  f.topology = 1;
  f.make_consistent(balance_names());
  got = checked(f);
  CHECK(std::find(got.begin(), got.end(), "cwa") != got.end());
  CHECK(std::find(got.begin(), got.end(), "mwa") == got.end());
  // A tree gets TWA.
  f.topology = 7;
  f.k = 2, f.depth = 3;
  f.make_consistent(balance_names());
  got = checked(f);
  CHECK(std::find(got.begin(), got.end(), "twa") != got.end());
}

TEST_CASE("Forms.Balance.PickerReasonsAreTheCoreTablesOnTheRealNetwork") {
  ScenarioForm f = example3_form();
  for (int family : {1, 2, 3, 4, 5, 6, 7, 8}) {
    f.topology = family;
    f.dim = 10, f.rows = 32, f.cols = 40, f.nodes = 300, f.k = 3, f.depth = 4;
    const auto real = f.topology_of();
    REQUIRE(real.has_value());
    CHECK(f.node_count() == real->size());  // computed without building the network
    const auto& why = f.unavailable_reasons(balance_names());
    REQUIRE(why.size() == balance_names().size());
    for (std::size_t i = 0; i < why.size(); ++i)
      CHECK_MESSAGE(why[i] == balance_algorithm_unavailable(balance_names()[i], *real), "family ",
                    family, " algorithm ", balance_names()[i]);
  }
  f.topology = 1;
  f.dim = 3;
  CHECK(f.unavailable_reasons(balance_names())[0].find("twa") !=
        std::string::npos);                                  // a cube is no tree
  CHECK(f.unavailable_reasons(balance_names())[1].empty());  // cwa runs on it
}

TEST_CASE("Forms.Balance.BigNetworkSwitchesToTheGeneratorWithTheOldMean") {
  ScenarioForm f = example3_form();
  f.dim = 12;  // 4096 nodes: more than kMaxExplicitLoads
  const auto notes = f.make_consistent(balance_names());
  CHECK(f.load_mode == 1);
  CHECK(f.mean == 64 / 8);  // the paper's loads sum to 64 over 8 nodes
  CHECK_NOTHROW(io::parse_scenario(f.to_json(balance_names()), io::RunContext{}));
  REQUIRE(!notes.empty());
  CHECK(notes[0].find("uniform") != std::string::npos);
}

TEST_CASE("Forms.Balance.ShrinkTruncatesAndAMatchingListIsLeftAlone") {
  ScenarioForm f = example3_form();
  f.dim = 2;
  f.make_consistent(balance_names());
  CHECK(f.explicit_loads == "19 11 2 9");
  CHECK(f.make_consistent(balance_names()).empty());  // already consistent: nothing to say
  CHECK(resize_loads({}, 3) == std::vector<std::int64_t>{0, 0, 0});
}

TEST_CASE("Forms.Loop.PerProcessorArraysFollowP") {
  Json doc = Json::parse(R"({"loadlab":1,"kind":"loop","iterations":1000,"processors":4,
      "cost":{"profile":"constant","value":1},"speeds":[1,2],"start_delays":[0,1,2,3,4,5]})");
  CHECK_THROWS_AS(io::parse_scenario(doc, io::RunContext{}), io::ScenarioError);
  const auto notes = loop_make_consistent(doc);
  CHECK(doc["speeds"] == Json::parse("[1,2,1,2]"));
  CHECK(doc["start_delays"] == Json::parse("[0,1,2,3]"));
  CHECK(notes.size() == 2);
  CHECK_NOTHROW(io::parse_scenario(doc, io::RunContext{}));
}

TEST_CASE("Forms.Loop.MandelbrotWorkStaysWithinTheLimit") {
  Json doc = Json::parse(R"({"loadlab":1,"kind":"loop","iterations":100000,"processors":4,
      "cost":{"profile":"mandelbrot","width":1000,"max_iter":1000}})");
  CHECK_THROWS_AS(io::parse_scenario(doc, io::RunContext{}), io::ScenarioError);
  loop_make_consistent(doc);
  CHECK(doc["cost"]["max_iter"] == 10);  // 1e9 / (1e5 * 1000)
  CHECK_NOTHROW(io::parse_scenario(doc, io::RunContext{}));
}

TEST_CASE("Link.SyncWritesOnceAfterAQuietTimeAndNeverBeforeEnabled") {
  LinkSync s;
  auto a = io::parse_scenario(io::find_preset("wu_example3").scenario, io::RunContext{});
  auto b = io::parse_scenario(io::find_preset("wu_example4").scenario, io::RunContext{});
  CHECK_FALSE(s.poll(a, "{}", 0.0));  // not enabled: the page's own link stays
  CHECK_FALSE(s.poll(b, "{}", 1.0));
  s.enable();
  CHECK_FALSE(s.poll(b, "{}", 2.0));           // baseline
  CHECK_FALSE(s.poll(b, "{}", 3.0));           // nothing changed: nothing to write
  CHECK_FALSE(s.poll(a, "{}", 4.0));           // changed: wait for quiet
  CHECK_FALSE(s.poll(a, "{\"tab\":1}", 4.2));  // changed again: the wait restarts
  CHECK_FALSE(s.poll(a, "{\"tab\":1}", 4.5));
  CHECK(s.poll(a, "{\"tab\":1}", 4.61));
  CHECK_FALSE(s.poll(a, "{\"tab\":1}", 5.0));  // written once
  // A new scenario object is a change even if it is equal to the old one.
  auto a2 = io::parse_scenario(io::find_preset("wu_example3").scenario, io::RunContext{});
  a.reset();
  CHECK_FALSE(s.poll(a2, "{\"tab\":1}", 6.0));
  CHECK(s.poll(a2, "{\"tab\":1}", 6.5));
}

TEST_CASE("Link.DocumentCarriesTheViewAndBalanceUiReadsIt") {
  const Json sc = Json::parse(R"({"loadlab":1,"kind":"dag","ui":{"tab":"graph"}})");
  CHECK(link_document(sc, Json::parse(R"({"tab":"gantt"})"))["ui"]["tab"] == "gantt");
  CHECK_FALSE(link_document(sc, Json::object()).contains("ui"));
  const BalanceUi b =
      read_balance_ui(Json::parse(R"({"select":"dem","step":2,"zoom":0.5,"pan":[0.25,-1e9]})"));
  CHECK(b.select == "dem");
  CHECK(b.step == 2);
  CHECK(b.zoom == doctest::Approx(0.5));
  CHECK(b.pan_x == doctest::Approx(0.25));
  CHECK(b.pan_y == doctest::Approx(-100.0));  // clamped: far pans would only hide the network
  const BalanceUi bad = read_balance_ui(Json::parse(R"({"step":"x","pan":[1],"zoom":"big"})"));
  CHECK_FALSE(bad.step.has_value());
  CHECK_FALSE(bad.pan_x.has_value());
  CHECK_FALSE(bad.zoom.has_value());
}
