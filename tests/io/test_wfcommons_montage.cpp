// WfCommons' Montage recipe with WfCommons' fitted costs (core/dag/generators_wfchef.cpp): task
// counts, levels and edges for sizes worked out by hand from montage_recipe.py's structure, costs
// that follow from task_type_stats.json's distributions (constants where the fit is one, ranges
// from each family's support), seeded determinism, and the scenario path.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "core/dag/generators.h"
#include "core/dag/registry.h"
#include "core/verify/schedule_verify.h"
#include "io/kinds/dag.h"

using namespace loadlab;
using io::Json;

namespace {

std::map<std::string, int> montage_type_counts(const core::GraphShape& s) {
  std::map<std::string, int> c;
  for (const auto& n : s.names) ++c[core::wfcommons_task_type(n)];
  return c;
}

}  // namespace

TEST_CASE("WfcommonsMontage.CountsAndEdgesByHand") {
  // N = 133 (WfCommons' smallest Montage): P = max(2, 144 / 34) = 4 mProject and mBackground,
  // D = 133 - 5 - 8 = 120 mDiffFit; edges 2D + D + 1 + P + P + 1 + 1 = 371.
  // N = 1000: P = 1011 / 34 = 29, D = 1000 - 5 - 58 = 937; edges 3 * 937 + 58 + 3 = 2872.
  // N = 10: P = 2, D = 1; edges 10.
  struct Case {
    std::int32_t n, projects, diffs, edges;
  };
  for (const Case c : {Case{133, 4, 120, 371}, Case{1000, 29, 937, 2872}, Case{10, 2, 1, 10}}) {
    CAPTURE(c.n);
    const core::GraphShape s = core::wfcommons_recipe_shape("montage", c.n);
    CHECK(s.tasks == c.n);
    const auto counts = montage_type_counts(s);
    CHECK(counts.at("mProject") == c.projects);
    CHECK(counts.at("mDiffFit") == c.diffs);
    CHECK(counts.at("mBackground") == c.projects);
    for (const char* one : {"mConcatFit", "mBgModel", "mImgtbl", "mAdd", "mViewer"})
      CHECK(counts.at(one) == 1);
    CHECK(counts.size() == 8);
    CHECK(static_cast<std::int32_t>(s.edges.size()) == c.edges);
    // Every mDiffFit reads two distinct mProject; every edge goes to a later id (a DAG in
    // topological order) between the types the recipe links.
    std::map<core::TaskId, std::vector<core::TaskId>> parents;
    for (const auto& [a, b] : s.edges) {
      CHECK(a < b);
      parents[b].push_back(a);
    }
    const std::map<std::string, std::string> parent_type = {
        {"mDiffFit", "mProject"},    {"mConcatFit", "mDiffFit"}, {"mBgModel", "mConcatFit"},
        {"mBackground", "mBgModel"}, {"mImgtbl", "mBackground"}, {"mAdd", "mImgtbl"},
        {"mViewer", "mAdd"}};
    for (core::TaskId t = 0; t < s.tasks; ++t) {
      const std::string type = core::wfcommons_task_type(s.names[static_cast<std::size_t>(t)]);
      if (type == "mProject") {
        CHECK(parents.count(t) == 0);
        continue;
      }
      for (core::TaskId p : parents[t])
        CHECK(core::wfcommons_task_type(s.names[static_cast<std::size_t>(p)]) ==
              parent_type.at(type));
      if (type == "mDiffFit") {
        REQUIRE(parents[t].size() == 2);
        CHECK(parents[t][0] != parents[t][1]);
      }
    }
  }
  CHECK_THROWS_AS(core::wfcommons_recipe_shape("montage", 9), core::GraphError);
}

