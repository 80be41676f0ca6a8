// The OpenMP side of `loadlab bench` for loops: the same loop body under libgomp's schedules.
// bench_openmp.cpp needs -fopenmp natively (the CMake sets it when OpenMP is found); without it
// the function returns an empty array.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "sim/loop_executor.h"

namespace loadlab::cli {

/// Runs iterations [0, n) of `body` under schedule(static), schedule(dynamic, k) and
/// schedule(guided) with `threads` threads; one record per schedule.
nlohmann::json bench_openmp_loop(const std::string& workload, std::int64_t n,
                                 const sim::LoopBody& body, int threads,
                                 std::int64_t dynamic_chunk);

}  // namespace loadlab::cli
