// Radulescu & van Gemund, "FLB: Fast Load Balancing for Distributed-Memory Machines" (1999),
// Section 6: graphs of about 2000 tasks, CCR 0.2 and 5.0, 5 graphs with random costs per cell,
// P = 2..32; running time (Fig 2), FLB speedup (Fig 3), NSL = makespan / MCP's makespan (Fig 4).
#include "experiments/flb_experiments.h"

#include <chrono>
#include <cstdio>
#include <stdexcept>

#include "core/dag/schedulers.h"
#include "core/verify/schedule_verify.h"
#include "experiments/flb_claims.h"

namespace loadlab::experiments {

namespace {

std::string flb_ccr_text(double ccr) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.1f", ccr);
  return buf;
}

}  // namespace

FlbSweep flb_sweep(bool quick) {
  FlbSweep s;
  s.quick = quick;
  if (quick)
    s.problems = {{"LU", core::lu_shape(16)},
                  {"Laplace", core::laplace_shape(8, 12)},
                  {"Stencil", core::stencil_shape(10, 12)},
                  {"FFT", core::fft_shape(32)}};
  else
    s.problems = {{"LU", core::lu_shape(62)},
                  {"Laplace", core::laplace_shape(32, 60)},
                  {"Stencil", core::stencil_shape(40, 50)},
                  {"FFT", core::fft_shape(256)}};
  s.ccrs = {0.2, 5.0};
  s.procs = quick ? std::vector<int>{2, 8} : std::vector<int>{2, 4, 8, 16, 32};
  s.algorithms = {"mcp", "etf", "dsc_llb", "fcp", "flb"};
  s.graphs = quick ? 1 : 5;
  return s;
}

std::size_t flb_run_count(const FlbSweep& s) {
  return s.problems.size() * s.ccrs.size() * std::size_t(s.graphs);
}

std::size_t flb_record_width(const FlbSweep& s) {
  return 1 + 3 * s.procs.size() * s.algorithms.size();
}

std::vector<double> flb_run_record(const FlbSweep& s, std::size_t u, std::uint64_t seed) {
  if (u >= flb_run_count(s)) throw std::invalid_argument("flb run index out of range");
  const auto graphs = std::size_t(s.graphs);
  core::CostSpec cs;
  cs.ccr = s.ccrs[(u / graphs) % s.ccrs.size()];
  const auto k = static_cast<std::uint64_t>(u % graphs);
  const core::TaskGraph g =
      core::assign_costs(s.problems[u / (s.ccrs.size() * graphs)].shape, cs, seed * 1000 + k);
  std::vector<double> rec;
  rec.reserve(flb_record_width(s));
  rec.push_back(g.total_comp());
  for (int P : s.procs)
    for (const auto& a : s.algorithms) {
      const auto t0 = std::chrono::steady_clock::now();
      const core::Schedule sch = core::run_dag_algorithm(a, g, P);
      rec.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
      rec.push_back(sch.makespan());
      rec.push_back(core::verify_schedule(g, sch, P).ok ? 1.0 : 0.0);
    }
  return rec;
}

FlbResults flb_aggregate(const FlbSweep& s, const std::vector<std::vector<double>>& records) {
  const std::size_t nruns = flb_run_count(s), width = flb_record_width(s);
  if (records.size() != nruns) throw std::invalid_argument("flb: wrong number of run records");
  FlbResults r;
  r.sweep = s;
  const auto graphs = std::size_t(s.graphs);
  int time_samples = 0;
  // Sums first, in run order (the same order whatever the split), then the averages.
  for (std::size_t u = 0; u < nruns; ++u) {
    const auto& name = s.problems[u / (s.ccrs.size() * graphs)].name;
    const double ccr = s.ccrs[(u / graphs) % s.ccrs.size()];
    const auto& rec = records[u];
    if (rec.size() != width) throw std::invalid_argument("flb: short run record");
    std::size_t i = 1;
    for (int P : s.procs) {
      double mcp_len = 0;
      for (const auto& a : s.algorithms) {
        const double ms = rec[i], makespan = rec[i + 1];
        ++r.runs;
        r.verified += rec[i + 2] != 0;
        i += 3;
        if (a == "mcp") mcp_len = makespan;
        r.time_ms[a][P] += ms;
        r.nsl[name][ccr][a][P] += makespan / mcp_len;
        if (a == "flb") r.speedup[name][ccr][P] += rec[0] / makespan;
      }
    }
    ++time_samples;
  }
  for (auto& [a, byp] : r.time_ms)
    for (auto& [P, v] : byp) v /= time_samples;
  for (auto& [name, byccr] : r.speedup)
    for (auto& [ccr, byp] : byccr)
      for (auto& [P, v] : byp) v /= s.graphs;
  for (auto& [name, byccr] : r.nsl)
    for (auto& [ccr, bya] : byccr)
      for (auto& [a, byp] : bya)
        for (auto& [P, v] : byp) v /= s.graphs;

  // Section 6.2's claims, judged on the Fig 4 cells, after Fig 3's two classes.
  std::vector<FlbCell> cells;
  std::vector<FlbSpeedup> speedups;
  for (const auto& pr : s.problems)
    for (double ccr : s.ccrs)
      for (int P : s.procs) {
        FlbCell cell{pr.name, ccr, P, {}};
        for (const auto& a : s.algorithms) cell.nsl[a] = r.nsl[pr.name][ccr][a][P];
        cells.push_back(cell);
        speedups.push_back({pr.name, ccr, P, r.speedup[pr.name][ccr][P]});
      }
  r.claims = judge_flb_claims(cells);
  r.claims.insert(r.claims.begin(), judge_flb_speedup_classes(speedups));
  return r;
}

