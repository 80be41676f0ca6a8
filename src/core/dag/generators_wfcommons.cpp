// Synthetic scientific workflows with the structure of WfCommons' recipes (Coleman, Casanova,
// Pottier, Kaushik, Deelman & Ferreira da Silva, "WfCommons: A Framework for Enabling Scientific
// Workflow Research and Development", Future Generation Computer Systems, 2022; the hand-written
// recipes wfcommons/generator/workflow/{blast,epigenomics,srasearch}_recipe.py), which SAGA's
// experiments schedule (Coleman & Krishnamachari's SAGA library and its PISA paper, 2024).
//
// Structure, as the recipes build it for a task budget N (their from_num_tasks):
//   blast:       split_fasta -> N - 3 blastall -> {cat_blast, cat} (every blastall feeds both).
//   epigenomics: fastqSplit -> k pipelines filterContams -> sol2sanger -> fast2bfq -> map ->
//                mapMerge (of the sequence file) -> mapMerge -> chr21 -> pileup; k = 1 + (N - 9)/4.
//                WfCommons draws the number of sequence files at random; we build one, as the
//                Chameleon trace has, so the count and the levels are a function of N.
//   srasearch:   bowtie2-build and A fasterq-dump tasks -> A bowtie2 (each needs the index and its
//                own dump) -> merge per 25 bowtie2 -> a final merge when there are several. The
//                recipe's loop drops every 26th bowtie2 from the merges; we merge all of them.
//                A = (N - 2)/2, lowered until the tasks fit in N.
// Names are the recipes' "<type>_ID0000001", numbered in creation order (a topological order).
//
// Costs: per task type, the runtime in seconds; per (parent type, child type), the bytes of the
// files the child reads that the parent writes. Both drawn from a normal law with the mean and
// standard deviation of the real trace, clipped to the trace's [min, max]; fitted by
// scripts/fit_wfcommons_recipes.py from the WfCommons Chameleon traces blast-chameleon-small-001,
// epigenomics-chameleon-hep-1seq-100k-001 and srasearch-chameleon-10a-001 (WfInstances, LGPL-3).
// A type seen once in the trace is a constant. Data becomes time at `bandwidth` bytes per second,
// as `loadlab convert` turns a WfFormat trace into a task graph.
#include <algorithm>
#include <cstring>

#include "core/dag/generators.h"
#include "core/dag/wfchef_recipes.h"
#include "core/util/normal.h"
#include "core/util/rng.h"

