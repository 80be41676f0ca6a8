// The real-thread loop executor: every iteration exactly once, for every technique, on 1, 2, 4
// threads, checked by counting body calls and by the independent verifier.
#include <doctest/doctest.h>

#include <atomic>
#include <memory>

#include "core/loops/simulator.h"
#include "core/verify/loop_verify.h"
#include "sim/loop_executor.h"

using namespace loadlab;

TEST_CASE("LoopExecutor.EveryIterationOnce" * doctest::timeout(120)) {
  for (const auto& t : core::loop_techniques()) {
    for (int p : {1, 2, 4}) {
      for (std::int64_t n : {0, 3, 1000}) {
        core::LoopParams s;
        s.iterations = n;
        s.processors = p;
        s.sd_cost = 0.5;
        s.overhead = 0.01;
        auto counts = std::make_unique<std::atomic<int>[]>(static_cast<std::size_t>(n) + 1);
        for (std::int64_t i = 0; i < n; ++i) counts[static_cast<std::size_t>(i)] = 0;
        auto r = sim::execute_loop(t, s, [&](std::int64_t i, int thread) {
          counts[static_cast<std::size_t>(i)].fetch_add(1);
          // A little uneven work so threads interleave.
          return sim::spin((i % 7) * 50 + thread);
        });
        INFO(t.name, " P=", p, " N=", n);
        int wrong = 0;
        for (std::int64_t i = 0; i < n; ++i)
          wrong += counts[static_cast<std::size_t>(i)].load() != 1;
        CHECK(wrong == 0);
        const auto v = core::verify_loop(n, p, r.run.chunks);
        INFO(v.message);
        CHECK(v.ok);
        CHECK(r.run.finish.size() == static_cast<std::size_t>(p));
        CHECK(r.run.parallel_time >= 0);
      }
    }
  }
}

TEST_CASE("LoopExecutor.MandelbrotChecksum" * doctest::timeout(120)) {
  // The parallel sum of row costs equals the sequential one, whatever the schedule.
  const std::int64_t rows = 64, width = 32;
  const int iters = 64;
  double want = 0;
  for (std::int64_t i = 0; i < rows; ++i)
    want += static_cast<double>(core::mandelbrot_row(i, rows, width, iters));
  core::LoopParams s;
  s.iterations = rows;
  s.processors = 4;
  for (const char* name : {"static_block", "gss", "affinity", "fac2"}) {
    auto r = sim::execute_loop(*core::find_loop_technique(name), s,
                               sim::mandelbrot_body(rows, width, iters));
    CHECK(r.checksum == want);
  }
}

TEST_CASE("LoopExecutor.Cancel" * doctest::timeout(60)) {
  std::atomic<bool> cancel{true};
  core::LoopParams s;
  s.iterations = 100000;
  s.processors = 2;
  auto r = sim::execute_loop(
      *core::find_loop_technique("self"), s, [](std::int64_t, int) { return 0.0; }, &cancel);
  CHECK(r.cancelled);
  CHECK(r.run.chunks.empty());
}

TEST_CASE("LoopExecutor.SpinIsCalibrated" * doctest::timeout(60)) {
  CHECK(sim::spin_steps_per_second() > 1e6);
  CHECK(sim::spin(10) != sim::spin(11));
}
