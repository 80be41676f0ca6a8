// SAGA's serialised problem instances: a file written by hand from SAGA's documented basic example
// (examples/basic_example/main.py in ANRGUSC/saga: three nodes, four tasks) imports to that graph
// and network; a LoadLab scenario written as SAGA JSON and read back gives the same schedules;
// bad files name the field; SAGA's random data sets (core/dag/generators_saga.cpp).
#include <doctest/doctest.h>

#include <string>

#include "core/dag/generators.h"
#include "core/dag/registry.h"
#include "core/verify/schedule_verify.h"
#include "io/dag_formats/dag_formats.h"
#include "io/dag_formats/saga.h"
#include "io/formats.h"
#include "io/kinds/dag.h"

using namespace loadlab;
using io::Json;

namespace {

// SAGA's basic example as its ProblemInstance model serialises it: nodes v_1 (speed 1), v_2 and
// v_3 (speed 2), links v_1-v_2 and v_1-v_3 speed 2, v_2-v_3 speed 1, self-links 1e9 as the example
// sets them; tasks t_1..t_4 of costs 1, 3, 2, 1; data 1 from t_1, 5 into t_4.
const char* const kSagaBasicExample = R"({
  "name": "basic_example",
  "task_graph": {
    "tasks": [{"name": "t_1", "cost": 1}, {"name": "t_2", "cost": 3},
              {"name": "t_3", "cost": 2}, {"name": "t_4", "cost": 1}],
    "dependencies": [{"source": "t_1", "target": "t_2", "size": 1},
                     {"source": "t_1", "target": "t_3", "size": 1},
                     {"source": "t_2", "target": "t_4", "size": 5},
                     {"source": "t_3", "target": "t_4", "size": 5}]
  },
  "network": {
    "nodes": [{"name": "v_1", "speed": 1}, {"name": "v_2", "speed": 2}, {"name": "v_3", "speed": 2}],
    "edges": [{"source": "v_1", "target": "v_2", "speed": 2},
              {"source": "v_1", "target": "v_3", "speed": 2},
              {"source": "v_2", "target": "v_3", "speed": 1},
              {"source": "v_1", "target": "v_1", "speed": 1e9},
              {"source": "v_2", "target": "v_2", "speed": 1e9},
              {"source": "v_3", "target": "v_3", "speed": 1e9}]
  }
})";

std::string saga_error_where(const std::string& text) {
  try {
    io::read_saga(text);
  } catch (const io::DagFormatError& e) {
    return e.where();
  }
  return "(no error)";
}

Json saga_example_patched(const std::string& patch) {
  Json d = Json::parse(kSagaBasicExample);
  d.merge_patch(Json::parse(patch));
  return d;
}

}  // namespace

TEST_CASE("SagaFormat.BasicExampleImports") {
  const io::SagaInstance in = io::read_saga(kSagaBasicExample);
  CHECK(in.name == "basic_example");
  CHECK(in.has_network);
  CHECK(in.self_links == 3);
  const core::TaskGraph& g = in.graph;
  REQUIRE(g.size() == 4);
  CHECK(g.name(0) == "t_1");
  CHECK(g.comp(1) == 3);
  CHECK(g.comp(2) == 2);
  CHECK(g.edge_count() == 4);
  CHECK(g.comm(0, 1) == 1);
  CHECK(g.comm(1, 3) == 5);
  CHECK(g.comm(2, 3) == 5);
  const core::Machine& m = in.machine;
  REQUIRE(m.processors == 3);
  CHECK(m.speeds == std::vector<double>{1, 2, 2});
  // Undirected links: both directions; 5 units over v_2 - v_3 (speed 1) take 5.
  CHECK(m.comm(5, 0, 1) == 2.5);
  CHECK(m.comm(5, 1, 0) == 2.5);
  CHECK(m.comm(5, 2, 1) == 5);
  CHECK(m.comm(5, 1, 1) == 0);  // the self-link is ignored: nothing is charged on one node
  CHECK(m.exec(g, 1, 0) == 3);
  CHECK(m.exec(g, 1, 2) == 1.5);

  // The optimum by hand: t_2 and t_4 on different nodes cost 5 / 2 for their message, so the
  // best keeps t_2, t_3, t_4 (and then t_1) on one speed-2 node: (1 + 3 + 2 + 1) / 2 = 3.5.
  const core::Schedule opt = core::run_dag_algorithm("optimal", g, m);
  CHECK(core::verify_schedule(g, m, opt).ok);
  CHECK(opt.makespan() == doctest::Approx(3.5));
  for (const char* name : {"heft", "cpop", "peft", "mct", "fastest_node"}) {
    CAPTURE(name);
    const core::Schedule s = core::run_dag_algorithm(name, g, m);
    CHECK(core::verify_schedule(g, m, s).ok);
    CHECK(s.makespan() >= 3.5 - 1e-12);
  }
  // FastestNode puts everything on v_2 (the first of the fastest): exactly the optimum.
  CHECK(core::run_dag_algorithm("fastest_node", g, m).makespan() == 3.5);
}

