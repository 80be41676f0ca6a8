// The DAG view's model (src/app/dag/model_graph.h) is built from the typed scenario io parsed:
// the same graph, no second reader in the app.
#include <doctest/doctest.h>

#include "app/dag/model_graph.h"
#include "app/model/app_state.h"
#include "io/kinds/dag.h"
#include "io/scenario.h"

using namespace loadlab;
using io::Json;

TEST_CASE("DagModel.BuiltFromATypedScenarioEqualsTheGraphIoBuilt") {
  const io::ScenarioPtr sc = io::parse_scenario(Json::parse(R"({"loadlab": 1, "kind": "dag",
      "seed": 3, "processors": 4, "graph": {"generator": "lu", "size": 12, "ccr": 2},
      "algorithms": ["flb"]})"),
                                                io::RunContext{});
  const auto* dag = dynamic_cast<const io::DagScenario*>(sc.get());
  REQUIRE(dag != nullptr);
  const auto model = app::build_dag_model(sc, app::graph_key(sc->document));
  REQUIRE(model->error.empty());
  CHECK(model->source == dag->graph);  // the very object io built
  const core::TaskGraph& a = model->graph;
  const core::TaskGraph& b = *dag->graph;
  REQUIRE(a.size() == b.size());
  CHECK(a.comps() == b.comps());
  REQUIRE(a.edge_count() == b.edge_count());
  for (std::int64_t e = 0; e < a.edge_count(); ++e) {
    CHECK(a.edge(e).from == b.edge(e).from);
    CHECK(a.edge(e).to == b.edge(e).to);
    CHECK(a.edge(e).comm == b.edge(e).comm);
  }
  CHECK(a.names() == b.names());
  // Every task has a layer and a slot; the critical path is marked.
  CHECK(model->layer.size() == static_cast<std::size_t>(a.size()));
  CHECK(model->x.size() == static_cast<std::size_t>(a.size()));
  int on_cp = 0;
  for (char c : model->on_cp) on_cp += c;
  CHECK(on_cp == static_cast<int>(model->levels.critical_path_tasks.size()));
}

TEST_CASE("DagModel.AScenarioOfAnotherKindIsAnErrorNotACrash") {
  const io::ScenarioPtr sc = io::parse_scenario(Json::parse(R"({"loadlab": 1, "kind": "dlt",
      "dim": 3, "E": 3, "C": 2, "load": 100, "algorithms": ["closed_form"]})"),
                                                io::RunContext{});
  const auto model = app::build_dag_model(sc, "k");
  CHECK_FALSE(model->error.empty());
  CHECK_FALSE(app::build_dag_model(nullptr, "k")->error.empty());
}

TEST_CASE("DagModel.SharesTheParsedGraphWithTheResultsNoCopy") {
  // A share link's graph is built once by io: the app model, the typed scenario and every typed
  // result hold the same object (pointer identity), not copies.
  app::AppState s;
  REQUIRE_FALSE(app::set_scenario(s, Json::parse(R"({"loadlab": 1, "kind": "dag", "seed": 5,
      "processors": 3, "graph": {"generator": "lu", "size": 8, "ccr": 1},
      "algorithms": ["flb", "mcp"]})")));
  const auto* dag = dynamic_cast<const io::DagScenario*>(s.parsed.get());
  REQUIRE(dag != nullptr);
  REQUIRE(dag->graph);
  app::set_results(s, io::run_parsed(*s.parsed, io::RunContext{}), nullptr);
  const auto model = app::build_dag_model(s.parsed, app::graph_key(s.scenario));
  REQUIRE(model->error.empty());
  CHECK(model->source.get() == dag->graph.get());
  CHECK(&model->graph == dag->graph.get());
  REQUIRE(s.typed_results.size() == 2);
  for (const auto& r : s.typed_results) {
    const auto* dr = dynamic_cast<const io::DagRunResult*>(r.get());
    REQUIRE(dr != nullptr);
    CHECK(dr->graph.get() == dag->graph.get());
  }
  // The model keeps the graph alive after the scenario is replaced.
  const core::TaskGraph* g = dag->graph.get();
  const std::int32_t n = g->size();
  REQUIRE_FALSE(app::set_scenario(s, Json::parse(R"({"loadlab": 1, "kind": "dlt", "dim": 3,
      "E": 3, "C": 2, "load": 100})")));
  CHECK(model->graph.size() == n);
  CHECK(&model->graph == g);
}
