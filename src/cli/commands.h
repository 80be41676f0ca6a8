// Subcommands of the `loadlab` CLI that each feature area provides.
//
// main.cpp parses arguments with CLI11 and dispatches here. Each paper's reproduction and each
// area's benchmarks live in their own file (reproduce_<paper>.cpp, bench_<area>.cpp), so feature
// work never touches main.cpp beyond one table entry.
#pragma once

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace loadlab::cli {

struct ReproduceOptions {
  /// Folder for CSV files (one per table/figure); empty = no CSV.
  std::string csv_dir;
  /// Folder for SVG plots of the papers' figures; empty = no plots.
  std::string svg_dir;
  /// Cases per cell where the paper averages over random cases (Table I uses 1000).
  int cases = 1000;
  std::uint64_t seed = 1;
  /// Smaller sweeps for tests (same code path, fewer cases/sizes).
  bool quick = false;
  /// Folder of input files a reproduction reads (reproduce walshaw: the .graph meshes).
  std::string data_dir;
  /// Splitting a sweep's independent runs across processes (`loadlab-mpi reproduce`,
  /// docs/mpi.md): this process computes the runs whose index % parts == part, `gather` returns
  /// every process's serialized runs (in part order) on part 0 and nothing on the others, and only
  /// part 0 prints. One process: part 0 of 1, no gather.
  int part = 0;
  int parts = 1;
  std::function<std::vector<std::string>(const std::string& mine)> gather;
};

/// Each prints the paper's tables beside ours; returns a process exit code.
int reproduce_wu(const ReproduceOptions& opts, std::ostream& out);         // paper 000
int reproduce_flb(const ReproduceOptions& opts, std::ostream& out);        // paper 001
int reproduce_dlt(const ReproduceOptions& opts, std::ostream& out);        // paper 004
int reproduce_notes(const ReproduceOptions& opts, std::ostream& out);      // paper 003 problems
int reproduce_partition(const ReproduceOptions& opts, std::ostream& out);  // paper 002 Table 1
int reproduce_rips(const ReproduceOptions& opts, std::ostream& out);  // paper 000 §1 dynamic (RIPS)
int reproduce_os(const ReproduceOptions& opts, std::ostream& out);    // paper 002 §4 (OS layer)
int reproduce_adversary(const ReproduceOptions& opts, std::ostream& out);  // PISA pairwise
int reproduce_saga(const ReproduceOptions& opts, std::ostream& out);     // SAGA's data sets + PISA
int reproduce_loops(const ReproduceOptions& opts, std::ostream& out);    // survey §3.1 loop claims
int reproduce_walshaw(const ReproduceOptions& opts, std::ostream& out);  // Walshaw meshes vs METIS

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
nlohmann::json bench_iterative(const BenchOptions& opts);        // bench_iterative.cpp
nlohmann::json bench_dynamic(const BenchOptions& opts);          // bench_dynamic.cpp
nlohmann::json bench_partition(const BenchOptions& opts);        // bench_partition.cpp
nlohmann::json bench_os(const BenchOptions& opts);               // bench_os.cpp
nlohmann::json bench_dynamic_threads(const BenchOptions& opts);  // bench_dynamic_threads.cpp
nlohmann::json bench_adversary(const BenchOptions& opts);        // bench_adversary.cpp

}  // namespace loadlab::cli
