// One entry point per paper's evaluation for the playground (paper_experiments.h): the sizes are
// those of `loadlab reproduce <paper>` (--quick for the quick set), so the panel's verdicts are the
// CLI's.
#include "experiments/paper_experiments.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "core/util/number_text.h"
#include "experiments/dlt_claims.h"
#include "experiments/flb_experiments.h"
#include "experiments/loop_claims.h"
#include "experiments/notes_claims.h"
#include "experiments/os_claims.h"
#include "experiments/wu_claims.h"
#include "experiments/wu_experiments.h"

namespace loadlab::experiments {

namespace {

// What a claim's bars measure (measured_value, and the paper's figure beside it), as the bar
// chart's axis label: a bare unit ("x" for a ratio) says nothing of what is compared. The words
// follow each claim's rule ("measured: ..."), in os_claims*.cpp and loop_claims.cpp.
struct PaperBarAxis {
  const char* id;
  const char* label;
};
constexpr PaperBarAxis kPaperBarAxes[] = {
    {"os.space_sharing_100", "mean response, time / space sharing"},
    {"os.space_vs_time", "mean response, others / process control"},
    {"os.barrier_spin", "coscheduling's barrier spin (time units)"},
    {"os.fragmentation", "idle processor time (%)"},
    {"os.medusa_share", "processors coscheduled (%)"},
    {"os.affinity", "cache reloads, affinity / central queue (%)"},
    {"os.process_control_efficiency", "process control's efficiency, highest load"},
    {"os.sqrt_allocation", "mean response, sqrt_work / equal"},
    {"os.reclaiming", "time lost, migration / checkpoint-restart"},
    {"os.sevcik_eager_rules", "processors per job under load (sevcik)"},
    {"os.migration_transfer", "time stopped, precopy / full copy"},
    {"os.lock_holder_preemption", "mean response, no remedy / best remedy"},
    {"os.pools_subcubes", "mean response, scattered / pools"},
    {"loops.cyclic_vs_block", "parallel time, block / cyclic"},
    {"loops.self_within_one_iteration", "largest finish spread (iterations)"},
    {"loops.gss_within_one_iteration", "largest finish spread (iterations)"},
    {"loops.factoring_vs_gss", "parallel time, GSS / factoring by halves"},
    {"loops.tss_sequence", "first chunk (iterations)"},
    {"loops.tapering_bound", "tapering's mean finish spread (iterations)"},
    {"loops.affinity_locality", "parallel time, self-scheduling / affinity"},
};

}  // namespace

std::string claim_bar_axis_label(const ClaimResult& c) {
  for (const auto& a : kPaperBarAxes)
    if (c.id == a.id) return a.label;
  // A claim not in the table: its unit in words where it is more than a symbol, else no label.
  std::string unit = c.unit;
  unit.erase(0, unit.find_first_not_of(' '));
  if (unit == "x" || unit == "%" || unit == "pp") return "";
  return unit;
}

namespace {

// A plot that illustrates one claim, captioned with the claim's verdict line.
PaperPlot paper_claim_plot(Plot plot, const ClaimResult& c,
                           std::vector<std::string> categories = {}) {
  plot.captions = {claim_verdict_line(c)};
  return {std::move(plot), std::move(categories), {c.id}};
}

// Claims the paper states without a plotted series: one bar chart per claim with a measured
// number, the paper's figure (where it gives one) beside ours.
std::vector<PaperPlot> paper_claim_bars(const std::vector<ClaimResult>& claims) {
  std::vector<PaperPlot> out;
  for (const auto& c : claims) {
    if (std::isnan(c.measured_value)) continue;
    Plot plot;
    plot.title = c.source.where;
    plot.x_label = "";
    plot.y_label = claim_bar_axis_label(c);
    std::vector<std::string> categories;
    PlotSeries s{plot.y_label.empty() ? std::string("value") : plot.y_label, {}, {}};
    if (!std::isnan(c.paper_value)) {
      categories.push_back("paper");
      s.y.push_back(c.paper_value);
    }
    categories.push_back("measured");
    s.y.push_back(c.measured_value);
    for (std::size_t i = 0; i < s.y.size(); ++i) s.x.push_back(double(i));
    plot.series.push_back(std::move(s));
    out.push_back(paper_claim_plot(std::move(plot), c, std::move(categories)));
  }
  return out;
}

// The settings every paper's runner takes from the panel's run.
template <class Options>
Options paper_run_options(const PaperRunOptions& o) {
  Options out;
  out.seed = o.seed;
  out.progress = o.progress;
  out.cancel = o.cancel;
  return out;
}

// The claims whose text a plot's captions quote (Fig 4 lists its problem's claims).
std::vector<std::string> paper_claims_in_captions(const Plot& plot,
                                                  const std::vector<ClaimResult>& claims) {
  std::vector<std::string> ids;
  for (const auto& c : claims)
    for (const auto& cap : plot.captions)
      if (cap.rfind(c.claim, 0) == 0) {
        ids.push_back(c.id);
        break;
      }
  return ids;
}

}  // namespace

const std::vector<PaperExperimentInfo>& paper_experiment_list() {
  static const std::vector<PaperExperimentInfo> list = {
      {"flb",
       "Radulescu & van Gemund, \"FLB: Fast Load Balancing for Distributed-Memory Machines\" "
       "(1999)",
       "Section 6, Figs 2-4: running time, FLB speedup, NSL of MCP, ETF, DSC-LLB, FCP and FLB",
       "Run the FLB paper's experiments"},
      {"wu", "Min-You Wu, \"On Runtime Parallel Scheduling for Processor Load Balancing\" (1997)",
       "Section 5, Table I and Figs 14-17 (DEM, CWA, MWA); Section 3, Fig 9",
       "Run Wu's experiments"},
      {"loops",
       "Houstis, Kapidakis, Markatos & Gelenbe, \"Execution of Compute-Intensive Applications "
       "into Parallel Machines\" (1996)",
       "Section 3.1: loop scheduling (cyclic, self-scheduling, GSS, factoring, TSS, tapering, "
       "affinity)",
       "Run the survey's loop experiments"},
      {"dlt",
       "Li, Veeravalli & Ko, \"Divisible Load Scheduling on a Hypercube Cluster with Finite-size "
       "Buffers and Granularity Constraints\" (2001)",
       "Section 4.1, Conjecture 1: IBS is optimal", "Run the DLT conjecture check"},
      {"os",
       "Houstis, Kapidakis, Markatos & Gelenbe, \"Execution of Compute-Intensive Applications "
       "into Parallel Machines\" (1996)",
       "Section 4: space vs time sharing, coscheduling, affinity, allocation rules, lock holders, "
       "pools and subcubes, reclaiming and migration",
       "Run the survey's OS experiments"},
      {"notes", "CSE 4351/5351 course notes, \"Task Scheduling & Load Balancing\" (undated)",
       "Overview of Techniques: the optimal lambda of GDE and alpha of diffusion per topology",
       "Run the notes' parameter sweeps"},
  };
  return list;
}

const PaperExperimentInfo* find_paper_experiment(const std::string& id) {
  for (const auto& p : paper_experiment_list())
    if (id == p.id) return &p;
  return nullptr;
}

std::string claim_verdict_line(const ClaimResult& c) {
  std::string t = c.claim + " - measured: " + c.measured + ": " +
                  (c.verdict == Verdict::Holds ? "HOLDS" : "DIFFERS");
  if (!std::isnan(c.paper_value) && !std::isnan(c.measured_value)) {
    t += " (by " + util::number_text(c.by, 3, true) + c.unit + ")";
  }
  return t;
}

int claims_holding(const std::vector<ClaimResult>& claims) {
  return int(std::count_if(claims.begin(), claims.end(),
                           [](const ClaimResult& c) { return c.verdict == Verdict::Holds; }));
}

PaperRun run_paper_experiments(const PaperRunOptions& o) {
  if (!find_paper_experiment(o.paper))
    throw std::invalid_argument("paper: unknown \"" + o.paper +
                                "\" (expected flb, wu, loops, dlt, os or notes)");
  PaperRun run;
  run.paper = o.paper;
  run.quick = o.quick;
  run.seed = o.seed;
  auto cancelled = [&] { return o.cancel && o.cancel->load(); };
  if (o.paper == "flb") {
    FlbOptions fo = paper_run_options<FlbOptions>(o);
    fo.quick = o.quick;
    const FlbResults r = run_flb_experiments(fo);
    run.cancelled = r.cancelled;
    run.claims = r.claims;
    for (auto& [file, plot] : flb_plots(r)) {
      PaperPlot p{plot, {}, paper_claims_in_captions(plot, r.claims)};
      // Fig 3 illustrates the speedup classes (whose words name LU too); Fig 4 the NSL claims.
      if (!r.claims.empty()) {
        const std::string& classes = r.claims[0].id;
        if (file.rfind("flb_fig3", 0) == 0)
          p.claim_ids = {classes};
        else
          p.claim_ids.erase(std::remove(p.claim_ids.begin(), p.claim_ids.end(), classes),
                            p.claim_ids.end());
      }
      // A Fig 4 plot no claim names by its problem shows the claims over all problems.
      if (file.rfind("flb_fig4", 0) == 0 && p.claim_ids.empty())
        for (const auto& c : r.claims)
          if (c.source.where.find("Fig 4") != std::string::npos &&
              c.claim.find("LU") == std::string::npos &&
              c.claim.find("Laplace") == std::string::npos)
            p.claim_ids.push_back(c.id);
      run.plots.push_back(std::move(p));
    }
  } else if (o.paper == "wu") {
    // `reproduce wu --quick`: 50 cases per cell, 10 per point of Figs 16-17.
    WuOptions wo = paper_run_options<WuOptions>(o);
    wo.cases = o.quick ? 50 : 1000;
    wo.fig_cases = o.quick ? 10 : 100;
    const WuResults r = run_wu_experiments(wo);
    run.cancelled = r.cancelled || cancelled();
    if (!run.cancelled) {
      run.claims = judge_wu_claims(r);
      run.claims.push_back(judge_wu_fig9(wu_fig9_instance()));
      for (auto& [file, plot] : wu_plots(r, run.claims))
        run.plots.push_back({plot, {}, paper_claims_in_captions(plot, run.claims)});
    }
  } else if (o.paper == "loops") {
    LoopClaimOptions lo;
    lo.seed = o.seed;
    lo.cases = o.quick ? 20 : 200;
    run.claims = judge_loop_claims(lo);
    run.plots = paper_claim_bars(run.claims);
  } else if (o.paper == "os") {
    // `reproduce os --quick`: 120 jobs per stream, loads 0.5 and 0.9.
    OsClaimOptions oo = paper_run_options<OsClaimOptions>(o);
    oo.quick = o.quick;
    const OsClaimsResult r = judge_os_claims(oo);
    run.cancelled = r.cancelled;
    if (!run.cancelled) {
      run.claims = os_claims_of(r);
      // The load sweeps as line plots, then the paper's number beside ours per claim.
      for (const auto& sec : r.sections)
        for (const auto& plot : sec.plots) run.plots.push_back(paper_claim_plot(plot, sec.claim));
      for (auto& p : paper_claim_bars(run.claims)) run.plots.push_back(std::move(p));
    }
  } else if (o.paper == "notes") {
    const NotesParameterClaims r = judge_notes_parameter_claims(o.quick);
    run.claims = r.claims;
    for (std::size_t i = 0; i < r.plots.size(); ++i)
      run.plots.push_back(paper_claim_plot(r.plots[i], r.claims[i]));
  } else {
    run.claims.push_back(judge_dlt_conjecture1(o.seed, o.quick ? 200 : 1000));
    run.plots = paper_claim_bars(run.claims);
  }
  if (o.progress) o.progress(1.0);
  return run;
}

}  // namespace loadlab::experiments
