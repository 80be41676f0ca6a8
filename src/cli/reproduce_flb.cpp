// `loadlab reproduce flb`: the experiments of paper 001 Section 6 (Figs 2-4).
// Paper: ../shared/seeds/001_37b951120b5002ad.txt, Section 6: LU, Laplace, Stencil (and FFT)
// graphs of about 2000 tasks, CCR 0.2 and 5.0, 5 graphs with random costs each, P = 2..32;
// running time (Fig 2), FLB speedup (Fig 3), NSL = makespan / MCP's makespan (Fig 4).
#include <chrono>
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
#include "core/dag/generators.h"
#include "core/dag/schedulers.h"
#include "core/verify/schedule_verify.h"
#include "experiments/flb_claims.h"
#include "experiments/svg_plot.h"

namespace loadlab::cli {

namespace {

struct Problem {
  const char* name;
  core::GraphShape shape;
};

std::vector<Problem> problems(bool quick) {
  if (quick)
    return {{"LU", core::lu_shape(16)},
            {"Laplace", core::laplace_shape(8, 12)},
            {"Stencil", core::stencil_shape(10, 12)},
            {"FFT", core::fft_shape(32)}};
  return {{"LU", core::lu_shape(62)},
          {"Laplace", core::laplace_shape(32, 60)},
          {"Stencil", core::stencil_shape(40, 50)},
          {"FFT", core::fft_shape(256)}};
}

}  // namespace

int reproduce_flb(const ReproduceOptions& opts, std::ostream& out) {
  const std::vector<std::string> algs = {"mcp", "etf", "dsc_llb", "fcp", "flb"};
  const std::vector<int> procs =
      opts.quick ? std::vector<int>{2, 8} : std::vector<int>{2, 4, 8, 16, 32};
  const int graphs = opts.quick ? 1 : 5;
  const std::vector<double> ccrs = {0.2, 5.0};
  // Sums over graphs: time[alg][P], nsl[problem][ccr][alg][P], speedup[problem][ccr][P].
  std::map<std::string, std::map<int, double>> time_ms;
  std::map<std::string, std::map<double, std::map<std::string, std::map<int, double>>>> nsl;
  std::map<std::string, std::map<double, std::map<int, double>>> speedup;
  int runs = 0, verified = 0, time_samples = 0;
  const auto prob = problems(opts.quick);
  // The independent runs: one graph (problem, CCR, k) under every algorithm and P. A run's record:
  // total work, then (ms, makespan, verified) per (P, algorithm). Runs may be computed in several
  // processes (ReproduceOptions::part); the sums below always take them in this order.
  const std::size_t nruns = prob.size() * ccrs.size() * std::size_t(graphs);
  const std::size_t width = 1 + 3 * procs.size() * algs.size();
  std::vector<std::vector<double>> record(nruns);
  std::string mine;
  for (std::size_t u = 0; u < nruns; ++u) {
    if (u % std::size_t(opts.parts) != std::size_t(opts.part)) continue;
    core::CostSpec cs;
    cs.ccr = ccrs[(u / std::size_t(graphs)) % ccrs.size()];
    const auto k = static_cast<std::uint64_t>(u % std::size_t(graphs));
    const core::TaskGraph g = core::assign_costs(
        prob[u / (ccrs.size() * std::size_t(graphs))].shape, cs, opts.seed * 1000 + k);
    auto& rec = record[u];
    rec.push_back(g.total_comp());
    for (int P : procs)
      for (const auto& a : algs) {
        const auto t0 = std::chrono::steady_clock::now();
        const core::Schedule sch = core::run_dag_algorithm(a, g, P);
        rec.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                .count());
        rec.push_back(sch.makespan());
        rec.push_back(core::verify_schedule(g, sch, P).ok ? 1.0 : 0.0);
      }
    mine.append(reinterpret_cast<const char*>(rec.data()), width * sizeof(double));
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
  for (std::size_t u = 0; u < nruns; ++u) {
    const auto& pr = prob[u / (ccrs.size() * std::size_t(graphs))];
    const double ccr = ccrs[(u / std::size_t(graphs)) % ccrs.size()];
    const auto& rec = record[u];
    std::size_t i = 1;
    for (int P : procs) {
      double mcp_len = 0;
      for (const auto& a : algs) {
        const double ms = rec[i], makespan = rec[i + 1];
        ++runs;
        verified += rec[i + 2] != 0;
        i += 3;
        if (a == "mcp") mcp_len = makespan;
        time_ms[a][P] += ms;
        nsl[pr.name][ccr][a][P] += makespan / mcp_len;
        if (a == "flb") speedup[pr.name][ccr][P] += rec[0] / makespan;
      }
    }
    ++time_samples;
  }
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
    for (const auto& a : algs)
      out << std::setw(11) << std::setprecision(3) << time_ms[a][P] / time_samples;
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
      for (int P : procs)
        out << std::setw(8) << std::setprecision(2) << speedup[pr.name][ccr][P] / graphs;
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
          out << std::setw(9) << std::setprecision(3) << nsl[pr.name][ccr][a][P] / graphs;
        out << "\n";
      }

