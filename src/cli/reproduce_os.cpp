// `loadlab reproduce os`: the operating-system findings of Houstis et al.'s survey, Section 4, as
// measured results of our discrete-event simulator, each printed beside the claim it tests.
//
// The sections and their verdicts are experiments::judge_os_claims (src/experiments/os_claims.h),
// the same code the playground's experiments panel runs; this file prints them, writes their CSV
// tables and splits the simulations across processes (reproduce_split.h). Every run is checked by
// core::verify_os; the command fails if any run fails its checker.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/reproduce_split.h"
#include "core/verify/os_verify.h"
#include "experiments/os_claims.h"

namespace loadlab::cli {

namespace {

// One simulation as a split run: computed by the process it belongs to, its numbers serialized so
// part 0 prints every run's result.
experiments::OsClaimRun os_split_run(SplitRuns& split, const std::string& policy, int p,
                                     const std::vector<core::OsJob>& jobs,
                                     const core::OsCosts& costs, const core::OsParams& prm,
                                     bool want_share) {
  RunRecord rec = split.next([&](RunRecord& mine) {
    const auto r = experiments::os_claim_run_verified(policy, p, jobs, costs, prm, want_share);
    const auto& m = r.result;
    mine.put(r.verified ? 1 : 0);
    mine.put_text(r.error);
    for (double x :
         {m.mean_response_time, m.makespan, m.busy, m.fragmentation, m.lost.barrier_spin,
          m.lost.context_switch, m.lost.cache_reload, m.lost.migration, m.lost.checkpoint,
          m.lost.restart, m.lost.rollback, m.lost.lock_spin, m.lost.remote_access})
      mine.put(x);
    for (std::int64_t x : {m.locks.acquired, m.locks.holder_preempted, m.locks.warnings_heeded,
                           m.locks.preemptions_deferred, m.locks.finished_by_sibling})
      mine.put(static_cast<double>(x));
    mine.put(r.coscheduled_share);
  });
  experiments::OsClaimRun r;
  r.verified = rec.flag();
  r.error = rec.text();
  auto& m = r.result;
  for (double* x :
       {&m.mean_response_time, &m.makespan, &m.busy, &m.fragmentation, &m.lost.barrier_spin,
        &m.lost.context_switch, &m.lost.cache_reload, &m.lost.migration, &m.lost.checkpoint,
        &m.lost.restart, &m.lost.rollback, &m.lost.lock_spin, &m.lost.remote_access})
    *x = rec.number();
  for (std::int64_t* x : {&m.locks.acquired, &m.locks.holder_preempted, &m.locks.warnings_heeded,
                          &m.locks.preemptions_deferred, &m.locks.finished_by_sibling})
    *x = static_cast<std::int64_t>(rec.number());
  r.coscheduled_share = rec.number();
  return r;
}

// False (and says why) when the file cannot be written.
bool os_write_csv(const ReproduceOptions& opts, const experiments::OsCsvTable& t,
                  std::ostream& out) {
  if (opts.csv_dir.empty()) return true;
  std::error_code ec;
  std::filesystem::create_directories(opts.csv_dir, ec);
  const auto path = std::filesystem::path(opts.csv_dir) / t.name;
  std::ofstream f(path);
  f << t.text;
  if (!f) {
    out << "error: cannot write " << path.string() << "\n";
    return false;
  }
  out << "  (CSV: " << path.string() << ")\n";
  return true;
}

// One pass of reproduce_os (reproduce_split.h).
int os_pass(const ReproduceOptions& opts, SplitRuns& split, std::ostream& out) {
  experiments::OsClaimOptions o;
  o.seed = opts.seed;
  o.quick = opts.quick;
  o.runner = [&split](const std::string& policy, int p, const std::vector<core::OsJob>& jobs,
                      const core::OsCosts& costs, const core::OsParams& prm, bool want_share) {
    return os_split_run(split, policy, p, jobs, costs, prm, want_share);
  };
  const auto res = experiments::judge_os_claims(o);
  out << "Houstis, Kapidakis, Markatos & Gelenbe (1996), Execution of Compute-Intensive "
         "Applications "
         "into Parallel Machines, Section 4: operating-system scheduling of parallel jobs, "
         "simulated\n"
      << "(" << res.jobs_per_stream << " jobs per stream, seed " << opts.seed
      << "; every run checked by verify_os)\n\n";
  int failures = res.failures;
  for (const auto& s : res.sections) {
    out << s.text;
    for (const auto& t : s.csv) failures += os_write_csv(opts, t, out) ? 0 : 1;
    out << "  -> " << (s.claim.verdict == experiments::Verdict::Holds ? "HOLDS" : "DIFFERS") << ": "
        << s.claim.measured << "\n\n";
  }
  out << res.runs << " runs, " << (res.runs - failures) << " verified\n";
  return failures == 0 ? 0 : 1;
}

}  // namespace

int reproduce_os(const ReproduceOptions& opts, std::ostream& out) {
  return run_split(opts, out, os_pass);
}

}  // namespace loadlab::cli
