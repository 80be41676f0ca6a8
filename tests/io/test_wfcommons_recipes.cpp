// WfCommons' recipes (core/dag/generators_wfcommons.cpp): at the size of each real trace in
// ../shared/data/wfcommons the generated workflow has the trace's task types, their counts per
// level and the trace's edges between types; other sizes follow WfCommons' from_num_tasks
// (counts worked out by hand below); costs are seeded and stay in the trace's ranges. Also the
// machine generator "saga_random_network" and SAGA node names kept through scenario and SAGA JSON.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/dag/generators.h"
#include "core/dag/registry.h"
#include "core/verify/schedule_verify.h"
#include "io/dag_formats/dag_formats.h"
#include "io/dag_formats/saga.h"
#include "io/kinds/dag.h"

#ifndef LOADLAB_SHARED_DIR
#define LOADLAB_SHARED_DIR "/work/shared"
#endif

using namespace loadlab;
using io::Json;

namespace {

// Longest of `types` that prefixes `name` followed by "_" (trace ids such as
// "filterContams_filterContams_HEP2_..._ID0000012" or "cat_blast_ID000042").
std::string wfr_trace_type(const std::vector<std::string>& types, const std::string& name) {
  std::string best;
  for (const auto& t : types)
    if (name.rfind(t + "_", 0) == 0 && t.size() > best.size()) best = t;
  return best;
}

std::vector<std::int32_t> wfr_levels(const core::TaskGraph& g) {
  std::vector<std::int32_t> level(static_cast<std::size_t>(g.size()), 0);
  for (core::TaskId t : g.topo_order())
    for (std::int64_t e : g.in_edges(t))
      level[static_cast<std::size_t>(t)] = std::max(
          level[static_cast<std::size_t>(t)], level[static_cast<std::size_t>(g.edge(e).from)] + 1);
  return level;
}

struct WfrProfile {
  std::map<std::pair<std::string, std::int32_t>, int> type_levels;  // (type, level) -> tasks
  std::map<std::pair<std::string, std::string>, int> type_edges;    // (type, type) -> edges
};

template <class TypeOf>
WfrProfile wfr_profile(const core::TaskGraph& g, TypeOf type_of) {
  WfrProfile p;
  const auto level = wfr_levels(g);
  for (core::TaskId t = 0; t < g.size(); ++t)
    ++p.type_levels[{type_of(g.name(t)), level[static_cast<std::size_t>(t)]}];
  for (const core::DagEdge& e : g.edges())
    ++p.type_edges[{type_of(g.name(e.from)), type_of(g.name(e.to))}];
  return p;
}

int wfr_count(const core::GraphShape& s, const std::string& type) {
  return static_cast<int>(std::count_if(s.names.begin(), s.names.end(), [&](const std::string& n) {
    return core::wfcommons_task_type(n) == type;
  }));
}

}  // namespace

TEST_CASE("WfcommonsRecipes.MatchTheRealTraceAtItsSize") {
  struct Case {
    const char* recipe;
    const char* file;
    std::vector<std::string> types;
  };
  const Case cases[] = {
      {"blast", "blast-chameleon-small-001.json", {"split_fasta", "blastall", "cat_blast", "cat"}},
      {"epigenomics",
       "epigenomics-chameleon-hep-1seq-100k-001.json",
       {"fastqSplit", "filterContams", "sol2sanger", "fast2bfq", "map", "mapMerge", "chr21",
        "pileup"}},
      {"srasearch",
       "srasearch-chameleon-10a-001.json",
       {"bowtie2-build", "fasterq-dump", "bowtie2", "merge"}},
  };
  for (const Case& c : cases) {
    CAPTURE(c.recipe);
    const core::TaskGraph trace = io::read_graph_file(
        std::filesystem::path(LOADLAB_SHARED_DIR) / "data" / "wfcommons" / c.file, 1e8);
    const core::TaskGraph gen = core::wfcommons_recipe_graph(c.recipe, trace.size(), 1);
    CHECK(gen.size() == trace.size());
    CHECK(gen.edge_count() == trace.edge_count());
    const WfrProfile want =
        wfr_profile(trace, [&](const std::string& n) { return wfr_trace_type(c.types, n); });
    const WfrProfile got =
        wfr_profile(gen, [](const std::string& n) { return core::wfcommons_task_type(n); });
    CHECK(want.type_levels.count({"", 0}) == 0);  // every trace task has one of the types
    CHECK(got.type_levels == want.type_levels);
    CHECK(got.type_edges == want.type_edges);
  }
}