FlbResults run_flb_experiments(const FlbOptions& o) {
  const FlbSweep s = flb_sweep(o.quick);
  const std::size_t n = flb_run_count(s);
  std::vector<std::vector<double>> records(n);
  for (std::size_t u = 0; u < n; ++u) {
    if (o.cancel && o.cancel->load()) {
      FlbResults r;
      r.sweep = s;
      r.cancelled = true;
      return r;
    }
    records[u] = flb_run_record(s, u, o.seed);
    if (o.progress) o.progress(double(u + 1) / double(n));
  }
  return flb_aggregate(s, records);
}

std::vector<std::pair<std::string, Plot>> flb_plots(const FlbResults& r) {
  std::vector<std::pair<std::string, Plot>> out;
  if (r.cancelled) return out;
  const FlbSweep& s = r.sweep;
  auto at = [](const auto& m, const auto& k) { return m.count(k) ? m.at(k) : 0.0; };
  Plot fig2{"Fig 2: running time", "processors P", "ms", true, {}, {}};
  for (const auto& a : s.algorithms) {
    PlotSeries ser{a, {}, {}};
    for (int P : s.procs) {
      ser.x.push_back(P);
      ser.y.push_back(at(r.time_ms.at(a), P));
    }
    fig2.series.push_back(ser);
  }
  fig2.captions = {
      "Paper (Pentium Pro 233 MHz): ETF 185 -> 2600 ms, MCP 41 -> 139, DSC-LLB ~180, "
      "FCP 33 -> 41, FLB 38 -> 49 for P = 2 -> 32"};
  out.emplace_back("flb_fig2_running_time.svg", fig2);
  for (double ccr : s.ccrs) {
    Plot fig3{
        "Fig 3: FLB speedup, CCR " + flb_ccr_text(ccr), "processors P", "speedup", true, {}, {}};
    for (const auto& pr : s.problems) {
      PlotSeries ser{pr.name, {}, {}};
      for (int P : s.procs) {
        ser.x.push_back(P);
        ser.y.push_back(r.speedup.at(pr.name).at(ccr).at(P));
      }
      fig3.series.push_back(ser);
    }
    fig3.captions = {
        "Paper: \"Stencil and FFT which achieve linear speedup and LU and Laplace "
        "for which there less speedup is obtained\""};
    out.emplace_back(ccr < 1 ? "flb_fig3_speedup_ccr0.2.svg" : "flb_fig3_speedup_ccr5.svg", fig3);
    for (const auto& pr : s.problems) {
      Plot fig4{"Fig 4: NSL, " + pr.name + ", CCR " + flb_ccr_text(ccr),
                "processors P",
                "makespan / MCP makespan",
                true,
                {},
                {}};
      for (const auto& a : s.algorithms) {
        PlotSeries ser{a, {}, {}};
        for (int P : s.procs) {
          ser.x.push_back(P);
          ser.y.push_back(r.nsl.at(pr.name).at(ccr).at(a).at(P));
        }
        fig4.series.push_back(ser);
      }
      for (const auto& c : r.claims)
        if (c.claim.find(pr.name) != std::string::npos)
          fig4.captions.push_back(c.claim + ": " +
                                  (c.verdict == Verdict::Holds ? "HOLDS" : "DIFFERS"));
      out.emplace_back("flb_fig4_nsl_" + pr.name + "_ccr" + (ccr < 1 ? "0.2" : "5") + ".svg", fig4);
    }
  }
  return out;
}

}  // namespace loadlab::experiments
