// The real-thread dynamic workloads as OpenMP tasks (libgomp natively; compiled with -fopenmp when
// CMake finds OpenMP, a stub otherwise and in WebAssembly). OpenMP does not expose steal counts,
// so only time and tasks per thread are reported. See bench_threads_external.h.
#include <chrono>

#include "cli/bench_threads_external.h"

#ifdef _OPENMP
#include <omp.h>
#endif

namespace loadlab::cli {

#ifdef _OPENMP
namespace {

using BenchThreadsOpenmpSlot = ExternalSlot;

// Pointers, not references: a task's firstprivate copies of them are the same objects.
void bench_threads_openmp_visit(const sim::TreeWorkload* w, sim::ThreadTask t,
                                BenchThreadsOpenmpSlot* slots) {
  BenchThreadsOpenmpSlot& s = slots[omp_get_thread_num()];
  s.checksum += w->execute(t);
  ++s.tasks;
  s.key_sum += sim::task_key(t);
  const int n = w->child_count(t);
  for (int i = 0; i < n; ++i) {
    const sim::ThreadTask c = sim::TreeWorkload::child(t, i);
#pragma omp task firstprivate(w, c, slots)
    bench_threads_openmp_visit(w, c, slots);
  }
}

}  // namespace

ExternalTreeRun run_tree_openmp(const sim::TreeWorkload& w, int threads) {
  std::vector<BenchThreadsOpenmpSlot> slots(static_cast<std::size_t>(threads));
  const sim::TreeWorkload* wp = &w;
  BenchThreadsOpenmpSlot* sp = slots.data();
  const auto t0 = std::chrono::steady_clock::now();
#pragma omp parallel num_threads(threads) firstprivate(wp, sp)
  {
#pragma omp single
    for (const sim::ThreadTask& r : wp->roots()) {
      const sim::ThreadTask root = r;
#pragma omp task firstprivate(wp, root, sp)
      bench_threads_openmp_visit(wp, root, sp);
    }
  }  // the region's barrier: every task has finished
  return sum_slots(slots,
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
}
#else
ExternalTreeRun run_tree_openmp(const sim::TreeWorkload& w, int threads) {
  (void)w, (void)threads;
  return {};
}
#endif

}  // namespace loadlab::cli
