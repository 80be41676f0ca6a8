// The "os" kind's model: parallel jobs arriving at a multiprogrammed multiprocessor, the costs the
// operating system pays, and what a scheduling policy's run reports.
//
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 4 (Operating System Layer).
// Execution model (our reading; docs/scenario-os.md):
//  - a job has `work` in processor-time units and `threads` processes; a job running with d
//    threads progresses at speedup(d) work per time unit, so each of its threads, while on a
//    processor, does speedup(d)/d work per time unit. A job alone with d threads on >= d processors
//    finishes at work / speedup(d) (work / P for linear speedup and d = P).
//  - `barrier_every` splits the work into phases; each phase is shared equally by the d threads,
//  and
//    a thread that finishes its share spins on its processor (time lost) until all siblings arrive
//    (Section 4.2). Under time sharing the siblings may be descheduled meanwhile.
//  - a thread dispatched on a processor that last ran another thread pays context_switch; one
//    resumed on another processor than it last ran on pays cache_reload (Section 4.3).
//  - `lock_every` > 0 gives the job one spin lock: each thread, after every lock_every units of its
//    own work, enters a critical section of `lock_length` work that needs the lock. A thread that
//    finds the lock taken spins on its processor (lock_spin); a holder descheduled inside its
//    critical section keeps the lock, so its running siblings spin until it runs again
//    (Section 4.2, "if a process is preempted while holding a lock").
#pragma once

#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/common/algorithm_info.h"
#include "core/loops/simulator.h"  // CostProfile: the same cost profiles as the loop kind

