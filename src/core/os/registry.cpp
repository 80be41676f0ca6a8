// The "os" kind's descriptor table and the policy dispatcher. Paper 002, Section 4.
#include <cmath>
#include <stdexcept>

#include "core/os/policies.h"
#include "core/os/registry.h"

namespace loadlab::core {

const std::vector<AlgorithmInfo>& os_algorithm_table() {
  static const std::vector<AlgorithmInfo> table = attach_algorithm_guides(
      "os",
      {
          {"central_queue", "Central ready queue (time sharing)", "houstis1996 §4.1", "any job mix",
           "All processes of all jobs wait in one ready queue; an idle processor takes the first "
           "and "
           "runs "
           "it for a quantum, then puts it back. quantum_rule \"inverse_threads\" is Leutenegger's "
           "fair "
           "variant: a job's quantum is quantum / threads.",
           "slice = quantum  (or quantum / threads_j)", "O(log E) per event", false},
          {"affinity_queues", "Per-processor queues with affinity (Squillante & Lazowska)",
           "houstis1996 §4.3", "any job mix",
           "New processes enter a system queue; a preempted process returns to the queue of the "
           "processor "
           "it ran on, which runs its own queue first, then the system queue, then snoops on the "
           "longest "
           "other queue. Fewer cache reloads than a central queue.",
           "own queue > system queue > steal from the longest queue", "O(P) per steal", false},
          {"coscheduling", "Coscheduling / gang scheduling (Ousterhout matrix)", "houstis1996 §4.2",
           "jobs with threads <= P",
           "All processes of a job run at the same time or none does. Jobs are placed first-fit in "
           "the "
           "rows of an Ousterhout matrix and all processors switch rows together every quantum; "
           "empty "
           "columns are idle (fragmentation) unless fill_idle runs another row's process there.",
           "row r runs in slots r, r + R, r + 2R, ... (R rows)", "O(P) per switch", false},
          {"static_partition", "Static space sharing", "houstis1996 §4.3, §4.4", "any job mix",
           "A job gets a fixed set of processors at its start (allocation rule over the jobs "
           "present, "
           "capped at its threads and the free processors) and runs with that many threads; freed "
           "processors go only to waiting jobs.",
           "p_j by allocation: equal | sqrt(work) | average parallelism", "O(n log n) per start",
           false},
          {"process_control", "Process control (Tucker & Gupta)", "houstis1996 §4.3", "any job mix",
           "Semi-static space sharing: processors are re-divided at each arrival and departure, "
           "and "
           "each "
           "job adjusts its number of threads to its processors, so it never time-shares and keeps "
           "the "
           "efficiency S(p)/p of its current size.",
           "d_j = p_j,  rate = S(p_j)", "O(n log n + P) per arrival/departure", false},
          {"dynamic_space_sharing", "Dynamic space sharing (equipartition)", "houstis1996 §4.3",
           "any job mix",
           "Processors are re-divided at each arrival and departure (equipartition by default); a "
           "job "
           "keeps "
           "its threads and multiplexes them on its partition; moved threads pay only cache "
           "reloads.",
           "p_j = P / n (capped at threads, water-filled)", "O(n log n + P) per arrival/departure",
           false},
          {"checkpoint_restart", "Reclaiming processors by checkpoint-restart (Condor)",
           "houstis1996 §4.5.1", "any job mix",
           "Dynamic space sharing where all running processes are checkpointed every "
           "checkpoint_interval "
           "and a process that must move is killed and restarted from its last checkpoint: it pays "
           "the "
           "restart cost and redoes the work since the checkpoint.",
           "lost = checkpoints + restarts + work since last checkpoint", "as dynamic_space_sharing",
           false},
          {"migration", "Reclaiming processors by process migration", "houstis1996 §4.5.2",
           "any job mix",
           "Dynamic space sharing where a process that must move is migrated with its state: it "
           "pays "
           "the "
           "migration cost and loses no work; no periodic checkpoints.",
           "lost = migrations x cost", "as dynamic_space_sharing", false},
          {"pool_allocation", "Processor pools and subcube allocation (Zhou & Brecht; buddy)",
           "houstis1996 §4.4", "any job mix; subcube placement needs P a power of two",
           "Space sharing where it matters which processors a job gets: first come, first served, "
           "one processor per thread, placed inside one pool of pool_size processors when it fits "
           "(Zhou and Brecht's processor pools), as an aligned subcube (the buddy rule), or "
           "scattered. A job spread over pools runs 1 + costs.remote times slower.",
           "local = one pool (or an aligned subcube); rate = S(k) / k / (1 + remote if not local)",
           "O(P) per start", false},
      });
  return table;
}

namespace {

std::unique_ptr<os_detail::Policy> make_policy(const std::string& name, const OsParams& p,
                                               const OsCosts& c) {
  using namespace os_detail;
  if (name == "central_queue") return make_central_queue(p);
  if (name == "affinity_queues") return make_affinity_queues(p);
  if (name == "coscheduling") return make_coscheduling(p);
  if (name == "static_partition") return make_static_partition(p);
  if (name == "process_control") return make_process_control(p);
  if (name == "dynamic_space_sharing") return make_dynamic_space_sharing(p);
  if (name == "checkpoint_restart") return make_checkpoint_restart(p, c);
  if (name == "migration") return make_migration(p, c);
  if (name == "pool_allocation") return make_pool_allocation(p, c);
  throw std::invalid_argument("unknown os policy '" + name + "'");
}

bool time_sliced(const std::string& name) {
  return name == "central_queue" || name == "affinity_queues" || name == "coscheduling" ||
         name == "dynamic_space_sharing" || name == "checkpoint_restart" || name == "migration";
}

}  // namespace

OsRunResult simulate_os(const std::string& policy, int processors, const std::vector<OsJob>& jobs,
                        const OsCosts& costs, const OsParams& params, const OsSimOptions& options) {
  auto pol = make_policy(policy, params, costs);
  os_detail::Engine engine(processors, jobs, costs, options, params.lock_remedy);
  return engine.run(*pol);
}

double estimate_os_events(const std::string& policy, int processors, const std::vector<OsJob>& jobs,
                          const OsParams& params) {
  // Per job: arrival + every thread's phase ends; time-sliced policies add the slices its processor
  // time needs (the time alone with all threads, times threads, over the smallest slice); the
  // checkpoint timer adds one event per interval over the total work.
  double events = 0, total_time = 0;
  for (const auto& j : jobs) {
    const double phases = j.barrier_every > 0 ? std::ceil(j.work / j.barrier_every) : 1.0;
    events += 1 + phases * j.threads * 2;
    // Each critical section: entry, exit and a hand-off to a spinning sibling.
    if (j.lock_every > 0 && j.lock_length > 0)
      events += 3 * std::ceil(j.work / (j.lock_every + j.lock_length));
    const double cpu = j.work / os_speedup(j.speedup, j.threads) * j.threads;
    total_time += cpu;
    if (time_sliced(policy)) {
      const double slice =
          params.quantum_inverse_threads ? params.quantum / j.threads : params.quantum;
      events += cpu / slice;
    }
  }
  if (policy == "coscheduling") events += total_time / params.quantum;
  if (policy == "checkpoint_restart")
    events += (total_time / processors) / params.checkpoint_interval * (processors + 1);
  return events;
}

}  // namespace loadlab::core