TEST_CASE("SagaFormat.InfinityForms") {
  // Pydantic writes an infinite speed as null and reads "Infinity"; a missing speed is SAGA's
  // default, inf. Between two nodes it becomes the largest bandwidth LoadLab accepts.
  const Json d = saga_example_patched(R"({"network": {"edges": [
      {"source": "v_1", "target": "v_2", "speed": null},
      {"source": "v_1", "target": "v_3", "speed": "Infinity"},
      {"source": "v_3", "target": "v_2"},
      {"source": "v_1", "target": "v_1", "speed": "inf"}]}})");
  const io::SagaInstance in = io::read_saga_json(d);
  CHECK(in.capped_links == 3);
  CHECK(in.self_links == 1);
  CHECK(in.machine.comm(1e12, 0, 1) == 1);
  CHECK(in.machine.comm(1e12, 2, 1) == 1);
}

TEST_CASE("SagaFormat.BareTaskGraphAndDetection") {
  const Json doc = Json::parse(kSagaBasicExample);
  const Json bare = doc["task_graph"];
  CHECK(std::string(io::json_file_format(doc).name) == "saga");
  CHECK(std::string(io::json_file_format(bare).name) == "saga");
  const io::SagaInstance in = io::read_saga_json(bare);
  CHECK_FALSE(in.has_network);
  CHECK(in.graph.size() == 4);
  const core::TaskGraph g = io::read_task_graph_file(*io::find_file_format("saga"), "", 1, &doc);
  CHECK(g.size() == 4);
  // Our inline graph is still told apart ("edges", not "dependencies").
  CHECK(std::string(io::json_file_format(Json::parse(R"({"tasks": [], "edges": []})")).name) ==
        "graph");
}

