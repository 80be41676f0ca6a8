// Independent checker for OS-scheduling runs (the "os" kind).
//
// It knows nothing about the policies or the engine: from the jobs, the processor count and the
// interval log of a run it checks that the log is a valid execution. It recomputes the work of
// every compute interval with its own speedup formulas (not the simulator's).
#pragma once

#include <string>
#include <vector>

#include "core/os/model.h"

namespace loadlab::core {

struct OsVerification {
  bool ok = true;
  std::vector<std::string> errors;  ///< the first few violations
};

/// Checks:
///  1. intervals lie in [arrival of their job, makespan], have end >= start, valid processor/job,
///     and degree in [1, threads of the job];
///  2. no processor runs two intervals at once;
///  3. no job is on more processors than its threads at any time, and no thread of a job is on two
///     processors at once;
///  4. every job's work is completed exactly once: the work of its compute intervals (duration x
///     S(degree)/degree) minus the work it rolled back equals its work, and its last compute
///     interval ends at its reported finish time;
///  5. time is conserved: busy + idle + lost = P x makespan, with busy and lost summed from the
///  log,
///     idle measured as the gaps of each processor, and all three equal to what the run reported.
/// Tolerances are relative (1e-6). O(I log I) for I intervals.
OsVerification verify_os(int processors, const std::vector<OsJob>& jobs, const OsRunResult& run);

}  // namespace loadlab::core