namespace loadlab::core {

namespace {

struct WfTypeStat {
  const char* type;
  double mean, sd, lo, hi;
};
struct WfEdgeStat {
  const char* from;
  const char* to;
  double mean, sd, lo, hi;
};
struct WfRecipeStats {
  const char* name;
  std::vector<WfTypeStat> runtime;  ///< seconds
  std::vector<WfEdgeStat> data;     ///< bytes
};

const std::vector<WfRecipeStats>& wfcommons_recipe_table() {
  static const std::vector<WfRecipeStats> table = {
      {"blast",
       {{"split_fasta", 0.054023, 0, 0.054023, 0.054023},
        {"blastall", 9.57035687, 0.339301235, 8.65305, 10.324337},
        {"cat_blast", 0.034811, 0, 0.034811, 0.034811},
        {"cat", 0.009611, 0, 0.009611, 0.009611}},
       {{"blastall", "cat", 0, 0, 0, 0},
        {"blastall", "cat_blast", 13.85, 7.30256804, 5, 49},
        {"split_fasta", "blastall", 6, 0, 6, 6}}},
      {"epigenomics",
       {{"fastqSplit", 1.345, 0, 1.345, 1.345},
        {"filterContams", 0.721555556, 0.156732689, 0.514, 1.136},
        {"sol2sanger", 0.394444444, 0.163706452, 0.152, 0.642},
        {"fast2bfq", 0.572777778, 0.151369142, 0.237, 0.841},
        {"map", 53.4033333, 7.36051392, 33.964, 59.718},
        {"mapMerge", 4.4195, 1.2175, 3.202, 5.637},
        {"chr21", 2.774, 0, 2.774, 2.774},
        {"pileup", 30.52, 0, 30.52, 30.52}},
       {{"chr21", "pileup", 8974436, 0, 8974436, 8974436},
        {"fast2bfq", "map", 2139362.67, 492679.593, 755757, 2402011},
        {"fastqSplit", "filterContams", 12159091.6, 2679135.85, 4585358, 13175800},
        {"filterContams", "sol2sanger", 11835772.7, 2619423.46, 4436434, 12931412},
        {"map", "mapMerge", 1054487.11, 257598.502, 354473, 1255491},
        {"mapMerge", "chr21", 8974436, 0, 8974436, 8974436},
        {"mapMerge", "mapMerge", 8974436, 0, 8974436, 8974436},
        {"sol2sanger", "fast2bfq", 9077993.56, 2010115.7, 3397227, 9901201}}},
      {"srasearch",
       {{"bowtie2-build", 6.352, 0, 6.352, 6.352},
        {"fasterq-dump", 644.5811, 184.744758, 397.278, 921.24},
        {"bowtie2", 54.4501, 14.1484616, 31.903, 84.503},
        {"merge", 0.115, 0, 0.115, 0.115}},
       {{"bowtie2", "merge", 339.9, 0.3, 339, 340},
        {"bowtie2-build", "bowtie2", 8526566, 0, 8526566, 8526566},
        {"fasterq-dump", "bowtie2", 1.06781911e+09, 405525144, 495411600, 1.78515741e+09},
        // Not in the 10-accession trace (one merge): a first-level merge's output, 2,412 bytes.
        {"merge", "merge", 2412, 0, 2412, 2412}}},
  };
  return table;
}

const WfRecipeStats& wfcommons_recipe_stats(const std::string& recipe) {
  for (const auto& r : wfcommons_recipe_table())
    if (recipe == r.name) return r;
  throw GraphError("unknown WfCommons recipe '" + recipe + "'");
}

GraphShape wfcommons_blast_shape(std::int32_t n) {
  WfShapeBuilder b;
  const TaskId split = b.add("split_fasta");
  std::vector<TaskId> blastall;
  for (std::int32_t i = 0; i < n - 3; ++i) {
    blastall.push_back(b.add("blastall"));
    b.edge(split, blastall.back());
  }
  const TaskId cat_blast = b.add("cat_blast"), cat = b.add("cat");
  for (TaskId t : blastall) b.edge(t, cat_blast), b.edge(t, cat);
  return b.s;
}

GraphShape wfcommons_epigenomics_shape(std::int32_t n) {
  const std::int32_t pipelines = 1 + (n - 9) / 4;
  WfShapeBuilder b;
  const TaskId split = b.add("fastqSplit");
  std::vector<TaskId> maps;
  for (std::int32_t i = 0; i < pipelines; ++i) {
    TaskId prev = split;
    for (const char* type : {"filterContams", "sol2sanger", "fast2bfq", "map"}) {
      const TaskId t = b.add(type);
      b.edge(prev, t);
      prev = t;
    }
    maps.push_back(prev);
  }
  const TaskId merge_seq = b.add("mapMerge");
  for (TaskId m : maps) b.edge(m, merge_seq);
  const TaskId merge = b.add("mapMerge");
  b.edge(merge_seq, merge);
  const TaskId chr21 = b.add("chr21");
  b.edge(merge, chr21);
  b.edge(chr21, b.add("pileup"));
  return b.s;
}

std::int32_t wfcommons_srasearch_tasks(std::int32_t accessions) {
  const std::int32_t merges = (accessions + 24) / 25;
  return 1 + 2 * accessions + merges + (merges > 1 ? 1 : 0);
}

GraphShape wfcommons_srasearch_shape(std::int32_t n) {
  std::int32_t accessions = (n - 2) / 2;
  while (accessions > 2 && wfcommons_srasearch_tasks(accessions) > n) --accessions;
  WfShapeBuilder b;
  const TaskId index = b.add("bowtie2-build");
  std::vector<TaskId> aligned;
  for (std::int32_t i = 0; i < accessions; ++i) {
    const TaskId dump = b.add("fasterq-dump");
    const TaskId bowtie = b.add("bowtie2");
    b.edge(dump, bowtie);
    b.edge(index, bowtie);
    aligned.push_back(bowtie);
  }
  std::vector<TaskId> merges;
  for (std::size_t first = 0; first < aligned.size(); first += 25) {
    merges.push_back(b.add("merge"));
    for (std::size_t i = first; i < std::min(aligned.size(), first + 25); ++i)
      b.edge(aligned[i], merges.back());
  }
  if (merges.size() > 1) {
    const TaskId last = b.add("merge");
    for (TaskId m : merges) b.edge(m, last);
  }
  return b.s;
}

double wfcommons_draw(util::Rng& rng, double mean, double sd, double lo, double hi) {
  if (!(sd > 0)) return mean;
  const double x = mean + sd * util::standard_normal(rng);
  return x < lo ? lo : (x > hi ? hi : x);
}

}  // namespace

const std::vector<std::string>& wfcommons_recipe_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all = {"blast", "epigenomics", "srasearch"};
    for (const auto& n : wfchef_recipe_names()) all.push_back(n);
    return all;
  }();
  return names;
}

