// `loadlab adversary`: the adversarial instance search (core/dag/adversary.h, after
// PISA, Coleman et al.) from the command line. Shared by the native CLI (CLI11 in main.cpp) and
// the WebAssembly CLI under node (wasm_cli_main.cpp, for scripts/determinism.sh), so both print
// and write exactly the same thing. Documentation: docs/adversary.md.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace loadlab::cli {

struct AdversaryCliOptions {
  std::string a = "flb", b = "etf";
  std::int32_t tasks = 12;
  std::int32_t processors = 4;
  bool heterogeneous = false;
  std::string scenario;  ///< start instance (a dag scenario); else a random one (tasks, processors)
  std::int64_t iterations = 10000;
  std::uint64_t seed = 1;
  std::string output;  ///< write the worst instance here as a dag scenario
  bool json = false;   ///< print a JSON record instead of text
  /// "makespan" or "expected_makespan" (core::AdversaryOptions::target, spread, samples).
  std::string target = "makespan";
  double spread = 0.5;
  std::int64_t samples = 200;
  /// PISA's setup when > 0: the best of this many restarts (1..1000), each from one of PISA's
  /// start instances (core::pisa_start_instances: chains of 3-5 tasks on 3-5 processors), with
  /// costs, data, speeds and link speeds kept in PISA's bounds [0.1, 1]. Not with --scenario.
  std::int32_t pisa = 0;
};

/// Runs the search; prints the start ratio, the ratio reached, iterations and iterations/s.
/// Returns 0, or 2 for bad input (message on `err` naming the flag or field).
int adversary_command(const AdversaryCliOptions& opts, std::ostream& out, std::ostream& err);

/// Parses `--a A --b B --tasks N --processors P --heterogeneous --scenario F --iterations K
/// --seed S -o F --json --pisa N` (the WebAssembly CLI, without CLI11); returns false with a
/// message.
bool parse_adversary_args(const std::vector<std::string>& args, AdversaryCliOptions& opts,
                          std::string& error);

}  // namespace loadlab::cli