namespace loadlab::core {

enum class OsSpeedupModel { Linear, Amdahl, Downey };

/// speedup(n) of a job on n processors.
struct OsSpeedup {
  OsSpeedupModel model = OsSpeedupModel::Linear;
  double serial_fraction = 0;  ///< Amdahl: S(n) = 1 / (f + (1 - f) / n)
  double A = 1;                ///< Downey: average parallelism
  double sigma = 0;            ///< Downey: variance in parallelism
};

/// S(n) for n >= 1 (Downey's model: A. B. Downey, "A model for speedup of parallel programs",
/// 1997).
double os_speedup(const OsSpeedup& s, double n);

struct OsJob {
  double arrival = 0;
  double work = 1;  ///< processor-time units
  int threads = 1;  ///< processes the job creates (its maximum parallelism)
  OsSpeedup speedup;
  double barrier_every = 0;  ///< work between barriers; 0 = no barriers
  double lock_every = 0;     ///< per-thread work between critical sections; 0 = no lock
  double lock_length = 0;    ///< work inside one critical section
};

/// A seeded job stream: Poisson arrivals; work and threads drawn from loop-kind cost profiles.
struct OsGenerator {
  double rate = 1;  ///< arrivals per time unit
  std::int64_t count = 1;
  CostProfile work;
  CostProfile threads;  ///< rounded to an integer in [1, processors]
  OsSpeedup speedup;
  double barrier_every = 0;
  double lock_every = 0;
  double lock_length = 0;
};

std::vector<OsJob> generate_os_jobs(const OsGenerator& g, int processors, std::uint64_t seed);

struct OsCosts {
  double context_switch = 0;
  double cache_reload = 0;
  double migration = 0;
  double checkpoint = 0;
  double restart = 0;
  /// A job whose processors are not local (one pool, or an aligned subcube) runs 1 + remote times
  /// slower; the extra time is lost to remote access (pool_allocation only).
  double remote = 0;
};

/// Initial processor allocation rules of Section 4.4.
/// AverageParallelism weights the water-filling by A, so on a lightly loaded machine a job may
/// get more than A processors; AverageParallelismExact gives each job at most A (rounded, at
/// least 1), the survey's "a number of processors equal to its average parallelism" (Eager et
/// al.), leaving the rest idle.
/// Sevcik gives each job at least the processors it keeps nearly fully busy (efficiency >= 0.9)
/// and water-fills the rest up to its threads, so a crowded machine gives each job its efficient
/// size and an empty one gives it all it can use (Sevcik 1989). EfficiencyKnee caps each job at
/// the n that maximises S(n)^2 / n, the minimum of completion time over efficiency (Eager,
/// Zahorjan and Lazowska 1989).
enum class OsAllocation {
  Equal,
  SqrtWork,
  AverageParallelism,
  AverageParallelismExact,
  Sevcik,
  EfficiencyKnee
};
/// "equal", "sqrt_work", "average_parallelism", "average_parallelism_exact", "sevcik",
/// "efficiency_knee"
const std::vector<std::string>& os_allocation_names();

/// What the system does about a lock holder's preemption (Section 4.2): nothing; Psyche's
/// two-minute warning (a thread told its slice is about to end does not enter a critical section
/// it cannot finish in time); the Ultracomputer's do-not-preempt bit (the scheduler lets a holder
/// finish its critical section, once per slice); scheduler activations (a thread that finds the
/// lock held by a descheduled sibling runs the rest of the sibling's critical section itself).
enum class OsLockRemedy { None, TwoMinuteWarning, DoNotPreempt, SchedulerActivations };
/// "none", "two_minute_warning", "do_not_preempt", "scheduler_activations"
const std::vector<std::string>& os_lock_remedy_names();

/// How a migrated process's memory image moves (Section 4.5.2); costs.migration is the time to send
/// the whole image. Full: Charlotte and LOCUS send it all with the process stopped. Precopy: the
/// V-system keeps running while the image is sent (the source processor is kept busy sending) and
/// stops only to resend the dirtied pages. CopyOnReference: Accent moves only the process control
/// block and faults in the pages the process touches later (each fault slower than a bulk copy).
enum class OsMigrationTransfer { Full, Precopy, CopyOnReference };
/// "full", "precopy", "copy_on_reference"
const std::vector<std::string>& os_migration_transfer_names();

/// Where pool_allocation puts a job's processors (Section 4.4). Pools: Zhou and Brecht's
/// processor pools, a job inside one pool when it fits (best fit), else over the fewest pools.
/// Subcube: an aligned block of 2^ceil(log2 threads) processors (a subcube of a hypercube, or a
/// submesh row block), the buddy system's rule; the unused part of the block stays idle. Scattered:
/// the lowest free processors, wherever they are.
enum class OsPlacement { Pools, Subcube, Scattered };
/// "pools", "subcube", "scattered"
const std::vector<std::string>& os_placement_names();

struct OsParams {
  double quantum = 1;
  /// Leutenegger: a job's quantum is quantum / threads, so every job gets the same share.
  bool quantum_inverse_threads = false;
  OsAllocation allocation = OsAllocation::Equal;
  double checkpoint_interval = 10;
  /// Coscheduling: let an idle slot of the running row run the same column's thread of another row.
  bool fill_idle = false;
  OsLockRemedy lock_remedy = OsLockRemedy::None;
  OsMigrationTransfer transfer = OsMigrationTransfer::Full;
  /// pool_allocation: processors per pool (aligned blocks of consecutive processors).
  int pool_size = 4;
  OsPlacement placement = OsPlacement::Pools;
  /// Precopy: share of the image dirtied while it is sent (paid again, with the process stopped).
  double dirty_fraction = 0.1;
  /// Copy on reference: share of the image the process touches after the move (faulted in).
  double touched_fraction = 0.3;
};

enum class OsSegment : std::uint8_t {
  Compute,
  Spin,
  ContextSwitch,
  CacheReload,
  Migration,
  Checkpoint,
  Restart,
  LockSpin,
  RemoteAccess
};
const char* os_segment_name(OsSegment s);

/// One stretch of one processor's time (idle time is the gaps).
struct OsInterval {
  double start = 0;
  double end = 0;
  std::int32_t processor = 0;
  std::int32_t job = 0;
  std::int32_t thread = 0;  ///< slot within the job
  std::int32_t degree = 1;  ///< threads the job ran with (sets the work rate)
  OsSegment kind = OsSegment::Compute;
};

/// Work a restarted process lost (it is done again; Section 4.5.1).
struct OsRollback {
  std::int32_t job = 0;
  double work = 0;
  double time = 0;  ///< processor time that work had taken
};

struct OsLostTime {
  double barrier_spin = 0, context_switch = 0, cache_reload = 0, migration = 0, checkpoint = 0,
         restart = 0, rollback = 0, lock_spin = 0, remote_access = 0;
  double total() const {
    return barrier_spin + context_switch + cache_reload + migration + checkpoint + restart +
           rollback + lock_spin + remote_access;
  }
};

/// What happened at the jobs' spin locks.
struct OsLockStats {
  std::int64_t acquired = 0;              ///< critical sections entered
  std::int64_t holder_preempted = 0;      ///< holders descheduled inside their critical section
  std::int64_t warnings_heeded = 0;       ///< two-minute warning: entries put off to the next slice
  std::int64_t preemptions_deferred = 0;  ///< do-not-preempt bit honoured
  std::int64_t finished_by_sibling = 0;   ///< scheduler activations: sections a sibling completed
};

struct OsRunResult {
  std::vector<double> finish;    ///< per job
  std::vector<double> response;  ///< finish - arrival
  double mean_response_time = 0;
  double throughput = 0;   ///< jobs / makespan
  double utilization = 0;  ///< useful compute / (P * makespan)
  double fairness = 1;     ///< Jain's index of the slowdowns response / (work / speedup(threads))
  double makespan = 0;
  double busy = 0;  ///< useful compute time (rolled-back work excluded)
  double idle = 0;
  OsLostTime lost;
  /// Idle processor time while some job was in the system / (P * that time).
  double fragmentation = 0;
  std::int64_t events = 0;
  std::vector<OsInterval> intervals;  ///< the whole log (when kept), in closing order
  std::vector<OsRollback> rollbacks;
  OsLockStats locks;
};

struct OsSimOptions {
  bool keep_intervals = true;
  /// The run stops with OsLimitError beyond this many events.
  std::int64_t max_events = 20'000'000;
  const std::atomic<bool>* cancel = nullptr;
};

/// Thrown when a run exceeds OsSimOptions::max_events.
struct OsLimitError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Runs one policy (a name of os_algorithm_table()). Jobs may be in any arrival order.
OsRunResult simulate_os(const std::string& policy, int processors, const std::vector<OsJob>& jobs,
                        const OsCosts& costs, const OsParams& params,
                        const OsSimOptions& options = {});

/// Rough upper estimate of the events a policy needs (checked before running; see docs).
double estimate_os_events(const std::string& policy, int processors, const std::vector<OsJob>& jobs,
                          const OsParams& params);

}  // namespace loadlab::core
