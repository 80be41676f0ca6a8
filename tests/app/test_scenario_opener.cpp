// Opening scenarios off the UI thread (src/app/model/scenario_opener.h): the worker
// parses and derives, the old scenario stays installed until the new one is handed over, cancel
// leaves it untouched, and a bad scenario reports the field and keeps the old one.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "app/balance/model_scene.h"
#include "app/dag/model_import.h"
#include "app/model/app_state.h"
#include "app/model/scenario_opener.h"
#include "io/dag_formats/dag_formats.h"
#include "io/kinds/dag.h"
#include "io/scenario.h"

using namespace loadlab;
using namespace loadlab::app;
using io::Json;

namespace {

const Json kScenarioOpenerCube3 = Json::parse(R"({"loadlab": 1, "kind": "balance",
  "topology": {"type": "hypercube", "dim": 3}, "loads": [19, 11, 2, 9, 0, 9, 10, 4],
  "algorithms": ["cwa", "dem"]})");

// A 4x4 mesh with 16 loads: a different scenario of the same kind.
const Json kMesh4 = Json::parse(R"({"loadlab": 1, "kind": "balance",
  "topology": {"type": "mesh", "rows": 4, "cols": 4},
  "loads": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], "algorithms": ["mwa"]})");

// What the UI thread does every frame: poll, and install what arrives.
std::optional<OpenOutcome> wait_and_install(ScenarioOpener& o, AppState& s) {
  for (int i = 0; i < 20000; ++i) {
    if (auto out = o.poll()) {
      if (out->parsed)
        install_scenario(s, out->parsed, std::move(out->derived), std::move(out->document));
      return out;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("ScenarioOpener.OpensOnAWorkerAndInstallsOnPoll") {
  AppState s;
  REQUIRE_FALSE(set_scenario(s, kScenarioOpenerCube3, derive_balance_scene));
  const io::ScenarioPtr old = s.parsed;
  ScenarioOpener o;
  o.set_deriver(derive_balance_scene);
  const int id = o.open_text(kMesh4.dump(), "the test", OpenMode::load);
  CHECK(id > 0);
  // Until poll() hands it over the old scenario stays (the UI draws it meanwhile).
  CHECK(s.parsed == old);
  CHECK(balance_scene(s).topology->size() == 8);
  const auto out = wait_and_install(o, s);
  REQUIRE(out);
  CHECK(out->id == id);
  CHECK(out->error.empty());
  CHECK_FALSE(out->cancelled);
  CHECK(out->origin == "the test");
  CHECK(o.result_of(id) == 1);
  CHECK_FALSE(o.busy());
  // The new scenario and its drawing data (derived on the worker) are installed.
  CHECK(s.parsed != old);
  CHECK(s.scenario == s.parsed->document);
  REQUIRE(balance_scene(s).topology);
  CHECK(balance_scene(s).topology->size() == 16);
  CHECK(balance_scene(s).layout.size() == 16);
  CHECK(balance_scene(s).loads.size() == 16);
  CHECK(s.parsed->algorithms == std::vector<std::string>{"mwa"});
}

TEST_CASE("ScenarioOpener.CancelLeavesTheOldScenarioUntouched") {
  AppState s;
  REQUIRE_FALSE(set_scenario(s, kScenarioOpenerCube3, derive_balance_scene));
  const io::ScenarioPtr old = s.parsed;
  const Json before = s.scenario;
  ScenarioOpener o;
  o.set_deriver(derive_balance_scene);
  // A large generator (a 64-point LU has 2,016 tasks); cancelled before the UI polls it.
  const int id = o.open_json(Json::parse(R"({"loadlab": 1, "kind": "dag", "processors": 4,
      "graph": {"generator": "lu", "size": 64}, "algorithms": ["flb"]})"),
                             "a big one", OpenMode::load);
  o.cancel();
  const auto out = wait_and_install(o, s);
  REQUIRE(out);
  CHECK(out->cancelled);
  CHECK_FALSE(out->parsed);
  CHECK(out->error.empty());
  CHECK(o.result_of(id) == 0);
  CHECK(s.parsed == old);
  CHECK(s.scenario == before);
  CHECK(s.kind == "balance");
  CHECK(balance_scene(s).topology->size() == 8);
}

TEST_CASE("ScenarioOpener.BadScenarioKeepsTheOldOneAndNamesTheField") {
  AppState s;
  REQUIRE_FALSE(set_scenario(s, kScenarioOpenerCube3, derive_balance_scene));
  const io::ScenarioPtr old = s.parsed;
  ScenarioOpener o;
  o.set_deriver(derive_balance_scene);
  Json bad = kScenarioOpenerCube3;
  bad["loads"] = Json::array({1, 2, 3});  // 3 loads for 8 nodes
  const int id = o.open_json(bad, "the form", OpenMode::edit);
  const auto out = wait_and_install(o, s);
  REQUIRE(out);
  CHECK_FALSE(out->parsed);
  CHECK(out->error.find("/loads") != std::string::npos);
  CHECK(o.result_of(id) == 0);
  CHECK(s.parsed == old);
  CHECK(balance_scene(s).loads == core::LoadVector{19, 11, 2, 9, 0, 9, 10, 4});

  // Absurd sizes are refused by name before anything is allocated.
  const int id2 = o.open_text(R"({"loadlab": 1, "kind": "balance",
      "topology": {"type": "hypercube", "dim": 40}, "loads": {"generator": "uniform", "mean": 1}})",
                              "the link", OpenMode::load);
  const auto out2 = wait_and_install(o, s);
  REQUIRE(out2);
  CHECK(out2->error.find("/topology/dim") != std::string::npos);
  CHECK(o.result_of(id2) == 0);
  // Text that is not JSON is reported too (parsed on the worker as well).
  o.open_text("{\"kind\": ", "the JSON editor", OpenMode::load);
  const auto out3 = wait_and_install(o, s);
  REQUIRE(out3);
  CHECK_FALSE(out3->error.empty());
  CHECK(s.parsed == old);
}

