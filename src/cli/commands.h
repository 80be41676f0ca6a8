// Subcommands of the `loadlab` CLI that each feature area provides.
//
// main.cpp parses arguments with CLI11 and dispatches here. Each paper's reproduction and each
// area's benchmarks live in their own file (reproduce_<paper>.cpp, bench_<area>.cpp), so feature
// work never touches main.cpp beyond one table entry.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

namespace loadlab::cli {

struct ReproduceOptions {
  /// Folder for CSV files (one per table/figure); empty = no CSV.
  std::string csv_dir;
  /// Cases per cell where the paper averages over random cases (Table I uses 1000).
  int cases = 1000;
  std::uint64_t seed = 1;
  /// Smaller sweeps for tests (same code path, fewer cases/sizes).
  bool quick = false;
};

/// Each prints the paper's tables beside ours; returns a process exit code.
int reproduce_wu(const ReproduceOptions& opts, std::ostream& out);   // paper 000
int reproduce_flb(const ReproduceOptions& opts, std::ostream& out);  // paper 001
int reproduce_dlt(const ReproduceOptions& opts, std::ostream& out);  // paper 004
int reproduce_notes(const ReproduceOptions& opts, std::ostream& out);  // paper 003 problems

struct BenchOptions {
  /// Substring filter on benchmark names; empty = all.
  std::string filter;
  /// Smaller sizes for a quick check (used by tests).
  bool quick = false;
  int threads = 2;
};

/// Each returns an array of {"name", "seconds", ...} records; main prints them as JSON.
nlohmann::json bench_balance(const BenchOptions& opts);
nlohmann::json bench_dag(const BenchOptions& opts);
nlohmann::json bench_loops(const BenchOptions& opts);
nlohmann::json bench_sim(const BenchOptions& opts);

}  // namespace loadlab::cli
