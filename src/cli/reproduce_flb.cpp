// `loadlab reproduce flb`: prints the experiments of Radulescu & van Gemund's FLB paper (1999),
// Section 6 (Figs 2-4), computed by experiments/flb_experiments.h (the playground's experiments
// panel runs the same code).
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/text.h"
#include "experiments/flb_experiments.h"
#include "experiments/svg_plot.h"

namespace loadlab::cli {

int reproduce_flb(const ReproduceOptions& opts, std::ostream& out) {
  const experiments::FlbSweep sweep = experiments::flb_sweep(opts.quick);
  const auto& algs = sweep.algorithms;
  const auto& procs = sweep.procs;
  const auto& ccrs = sweep.ccrs;
  const auto& prob = sweep.problems;
  const int graphs = sweep.graphs;
  // The independent runs may be computed in several processes (ReproduceOptions::part); the
  // averages always take them in run order.
  const std::size_t nruns = experiments::flb_run_count(sweep);
  const std::size_t width = experiments::flb_record_width(sweep);
  std::vector<std::vector<double>> record(nruns);
  std::string mine;
  for (std::size_t u = 0; u < nruns; ++u) {
    if (u % std::size_t(opts.parts) != std::size_t(opts.part)) continue;
    record[u] = experiments::flb_run_record(sweep, u, opts.seed);
    mine.append(reinterpret_cast<const char*>(record[u].data()), width * sizeof(double));
  }
  if (opts.gather) {
    const std::vector<std::string> parts = opts.gather(mine);
    if (opts.part != 0) return 0;
    std::vector<std::size_t> at(parts.size(), 0);
    for (std::size_t u = 0; u < nruns; ++u) {
      const std::size_t p = u % parts.size();
      if (parts[p].size() < at[p] + width * sizeof(double))
        throw std::runtime_error("reproduce flb: short partial result");
      record[u].resize(width);
      std::memcpy(record[u].data(), parts[p].data() + at[p], width * sizeof(double));
      at[p] += width * sizeof(double);
    }
  }
  const experiments::FlbResults res = experiments::flb_aggregate(sweep, record);
  const int runs = res.runs, verified = res.verified;
  auto time_ms = res.time_ms;
  auto speedup = res.speedup;
  auto nsl = res.nsl;
  out << std::fixed;
  out << "Radulescu & van Gemund (1999), FLB: Fast Load Balancing for Distributed-Memory Machines, "
         "Section 6 - "
      << prob.size() << " problems (" << (opts.quick ? "quick sizes" : "about 2000 tasks")
      << "), CCR 0.2 and 5.0, " << graphs
      << " graph(s) each, costs U(0, 2 mean] scaled to the exact CCR.\n";
  out << "Schedules verified: " << verified << " / " << runs << "\n\n";

  out << "Fig 2 - average running time [ms] (paper, Pentium Pro 233 MHz: ETF 185 -> 2600, "
         "MCP 41 -> 139, DSC-LLB ~180, FCP 33 -> 41, FLB 38 -> 49 for P = 2 -> 32)\n";
  out << std::setw(6) << "P";
  for (const auto& a : algs) out << std::setw(11) << a;
  out << "\n";
  for (int P : procs) {
    out << std::setw(6) << P;
    for (const auto& a : algs) out << std::setw(11) << std::setprecision(3) << time_ms[a][P];
    out << "\n";
  }
  out << "\nFig 3 - FLB speedup (total work / makespan); paper: Stencil and FFT near linear, LU "
         "and "
         "Laplace lower\n";
  out << std::setw(10) << "problem" << std::setw(6) << "CCR";
  for (int P : procs) out << std::setw(8) << ("P=" + std::to_string(P));
  out << "\n";
  for (const auto& pr : prob)
    for (double ccr : ccrs) {
      out << std::setw(10) << pr.name << std::setw(6) << std::setprecision(1) << ccr;
      for (int P : procs) out << std::setw(8) << std::setprecision(2) << speedup[pr.name][ccr][P];
      out << "\n";
    }
  out << "\nFig 4 - NSL = makespan / MCP makespan, averaged over graphs (paper: FLB ~ ETF ~ MCP, "
         "DSC-LLB up to 42 % worse)\n";
  out << std::setw(10) << "problem" << std::setw(6) << "CCR" << std::setw(5) << "P";
  for (const auto& a : algs) out << std::setw(9) << a;
  out << "\n";
  for (const auto& pr : prob)
    for (double ccr : ccrs)
      for (int P : procs) {
        out << std::setw(10) << pr.name << std::setw(6) << std::setprecision(1) << ccr
            << std::setw(5) << P;
        for (const auto& a : algs)
          out << std::setw(9) << std::setprecision(3) << nsl[pr.name][ccr][a][P];
        out << "\n";
      }

  const auto& claims = res.claims;
  out << "\nSection 6.2 - the paper's claims judged on the cells of Figs 3 and 4"
      << (opts.quick ? " (quick sizes: far from the paper's 2000 tasks)" : "") << "\n";
  print_claims(claims, out);
  bool files_ok = true;
  if (!opts.svg_dir.empty())
    for (const auto& [file, plot] : experiments::flb_plots(res))
      files_ok =
          write_svg_file(opts.svg_dir, file.c_str(), experiments::plot_svg(plot), out) && files_ok;

  if (!opts.csv_dir.empty()) {
    std::filesystem::create_directories(opts.csv_dir);
    files_ok =
        write_csv_file(opts.csv_dir, "flb_claims.csv", experiments::claims_csv(claims), out) &&
        files_ok;
    std::ofstream t(std::filesystem::path(opts.csv_dir) / "flb_fig2_running_time.csv");
    t << "processors,algorithm,ms\n";
    for (int P : procs)
      for (const auto& a : algs) t << P << ',' << a << ',' << time_ms[a][P] << '\n';
    std::ofstream sp(std::filesystem::path(opts.csv_dir) / "flb_fig3_speedup.csv");
    sp << "problem,ccr,processors,speedup\n";
    for (const auto& pr : prob)
      for (double ccr : ccrs)
        for (int P : procs)
          sp << pr.name << ',' << ccr << ',' << P << ',' << speedup[pr.name][ccr][P] << '\n';
    std::ofstream n(std::filesystem::path(opts.csv_dir) / "flb_fig4_nsl.csv");
    n << "problem,ccr,processors,algorithm,nsl\n";
    for (const auto& pr : prob)
      for (double ccr : ccrs)
        for (int P : procs)
          for (const auto& a : algs)
            n << pr.name << ',' << ccr << ',' << P << ',' << a << ',' << nsl[pr.name][ccr][a][P]
              << '\n';
    out << "\nCSV written to " << opts.csv_dir << "\n";
  }
  return verified == runs && files_ok ? 0 : 1;
}

}  // namespace loadlab::cli