TEST_CASE("SagaFormat.ScenarioRoundTripGivesTheSameSchedules") {
  // A scenario of our own: 6 tasks with two entries and one exit, 3 processors with speeds and a
  // symmetric bandwidth matrix.
  const Json sc = Json::parse(R"({"loadlab": 1, "kind": "dag", "processors": 3,
    "graph": {"tasks": [{"id": "a", "cost": 4}, {"id": "b", "cost": 6}, {"id": "c", "cost": 3},
                        {"id": "d", "cost": 5}, {"id": "e", "cost": 2}, {"id": "f", "cost": 7}],
              "edges": [{"from": "a", "to": "c", "cost": 8}, {"from": "a", "to": "d", "cost": 2},
                        {"from": "b", "to": "d", "cost": 4}, {"from": "c", "to": "e", "cost": 3},
                        {"from": "d", "to": "e", "cost": 6}, {"from": "e", "to": "f", "cost": 1}]},
    "machine": {"speeds": [1, 2, 0.5],
                "bandwidth": [[0, 2, 1], [2, 0, 4], [1, 4, 0]]},
    "algorithms": ["heft"]})");
  const io::DagScenario ds = io::read_dag_scenario(io::JsonReader(sc, ""), io::RunContext{});
  std::int32_t added = -1;
  const Json saga = io::saga_instance_json(*ds.graph, ds.machine, "round trip", &added);
  CHECK(added == 1);  // entries a and b: a zero-cost source; one exit f: no sink
  // Self-links are written so pydantic reads them as inf.
  CHECK(saga["network"]["edges"][0]["speed"] == "Infinity");
  const io::SagaInstance back = io::read_saga(saga.dump());
  CHECK(back.self_links == 3);
  REQUIRE(back.graph.size() == 7);
  CHECK(back.graph.name(6) == "__saga_source");
  CHECK(back.graph.comp(6) == 0);
  CHECK(back.machine.speeds == ds.machine.speeds);
  CHECK(back.machine.bandwidth == ds.machine.bandwidth);
  for (core::TaskId t = 0; t < 6; ++t) {
    CHECK(back.graph.name(t) == ds.graph->name(t));
    CHECK(back.graph.comp(t) == ds.graph->comp(t));
  }
  for (const core::DagEdge& e : ds.graph->edges()) CHECK(back.graph.comm(e.from, e.to) == e.comm);
  // The same schedules: every task on the same processor at the same times (the added source
  // runs in zero time at 0 and sends nothing).
  for (const char* name : {"heft", "cpop", "peft", "dls", "mct", "met", "olb", "min_min", "max_min",
                           "sufferage", "fastest_node"}) {
    CAPTURE(name);
    const core::Schedule a = core::run_dag_algorithm(name, *ds.graph, ds.machine);
    const core::Schedule b = core::run_dag_algorithm(name, back.graph, back.machine);
    CHECK(core::verify_schedule(back.graph, back.machine, b).ok);
    CHECK(b.makespan() == a.makespan());
    for (const core::ScheduleEntry& ea : a.entries)
      for (const core::ScheduleEntry& eb : b.entries)
        if (eb.task == ea.task) {
          CHECK(eb.proc == ea.proc);
          CHECK(eb.start == ea.start);
          CHECK(eb.finish == ea.finish);
        }
  }
  // A graph with one entry and one exit round-trips exactly, identical processors included.
  const core::TaskGraph chain({1, 2, 3}, {{0, 1, 4}, {1, 2, 5}}, {"x", "y", "z"});
  const Json cj = io::saga_instance_json(chain, core::Machine::identical(2), "chain", &added);
  CHECK(added == 0);
  const io::SagaInstance cb = io::read_saga_json(cj);
  CHECK(cb.machine.trivial());
  CHECK(cb.machine.processors == 2);
  CHECK(cb.graph.size() == 3);
}

TEST_CASE("SagaFormat.WriteRefusesWhatSagaCannotHold") {
  const core::TaskGraph g({1, 2}, {{0, 1, 1}});
  core::Machine asym = core::Machine::identical(2);
  asym.bandwidth = {0, 1, 2, 0};
  try {
    io::saga_instance_json(g, asym, "x");
    FAIL("expected an error");
  } catch (const io::DagFormatError& e) {
    CHECK(e.where() == "machine.bandwidth/0/1");
  }
  core::Machine etc = core::Machine::identical(2);
  etc.etc = {1, 2, 3, 4};
  CHECK_THROWS_AS(io::saga_instance_json(g, etc, "x"), io::DagFormatError);
}

