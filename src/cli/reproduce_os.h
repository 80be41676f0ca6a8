// What the sections of `loadlab reproduce os` share: the run context, one verified split run,
// the job streams, the verdict line and the CSV files (reproduce_os.cpp). The sections on the
// survey's OS mechanisms live in reproduce_os_mechanisms.cpp.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "cli/reproduce_split.h"
#include "core/os/model.h"

namespace loadlab::cli::os_repro {

using core::OsCosts;
using core::OsJob;
using core::OsParams;
using core::OsRunResult;

struct Ctx {
  const ReproduceOptions& opts;
  std::ostream& out;
  SplitRuns& split;
  int failures = 0;
  int runs = 0;
};

/// One policy run, verified by core::verify_os (a failure is counted and printed). The result
/// carries the metrics, the time lost and the lock counters; no interval log.
OsRunResult run(Ctx& c, const std::string& policy, int p, const std::vector<OsJob>& jobs,
                const OsCosts& costs, const OsParams& prm, double* coscheduled_share = nullptr);

/// Poisson jobs at an offered load, exponential work, uniform threads.
std::vector<OsJob> stream(std::uint64_t seed, int p, double load, std::int64_t count,
                          double mean_work, double threads_lo, double threads_hi, core::OsSpeedup s,
                          double barrier);

void verdict(Ctx& c, bool holds, const std::string& why);
void csv(Ctx& c, const std::string& name, const std::string& text);

// Sections in reproduce_os_mechanisms.cpp.
void efficiency_rules(Ctx& c, std::int64_t count);
void migration_transfers(Ctx& c, std::int64_t count);
void spin_locks(Ctx& c, std::int64_t count);
void pools_and_subcubes(Ctx& c, std::int64_t count);

}  // namespace loadlab::cli::os_repro
