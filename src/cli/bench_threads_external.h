// oneTBB and OpenMP runs of the real-thread dynamic workloads, for
// comparison with LoadLab's executors (sim/dynamic_exec). bench_threads_tbb.cpp is compiled with
// LOADLAB_HAVE_TBB when CMake finds oneTBB, bench_threads_openmp.cpp with -fopenmp when it finds
// OpenMP (native only); without them the functions return `available = false`.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/dynamic_exec/tree_workload.h"

namespace loadlab::cli {

struct ExternalTreeRun {
  bool available = false;
  double seconds = 0;
  std::int64_t tasks = 0;
  std::uint64_t key_sum = 0;                   ///< Σ task_key, compared with TreeCount::key_sum
  std::vector<std::int64_t> tasks_per_thread;  ///< by arena slot / OpenMP thread number
  double checksum = 0;
};

/// One thread's counters (cache-line sized: each is written by its own thread only).
struct alignas(64) ExternalSlot {
  std::int64_t tasks = 0;
  std::uint64_t key_sum = 0;
  double checksum = 0;
};

/// The run's totals and per-thread task counts from its slots.
inline ExternalTreeRun sum_slots(const std::vector<ExternalSlot>& slots, double seconds) {
  ExternalTreeRun out;
  out.available = true;
  out.seconds = seconds;
  for (const ExternalSlot& s : slots) {
    out.tasks += s.tasks;
    out.key_sum += s.key_sum;
    out.checksum += s.checksum;
    out.tasks_per_thread.push_back(s.tasks);
  }
  return out;
}

/// Every task a oneTBB task_group task in a task_arena of `threads` slots (recursive fork-join:
/// a task runs its children in a nested task_group and waits; TBB's own work stealing balances).
ExternalTreeRun run_tree_tbb(const sim::TreeWorkload& w, int threads);

/// Every task an OpenMP task (`#pragma omp task`, libgomp natively with GCC) created by its
/// parent; one `single` region creates the roots; the parallel region's barrier waits for all.
ExternalTreeRun run_tree_openmp(const sim::TreeWorkload& w, int threads);

}  // namespace loadlab::cli