TEST_CASE("SagaFormat.BadFilesNameTheField") {
  auto where = [](const std::string& patch) {
    return saga_error_where(saga_example_patched(patch).dump());
  };
  CHECK(where(R"({"task_graph": {"tasks": [{"name": "t_1"}]}})") == "/task_graph/tasks/0");
  CHECK(where(R"({"task_graph": {"tasks": [{"name": "t_1", "cost": -1}]}})") ==
        "/task_graph/tasks/0/cost");
  CHECK(where(R"({"task_graph": {"tasks": [{"name": 7, "cost": 1}]}})") ==
        "/task_graph/tasks/0/name");
  CHECK(where(R"({"task_graph": {"tasks": [{"name": "a", "cost": 1}, {"name": "a", "cost": 1}],
                                 "dependencies": []}})") == "/task_graph/tasks/1/name");
  CHECK(
      where(
          R"({"task_graph": {"dependencies": [{"source": "t_1", "target": "zz", "size": 1}]}})") ==
      "/task_graph/dependencies/0/target");
  CHECK(where(R"({"task_graph": {"dependencies": [{"source": "t_1", "target": "t_2", "size": 1},
      {"source": "t_2", "target": "t_1", "size": 1}]}})") == "/task_graph/dependencies");
  CHECK(where(R"({"task_graph": {"dependencies": [{"source": "t_1", "target": "t_2", "size": 1},
      {"source": "t_1", "target": "t_2", "size": 2}]}})") == "/task_graph/dependencies/1");
  CHECK(where(R"({"network": {"nodes": [{"name": "v_1", "speed": 0}]}})") ==
        "/network/nodes/0/speed");
  CHECK(where(R"({"network": {"edges": [{"source": "v_1", "target": "v_2", "speed": 0}]}})") ==
        "/network/edges/0/speed");
  CHECK(where(R"({"network": {"edges": [{"source": "v_1", "target": "v_2", "speed": "fast"}]}})") ==
        "/network/edges/0/speed");
  // v_1 - v_3 and v_2 - v_3 missing: SAGA would read speed 0 (no link).
  CHECK(where(R"({"network": {"edges": [{"source": "v_1", "target": "v_2", "speed": 1}]}})") ==
        "/network/edges");
  CHECK(where(R"({"network": {"edges": [{"source": "v_1", "target": "v_2", "speed": 1},
      {"source": "v_2", "target": "v_1", "speed": 2}]}})") == "/network/edges/1");
  CHECK(where(R"({"network": null})") == "");
  CHECK(saga_error_where(R"({"nodes": []})") == "");
  CHECK(saga_error_where("{\"tasks\": [{\"name\": \"a\", \"cost\": Infinity}]}") == "");
  Json big = Json::parse(kSagaBasicExample);
  big["network"]["nodes"] = Json::array();
  for (int i = 0; i < 1025; ++i)
    big["network"]["nodes"].push_back({{"name", std::to_string(i)}, {"speed", 1}});
  CHECK(saga_error_where(big.dump()) == "/network/nodes");
}

// SAGA's random data sets (src/saga/schedulers/data/random.py): shapes counted by hand from its
// code, weights checked against the normal distribution they clip.
TEST_CASE("SagaFormat.GeneratorShapes") {
  // gen_parallel_chains(num_chains 2, chain_length 3): T0 -> T1 -> T2 -> T3 -> T7 and
  // T0 -> T4 -> T5 -> T6 -> T7.
  const core::GraphShape c = core::saga_chains_shape(2, 3);
  REQUIRE(c.tasks == 8);
  const std::vector<std::pair<core::TaskId, core::TaskId>> chain_edges = {
      {0, 1}, {1, 2}, {2, 3}, {3, 7}, {0, 4}, {4, 5}, {5, 6}, {6, 7}};
  CHECK(c.edges == chain_edges);
  CHECK(c.names[7] == "T7");
  // gen_out_trees(num_levels 3, branching_factor 2): networkx's balanced_tree(2, 3) has
  // 1 + 2 + 4 + 8 = 15 nodes and 14 edges; the 8 leaves T7..T14 join a sink T15.
  const core::TaskGraph out = core::saga_weighted_graph(core::saga_out_tree_shape(2, 3), 1);
  CHECK(out.size() == 16);
  CHECK(out.edge_count() == 22);
  CHECK(out.entry_tasks().size() == 1);
  CHECK(out.exit_tasks() == std::vector<core::TaskId>{15});
  CHECK(out.in_degree(15) == 8);
  CHECK(out.comm(2, 6) > 0);  // T2's children are T5 and T6 (networkx numbering)
  CHECK(out.comm(2, 5) > 0);
  // gen_in_trees: the reverse; T15 is the source (8 children) and T0 the sink (2 parents).
  const core::TaskGraph in = core::saga_weighted_graph(core::saga_in_tree_shape(2, 3), 1);
  REQUIRE(in.entry_tasks().size() == 1);
  REQUIRE(in.exit_tasks().size() == 1);
  CHECK(in.name(in.entry_tasks()[0]) == "T15");
  CHECK(in.out_degree(in.entry_tasks()[0]) == 8);
  CHECK(in.name(in.exit_tasks()[0]) == "T0");
  CHECK(in.in_degree(in.exit_tasks()[0]) == 2);
  CHECK_THROWS_AS(core::saga_chains_shape(0, 3), core::GraphError);
}