TEST_CASE("ScenarioOpener.TheNewestEditWinsAndIsTheFormsBase") {
  AppState s;
  REQUIRE_FALSE(set_scenario(s, kScenarioOpenerCube3, derive_balance_scene));
  ScenarioOpener o;
  o.set_deriver(derive_balance_scene);
  Json a = kScenarioOpenerCube3, b = kScenarioOpenerCube3;
  a["loads"] = Json::array({1, 1, 1, 1, 1, 1, 1, 9});
  b["loads"] = Json::array({2, 2, 2, 2, 2, 2, 2, 9});
  const int ia = o.open_json(a, "the form", OpenMode::edit);
  const int ib = o.open_json(b, "the form", OpenMode::edit);
  // A form builds its next edit on the newest one while the worker still parses.
  REQUIRE(o.pending_edit() != nullptr);
  CHECK(*o.pending_edit() == b);
  const auto out = wait_and_install(o, s);
  REQUIRE(out);
  CHECK(out->id == ib);
  CHECK(out->mode == OpenMode::edit);
  CHECK(o.pending_edit() == nullptr);
  CHECK(o.result_of(ia) == 0);  // superseded: never installed
  CHECK(o.result_of(ib) == 1);
  CHECK(balance_scene(s).loads == core::LoadVector{2, 2, 2, 2, 2, 2, 2, 9});
}

TEST_CASE("ScenarioOpener.GraphFilesOpenAsDagScenarios") {
  // A bare STG file (by its name) becomes a dag scenario around the graph, on the worker too.
  AppState s;
  ScenarioOpener o;
  o.set_deriver(derive_balance_scene);
  o.set_importers({{wrap_graph_file_as_scenario}});  // what the dag kind hands it (dag/module.cpp)
  CHECK_FALSE(o.opens_onto("tiny.stg"));             // a new scenario, not an edit of the current
  const std::string stg = "2\n0 0 0\n1 3 1 0\n2 4 1 1\n3 0 1 2\n";
  o.open_text(stg, "tiny.stg", OpenMode::load);
  const auto out = wait_and_install(o, s);
  REQUIRE(out);
  INFO(out->error);
  REQUIRE(out->parsed);
  CHECK(s.kind == "dag");
  const auto* dag = dynamic_cast<const io::DagScenario*>(s.parsed.get());
  REQUIRE(dag != nullptr);
  CHECK(dag->graph->size() >= 2);
}

TEST_CASE("ScenarioOpener.AWorkflowIsParsedOnceAndOpensAsItsLinkReopens") {
  // A WfCommons workflow: the opener parses its JSON once, the dag importer reads the graph from
  // that document and hands it to io, which takes it instead of reading the scenario's inline copy
  // again. What opens is what reopening the import's share link (its document) opens.
  std::ifstream in(std::filesystem::path(LOADLAB_SHARED_DIR) / "data" / "wfcommons" /
                       "srasearch-chameleon-10a-001.json",
                   std::ios::binary);
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  AppState s;
  ScenarioOpener o;
  // What the dag kind hands it (dag/module.cpp).
  o.set_importers({{wrap_graph_file_as_scenario, nullptr, nullptr, open_graph_file_as_scenario}});
  o.open_text(text.str(), "srasearch.json", OpenMode::load);
  const auto out = wait_and_install(o, s);
  REQUIRE(out);
  INFO(out->error);
  REQUIRE(out->parsed);
  const auto* dag = dynamic_cast<const io::DagScenario*>(s.parsed.get());
  REQUIRE(dag != nullptr);
  const core::TaskGraph direct = io::read_wfcommons(text.str(), kImportBandwidth);
  const io::ScenarioPtr reopened = io::parse_scenario(s.scenario, io::RunContext{});
  const auto* again = dynamic_cast<const io::DagScenario*>(reopened.get());
  REQUIRE(again != nullptr);
  for (const core::TaskGraph* g : {dag->graph.get(), again->graph.get()}) {
    REQUIRE(g->size() == direct.size());
    CHECK(g->names() == direct.names());
    CHECK(g->comps() == direct.comps());
    REQUIRE(g->edge_count() == direct.edge_count());
    for (std::int64_t e = 0; e < g->edge_count(); ++e) {
      CHECK(g->edge(e).from == direct.edge(e).from);
      CHECK(g->edge(e).to == direct.edge(e).to);
      CHECK(g->edge(e).comm == direct.edge(e).comm);
    }
  }
  // Installed as the worker copied and printed it: the JSON editor shows that document.
  CHECK(s.scenario == dag->document);
  CHECK(out->document_text == s.scenario.dump(2));
  CHECK(s.generation == 1);
}
