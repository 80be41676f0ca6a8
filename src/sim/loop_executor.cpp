#include "sim/loop_executor.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <thread>

namespace loadlab::sim {

namespace {

using LoopExecutorClock = std::chrono::steady_clock;

double seconds_since(LoopExecutorClock::time_point t0) {
  return std::chrono::duration<double>(LoopExecutorClock::now() - t0).count();
}

}  // namespace

double spin(std::int64_t steps) {
  // A dependent multiply-add chain: cannot be vectorized away or folded; about one step per
  // floating-point latency.
  double x = 1.0;
  for (std::int64_t i = 0; i < steps; ++i) x = x * 0.999999 + 1e-7;
  return x;
}

double spin_steps_per_second() {
  static const double rate = [] {
    double best = 0;
    const std::int64_t steps = 1 << 20;
    volatile double sink = 0;
    for (int rep = 0; rep < 5; ++rep) {
      const auto t0 = LoopExecutorClock::now();
      sink = sink + spin(steps);
      const double s = seconds_since(t0);
      if (s > 0 && steps / s > best) best = static_cast<double>(steps) / s;
    }
    return best > 0 ? best : 1e9;
  }();
  return rate;
}

LoopBody spin_body(const std::vector<double>& costs, double seconds_per_unit) {
  const double steps_per_unit = seconds_per_unit * spin_steps_per_second();
  auto shared = std::make_shared<const std::vector<double>>(costs);
  return [shared, steps_per_unit](std::int64_t i, int) {
    return spin(static_cast<std::int64_t>((*shared)[static_cast<std::size_t>(i)] * steps_per_unit));
  };
}

LoopBody mandelbrot_body(std::int64_t rows, std::int64_t width, int max_iter) {
  return [rows, width, max_iter](std::int64_t i, int) {
    return static_cast<double>(core::mandelbrot_row(i, rows, width, max_iter));
  };
}

LoopExecResult execute_loop(const core::LoopTechnique& technique, const core::LoopParams& params,
                            const LoopBody& body, const std::atomic<bool>* cancel) {
  auto dispenser = technique.make(params);
  const int p = params.processors;
  const auto up = static_cast<std::size_t>(p);

  struct alignas(64) PerThread {
    std::vector<core::LoopChunk> chunks;
    double finish = 0;
    double checksum = 0;
    double busy = 0;
  };
  std::vector<PerThread> local(up);
  std::atomic<int> arrived{0};
  std::atomic<bool> go{false};
  std::atomic<bool> stopped{false};
  LoopExecutorClock::time_point t0;

  auto worker = [&](int t) {
    PerThread& me = local[static_cast<std::size_t>(t)];
    // Start together: without this barrier, thread creation time would show up as imbalance.
    arrived.fetch_add(1);
    while (!go.load(std::memory_order_acquire)) std::this_thread::yield();
    for (;;) {
      if (cancel && cancel->load(std::memory_order_relaxed)) {
        stopped.store(true);
        break;
      }
      core::LoopChunk c = dispenser->next(t);
      if (c.empty()) break;
      c.start = seconds_since(t0);
      for (std::int64_t i = c.begin; i < c.end; ++i) me.checksum += body(i, t);
      c.finish = seconds_since(t0);
      me.busy += c.finish - c.start;
      me.chunks.push_back(c);
    }
    me.finish = seconds_since(t0);
  };

  std::vector<std::thread> threads;
  threads.reserve(up);
  for (int t = 0; t < p; ++t) threads.emplace_back(worker, t);
  while (arrived.load() < p) std::this_thread::yield();
  t0 = LoopExecutorClock::now();
  go.store(true, std::memory_order_release);
  for (auto& th : threads) th.join();

  LoopExecResult out;
  out.run.finish.resize(up);
  out.run.busy.resize(up);
  for (std::size_t t = 0; t < up; ++t) {
    out.run.finish[t] = local[t].finish;
    out.run.busy[t] = local[t].busy;
    out.checksum += local[t].checksum;
    out.run.chunks.insert(out.run.chunks.end(), local[t].chunks.begin(), local[t].chunks.end());
  }
  // Order like the simulator's table: by the time chunks were handed out.
  std::stable_sort(
      out.run.chunks.begin(), out.run.chunks.end(),
      [](const core::LoopChunk& a, const core::LoopChunk& b) { return a.start < b.start; });
  core::compute_loop_metrics(out.run);
  out.cancelled = stopped.load();
  return out;
}

}  // namespace loadlab::sim
