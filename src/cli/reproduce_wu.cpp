// `loadlab reproduce wu`: paper 000 (../shared/seeds/000_ace8fcde3218dd88.txt), Section 5.
//
// Sections: worked examples (Examples 1-4), Table I (DEM fully-balanced %), the data behind
// Fig 14 (normalized locality of DEM), Fig 15 (normalized communication cost of DEM and CWA on 4, 8,
// 16 nodes), Fig 16 (CWA on 64 and 256 nodes) and Fig 17 (MWA on 8..256-node meshes). The figures
// are missing from the text, so only our numbers are printed for them. Load distribution: ERRATA.md
// 000 "Table I" (N * avg tasks thrown onto uniformly random processors).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "core/balance/cwa.h"
#include "core/balance/dem.h"
#include "core/balance/mwa.h"
#include "core/balance/optimal.h"
#include "core/balance/twa.h"
#include "core/metrics/balance_metrics.h"
#include "core/model/loads.h"

namespace loadlab::cli {

namespace {

using core::LoadVector;
using core::Topology;

const int kWeights[] = {2, 5, 10, 20, 50, 100};
const int kTableSizes[] = {4, 8, 16, 32, 64};
// Table I as printed (percent), rows N = 4..64, columns average weight 2..100.
const double kTableI[5][6] = {{74.3, 75.3, 75.7, 75.1, 74.5, 74.6},
                              {31.2, 30.6, 34.8, 33.2, 36.2, 32.0},
                              {4.0, 5.8, 6.3, 7.6, 5.4, 7.7},
                              {0.0, 0.2, 0.1, 0.3, 0.2, 0.7},
                              {0.0, 0.0, 0.0, 0.0, 0.0, 0.0}};

constexpr const char* kDistribution =
    "multinomial: N*avg tasks, each thrown onto a uniformly random processor (ERRATA.md 000 "
    "\"Table I\")";

std::string fmt(const char* f, double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, x);
  return buf;
}

std::string pad(const std::string& s, std::size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

int log2i(int n) {
  int d = 0;
  while ((1 << d) < n) ++d;
  return d;
}

std::int64_t hops(const core::BalanceResult& r) { return core::compute_balance_metrics(r).task_hops; }

// One deterministic generator per experiment cell, so cells do not depend on each other's order.
util::Rng cell_rng(std::uint64_t seed, int fig, int n, int avg) {
  return util::Rng(seed * 0x9E3779B97F4A7C15ULL + std::uint64_t(fig) * 1'000'003ULL +
                   std::uint64_t(n) * 1009ULL + std::uint64_t(avg));
}

LoadVector draw(int n, int avg, util::Rng& rng) {
  return core::generate_loads(core::LoadGenerator::Multinomial, n, avg, rng);
}

// Collects CSV rows and writes them when a folder was given.
class Csv {
 public:
  Csv(const ReproduceOptions& opts, std::string name, std::string header)
      : dir_(opts.csv_dir), name_(std::move(name)) {
    text_ << header << "\n";
  }
  template <class... T>
  void row(const T&... cells) {
    bool first = true;
    ((text_ << (first ? "" : ",") << cells, first = false), ...);
    text_ << "\n";
  }
  bool write(std::ostream& out) const {
    if (dir_.empty()) return true;
    std::error_code ec;
    std::filesystem::create_directories(dir_, ec);
    const std::filesystem::path path = std::filesystem::path(dir_) / name_;
    std::ofstream f(path);
    f << text_.str();
    if (!f) {
      out << "error: cannot write " << path.string() << "\n";
      return false;
    }
    out << "  (CSV: " << path.string() << ")\n";
    return true;
  }

 private:
  std::string dir_, name_;
  std::ostringstream text_;
};

void worked_examples(std::ostream& out) {
  out << "Worked examples (paper vs ours, task-hops; ERRATA.md 000 for the loads)\n";
  const LoadVector fig1 = {19, 11, 2, 9, 0, 9, 10, 4};
  const Topology cube = Topology::hypercube(3);
  const Topology tree = Topology::tree({-1, 0, 1, 1, 0, 4, 0, 6, 6});
  const Topology mesh = Topology::mesh(4, 4);
  const LoadVector ex1 = {1, 4, 5, 11, 7, 2, 3, 3, 5};
  const LoadVector ex4 = {7, 12, 6, 16, 17, 3, 0, 15, 2, 13, 5, 5, 5, 6, 4, 12};
  struct Row {
    const char* what;
    int paper;
    std::int64_t ours, optimum;
  };
  const Row rows[] = {
      {"Example 1  TWA on the 9-node tree", 16, hops(core::twa(tree, ex1)),
       hops(core::optimal(tree, ex1))},
      {"Example 2  DEM on the 3-cube     ", 33, hops(core::dem(cube, fig1)),
       hops(core::optimal(cube, fig1))},
      {"Example 3  CWA on the 3-cube     ", 21, hops(core::cwa(cube, fig1)),
       hops(core::optimal(cube, fig1))},
      {"Example 4  MWA on the 4x4 mesh   ", 48, hops(core::mwa(mesh, ex4)),
       hops(core::optimal(mesh, ex4))},
  };
  for (const Row& r : rows)
    out << "  " << r.what << "  paper " << pad(std::to_string(r.paper), 3) << "  ours "
        << pad(std::to_string(r.ours), 3) << "  optimum " << pad(std::to_string(r.optimum), 3)
        << (r.paper == r.ours ? "" : "  MISMATCH") << "\n";
  out << "\n";
}

// Table I and, from the same DEM runs on 4, 8, 16 nodes, Figs 14 and 15.
bool table1_fig14_fig15(const ReproduceOptions& opts, int cases, std::ostream& out) {
  Csv t1(opts, "wu_table1_dem_fully_balanced.csv", "nodes,avg_weight,cases,paper_percent,our_percent");
  Csv f14(opts, "wu_fig14_dem_locality.csv", "nodes,avg_weight,balanced_cases,normalized_locality");
  Csv f15(opts, "wu_fig15_comm_cost_dem_cwa.csv",
          "nodes,avg_weight,balanced_cases,dem_normalized_cost,cwa_normalized_cost");
  struct FigCell {
    int used = 0;
    double locality = 0, dem = 0, cwa = 0;
  };
  std::vector<std::vector<double>> ours(5, std::vector<double>(6, 0));
  std::vector<std::vector<FigCell>> fig(3, std::vector<FigCell>(6));
  for (int a = 0; a < 5; ++a) {
    const int n = kTableSizes[a];
    const Topology cube = Topology::hypercube(log2i(n));
    for (int b = 0; b < 6; ++b) {
      const int avg = kWeights[b];
      util::Rng rng = cell_rng(opts.seed, 1, n, avg);
      int balanced = 0;
      for (int c = 0; c < cases; ++c) {
        const LoadVector w = draw(n, avg, rng);
        const core::BalanceResult d = core::dem(cube, w);
        const core::BalanceMetrics dm = core::compute_balance_metrics(d);
        if (dm.max_minus_min > 1) continue;
        ++balanced;
        if (a >= 3) continue;
        // Figs 14-15 average over DEM's fully balanced cases; a case that needs no migration at all
        // (T_OPT = 0) has no defined ratio and is left out.
        const std::int64_t t_opt = core::min_non_local_tasks(w);
        if (t_opt == 0) continue;
        const std::int64_t c_opt = hops(core::optimal(cube, w));
        FigCell& cell = fig[a][b];
        ++cell.used;
        cell.locality += double(dm.non_local_tasks - t_opt) / double(t_opt);
        cell.dem += double(dm.task_hops - c_opt) / double(c_opt);
        cell.cwa += double(hops(core::cwa(cube, w)) - c_opt) / double(c_opt);
      }
      ours[a][b] = 100.0 * balanced / cases;
      t1.row(n, avg, cases, fmt("%.2f", kTableI[a][b]), fmt("%.2f", ours[a][b]));
    }
  }

  out << "Table I: percentage of fully-balanced cases of DEM (" << cases << " cases per cell)\n"
      << "  load distribution: " << kDistribution << "\n"
      << "  each cell: paper / ours\n"
      << "  N   ";
  for (int avg : kWeights) out << pad("avg " + std::to_string(avg), 16);
  out << "\n";
  for (int a = 0; a < 5; ++a) {
    out << "  " << pad(std::to_string(kTableSizes[a]), 3) << " ";
    for (int b = 0; b < 6; ++b)
      out << pad(fmt("%.2f%%", kTableI[a][b]) + " / " + fmt("%.1f%%", ours[a][b]), 16);
    out << "\n";
  }
  bool ok = t1.write(out);
  out << "\n";

  out << "Fig 14: normalized locality of DEM, (T_DEM - T_OPT) / T_OPT with T = non-local tasks\n"
      << "  averaged over DEM's fully balanced cases among " << cases << " (count in brackets)\n"
      << "  N   ";
  for (int avg : kWeights) out << pad("avg " + std::to_string(avg), 14);
  out << "\n";
  for (int a = 0; a < 3; ++a) {
    out << "  " << pad(std::to_string(kTableSizes[a]), 3) << " ";
    for (int b = 0; b < 6; ++b) {
      const FigCell& c = fig[a][b];
      const double v = c.used ? c.locality / c.used : 0.0;
      out << pad((c.used ? fmt("%.3f", v) : std::string("-")) + " [" + std::to_string(c.used) + "]", 14);
      f14.row(kTableSizes[a], kWeights[b], c.used, c.used ? fmt("%.6f", v) : std::string(""));
    }
    out << "\n";
  }
  ok = f14.write(out) && ok;
  out << "\n";

  out << "Fig 15: normalized communication cost (C - C_OPT) / C_OPT with C = task-hops, DEM | CWA\n"
      << "  same cases as Fig 14; the paper: CWA is optimal on 4 nodes, DEM costs much more\n"
      << "  N   ";
  for (int avg : kWeights) out << pad("avg " + std::to_string(avg), 16);
  out << "\n";
  for (int a = 0; a < 3; ++a) {
    out << "  " << pad(std::to_string(kTableSizes[a]), 3) << " ";
    for (int b = 0; b < 6; ++b) {
      const FigCell& c = fig[a][b];
      const double dv = c.used ? c.dem / c.used : 0.0, cv = c.used ? c.cwa / c.used : 0.0;
      out << pad(c.used ? fmt("%.3f", dv) + " | " + fmt("%.3f", cv) : std::string("-"), 16);
      f15.row(kTableSizes[a], kWeights[b], c.used, c.used ? fmt("%.6f", dv) : std::string(""),
              c.used ? fmt("%.6f", cv) : std::string(""));
    }
    out << "\n";
  }
  ok = f15.write(out) && ok;
  out << "\n";
  return ok;
}

// Figs 16 and 17: mean normalized cost of a walking algorithm against the optimum.
bool cost_figure(const ReproduceOptions& opts, int cases, std::ostream& out, bool mesh) {
  struct Shape {
    int rows, cols;
  };
  const std::vector<Shape> shapes =
      mesh ? std::vector<Shape>{{4, 2}, {4, 4}, {8, 4}, {8, 8}, {16, 8}, {16, 16}}
           : std::vector<Shape>{{64, 1}, {256, 1}};
  Csv csv(opts, mesh ? "wu_fig17_comm_cost_mwa.csv" : "wu_fig16_comm_cost_cwa.csv",
          mesh ? "nodes,rows,cols,avg_weight,cases,mwa_normalized_cost"
               : "nodes,avg_weight,cases,cwa_normalized_cost");
  out << (mesh ? "Fig 17: normalized communication cost of MWA, meshes M x M or M x M/2"
               : "Fig 16: normalized communication cost of CWA")
      << " (" << cases << " cases per point)\n  load distribution: " << kDistribution << "\n"
      << "  nodes       ";
  for (int avg : kWeights) out << pad("avg " + std::to_string(avg), 9);
  out << "\n";
  for (const Shape& s : shapes) {
    const int n = s.rows * s.cols;
    const Topology topo = mesh ? Topology::mesh(s.rows, s.cols) : Topology::hypercube(log2i(n));
    out << "  " << pad(std::to_string(n), 4)
        << pad(mesh ? " (" + std::to_string(s.rows) + "x" + std::to_string(s.cols) + ")" : "", 8)
        << "  ";
    for (int avg : kWeights) {
      util::Rng rng = cell_rng(opts.seed, mesh ? 17 : 16, n, avg);
      double sum = 0;
      int used = 0;
      for (int c = 0; c < cases; ++c) {
        const LoadVector w = draw(n, avg, rng);
        const std::int64_t opt = hops(core::optimal(topo, w));
        if (opt == 0) continue;
        const std::int64_t alg = hops(mesh ? core::mwa(topo, w) : core::cwa(topo, w));
        sum += double(alg - opt) / double(opt);
        ++used;
      }
      const double v = used ? sum / used : 0.0;
      out << pad(fmt("%.4f", v), 9);
      if (mesh) csv.row(n, s.rows, s.cols, avg, used, fmt("%.6f", v));
      else csv.row(n, avg, used, fmt("%.6f", v));
    }
    out << "\n";
  }
  const bool ok = csv.write(out);
  out << "\n";
  return ok;
}

}  // namespace

int reproduce_wu(const ReproduceOptions& opts, std::ostream& out) {
  // Table I and Figs 14-15 use 1000 cases per cell in the paper, Figs 16-17 use 100.
  const int cases = std::max(1, opts.quick ? std::min(opts.cases, 50) : opts.cases);
  const int fig_cases = std::max(1, opts.quick ? std::min(opts.cases, 10) : (opts.cases + 9) / 10);
  out << "Wu, On Runtime Parallel Scheduling for Processor Load Balancing (paper 000)\n"
      << "seed " << opts.seed << (opts.quick ? ", quick run (fewer cases)" : "") << "\n\n";
  worked_examples(out);
  bool ok = table1_fig14_fig15(opts, cases, out);
  ok = cost_figure(opts, fig_cases, out, false) && ok;
  ok = cost_figure(opts, fig_cases, out, true) && ok;
  return ok ? 0 : 1;
}

}  // namespace loadlab::cli