  // Section 6.2's claims, judged on the Fig 4 cells (DSC-LLB uses the LLB ranking on this branch).
  std::vector<experiments::FlbCell> cells;
  for (const auto& pr : prob)
    for (double ccr : ccrs)
      for (int P : procs) {
        experiments::FlbCell cell{pr.name, ccr, P, {}};
        for (const auto& a : algs) cell.nsl[a] = nsl[pr.name][ccr][a][P] / graphs;
        cells.push_back(cell);
      }
  auto claims = experiments::judge_flb_claims(cells);
  std::vector<experiments::FlbSpeedup> speedups;
  for (const auto& pr : prob)
    for (double ccr : ccrs)
      for (int P : procs) speedups.push_back({pr.name, ccr, P, speedup[pr.name][ccr][P] / graphs});
  claims.insert(claims.begin(), experiments::judge_flb_speedup_classes(speedups));
  out << "\nSection 6.2 - the paper's claims judged on the cells of Figs 3 and 4"
      << (opts.quick ? " (quick sizes: far from the paper's 2000 tasks)" : "") << "\n";
  print_claims(claims, out);
  bool files_ok = true;
  if (!opts.svg_dir.empty()) {
    experiments::Plot fig2{"Fig 2: running time", "processors P", "ms", true, {}, {}};
    for (const auto& a : algs) {
      experiments::PlotSeries s{a, {}, {}};
      for (int P : procs) {
        s.x.push_back(P);
        s.y.push_back(time_ms[a][P] / time_samples);
      }
      fig2.series.push_back(s);
    }
    fig2.captions = {
        "Paper (Pentium Pro 233 MHz): ETF 185 -> 2600 ms, MCP 41 -> 139, DSC-LLB ~180, "
        "FCP 33 -> 41, FLB 38 -> 49 for P = 2 -> 32"};
    files_ok = write_svg_file(opts.svg_dir, "flb_fig2_running_time.svg",
                              experiments::plot_svg(fig2), out) &&
               files_ok;
    for (double ccr : ccrs) {
      experiments::Plot fig3{"Fig 3: FLB speedup, CCR " + printf_number("%.1f", ccr),
                             "processors P",
                             "speedup",
                             true,
                             {},
                             {}};
      for (const auto& pr : prob) {
        experiments::PlotSeries s{pr.name, {}, {}};
        for (int P : procs) {
          s.x.push_back(P);
          s.y.push_back(speedup[pr.name][ccr][P] / graphs);
        }
        fig3.series.push_back(s);
      }
      fig3.captions = {
          "Paper: \"Stencil and FFT which achieve linear speedup and LU and Laplace "
          "for which there less speedup is obtained\""};
      files_ok =
          write_svg_file(opts.svg_dir,
                         ccr < 1 ? "flb_fig3_speedup_ccr0.2.svg" : "flb_fig3_speedup_ccr5.svg",
                         experiments::plot_svg(fig3), out) &&
          files_ok;
      for (const auto& pr : prob) {
        experiments::Plot fig4{
            "Fig 4: NSL, " + std::string(pr.name) + ", CCR " + printf_number("%.1f", ccr),
            "processors P",
            "makespan / MCP makespan",
            true,
            {},
            {}};
        for (const auto& a : algs) {
          experiments::PlotSeries s{a, {}, {}};
          for (int P : procs) {
            s.x.push_back(P);
            s.y.push_back(nsl[pr.name][ccr][a][P] / graphs);
          }
          fig4.series.push_back(s);
        }
        for (const auto& c : claims)
          if (c.claim.find(pr.name) != std::string::npos)
            fig4.captions.push_back(
                c.claim + ": " + (c.verdict == experiments::Verdict::Holds ? "HOLDS" : "DIFFERS"));
        const std::string name =
            "flb_fig4_nsl_" + std::string(pr.name) + "_ccr" + (ccr < 1 ? "0.2" : "5") + ".svg";
        files_ok = write_svg_file(opts.svg_dir, name.c_str(), experiments::plot_svg(fig4), out) &&
                   files_ok;
      }
    }
  }

  if (!opts.csv_dir.empty()) {
    std::filesystem::create_directories(opts.csv_dir);
    files_ok =
        write_csv_file(opts.csv_dir, "flb_claims.csv", experiments::claims_csv(claims), out) &&
        files_ok;
    std::ofstream t(std::filesystem::path(opts.csv_dir) / "flb_fig2_running_time.csv");
    t << "processors,algorithm,ms\n";
    for (int P : procs)
      for (const auto& a : algs) t << P << ',' << a << ',' << time_ms[a][P] / time_samples << '\n';
    std::ofstream sp(std::filesystem::path(opts.csv_dir) / "flb_fig3_speedup.csv");
    sp << "problem,ccr,processors,speedup\n";
    for (const auto& pr : prob)
      for (double ccr : ccrs)
        for (int P : procs)
          sp << pr.name << ',' << ccr << ',' << P << ',' << speedup[pr.name][ccr][P] / graphs
             << '\n';
    std::ofstream n(std::filesystem::path(opts.csv_dir) / "flb_fig4_nsl.csv");
    n << "problem,ccr,processors,algorithm,nsl\n";
    for (const auto& pr : prob)
      for (double ccr : ccrs)
        for (int P : procs)
          for (const auto& a : algs)
            n << pr.name << ',' << ccr << ',' << P << ',' << a << ','
              << nsl[pr.name][ccr][a][P] / graphs << '\n';
    out << "\nCSV written to " << opts.csv_dir << "\n";
  }
  return verified == runs && files_ok ? 0 : 1;
}

}  // namespace loadlab::cli
