// The real-thread dynamic workloads under oneTBB (Debian libtbb-dev; native only): a task_arena
// with `threads` slots, each tree node a task of a task_group. TBB does not expose its steal
// counts, so only time and tasks per slot are reported. See bench_threads_external.h.
#include <chrono>

#include "cli/bench_threads_external.h"

#ifdef LOADLAB_HAVE_TBB
#include <oneapi/tbb/task_arena.h>
#include <oneapi/tbb/task_group.h>
#endif

namespace loadlab::cli {

#ifdef LOADLAB_HAVE_TBB
namespace {

using BenchThreadsTbbSlot = ExternalSlot;

// A slot is written only by the thread occupying that arena slot (one task at a time).
void bench_threads_tbb_visit(const sim::TreeWorkload& w, const sim::ThreadTask& t,
                             std::vector<BenchThreadsTbbSlot>& slots) {
  BenchThreadsTbbSlot& s =
      slots[static_cast<std::size_t>(oneapi::tbb::this_task_arena::current_thread_index())];
  s.checksum += w.execute(t);
  ++s.tasks;
  s.key_sum += sim::task_key(t);
  const int n = w.child_count(t);
  if (n == 0) return;
  oneapi::tbb::task_group g;
  for (int i = 1; i < n; ++i) {
    const sim::ThreadTask c = sim::TreeWorkload::child(t, i);
    g.run([&w, &slots, c] { bench_threads_tbb_visit(w, c, slots); });
  }
  bench_threads_tbb_visit(w, sim::TreeWorkload::child(t, 0),
                          slots);  // the first child on this thread
  g.wait();
}

}  // namespace

ExternalTreeRun run_tree_tbb(const sim::TreeWorkload& w, int threads) {
  oneapi::tbb::task_arena arena(threads);
  arena.initialize();
  std::vector<BenchThreadsTbbSlot> slots(static_cast<std::size_t>(threads));
  const auto t0 = std::chrono::steady_clock::now();
  arena.execute([&] {
    oneapi::tbb::task_group g;
    for (const sim::ThreadTask& r : w.roots())
      g.run([&w, &slots, r] { bench_threads_tbb_visit(w, r, slots); });
    g.wait();
  });
  return sum_slots(slots,
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
}
#else
ExternalTreeRun run_tree_tbb(const sim::TreeWorkload& w, int threads) {
  (void)w, (void)threads;
  return {};
}
#endif

}  // namespace loadlab::cli