TEST_CASE("SagaFormat.GeneratorWeights") {
  const core::GraphShape big = core::saga_chains_shape(100, 100);  // 10,002 tasks
  const core::TaskGraph g = core::saga_weighted_graph(big, 5);
  double sum = 0;
  int above_1sd = 0, at_cap = 0;
  for (core::TaskId t = 0; t < g.size(); ++t) {
    const double w = g.comp(t);
    REQUIRE(w >= 1e-9);
    REQUIRE(w <= 2.0);
    sum += w;
    above_1sd += w > 1.0 + 1.0 / 3.0;
    at_cap += w == 2.0;
  }
  // N(1, 1/3) clipped at 1e-9 (3 sd below) and 2 (3 sd above) keeps mean 1; P(Z > 1) = 0.1587,
  // P(Z > 3) = 0.00135 (13.5 of 10,002 expected).
  CHECK(sum / g.size() == doctest::Approx(1.0).epsilon(0.01));
  CHECK(above_1sd > 1487);
  CHECK(above_1sd < 1687);
  CHECK(at_cap >= 3);
  CHECK(at_cap <= 30);
  const core::TaskGraph same = core::saga_weighted_graph(big, 5);
  CHECK(same.comps() == g.comps());
  CHECK(core::saga_weighted_graph(big, 6).comps() != g.comps());

  const core::Machine m = core::saga_random_network(5, 3);
  REQUIRE(m.processors == 5);
  REQUIRE(m.speeds.size() == 5);
  for (int p = 0; p < 5; ++p)
    for (int q = 0; q < 5; ++q)
      CHECK(m.bandwidth[static_cast<std::size_t>(p * 5 + q)] ==
            m.bandwidth[static_cast<std::size_t>(q * 5 + p)]);
  CHECK_NOTHROW(core::validate_machine(m, g));
}

TEST_CASE("SagaFormat.GeneratorsInScenarios") {
  const Json sc = Json::parse(R"({"loadlab": 1, "kind": "dag", "processors": 3,
    "graph": {"generator": "saga_chains", "num_chains": 3, "chain_length": 4},
    "algorithms": ["heft"]})");
  const io::DagScenario ds = io::read_dag_scenario(io::JsonReader(sc, ""), io::RunContext{});
  CHECK(ds.graph->size() == 14);
  Json bad = sc;
  bad["graph"]["ccr"] = 2;  // SAGA's weights have no CCR
  try {
    io::read_dag_scenario(io::JsonReader(bad, ""), io::RunContext{});
    FAIL("expected an error");
  } catch (const io::ScenarioError& e) {
    CHECK(e.pointer() == "/graph/ccr");
  }
  Json tree = sc;
  tree["graph"] = {{"generator", "saga_in_tree"}, {"branching_factor", 3}, {"num_levels", 2}};
  CHECK(io::read_dag_scenario(io::JsonReader(tree, ""), io::RunContext{}).graph->size() == 14);
}