TEST_CASE("WfcommonsMontage.CostsFromTheFittedDistributions") {
  const core::TaskGraph g = core::wfcommons_recipe_graph("montage", 133, 4, 1.0);
  // bandwidth 1 byte/s: an edge's time is its bytes.
  for (core::TaskId t = 0; t < g.size(); ++t) {
    const std::string type = core::wfcommons_task_type(g.name(t));
    CAPTURE(type);
    // rdist(1.75, loc 1, scale ~2e-16) is the constant 1: the runtime is the type's maximum.
    if (type == "mProject") CHECK(g.comp(t) == doctest::Approx(1263.481));
    if (type == "mDiffFit") CHECK(g.comp(t) == doctest::Approx(46.525));
    if (type == "mBackground") CHECK(g.comp(t) == doctest::Approx(114.103));
    // beta on [-0.0988, 1], floored at 0.1: within [0.1, 1] of the maximum.
    if (type == "mImgtbl") {
      CHECK(g.comp(t) >= 0.1 * 1.762 - 1e-9);
      CHECK(g.comp(t) <= 1.762 + 1e-9);
    }
    // dweibull is unbounded above; the floor still holds.
    if (type == "mConcatFit") CHECK(g.comp(t) >= 0.1 * 12.386 - 1e-9);
  }
  for (const core::DagEdge& e : g.edges()) {
    const std::string from = core::wfcommons_task_type(g.name(e.from));
    const std::string to = core::wfcommons_task_type(g.name(e.to));
    CAPTURE(from);
    CAPTURE(to);
    // Two .fits of trapezoid(1, 1, loc -0.105, scale 1.2): each in [0.1, 1.095] x 55002240.
    if (from == "mProject") {
      CHECK(e.comm >= 2 * 0.1 * 55002240 - 1);
      CHECK(e.comm <= 2 * 1.095 * 55002240 + 1);
    }
    if (from == "mDiffFit") CHECK(e.comm == doctest::Approx(302));          // constant .txt
    if (from == "mBackground") CHECK(e.comm == doctest::Approx(55002240));  // one of two .fits
    if (from == "mAdd") CHECK(e.comm == doctest::Approx(414722880));        // one of two .fits
  }
  // Seeded: the same seed gives the same graph, another seed other costs.
  const core::TaskGraph same = core::wfcommons_recipe_graph("montage", 133, 4, 1.0);
  const core::TaskGraph other = core::wfcommons_recipe_graph("montage", 133, 5, 1.0);
  bool differs = false;
  for (core::TaskId t = 0; t < g.size(); ++t) {
    CHECK(g.comp(t) == same.comp(t));
    differs = differs || g.comp(t) != other.comp(t);
  }
  for (std::size_t i = 0; i < g.edges().size(); ++i)
    CHECK(g.edges()[i].comm == same.edges()[i].comm);
  CHECK(differs);
}

TEST_CASE("WfcommonsMontage.InScenarios") {
  const Json sc = Json::parse(R"({"loadlab": 1, "kind": "dag", "processors": 4, "seed": 3,
    "graph": {"generator": "wfcommons_recipe", "recipe": "montage", "tasks": 60},
    "machine": {"generator": "saga_random_network"},
    "algorithms": ["heft"]})");
  const io::DagScenario ds = io::read_dag_scenario(io::JsonReader(sc, ""), io::RunContext{});
  CHECK(ds.graph->size() == 60);
  const core::Schedule s = core::run_dag_algorithm("heft", *ds.graph, ds.machine);
  CHECK(core::verify_schedule(*ds.graph, ds.machine, s).ok);
  Json bad = sc;
  bad.merge_patch(Json::parse(R"({"graph": {"tasks": 9}})"));
  std::string pointer = "(no error)";
  try {
    io::read_dag_scenario(io::JsonReader(bad, ""), io::RunContext{});
  } catch (const io::ScenarioError& e) {
    pointer = e.pointer();
  }
  CHECK(pointer == "/graph/tasks");
}

