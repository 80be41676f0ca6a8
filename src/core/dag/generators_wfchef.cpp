// WfCommons recipes with WfCommons' own fitted costs (Coleman, Casanova, Pottier, Kaushik, Deelman
// & Ferreira da Silva, "WfCommons: A Framework for Enabling Scientific Workflow Research and
// Development", Future Generation Computer Systems, 2022), for the applications without a real
// trace in our data to fit on.
//
// Structure: the hand-written recipes wfcommons/generator/workflow/<app>_recipe.py
// (wfcommons/WfCommons at 84a28d5202635f78c72f623bbc63719c229650ba).
//   genome (1000Genome): per chromosome, S individuals -> individuals_merge; sifting; then P
//            mutation_overlap and P frequency, each reading individuals_merge and sifting. C, S
//            and P come from the recipe's from_num_tasks loop, ported as is (deterministic):
//            C (S + 2 + 2P) <= N tasks.
//   seismology: N - 1 sG1IterDecon -> wrapper_siftSTFByMisfit (from_num_tasks: N - 1 pairs).
//   cycles:  per point and crop, K = C(params, 4) times baseline_cycles -> cycles and
//            baseline_cycles -> fertilizer_increase_cycles -> ..._output_parser; the K cycles ->
//            cycles_output_summary, the K parsers -> cycles_fertilizer_increase_output_summary;
//            per crop, its points' cycles_output_summary -> cycles_plots. Points, crops and
//            params from the recipe's from_num_tasks loop (costs made exact, see below).
//   soykb:   per pipeline (pair of FASTQ files) alignment_to_reference -> sort_sam -> dedup ->
//            add_replace -> realign_target_creator -> indel_realign -> C haplotype_caller; per
//            chromosome its callers -> genotype_gvcfs; every caller -> merge_gcvf; the
//            genotype_gvcfs -> combine_variants -> select_variants_{indel,snp} ->
//            filtering_{indel,snp}. P pipelines, C chromosomes: P (6 + C) + C + 6 <= N tasks.
//   bwa:     fastq_reduce and bwa_index -> N - 4 bwa -> cat_bwa and cat (from_num_tasks).
//   montage (one band):
//   montage: P mProject -> D mDiffFit (each reads two mProject) -> mConcatFit -> mBgModel ->
//            P mBackground -> mImgtbl -> mAdd -> mViewer.
//   The recipe's edges are these only (mBackground and mAdd also read mProject's and
//   mBackground's files, reached through the chain). Its from_num_tasks gives 4 mProject and 120
//   mDiffFit at its minimum of 133 tasks (DSS, degree 0.5) and grows both about 34:1 with the
//   degree; for N tasks we take P = max(2, (N + 11) / 34) and D = N - 5 - 2P, so N = 133 is
//   WfCommons' smallest instance. mDiffFit i < P - 1 reads mProject i and i + 1, as the recipe;
//   the recipe draws the others' two distinct mProject at random, we take them round-robin
//   (k-th extra: k mod P and the one 1 + (k / P) mod (P - 1) after it) so the shape is a
//   function of N.
//
// Costs: per task type, the runtime and the output files' sizes from
// wfcommons/wfchef/recipes/<app>/task_type_stats.json (montage at
// 6e048f6257d8e007bf2d8e0ed4a1d2a3ccd5e079, genome at 7fb61b977ebd22c6e9c44ab4e675649767601576,
// seismology at 6e048f6257d8e007bf2d8e0ed4a1d2a3ccd5e079, cycles and soykb at
// 7fb61b977ebd22c6e9c44ab4e675649767601576, bwa at 8b2487e2555a57feb6d938f7ba2df15b771d5504); a
// file whose distribution is null is WfCommons' min for it (equal to its max in these files); the
// others are drawn as WfCommons' generate_rvs does (util/scipy_dists.h): max(0.1, draw) * max. The
// recipe writes two .fits files per mProject, mBackground and mAdd; an edge carries the bytes of
// the parent's files the child reads (all of them, except mImgtbl reads the first of an
// mBackground's and mViewer the second of mAdd's; SoyKB's recipe picks files by position in a
// task's list, here a child reads all its parent's outputs). Data becomes time at `bandwidth` bytes
// per second. dweibull's heavy tail is kept as WfCommons samples it: a few mConcatFit / mBgModel
// runtimes are hundreds of times the type's maximum.
#include <algorithm>
#include <string_view>