TEST_CASE("WfcommonsRecipes.SizesFollowFromNumTasks") {
  // blast: split_fasta, N - 3 blastall, cat_blast, cat; every blastall feeds both cats.
  const core::GraphShape b5 = core::wfcommons_recipe_shape("blast", 5);
  CHECK(b5.tasks == 5);
  CHECK(wfr_count(b5, "blastall") == 2);
  CHECK(b5.edges.size() == 6);
  CHECK(wfr_count(core::wfcommons_recipe_shape("blast", 1000), "blastall") == 997);
  // epigenomics: k = 1 + (N - 9) / 4 pipelines of 4 tasks, plus fastqSplit, two mapMerge, chr21,
  // pileup: N = 12 gives k = 1 (9 tasks), N = 13 gives k = 2 (13 tasks).
  CHECK(core::wfcommons_recipe_shape("epigenomics", 9).tasks == 9);
  CHECK(core::wfcommons_recipe_shape("epigenomics", 12).tasks == 9);
  const core::GraphShape e13 = core::wfcommons_recipe_shape("epigenomics", 13);
  CHECK(e13.tasks == 13);
  CHECK(wfr_count(e13, "map") == 2);
  CHECK(wfr_count(e13, "mapMerge") == 2);
  // srasearch, N = 56: A = 27 accessions would need 1 + 54 + 2 merges + 1 final = 58 tasks, so
  // A = 26: 1 + 52 + 2 + 1 = 56; merges of 25 and 1 bowtie2, then a final merge at level 3.
  const core::GraphShape s56 = core::wfcommons_recipe_shape("srasearch", 56);
  CHECK(s56.tasks == 56);
  CHECK(wfr_count(s56, "bowtie2") == 26);
  CHECK(wfr_count(s56, "merge") == 3);
  const core::TaskGraph g56 = core::wfcommons_recipe_graph("srasearch", 56, 3);
  const auto lv = wfr_levels(g56);
  int merge_children = 0;
  for (core::TaskId t = 0; t < g56.size(); ++t) {
    const std::string type = core::wfcommons_task_type(g56.name(t));
    if (type == "bowtie2") {
      // Each alignment is merged exactly once (WfCommons' loop drops every 26th).
      REQUIRE(g56.out_degree(t) == 1);
      CHECK(core::wfcommons_task_type(g56.name(g56.edge(g56.out_edges(t)[0]).to)) == "merge");
    }
    if (type == "merge" && lv[static_cast<std::size_t>(t)] == 3)
      merge_children = static_cast<int>(g56.in_degree(t));
  }
  CHECK(merge_children == 2);
  CHECK(core::wfcommons_recipe_shape("srasearch", 6).tasks == 6);
  // Every shape's ids are a topological order.
  for (const auto& r : core::wfcommons_recipe_names())
    for (std::int32_t n : {core::wfcommons_recipe_min_tasks(r), 77, 2000}) {
      const core::GraphShape s = core::wfcommons_recipe_shape(r, n);
      CHECK(s.tasks <= n);
      for (const auto& [a, b] : s.edges) CHECK(a < b);
    }
  CHECK_THROWS_AS(core::wfcommons_recipe_shape("blast", 4), core::GraphError);
  CHECK_THROWS_AS(core::wfcommons_recipe_shape("epigenomics", 8), core::GraphError);
  CHECK_THROWS_AS(core::wfcommons_recipe_shape("srasearch", 100001), core::GraphError);
  CHECK_THROWS_AS(core::wfcommons_recipe_shape("nosuch", 50), core::GraphError);
}

TEST_CASE("WfcommonsRecipes.CostsSeededWithinTheTraceRanges") {
  const core::TaskGraph a = core::wfcommons_recipe_graph("blast", 5003, 11);
  const core::TaskGraph b = core::wfcommons_recipe_graph("blast", 5003, 11);
  const core::TaskGraph c = core::wfcommons_recipe_graph("blast", 5003, 12);
  CHECK(a.comps() == b.comps());
  CHECK(a.comps() != c.comps());
  double sum = 0;
  int n = 0;
  for (core::TaskId t = 0; t < a.size(); ++t) {
    const std::string type = core::wfcommons_task_type(a.name(t));
    if (type == "blastall") {
      // The trace's blastall runtimes: 40 tasks in [8.65305, 10.324337] s, mean 9.5704 s.
      CHECK(a.comp(t) >= 8.65305);
      CHECK(a.comp(t) <= 10.324337);
      sum += a.comp(t), ++n;
    } else if (type == "split_fasta") {
      CHECK(a.comp(t) == doctest::Approx(0.054023));  // one task in the trace: its runtime
    }
  }
  REQUIRE(n == 5000);
  CHECK(sum / n == doctest::Approx(9.5704).epsilon(0.005));
  // srasearch data: a fasterq-dump's files (0.495 to 1.785 GB) at 1e8 B/s.
  const core::TaskGraph s = core::wfcommons_recipe_graph("srasearch", 22, 5, 1e8);
  for (const core::DagEdge& e : s.edges())
    if (core::wfcommons_task_type(s.name(e.from)) == "fasterq-dump") {
      CHECK(e.comm >= 4.954116);
      CHECK(e.comm <= 17.8515741);
    }
}