TEST_CASE("WfcommonsGenome.CountsByHand") {
  // GenomeRecipe.from_num_tasks by hand. N = 5: C = S = P = 1. N = 20: five rounds of S += 1,
  // P += 1 (3 tasks each) give S = P = 6, 6 + 2 + 12 = 20. N = 100: S = P = 7 (rem 77), S = 8
  // (rem 76), three more chromosomes of 2 + 14 + 8 = 24 (rem 4), then S = 9 costs C = 4:
  // 4 * (9 + 2 + 14) = 100.
  struct Case {
    std::int32_t n, chromosomes, sequences, populations;
  };
  for (const Case c : {Case{5, 1, 1, 1}, Case{20, 1, 6, 6}, Case{100, 4, 9, 7}}) {
    CAPTURE(c.n);
    const core::GraphShape s = core::wfcommons_recipe_shape("genome", c.n);
    const auto counts = montage_type_counts(s);
    CHECK(counts.at("individuals") == c.chromosomes * c.sequences);
    CHECK(counts.at("individuals_merge") == c.chromosomes);
    CHECK(counts.at("sifting") == c.chromosomes);
    CHECK(counts.at("mutation_overlap") == c.chromosomes * c.populations);
    CHECK(counts.at("frequency") == c.chromosomes * c.populations);
    CHECK(s.tasks == c.chromosomes * (c.sequences + 2 + 2 * c.populations));
    // individuals -> merge, and merge and sifting -> each of the 2P population tasks.
    CHECK(static_cast<std::int32_t>(s.edges.size()) ==
          c.chromosomes * (c.sequences + 4 * c.populations));
    for (const auto& [a, b] : s.edges) CHECK(a < b);
  }
  CHECK_THROWS_AS(core::wfcommons_recipe_shape("genome", 4), core::GraphError);
  // Costs: floored at 0.1 of each type's maximum; seeded.
  const core::TaskGraph g = core::wfcommons_recipe_graph("genome", 100, 2, 1.0);
  const core::TaskGraph same = core::wfcommons_recipe_graph("genome", 100, 2, 1.0);
  const std::map<std::string, double> runtime_max = {{"individuals", 192.232},
                                                     {"individuals_merge", 157.346},
                                                     {"sifting", 22.686},
                                                     {"mutation_overlap", 92.154},
                                                     {"frequency", 238.26}};
  for (core::TaskId t = 0; t < g.size(); ++t) {
    const double max = runtime_max.at(core::wfcommons_task_type(g.name(t)));
    CHECK(g.comp(t) >= 0.1 * max - 1e-9);
    CHECK(g.comp(t) == same.comp(t));
    // argus and rdist here are bounded: loc + scale <= 1.0 (individuals: -0.692 + 1.695).
    if (core::wfcommons_task_type(g.name(t)) == "individuals") CHECK(g.comp(t) <= 1.0026 * max);
  }
  for (const core::DagEdge& e : g.edges()) {
    const std::string from = core::wfcommons_task_type(g.name(e.from));
    // individuals' .gz: argus on [-0.4115, 1.0011] of 29311 bytes, floored at 0.1.
    if (from == "individuals") {
      CHECK(e.comm >= 0.1 * 29311 - 1e-6);
      CHECK(e.comm <= 1.0011 * 29311);
    }
  }
}

TEST_CASE("WfcommonsSeismology.ShapeAndCosts") {
  // from_num_tasks: N - 1 sG1IterDecon joined by one wrapper_siftSTFByMisfit.
  for (std::int32_t n : {3, 101}) {
    const core::GraphShape s = core::wfcommons_recipe_shape("seismology", n);
    const auto counts = montage_type_counts(s);
    CHECK(s.tasks == n);
    CHECK(counts.at("sG1IterDecon") == n - 1);
    CHECK(counts.at("wrapper_siftSTFByMisfit") == 1);
    CHECK(static_cast<std::int32_t>(s.edges.size()) == n - 1);
    for (const auto& [a, b] : s.edges) CHECK(b == n - 1);
  }
  CHECK_THROWS_AS(core::wfcommons_recipe_shape("seismology", 2), core::GraphError);
  const core::TaskGraph g = core::wfcommons_recipe_graph("seismology", 101, 6, 1.0);
  // The wrapper's rdist lives in [0, 0.00265], below the 0.1 floor: 0.1 x 1.351 s.
  CHECK(g.comp(100) == doctest::Approx(0.1351));
  for (core::TaskId t = 0; t < 100; ++t) {
    // argus on [-0.7178, 1.0009] of 5.615 s, floored at 0.1.
    CHECK(g.comp(t) >= 0.5615 - 1e-9);
    CHECK(g.comp(t) <= 1.0009 * 5.615);
  }
  for (const core::DagEdge& e : g.edges()) {
    // one .stf: trapezoid(1, 1, -0.105, 1.2) of 17016 bytes, floored at 0.1.
    CHECK(e.comm >= 0.1 * 17016 - 1e-6);
    CHECK(e.comm <= 1.095 * 17016 + 1e-6);
  }
}

