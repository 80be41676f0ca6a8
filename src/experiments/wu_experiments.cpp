// Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Section 5 (Table I, Figs 14-17), Examples 1-4.
// Load distribution and the noise band of Table I: ERRATA.md 000 "Table I". The figures themselves
// are missing from the text, so only Table I and the worked examples carry printed values.
#include "experiments/wu_experiments.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "core/balance/cwa.h"
#include "core/balance/dem.h"
#include "core/balance/kwa.h"
#include "core/balance/mwa.h"
#include "core/balance/optimal.h"
#include "core/balance/twa.h"
#include "core/metrics/balance_metrics.h"
#include "core/model/loads.h"
#include "core/model/topology.h"
#include "core/util/rng.h"

namespace loadlab::experiments {

namespace {

using core::LoadVector;
using core::Topology;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Table I as printed (percent), rows N = 4..64, columns average weight 2..100.
const double kTableI[5][6] = {{74.3, 75.3, 75.7, 75.1, 74.5, 74.6},
                              {31.2, 30.6, 34.8, 33.2, 36.2, 32.0},
                              {4.0, 5.8, 6.3, 7.6, 5.4, 7.7},
                              {0.0, 0.2, 0.1, 0.3, 0.2, 0.7},
                              {0.0, 0.0, 0.0, 0.0, 0.0, 0.0}};

// Figs 14 and 15 only cover the first three sizes (4, 8, 16): few DEM cases balance beyond that.
constexpr int kFigSizes = 3;

int log2i(int n) {
  int d = 0;
  while ((1 << d) < n) ++d;
  return d;
}

std::int64_t hops(const core::BalanceResult& r) {
  return core::compute_balance_metrics(r).task_hops;
}

// One deterministic generator per experiment cell, so cells do not depend on each other's order.
util::Rng cell_rng(std::uint64_t seed, int fig, int n, int avg) {
  return util::Rng(seed * 0x9E3779B97F4A7C15ULL + std::uint64_t(fig) * 1'000'003ULL +
                   std::uint64_t(n) * 1009ULL + std::uint64_t(avg));
}

LoadVector draw(int n, int avg, util::Rng& rng) {
  return core::generate_loads(core::LoadGenerator::Multinomial, n, avg, rng);
}

bool wants(const WuOptions& o, WuExperiment e) {
  for (WuExperiment w : o.which)
    if (w == e) return true;
  return false;
}

// Progress over the whole run in abstract work units (roughly proportional to time) and the
// cancel check, shared by every experiment loop.
class Work {
 public:
  Work(const WuOptions& o, double total) : o_(o), total_(total > 0 ? total : 1) {}
  /// Records `units` done; returns false when the run must stop.
  bool step(double units) {
    done_ += units;
    if (o_.progress) o_.progress(std::min(1.0, done_ / total_));
    return !cancelled();
  }
  bool cancelled() const { return o_.cancel && o_.cancel->load(); }

