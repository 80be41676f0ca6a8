// core::ParallelFor on a sim::WorkerPool, for the central iterative kernels of course notes 003
// (../shared/seeds/003_6046837c8e4c81af.txt; core/balance/gde, diffusion) on threads.
//
// One pool job per call however many phases (GDE: one per colour class): the units of all phases
// are cut into chunks numbered in phase order and claimed from one atomic counter, and a thread
// that claims the first chunks of phase p + 1 waits until every chunk of phase p is done. Claiming
// rather than a fixed split keeps both cores busy when one thread is descheduled (the machine is
// shared) or busy with a side task (which the last part starts with). No deadlock: a chunk only
// waits for chunks numbered before it, which were claimed earlier by threads that wait only for
// chunks numbered before theirs.
//
// A wait spins briefly (a phase usually ends within microseconds), then yields, then blocks on a
// condition variable that the phase's last chunk signals. Blocking matters on a loaded machine
// and in WebAssembly, where sched_yield does not give the core away: a spinning waiter there can
// hold the very core the thread it waits for needs.
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "sim/programs/iterative_nodes.h"
#include "sim/worker_pool.h"

namespace loadlab::sim {

namespace {

#ifdef __EMSCRIPTEN__
constexpr int kYieldsBeforeBlocking = 0;  // yielding does not free the core (see above)
#else
constexpr int kYieldsBeforeBlocking = 1000;
#endif

class PoolParallelFor final : public core::ParallelFor {
 public:
  explicit PoolParallelFor(int threads) : pool_(threads) {}

  int threads() const override { return pool_.threads(); }

  void run(std::int64_t count,
           const std::function<void(std::int64_t, std::int64_t)>& body) const override {
    run_phases(
        {count}, [&](int, std::int64_t b, std::int64_t e) { body(b, e); }, nullptr);
  }

  void run_phases(const std::vector<std::int64_t>& counts,
                  const std::function<void(int, std::int64_t, std::int64_t)>& body,
                  const std::function<void()>& side) const override {
    run_impl(counts, body, side, false);
  }

  void run_coarse_phases(const std::vector<std::int64_t>& counts,
                         const std::function<void(int, std::int64_t, std::int64_t)>& body,
                         const std::function<void()>& side) const override {
    run_impl(counts, body, side, true);
  }

 private:
  // coarse: every unit is a chunk (bands of rows); else chunks of >= 2048 units, and small
  // jobs run on the calling thread.
  void run_impl(const std::vector<std::int64_t>& counts,
                const std::function<void(int, std::int64_t, std::int64_t)>& body,
                const std::function<void()>& side, bool coarse) const {
    const int parts = pool_.threads();
    std::int64_t total_units = 0;
    for (auto c : counts) total_units += c;
    if (parts == 1 || (!coarse && total_units < 4096)) {
      ParallelFor::run_phases(counts, body, side);
      return;
    }
    const std::size_t phases = counts.size();
    // Chunk size: ~16 chunks per thread per phase, at least 2048 units (a chunk is ~10 us).
    std::vector<std::int64_t> chunk(phases), first(phases + 1, 0);
    for (std::size_t p = 0; p < phases; ++p) {
      chunk[p] = coarse ? 1 : std::max<std::int64_t>(2048, counts[p] / (16 * parts));
      first[p + 1] = first[p] + (counts[p] + chunk[p] - 1) / chunk[p];
    }
    const std::int64_t chunks = first[phases];
    std::atomic<std::int64_t> next{0};
    std::unique_ptr<std::atomic<std::int64_t>[]> finished(new std::atomic<std::int64_t>[phases]);
    for (std::size_t p = 0; p < phases; ++p) finished[p].store(0, std::memory_order_relaxed);
    std::mutex gate;
    std::condition_variable phase_done;
    auto done = [&](std::size_t q) {
      return finished[q].load(std::memory_order_acquire) >= first[q + 1] - first[q];
    };
    auto wait_for = [&](std::size_t q) {
      for (int spin = 0; !done(q); ++spin) {
        if (spin < 64) continue;
        if (spin < 64 + kYieldsBeforeBlocking) {
          std::this_thread::yield();
          continue;
        }
        // The last chunk of q increments `finished` before it takes the lock to notify, so a
        // waiter that still saw q unfinished under the lock is already waiting when it does.
        std::unique_lock<std::mutex> lock(gate);
        phase_done.wait(lock, [&] { return done(q); });
      }
    };
    pool_.run([&](int part) {
      if (side && part == parts - 1) side();
      std::size_t p = 0;
      for (;;) {
        const std::int64_t k = next.fetch_add(1, std::memory_order_relaxed);
        if (k >= chunks) return;
        while (k >= first[p + 1]) ++p;
        for (std::size_t q = 0; q < p; ++q) wait_for(q);  // every earlier phase (one may be empty)
        const std::int64_t b = (k - first[p]) * chunk[p];
        body(static_cast<int>(p), b, std::min(counts[p], b + chunk[p]));
        if (finished[p].fetch_add(1, std::memory_order_acq_rel) + 1 == first[p + 1] - first[p]) {
          std::lock_guard<std::mutex> lock(gate);
          phase_done.notify_all();
        }
      }
    });
  }

  mutable WorkerPool pool_;
};

}  // namespace

std::unique_ptr<core::ParallelFor> make_pool_parallel_for(int threads) {
  return std::make_unique<PoolParallelFor>(threads);
}

}  // namespace loadlab::sim