TEST_CASE("WfcommonsRecipes.InScenarios") {
  const Json sc = Json::parse(R"({"loadlab": 1, "kind": "dag", "processors": 4, "seed": 9,
    "graph": {"generator": "wfcommons_recipe", "recipe": "epigenomics", "tasks": 41},
    "machine": {"generator": "saga_random_network"},
    "algorithms": ["heft"]})");
  const io::DagScenario ds = io::read_dag_scenario(io::JsonReader(sc, ""), io::RunContext{});
  CHECK(ds.graph->size() == 41);
  CHECK(ds.machine.speeds.size() == 4);
  // The network is SAGA's random network of the scenario's seed.
  CHECK(ds.machine.bandwidth == core::saga_random_network(4, 9).bandwidth);
  const core::Schedule s = core::run_dag_algorithm("heft", *ds.graph, ds.machine);
  CHECK(core::verify_schedule(*ds.graph, ds.machine, s).ok);
  auto error_at = [&](const char* patch) {
    Json bad = sc;
    bad.merge_patch(Json::parse(patch));
    try {
      io::read_dag_scenario(io::JsonReader(bad, ""), io::RunContext{});
    } catch (const io::ScenarioError& e) {
      return e.pointer();
    }
    return std::string("(no error)");
  };
  CHECK(error_at(R"({"graph": {"recipe": "montag"}})") == "/graph/recipe");
  CHECK(error_at(R"({"graph": {"tasks": 3}})") == "/graph/tasks");
  CHECK(error_at(R"({"graph": {"ccr": 1}})") == "/graph/ccr");
  CHECK(error_at(R"({"graph": {"bandwidth": 0}})") == "/graph/bandwidth");
  CHECK(error_at(R"({"machine": {"generator": "mesh"}})") == "/machine/generator");
  CHECK(error_at(R"({"machine": {"speeds": [1, 1, 1, 1]}})") == "/machine/speeds");
  CHECK(error_at(R"({"machine": {"names": ["a", "b", "c"]}})") == "/machine/names");
  CHECK(error_at(R"({"machine": {"names": ["a", "b", "c", "a"]}})") == "/machine/names/3");
}

TEST_CASE("WfcommonsRecipes.SagaNodeAndTaskNamesRoundTrip") {
  // SAGA JSON with its own node names -> scenario -> SAGA JSON: the names survive.
  const Json saga = Json::parse(R"({"name": "named",
    "task_graph": {"tasks": [{"name": "load", "cost": 2}, {"name": "fit", "cost": 3}],
                   "dependencies": [{"source": "load", "target": "fit", "size": 4}]},
    "network": {"nodes": [{"name": "edge-box", "speed": 1}, {"name": "cloud", "speed": 3}],
                "edges": [{"source": "edge-box", "target": "cloud", "speed": 2}]}})");
  const io::SagaInstance in = io::read_saga_json(saga);
  Json sc = {{"loadlab", 1},
             {"kind", "dag"},
             {"processors", in.machine.processors},
             {"graph", io::graph_to_json(in.graph)},
             {"machine", io::machine_scenario_json(in.machine, in.node_names)},
             {"algorithms", {"heft"}}};
  const io::DagScenario ds = io::read_dag_scenario(io::JsonReader(sc, ""), io::RunContext{});
  CHECK(ds.processor_names == std::vector<std::string>{"edge-box", "cloud"});
  const io::SagaInstance back = io::read_saga_json(
      io::saga_instance_json(*ds.graph, ds.machine, "named", nullptr, ds.processor_names));
  CHECK(back.node_names == std::vector<std::string>{"edge-box", "cloud"});
  CHECK(back.graph.names() == std::vector<std::string>{"load", "fit"});
  CHECK(back.machine.speeds == in.machine.speeds);
  // Identical unit-speed nodes keep their names too (a machine of names only).
  const Json plain = io::machine_scenario_json(core::Machine::identical(2), {"x", "y"});
  CHECK(plain == Json{{"names", {"x", "y"}}});
}