TEST_CASE("WfcommonsCycles.CountsByHand") {
  // The from_num_tasks loop with exact costs, by hand (K = C(params, 4); a point-crop holds
  // 4K + 2 tasks, plus one cycles_plots per crop).
  // N = 7: 1 point, 1 crop, 4 params: K = 1, 4 + 2 + 1 = 7.
  // N = 50: params 5 costs (5 - 1) * 4 = 16 (rem 27); a crop 22 + 1 = 23 (rem 4); stop:
  //   1 point, 2 crops, K = 5: 2 * 22 + 2 = 46 tasks.
  // N = 200: params 5 (rem 177), crop 2 (rem 154), a point 22 * 2 = 44 (rem 110, still >= 100);
  //   params 6 would cost 10 * 4 * 4 = 160; crops 3 and 4 cost 45 each (rem 20): 2 points,
  //   4 crops, K = 5: 8 * 22 + 4 = 180 tasks.
  struct Case {
    std::int32_t n, points, crops, k;
  };
  for (const Case c : {Case{7, 1, 1, 1}, Case{50, 1, 2, 5}, Case{200, 2, 4, 5}}) {
    CAPTURE(c.n);
    const core::GraphShape s = core::wfcommons_recipe_shape("cycles", c.n);
    const auto counts = montage_type_counts(s);
    const int cells = c.points * c.crops;
    for (const char* per_k : {"baseline_cycles", "cycles", "fertilizer_increase_cycles",
                              "cycles_fertilizer_increase_output_parser"})
      CHECK(counts.at(per_k) == cells * c.k);
    CHECK(counts.at("cycles_output_summary") == cells);
    CHECK(counts.at("cycles_fertilizer_increase_output_summary") == cells);
    CHECK(counts.at("cycles_plots") == c.crops);
    CHECK(s.tasks == cells * (4 * c.k + 2) + c.crops);
    CHECK(static_cast<std::int32_t>(s.edges.size()) == cells * 5 * c.k + cells);
    for (const auto& [a, b] : s.edges) CHECK(a < b);
  }
  CHECK_THROWS_AS(core::wfcommons_recipe_shape("cycles", 6), core::GraphError);
  const core::TaskGraph g = core::wfcommons_recipe_graph("cycles", 50, 8, 1.0);
  for (core::TaskId t = 0; t < g.size(); ++t)
    if (core::wfcommons_task_type(g.name(t)) == "cycles_plots") {
      // beta on [-0.0995, 1.0] of 514.566 s, floored at 0.1.
      CHECK(g.comp(t) >= 51.4566 - 1e-9);
      CHECK(g.comp(t) <= 514.566 + 1e-9);
    }
  for (const core::DagEdge& e : g.edges())
    if (core::wfcommons_task_type(g.name(e.from)) == "baseline_cycles") {
      // All three of baseline_cycles' files: .dat (rdist, the constant 1808675), .csv
      // (trapezoid: [0.1, 1.095] x 281) and .zip (argus: [0.1, 1.0007] x 4458415).
      CHECK(e.comm >= 1808675 + 28.1 + 445841.5 - 1);
      CHECK(e.comm <= 1808675 + 307.7 + 1.0007 * 4458415 + 1);
    }
}