std::int32_t wfcommons_recipe_min_tasks(const std::string& recipe) {
  if (is_wfchef_recipe(recipe)) return wfchef_recipe_min_tasks(recipe);
  (void)wfcommons_recipe_stats(recipe);
  return recipe == "blast" ? 5 : recipe == "epigenomics" ? 9 : 6;
}

GraphShape wfcommons_recipe_shape(const std::string& recipe, std::int32_t tasks) {
  if (is_wfchef_recipe(recipe)) return wfchef_recipe_shape(recipe, tasks);
  const std::int32_t lo = wfcommons_recipe_min_tasks(recipe);
  if (tasks < lo || tasks > kWfcommonsRecipeMaxTasks)
    throw GraphError("tasks must be in [" + std::to_string(lo) + ", " +
                     std::to_string(kWfcommonsRecipeMaxTasks) + "] for the " + recipe + " recipe");
  if (recipe == "blast") return wfcommons_blast_shape(tasks);
  if (recipe == "epigenomics") return wfcommons_epigenomics_shape(tasks);
  return wfcommons_srasearch_shape(tasks);
}

std::string wfcommons_task_type(const std::string& name) {
  const auto at = name.rfind("_ID");
  return at == std::string::npos ? name : name.substr(0, at);
}

TaskGraph wfcommons_recipe_graph(const std::string& recipe, std::int32_t tasks, std::uint64_t seed,
                                 double bandwidth) {
  if (is_wfchef_recipe(recipe)) return wfchef_recipe_graph(recipe, tasks, seed, bandwidth);
  if (!(bandwidth > 0) || bandwidth > 1e18)
    throw GraphError("bandwidth must be in (0, 1e18] bytes per second");
  const WfRecipeStats& st = wfcommons_recipe_stats(recipe);
  const GraphShape shape = wfcommons_recipe_shape(recipe, tasks);
  std::vector<std::string> types;
  types.reserve(shape.names.size());
  for (const auto& n : shape.names) types.push_back(wfcommons_task_type(n));
  util::Rng rng(seed);
  std::vector<double> comp;
  comp.reserve(types.size());
  for (const auto& t : types) {
    const auto it = std::find_if(st.runtime.begin(), st.runtime.end(),
                                 [&](const WfTypeStat& s) { return t == s.type; });
    comp.push_back(wfcommons_draw(rng, it->mean, it->sd, it->lo, it->hi));
  }
  std::vector<DagEdge> edges;
  edges.reserve(shape.edges.size());
  for (const auto& [a, b] : shape.edges) {
    const auto& ta = types[static_cast<std::size_t>(a)];
    const auto& tb = types[static_cast<std::size_t>(b)];
    const auto it = std::find_if(st.data.begin(), st.data.end(),
                                 [&](const WfEdgeStat& s) { return ta == s.from && tb == s.to; });
    const double bytes = wfcommons_draw(rng, it->mean, it->sd, it->lo, it->hi);
    edges.push_back({a, b, bytes / bandwidth});
  }
  return TaskGraph(std::move(comp), std::move(edges), shape.names);
}

}  // namespace loadlab::core
