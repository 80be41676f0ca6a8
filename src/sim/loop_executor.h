// Real-thread execution of a parallel loop under a loop-scheduling technique.
//
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 3.1. The threads ask the same
// core::ChunkDispenser the simulator uses (one atomic operation per chunk request), execute an
// actual loop body, and record when each chunk ran. Plain std::thread / std::atomic only, so it
// runs natively and under Emscripten pthreads (Web Workers; the pool must hold `threads` workers).
//
// Thread-safety: execute_loop() is reentrant; the body is called concurrently from `threads`
// threads, each iteration exactly once.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/loops/simulator.h"
#include "core/loops/technique.h"

namespace loadlab::sim {

/// A loop body: executes iteration i on logical processor `thread`; returns a value that is
/// summed into the result's checksum (so the compiler cannot drop the work).
using LoopBody = std::function<double(std::int64_t i, int thread)>;

struct LoopExecResult {
  /// Chunks (start/finish in seconds since all threads were released, ordered by start), per-thread
  /// finish and busy seconds, and the same metrics the simulator reports.
  core::LoopRunResult run;
  /// Sum of the body's return values.
  double checksum = 0;
  bool cancelled = false;
};

/// Runs iterations [0, params.iterations) with params.processors threads (the calling thread
/// waits). `cancel` (may be null) stops threads between chunks.
LoopExecResult execute_loop(const core::LoopTechnique& technique, const core::LoopParams& params,
                            const LoopBody& body, const std::atomic<bool>* cancel = nullptr);

/// Burns `steps` units of floating-point work and returns a value depending on all of them.
double spin(std::int64_t steps);

/// Spin steps per second on this machine (measured once over ~20 ms, then cached).
double spin_steps_per_second();

/// A body that spins costs[i] * seconds_per_unit seconds' worth of calibrated steps.
LoopBody spin_body(const std::vector<double>& costs, double seconds_per_unit);

/// A body that computes Mandelbrot row i of a rows x width image (core::mandelbrot_row).
LoopBody mandelbrot_body(std::int64_t rows, std::int64_t width, int max_iter);

}  // namespace loadlab::sim