TEST_CASE("WfcommonsSoykb.CountsByHand") {
  // C = max(1, (1 + min(ceil((N - 14) / 2), 22)) / 2), then a pipeline per C + 6 tasks left of
  // N - 2C - 12; P (6 + C) + C + 6 tasks, P (5 + 3C) + C + 4 edges.
  // N = 14: C = 1, P = 1: 14 tasks, 13 edges. N = 50: C = 19 / 2 = 9, 20 left: P = 2 (5 left):
  // 45 tasks, 77 edges. N = 200: C = 23 / 2 = 11, 166 left: 9 more pipelines of 17 (13 left),
  // P = 10: 187 tasks, 395 edges.
  struct Case {
    std::int32_t n, chromosomes, pipelines, tasks, edges;
  };
  for (const Case c :
       {Case{14, 1, 1, 14, 13}, Case{50, 9, 2, 45, 77}, Case{200, 11, 10, 187, 395}}) {
    CAPTURE(c.n);
    const core::GraphShape s = core::wfcommons_recipe_shape("soykb", c.n);
    const auto counts = montage_type_counts(s);
    CHECK(s.tasks == c.tasks);
    CHECK(static_cast<std::int32_t>(s.edges.size()) == c.edges);
    for (const char* per_pipeline : {"alignment_to_reference", "sort_sam", "dedup", "add_replace",
                                     "realign_target_creator", "indel_realign"})
      CHECK(counts.at(per_pipeline) == c.pipelines);
    CHECK(counts.at("haplotype_caller") == c.pipelines * c.chromosomes);
    CHECK(counts.at("genotype_gvcfs") == c.chromosomes);
    for (const char* one : {"merge_gcvf", "combine_variants", "select_variants_indel",
                            "select_variants_snp", "filtering_indel", "filtering_snp"})
      CHECK(counts.at(one) == 1);
    for (const auto& [a, b] : s.edges) CHECK(a < b);
  }
  CHECK_THROWS_AS(core::wfcommons_recipe_shape("soykb", 13), core::GraphError);
  const core::TaskGraph g = core::wfcommons_recipe_graph("soykb", 50, 3, 1.0);
  for (core::TaskId t = 0; t < g.size(); ++t)
    if (core::wfcommons_task_type(g.name(t)) == "merge_gcvf")  // rdist in [0, 0.00265]: floor
      CHECK(g.comp(t) == doctest::Approx(3786.1356));
  for (const core::DagEdge& e : g.edges()) {
    const std::string from = core::wfcommons_task_type(g.name(e.from));
    // Files whose distribution is null: the recorded size.
    if (from == "alignment_to_reference") CHECK(e.comm == 112561);
    if (from == "sort_sam") CHECK(e.comm == 127424 + 36576);
    if (from == "realign_target_creator") CHECK(e.comm == 40);
  }
}

TEST_CASE("WfcommonsBwa.ShapeAndCosts") {
  // from_num_tasks: N - 4 bwa between fastq_reduce / bwa_index and cat_bwa / cat; 4 (N - 4) edges.
  for (std::int32_t n : {6, 100}) {
    const core::GraphShape s = core::wfcommons_recipe_shape("bwa", n);
    const auto counts = montage_type_counts(s);
    CHECK(s.tasks == n);
    CHECK(counts.at("bwa") == n - 4);
    for (const char* one : {"fastq_reduce", "bwa_index", "cat_bwa", "cat"})
      CHECK(counts.at(one) == 1);
    CHECK(static_cast<std::int32_t>(s.edges.size()) == 4 * (n - 4));
    for (const auto& [a, b] : s.edges) CHECK(a < b);
  }
  CHECK_THROWS_AS(core::wfcommons_recipe_shape("bwa", 5), core::GraphError);
  const core::TaskGraph g = core::wfcommons_recipe_graph("bwa", 30, 12, 1.0);
  // bwa_index's files: .bwt, .pac, .ann, .sa arcsine on [-0.2258, 1.0] floored at 0.1, and .amb
  // of 1 byte.
  const double index_max = 1000001.0 + 250001 + 61667 + 500001;
  for (const core::DagEdge& e : g.edges()) {
    const std::string from = core::wfcommons_task_type(g.name(e.from));
    const std::string to = core::wfcommons_task_type(g.name(e.to));
    CAPTURE(from);
    CAPTURE(to);
    if (from == "fastq_reduce") CHECK(e.comm == doctest::Approx(249));  // rdist: the constant
    if (from == "bwa_index") {
      CHECK(e.comm >= 0.1 * index_max + 1 - 1e-6);
      CHECK(e.comm <= index_max + 1 + 1e-6);
    }
    if (to == "cat") CHECK(e.comm == 1);  // .err, a null distribution
    if (to == "cat_bwa") {                // .sam, trapezoid(1, 1, -0.105, 1.2) of 52088
      CHECK(e.comm >= 5208.8 - 1e-6);
      CHECK(e.comm <= 1.095 * 52088 + 1e-6);
    }
  }
}
