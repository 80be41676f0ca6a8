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
  const auto model = app::build_dag_model(sc, app::dag_graph_identity(*dag->graph));
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
  const auto model = app::build_dag_model(sc, 1);
  CHECK_FALSE(model->error.empty());
  CHECK_FALSE(app::build_dag_model(nullptr, 1)->error.empty());
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
  const auto model = app::build_dag_model(s.parsed, app::dag_graph_identity(*dag->graph));
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

namespace {

io::ScenarioPtr dag_model_parse(const Json& doc) {
  return io::parse_scenario(doc, io::RunContext{});
}

std::uint64_t dag_model_identity_of(const Json& doc) {
  const io::ScenarioPtr sc = dag_model_parse(doc);
  const auto* d = dynamic_cast<const io::DagScenario*>(sc.get());
  REQUIRE(d != nullptr);
  return app::dag_graph_identity(*d->graph);
}

const Json kDagModelInline = Json::parse(R"({"loadlab": 1, "kind": "dag", "processors": 2,
    "graph": {"tasks": [{"id": "a", "cost": 2}, {"id": "b", "cost": 3}, {"id": "c", "cost": 1}],
              "edges": [{"from": "a", "to": "b", "cost": 1}, {"from": "a", "to": "c", "cost": 2}]},
    "algorithms": ["flb"]})");

}  // namespace

TEST_CASE("DagModel.TheGraphsIdentityFollowsItsContentNotTheScenario") {
  const std::uint64_t base = dag_model_identity_of(kDagModelInline);
  CHECK(base != 0);
  // Parsed again (another graph object), another P, seed or scheduler: the same graph, no rebuild.
  Json other = kDagModelInline;
  other["processors"] = 7;
  other["seed"] = 9;
  other["algorithms"] = {"mcp", "etf"};
  CHECK(dag_model_identity_of(other) == base);
  // Any change the drawing shows: a task's cost, an edge's cost, a name, an edge more.
  Json cost = kDagModelInline;
  cost["graph"]["tasks"][1]["cost"] = 4;
  Json comm = kDagModelInline;
  comm["graph"]["edges"][1]["cost"] = 2.5;
  Json name = kDagModelInline;
  name["graph"]["tasks"][2]["id"] = "d";
  name["graph"]["edges"][1]["to"] = "d";
  Json edge = kDagModelInline;
  edge["graph"]["edges"].push_back({{"from", "b"}, {"to", "c"}, {"cost", 0}});
  for (const Json* changed : {&cost, &comm, &name, &edge})
    CHECK(dag_model_identity_of(*changed) != base);
  // A generated graph follows its seed.
  const Json gen = Json::parse(R"({"loadlab": 1, "kind": "dag", "processors": 2, "seed": 1,
      "graph": {"generator": "lu", "size": 12}, "algorithms": ["flb"]})");
  Json reseeded = gen;
  reseeded["seed"] = 2;
  CHECK(dag_model_identity_of(gen) == dag_model_identity_of(gen));
  CHECK(dag_model_identity_of(reseeded) != dag_model_identity_of(gen));
}

TEST_CASE("DagModel.TheIdentityIsDerivedWithTheScenarioOffTheUiThread") {
  // What the dag module's derive hook makes on the opener's worker; nothing for other kinds.
  const io::ScenarioPtr sc = dag_model_parse(kDagModelInline);
  const auto derived = app::derive_dag_scenario(*sc);
  const auto* d = dynamic_cast<const app::DagDerived*>(derived.get());
  REQUIRE(d != nullptr);
  CHECK(d->graph_identity == dag_model_identity_of(kDagModelInline));
  const io::ScenarioPtr dlt = dag_model_parse(
      Json::parse(R"({"loadlab": 1, "kind": "dlt", "dim": 3, "E": 3, "C": 2, "load": 100})"));
  CHECK(app::derive_dag_scenario(*dlt) == nullptr);
  // Every install is a new generation, the same document installed again too.
  app::AppState s;
  CHECK(s.generation == 0);
  REQUIRE_FALSE(app::set_scenario(s, kDagModelInline, app::derive_dag_scenario));
  CHECK(s.generation == 1);
  REQUIRE_FALSE(app::set_scenario(s, kDagModelInline, app::derive_dag_scenario));
  CHECK(s.generation == 2);
  CHECK(dynamic_cast<const app::DagDerived*>(s.derived.get())->graph_identity == d->graph_identity);
}
