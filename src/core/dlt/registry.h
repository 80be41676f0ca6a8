// The dlt kind's descriptor table: divisible load on a hypercube (paper 004,
// ../shared/seeds/004_11d6ddba309eeb28.txt); each algorithm's file cites its section.
//
// Adding a dlt algorithm = its own file + one DltAlgorithm row in registry.cpp (+ its test).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "core/common/algorithm_info.h"
#include "core/dlt/dlt_types.h"

namespace loadlab::core {

struct DltAlgorithm {
  AlgorithmInfo info;
  bool needs_buffer = false;       ///< needs the buffer size B
  bool needs_granularity = false;  ///< needs the granularity δ
  /// Runs it; `buffer` / `granularity` are set whenever the row needs them.
  DltResult (*run)(const DltParams& params, std::optional<double> buffer,
                   std::optional<double> granularity) = nullptr;
};

/// Every dlt algorithm, in canonical order. With none named, a scenario runs every row whose
/// needs its fields meet.
const std::vector<DltAlgorithm>& dlt_algorithms();
/// The row called `name`, or nullptr.
const DltAlgorithm* find_dlt_algorithm(std::string_view name);
/// The dlt kind's descriptor table (the `info` of dlt_algorithms(), same order).
const std::vector<AlgorithmInfo>& dlt_algorithm_table();

}  // namespace loadlab::core