#include "core/dag/wfchef_recipes.h"
#include "core/util/rng.h"

namespace loadlab::core {

namespace {

const WfchefRecipe* wfchef_find(const std::string& recipe) {
  for (const auto& r : wfchef_recipe_table())
    if (recipe == r.name) return &r;
  return nullptr;
}

GraphShape wfchef_montage_shape(std::int32_t n) {
  const std::int32_t projects = std::max<std::int32_t>(2, (n + 11) / 34);
  const std::int32_t diffs = n - 5 - 2 * projects;
  WfShapeBuilder b;
  std::vector<TaskId> project;
  for (std::int32_t i = 0; i < projects; ++i) project.push_back(b.add("mProject"));
  std::vector<TaskId> diff;
  for (std::int32_t i = 0; i < diffs; ++i) {
    diff.push_back(b.add("mDiffFit"));
    std::int32_t first = i, second = i + 1;
    if (i >= projects - 1) {
      const std::int32_t k = i - (projects - 1);
      first = k % projects;
      second = (first + 1 + (k / projects) % (projects - 1)) % projects;
    }
    b.edge(project[static_cast<std::size_t>(first)], diff.back());
    b.edge(project[static_cast<std::size_t>(second)], diff.back());
  }
  const TaskId concat = b.add("mConcatFit");
  for (TaskId d : diff) b.edge(d, concat);
  const TaskId model = b.add("mBgModel");
  b.edge(concat, model);
  std::vector<TaskId> background;
  for (std::int32_t i = 0; i < projects; ++i) {
    background.push_back(b.add("mBackground"));
    b.edge(model, background.back());
  }
  const TaskId imgtbl = b.add("mImgtbl");
  for (TaskId t : background) b.edge(t, imgtbl);
  const TaskId add = b.add("mAdd");
  b.edge(imgtbl, add);
  b.edge(add, b.add("mViewer"));
  return b.s;
}

struct WfchefGenomeSize {
  std::int32_t chromosomes = 1, sequences = 1, populations = 1;
};

// GenomeRecipe.from_num_tasks's loop, line by line (Python's `7 > p < s + 1` is 7 > p and
// p < s + 1); it leaves the recipe with chromosomes * (sequences + 2 + 2 * populations) <= n tasks.
WfchefGenomeSize wfchef_genome_size(std::int32_t n) {
  WfchefGenomeSize g;
  std::int32_t remaining = n - 5;
  while (remaining > 0) {
    bool added = false;
    if (g.sequences <= g.populations || (2 > remaining && remaining >= g.chromosomes)) {
      ++g.sequences;
      remaining -= 1;
      added = true;
    }
    if (7 > g.populations && g.populations < g.sequences + 1 && remaining >= 2) {
      ++g.populations;
      remaining -= 2;
      added = true;
    }
    if (!added) {
      const std::int32_t per_branch = 2 + g.populations * 2 + g.sequences;
      if (g.populations == 7 && g.chromosomes < 22 && remaining >= per_branch) {
        ++g.chromosomes;
        remaining -= per_branch;
      } else if (remaining >= g.chromosomes) {
        ++g.sequences;
        remaining -= g.chromosomes;
      } else {
        break;
      }
    }
  }
  return g;
}

GraphShape wfchef_seismology_shape(std::int32_t n) {
  WfShapeBuilder b;
  std::vector<TaskId> decon;
  for (std::int32_t i = 0; i < n - 1; ++i) decon.push_back(b.add("sG1IterDecon"));
  const TaskId sift = b.add("wrapper_siftSTFByMisfit");
  for (TaskId t : decon) b.edge(t, sift);
  return b.s;
}

std::int64_t wfchef_choose4(std::int64_t n) {
  return n < 4 ? 0 : n * (n - 1) * (n - 2) * (n - 3) / 24;
}

struct WfchefCyclesSize {
  std::int64_t points = 1, crops = 1, params = 4;
};

// CyclesRecipe.from_num_tasks's loop with exact costs: the recipe counts a crop as
// 4K * points + 3 and a point as 4K * crops + 3 * crops tasks (K = C(params, 4)), while they add
// (4K + 2) * points + 1 and (4K + 2) * crops, so its workflows can exceed N; these never do.
WfchefCyclesSize wfchef_cycles_size(std::int32_t n) {
  WfchefCyclesSize c;
  std::int64_t remaining = n - 7;
  while (remaining > 0) {
    bool added = false;
    const std::int64_t cost_param =
        (wfchef_choose4(c.params + 1) - wfchef_choose4(c.params)) * 4 * c.crops * c.points;
    if (remaining >= cost_param) {
      ++c.params;
      remaining -= cost_param;
      added = true;
    }
    const std::int64_t k = wfchef_choose4(c.params);
    const std::int64_t cost_crop = (4 * k + 2) * c.points + 1;
    if (remaining >= cost_crop) {
      ++c.crops;
      remaining -= cost_crop;
      added = true;
    }
    const std::int64_t cost_point = (4 * k + 2) * c.crops;
    if (remaining >= cost_point && 2 * remaining >= n) {
      ++c.points;
      remaining -= cost_point;
      added = true;
    }
    if (!added) break;
  }
  return c;
}

GraphShape wfchef_cycles_shape(std::int32_t n) {
  const WfchefCyclesSize c = wfchef_cycles_size(n);
  const std::int64_t combinations = wfchef_choose4(c.params);
  WfShapeBuilder b;
  std::vector<std::vector<TaskId>> summaries(static_cast<std::size_t>(c.crops));
  for (std::int64_t point = 0; point < c.points; ++point)
    for (std::int64_t crop = 0; crop < c.crops; ++crop) {
      std::vector<TaskId> cycles, parsers;
      for (std::int64_t i = 0; i < combinations; ++i) {
        const TaskId baseline = b.add("baseline_cycles");
        cycles.push_back(b.add("cycles"));
        const TaskId fertilizer = b.add("fertilizer_increase_cycles");
        parsers.push_back(b.add("cycles_fertilizer_increase_output_parser"));
        b.edge(baseline, cycles.back());
        b.edge(baseline, fertilizer);
        b.edge(fertilizer, parsers.back());
      }
      const TaskId summary = b.add("cycles_output_summary");
      for (TaskId t : cycles) b.edge(t, summary);
      summaries[static_cast<std::size_t>(crop)].push_back(summary);
      const TaskId fertilizer_summary = b.add("cycles_fertilizer_increase_output_summary");
      for (TaskId t : parsers) b.edge(t, fertilizer_summary);
    }
  for (const auto& crop : summaries) {
    const TaskId plots = b.add("cycles_plots");
    for (TaskId t : crop) b.edge(t, plots);
  }
  return b.s;
}

struct WfchefSoykbSize {
  std::int32_t chromosomes = 1, pipelines = 1;
};

// SoyKBRecipe.from_num_tasks: WfCommons draws the chromosomes uniformly in
// [1, min(ceil((N - 14) / 2), 22)]; we take the middle of that range, so the shape is a function
// of N. Then one pipeline per pair of FASTQ files while C + 6 tasks remain.
WfchefSoykbSize wfchef_soykb_size(std::int32_t n) {
  WfchefSoykbSize s;
  const std::int32_t top = std::min((n - 14 + 1) / 2, 22);
  s.chromosomes = std::max(1, (1 + top) / 2);
  std::int32_t remaining = n - 2 * s.chromosomes - 12;
  while (remaining >= s.chromosomes + 6) {
    ++s.pipelines;
    remaining -= s.chromosomes + 6;
  }
  return s;
}

GraphShape wfchef_soykb_shape(std::int32_t n) {
  const WfchefSoykbSize z = wfchef_soykb_size(n);
  WfShapeBuilder b;
  std::vector<std::vector<TaskId>> callers(static_cast<std::size_t>(z.chromosomes));
  for (std::int32_t p = 0; p < z.pipelines; ++p) {
    TaskId prev = b.add("alignment_to_reference");
    for (const char* type :
         {"sort_sam", "dedup", "add_replace", "realign_target_creator", "indel_realign"}) {
      const TaskId t = b.add(type);
      b.edge(prev, t);
      prev = t;
    }
    for (std::int32_t c = 0; c < z.chromosomes; ++c) {
      callers[static_cast<std::size_t>(c)].push_back(b.add("haplotype_caller"));
      b.edge(prev, callers[static_cast<std::size_t>(c)].back());
    }
  }
  std::vector<TaskId> genotypes;
  for (const auto& chromosome : callers) {
    genotypes.push_back(b.add("genotype_gvcfs"));
    for (TaskId t : chromosome) b.edge(t, genotypes.back());
  }
  const TaskId merge = b.add("merge_gcvf");
  for (const auto& chromosome : callers)
    for (TaskId t : chromosome) b.edge(t, merge);
  const TaskId combine = b.add("combine_variants");
  for (TaskId t : genotypes) b.edge(t, combine);
  const TaskId indel = b.add("select_variants_indel");
  const TaskId snp = b.add("select_variants_snp");
  b.edge(combine, indel);
  b.edge(combine, snp);
  b.edge(indel, b.add("filtering_indel"));
  b.edge(snp, b.add("filtering_snp"));
  return b.s;
}

GraphShape wfchef_bwa_shape(std::int32_t n) {
  WfShapeBuilder b;
  const TaskId reduce = b.add("fastq_reduce");
  const TaskId index = b.add("bwa_index");
  std::vector<TaskId> bwa;
  for (std::int32_t i = 0; i < n - 4; ++i) {
    bwa.push_back(b.add("bwa"));
    b.edge(reduce, bwa.back());
    b.edge(index, bwa.back());
  }
  const TaskId cat_bwa = b.add("cat_bwa");
  const TaskId cat = b.add("cat");
  for (TaskId t : bwa) b.edge(t, cat_bwa), b.edge(t, cat);
  return b.s;
}

GraphShape wfchef_genome_shape(std::int32_t n) {
  const WfchefGenomeSize g = wfchef_genome_size(n);
  WfShapeBuilder b;
  for (std::int32_t c = 0; c < g.chromosomes; ++c) {
    std::vector<TaskId> individuals;
    for (std::int32_t i = 0; i < g.sequences; ++i) individuals.push_back(b.add("individuals"));
    const TaskId merge = b.add("individuals_merge");
    for (TaskId t : individuals) b.edge(t, merge);
    const TaskId sifting = b.add("sifting");
    for (const char* type : {"mutation_overlap", "frequency"})
      for (std::int32_t p = 0; p < g.populations; ++p) {
        const TaskId t = b.add(type);
        b.edge(sifting, t);
        b.edge(merge, t);
      }
  }
  return b.s;
}

}  // namespace

const std::vector<std::string>& wfchef_recipe_names() {
  static const std::vector<std::string> names = {"montage", "genome", "seismology", "cycles",
                                                 "soykb"};
  return names;
}

bool is_wfchef_recipe(const std::string& recipe) {
  return wfchef_find(recipe) != nullptr;
}

std::int32_t wfchef_recipe_min_tasks(const std::string& recipe) {
  // genome, seismology, cycles: WfCommons' minima; montage: 2 mProject, 1 mDiffFit.
  if (recipe == "cycles") return 7;
  if (recipe == "soykb") return 14;
  if (recipe == "bwa") return 6;
  return recipe == "genome" ? 5 : recipe == "seismology" ? 3 : 10;
}

GraphShape wfchef_recipe_shape(const std::string& recipe, std::int32_t tasks) {
  const std::int32_t lo = wfchef_recipe_min_tasks(recipe);
  if (tasks < lo || tasks > kWfcommonsRecipeMaxTasks)
    throw GraphError("tasks must be in [" + std::to_string(lo) + ", " +
                     std::to_string(kWfcommonsRecipeMaxTasks) + "] for the " + recipe + " recipe");
  if (recipe == "genome") return wfchef_genome_shape(tasks);
  if (recipe == "seismology") return wfchef_seismology_shape(tasks);
  if (recipe == "cycles") return wfchef_cycles_shape(tasks);
  if (recipe == "soykb") return wfchef_soykb_shape(tasks);
  if (recipe == "bwa") return wfchef_bwa_shape(tasks);
  return wfchef_montage_shape(tasks);
}

TaskGraph wfchef_recipe_graph(const std::string& recipe, std::int32_t tasks, std::uint64_t seed,
                              double bandwidth) {
  if (!(bandwidth > 0) || bandwidth > 1e18)
    throw GraphError("bandwidth must be in (0, 1e18] bytes per second");
  const WfchefRecipe* r = wfchef_find(recipe);
  if (!r) throw GraphError("unknown WfCommons recipe '" + recipe + "'");
  const GraphShape shape = wfchef_recipe_shape(recipe, tasks);
  std::vector<const WfchefType*> type_of;
  type_of.reserve(shape.names.size());
  for (const auto& n : shape.names) {
    const std::string t = wfcommons_task_type(n);
    type_of.push_back(&*std::find_if(r->types.begin(), r->types.end(),
                                     [&](const WfchefType& s) { return t == s.type; }));
  }
  util::Rng rng(seed);
  std::vector<double> comp;
  comp.reserve(type_of.size());
  for (const WfchefType* t : type_of)
    comp.push_back(util::wfcommons_rvs(t->runtime, t->runtime_max, rng));
  std::vector<int> children(type_of.size(), 0), next_child(type_of.size(), 0);
  for (const auto& [a, b] : shape.edges) ++children[static_cast<std::size_t>(a)];
  std::vector<std::vector<double>> files(type_of.size());
  for (std::size_t i = 0; i < type_of.size(); ++i)
    for (const WfchefOutput& o : type_of[i]->outputs)
      for (int f = 0; f < (o.files > 0 ? o.files : children[i]); ++f)
        files[i].push_back(o.fixed ? o.max : util::wfcommons_rvs(o.dist, o.max, rng));
  std::vector<DagEdge> edges;
  edges.reserve(shape.edges.size());
  for (const auto& [a, b] : shape.edges) {
    const auto& out = files[static_cast<std::size_t>(a)];
    const char* from = type_of[static_cast<std::size_t>(a)]->type;
    const char* to = type_of[static_cast<std::size_t>(b)]->type;
    double bytes = 0;
    const auto partial =
        std::find_if(r->partial_reads.begin(), r->partial_reads.end(), [&](const auto& p) {
          return std::string_view(p.from) == from && std::string_view(p.to) == to;
        });
    if (partial != r->partial_reads.end())
      bytes = out[static_cast<std::size_t>(
          partial->file >= 0 ? partial->file : next_child[static_cast<std::size_t>(a)]++)];
    else
      for (double f : out) bytes += f;
    edges.push_back({a, b, bytes / bandwidth});
  }
  return TaskGraph(std::move(comp), std::move(edges), shape.names);
}

}  // namespace loadlab::core