 private:
  const WuOptions& o_;
  double total_, done_ = 0;
};

// A DEM case on a small cube also runs CWA and the optimum when balanced: about three times the
// work.
double dem_case_units(int n, bool figs) {
  return double(n) * (figs && n <= 16 ? 3.0 : 1.0);
}
double cost_case_units(int n) {
  return 3.0 * n;
}

struct Shape {
  int rows, cols;
};
std::vector<Shape> cost_shapes(bool mesh) {
  return mesh ? std::vector<Shape>{{4, 2}, {4, 4}, {8, 4}, {8, 8}, {16, 8}, {16, 16}}
              : std::vector<Shape>{{64, 1}, {256, 1}};
}

ExperimentTable worked_examples() {
  ExperimentTable t;
  t.id = "examples";
  t.title =
      "Worked examples (paper vs ours, task-hops; loads of the figures reconstructed from the "
      "text)";
  t.note = "Examples 1-4 of Sections 3.1-3.3; the optimum is the min-cost flow of Section 2";
  t.columns = {
      {"paper_task_hops", 0, true}, {"our_task_hops", 0, false}, {"optimal_task_hops", 0, false}};
  const LoadVector fig1 = {19, 11, 2, 9, 0, 9, 10, 4};
  const Topology cube = Topology::hypercube(3);
  const Topology tree = Topology::tree({-1, 0, 1, 1, 0, 4, 0, 6, 6});
  const Topology mesh = Topology::mesh(4, 4);
  const LoadVector ex1 = {1, 4, 5, 11, 7, 2, 3, 3, 5};
  const LoadVector ex4 = {7, 12, 6, 16, 17, 3, 0, 15, 2, 13, 5, 5, 5, 6, 4, 12};
  auto add = [&](const char* label, int paper, std::int64_t ours, std::int64_t optimum) {
    t.row_labels.emplace_back(label);
    t.rows.push_back({double(paper), double(ours), double(optimum)});
  };
  add("Example 1  TWA on the 9-node tree", 16, hops(core::twa(tree, ex1)),
      hops(core::optimal(tree, ex1)));
  add("Example 2  DEM on the 3-cube", 33, hops(core::dem(cube, fig1)),
      hops(core::optimal(cube, fig1)));
  add("Example 3  CWA on the 3-cube", 21, hops(core::cwa(cube, fig1)),
      hops(core::optimal(cube, fig1)));
  add("Example 4  MWA on the 4x4 mesh", 48, hops(core::mwa(mesh, ex4)),
      hops(core::optimal(mesh, ex4)));
  return t;
}

// Table I and, from the same DEM runs on 4, 8, 16 nodes, Figs 14 and 15. Returns false if
// cancelled.
bool dem_sweep(const WuOptions& o, Work& work, std::vector<ExperimentTable>& out) {
  const bool table = wants(o, WuExperiment::TableI);
  const bool figs = wants(o, WuExperiment::Fig14) || wants(o, WuExperiment::Fig15);
  const auto& sizes = wu_table_sizes();
  const auto& weights = wu_average_weights();
  const int nsizes = table ? int(sizes.size()) : kFigSizes;

  ExperimentTable t1, f14, f15;
  t1.id = "table1";
  t1.title = "Table I: percentage of fully-balanced cases of DEM";
  t1.note = "each cell: paper / ours";
  t1.csv_name = "wu_table1_dem_fully_balanced.csv";
  t1.columns = {
      {"nodes"}, {"avg_weight"}, {"cases"}, {"paper_percent", 2, true}, {"our_percent", 2}};
  f14.id = "fig14";
  f14.title =
      "Fig 14: normalized locality of DEM, (T_DEM - T_OPT) / T_OPT with T = non-local tasks";
  f14.note = "averaged over DEM's fully balanced cases (a case with T_OPT = 0 has no ratio)";
  f14.csv_name = "wu_fig14_dem_locality.csv";
  f14.columns = {{"nodes"}, {"avg_weight"}, {"balanced_cases"}, {"normalized_locality", 6}};
  f15.id = "fig15";
  f15.title =
      "Fig 15: normalized communication cost (C - C_OPT) / C_OPT with C = task-hops, DEM | CWA";
  f15.note = "same cases as Fig 14; the paper: CWA is optimal on 4 nodes, DEM costs much more";
  f15.csv_name = "wu_fig15_comm_cost_dem_cwa.csv";
  f15.columns = {{"nodes"},
                 {"avg_weight"},
                 {"balanced_cases"},
                 {"dem_normalized_cost", 6},
                 {"cwa_normalized_cost", 6}};
  for (ExperimentTable* t : {&t1, &f14, &f15}) {
    t->distribution = wu_load_distribution();
    t->cases = o.cases;
  }

  for (int a = 0; a < nsizes; ++a) {
    const int n = sizes[std::size_t(a)];
    const Topology cube = Topology::hypercube(log2i(n));
    const double units = dem_case_units(n, figs);
    for (std::size_t b = 0; b < weights.size(); ++b) {
      const int avg = weights[b];
      if ((std::size_t(a) * weights.size() + b) % std::size_t(o.parts) != std::size_t(o.part)) {
        t1.rows.push_back({double(n), double(avg), double(o.cases), kTableI[a][b], kNaN});
        if (a < kFigSizes) {
          f14.rows.push_back({double(n), double(avg), kNaN, kNaN});
          f15.rows.push_back({double(n), double(avg), kNaN, kNaN, kNaN});
        }
        continue;  // another process's cell (WuOptions::part)
      }
      util::Rng rng = cell_rng(o.seed, 1, n, avg);
      int balanced = 0, used = 0;
      double locality = 0, dem_cost = 0, cwa_cost = 0;
      for (int c = 0; c < o.cases; ++c) {
        const LoadVector w = draw(n, avg, rng);
        const core::BalanceMetrics dm = core::compute_balance_metrics(core::dem(cube, w));
        if (dm.max_minus_min <= 1) {
          ++balanced;
          // Figs 14-15 average over DEM's fully balanced cases; a case that needs no migration at
          // all (T_OPT = 0) has no defined ratio and is left out.
          const std::int64_t t_opt = core::min_non_local_tasks(w);
          if (figs && a < kFigSizes && t_opt != 0) {
            const std::int64_t c_opt = hops(core::optimal(cube, w));
            ++used;
            locality += double(dm.non_local_tasks - t_opt) / double(t_opt);
            dem_cost += double(dm.task_hops - c_opt) / double(c_opt);
            cwa_cost += double(hops(core::cwa(cube, w)) - c_opt) / double(c_opt);
          }
        }
        if (!work.step(units)) return false;
      }
      t1.rows.push_back(
          {double(n), double(avg), double(o.cases), kTableI[a][b], 100.0 * balanced / o.cases});
      if (a < kFigSizes) {
        f14.rows.push_back({double(n), double(avg), double(used), used ? locality / used : kNaN});
        f15.rows.push_back({double(n), double(avg), double(used), used ? dem_cost / used : kNaN,
                            used ? cwa_cost / used : kNaN});
      }
    }
  }
  if (table) out.push_back(std::move(t1));
  if (wants(o, WuExperiment::Fig14)) out.push_back(std::move(f14));
  if (wants(o, WuExperiment::Fig15)) out.push_back(std::move(f15));
  return true;
}

// Figs 16 and 17: mean normalized cost of a walking algorithm against the optimum.
bool cost_figure(const WuOptions& o, Work& work, bool mesh, std::vector<ExperimentTable>& out) {
  ExperimentTable t;
  t.id = mesh ? "fig17" : "fig16";
  t.title = mesh ? "Fig 17: normalized communication cost of MWA, meshes M x M or M x M/2"
                 : "Fig 16: normalized communication cost of CWA";
  t.note = mesh ? "(C_MWA - C_OPT) / C_OPT; cases with C_OPT = 0 are left out"
                : "(C_CWA - C_OPT) / C_OPT; cases with C_OPT = 0 are left out";
  t.csv_name = mesh ? "wu_fig17_comm_cost_mwa.csv" : "wu_fig16_comm_cost_cwa.csv";
  t.distribution = wu_load_distribution();
  t.cases = o.fig_cases;
  if (mesh)
    t.columns = {{"nodes"},      {"rows"},  {"cols"},
                 {"avg_weight"}, {"cases"}, {"mwa_normalized_cost", 6}};
  else
    t.columns = {{"nodes"}, {"avg_weight"}, {"cases"}, {"cwa_normalized_cost", 6}};
  for (const Shape& s : cost_shapes(mesh)) {
    const int n = s.rows * s.cols;
    const Topology topo = mesh ? Topology::mesh(s.rows, s.cols) : Topology::hypercube(log2i(n));
    for (int avg : wu_average_weights()) {
      if (t.rows.size() % std::size_t(o.parts) != std::size_t(o.part)) {  // another process's
        if (mesh)
          t.rows.push_back({double(n), double(s.rows), double(s.cols), double(avg), kNaN, kNaN});
        else
          t.rows.push_back({double(n), double(avg), kNaN, kNaN});
        continue;
      }
      util::Rng rng = cell_rng(o.seed, mesh ? 17 : 16, n, avg);
      double sum = 0;
      int used = 0;
      for (int c = 0; c < o.fig_cases; ++c) {
        const LoadVector w = draw(n, avg, rng);
        const std::int64_t opt = hops(core::optimal(topo, w));
        if (opt != 0) {
          const std::int64_t alg = hops(mesh ? core::mwa(topo, w) : core::cwa(topo, w));
          sum += double(alg - opt) / double(opt);
          ++used;
        }
        if (!work.step(cost_case_units(n))) return false;
      }
      const double v = used ? sum / used : kNaN;
      if (mesh)
        t.rows.push_back({double(n), double(s.rows), double(s.cols), double(avg), double(used), v});
      else
        t.rows.push_back({double(n), double(avg), double(used), v});
    }
  }
  out.push_back(std::move(t));
  return true;
}

// Beyond the paper: the k-ary n-cube walk its Section 7 invites, on tori of Fig 17's shapes (those
// with at least 3 rows and columns), against the optimum on the same torus.
bool kwa_torus_figure(const WuOptions& o, Work& work, std::vector<ExperimentTable>& out) {
  ExperimentTable t;
  t.id = "kwa_tori";
  t.title = "Beyond the paper: normalized communication cost of the k-ary n-cube walk on tori";
  t.note = "(C_KWA - C_OPT) / C_OPT on the torus; cases with C_OPT = 0 are left out";
  t.csv_name = "wu_kwa_tori_comm_cost.csv";
  t.distribution = wu_load_distribution();
  t.cases = o.fig_cases;
  t.columns = {{"nodes"},      {"rows"},  {"cols"},
               {"avg_weight"}, {"cases"}, {"kwa_normalized_cost", 6}};
  for (const Shape& s : cost_shapes(true)) {
    if (s.rows < 3 || s.cols < 3) continue;
    const int n = s.rows * s.cols;
    const Topology topo = Topology::torus(s.rows, s.cols);
    for (int avg : wu_average_weights()) {
      if (t.rows.size() % std::size_t(o.parts) != std::size_t(o.part)) {
        t.rows.push_back({double(n), double(s.rows), double(s.cols), double(avg), kNaN, kNaN});
        continue;
      }
      util::Rng rng = cell_rng(o.seed, 18, n, avg);
      double sum = 0;
      int used = 0;
      for (int c = 0; c < o.fig_cases; ++c) {
        const LoadVector w = draw(n, avg, rng);
        const std::int64_t opt = hops(core::optimal(topo, w));
        if (opt != 0) {
          sum += double(hops(core::kwa(topo, w)) - opt) / double(opt);
          ++used;
        }
        if (!work.step(cost_case_units(n))) return false;
      }
      t.rows.push_back({double(n), double(s.rows), double(s.cols), double(avg), double(used),
                        used ? sum / used : kNaN});
    }
  }
  out.push_back(std::move(t));
  return true;
}

}  // namespace

int ExperimentTable::column(const std::string& name) const {
  for (std::size_t i = 0; i < columns.size(); ++i)
    if (columns[i].name == name) return int(i);
  return -1;
}

std::string experiment_csv(const ExperimentTable& table) {
  std::string text;
  for (std::size_t c = 0; c < table.columns.size(); ++c)
    text += (c ? "," : "") + table.columns[c].name;
  text += "\n";
  for (const auto& row : table.rows) {
    for (std::size_t c = 0; c < row.size(); ++c) {
      if (c) text += ",";
      if (std::isnan(row[c])) continue;
      const int digits = c < table.columns.size() ? table.columns[c].decimals : 6;
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.*f", digits, row[c]);
      text += buf;
    }
    text += "\n";
  }
  return text;
}

const std::vector<WuExperiment>& wu_experiment_list() {
  static const std::vector<WuExperiment> all = {WuExperiment::Examples, WuExperiment::TableI,
                                                WuExperiment::Fig14,    WuExperiment::Fig15,
                                                WuExperiment::Fig16,    WuExperiment::Fig17};
  return all;
}

const char* wu_experiment_name(WuExperiment e) {
  switch (e) {
    case WuExperiment::Examples:
      return "Worked examples";
    case WuExperiment::TableI:
      return "Table I";
    case WuExperiment::Fig14:
      return "Fig 14";
    case WuExperiment::Fig15:
      return "Fig 15";
    case WuExperiment::Fig16:
      return "Fig 16";
    case WuExperiment::Fig17:
      return "Fig 17";
  }
  return "?";
}

const char* wu_experiment_id(WuExperiment e) {
  switch (e) {
    case WuExperiment::Examples:
      return "examples";
    case WuExperiment::TableI:
      return "table1";
    case WuExperiment::Fig14:
      return "fig14";
    case WuExperiment::Fig15:
      return "fig15";
    case WuExperiment::Fig16:
      return "fig16";
    case WuExperiment::Fig17:
      return "fig17";
  }
  return "?";
}

const std::vector<int>& wu_average_weights() {
  static const std::vector<int> w = {2, 5, 10, 20, 50, 100};
  return w;
}

const std::vector<int>& wu_table_sizes() {
  static const std::vector<int> n = {4, 8, 16, 32, 64};
  return n;
}

double wu_table1_printed(int size_index, int weight_index) {
  if (size_index < 0 || size_index >= 5 || weight_index < 0 || weight_index >= 6)
    throw std::out_of_range("wu_table1_printed: index out of range");
  return kTableI[size_index][weight_index];
}

const char* wu_load_distribution() {
  return "multinomial: N*avg tasks, each thrown onto a uniformly random processor (the paper does "
         "not say how Table I's loads were drawn; this choice matches its noise band)";
}

WuResults run_wu_experiments(const WuOptions& o) {
  constexpr int kMaxCases = 1'000'000;
  if (o.cases < 1 || o.cases > kMaxCases)
    throw std::invalid_argument("cases: must be in [1, 1000000], got " + std::to_string(o.cases));
  if (o.fig_cases < 1 || o.fig_cases > kMaxCases)
    throw std::invalid_argument("fig_cases: must be in [1, 1000000], got " +
                                std::to_string(o.fig_cases));
  if (o.parts < 1 || o.part < 0 || o.part >= o.parts)
    throw std::invalid_argument("part: must be in [0, parts)");
  const bool table = wants(o, WuExperiment::TableI);
  const bool figs = wants(o, WuExperiment::Fig14) || wants(o, WuExperiment::Fig15);
  double total = 0;
  if (table || figs) {
    const int nsizes = table ? int(wu_table_sizes().size()) : kFigSizes;
    for (int a = 0; a < nsizes; ++a)
      total += dem_case_units(wu_table_sizes()[std::size_t(a)], figs) * o.cases *
               double(wu_average_weights().size());
  }
  for (bool mesh : {false, true})
    if (wants(o, mesh ? WuExperiment::Fig17 : WuExperiment::Fig16))
      for (const Shape& s : cost_shapes(mesh))
        total += cost_case_units(s.rows * s.cols) * o.fig_cases *
                 double(wu_average_weights().size()) * (mesh && s.rows >= 3 && s.cols >= 3 ? 2 : 1);

  WuResults res;
  Work work(o, total);
  if (work.cancelled()) return res.cancelled = true, res;
  if (wants(o, WuExperiment::Examples)) res.tables.push_back(worked_examples());
  if ((table || figs) && !dem_sweep(o, work, res.tables)) return res.cancelled = true, res;
  for (bool mesh : {false, true})
    if (wants(o, mesh ? WuExperiment::Fig17 : WuExperiment::Fig16) &&
        !cost_figure(o, work, mesh, res.tables))
      return res.cancelled = true, res;
  if (wants(o, WuExperiment::Fig17) && !kwa_torus_figure(o, work, res.tables))
    return res.cancelled = true, res;
  if (o.progress) o.progress(1.0);
  return res;
}

const ExperimentTable* find_table(const WuResults& results, const std::string& id) {
  for (const auto& t : results.tables)
    if (t.id == id) return &t;
  return nullptr;
}

}  // namespace loadlab::experiments
