// `loadlab bench` for the WebAssembly build, run under node:
//   node --no-experimental-fetch build/web/src/cli/loadlab_bench.js [--filter NAME] [--quick]
// The same benchmark functions as the native CLI, so README tables compare like with like.
#include <cstring>
#include <iostream>

#include "cli/commands.h"

int main(int argc, char** argv) {
  loadlab::cli::BenchOptions opts;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0)
      opts.quick = true;
    else if (std::strcmp(argv[i], "--filter") == 0 && i + 1 < argc)
      opts.filter = argv[++i];
    else if (std::strcmp(argv[i], "--threads") == 0 && i + 1 < argc)
      opts.threads = std::atoi(argv[++i]);
    else {
      std::cerr << "usage: loadlab_bench [--filter NAME] [--quick] [--threads N]\n";
      return 2;
    }
  }
  nlohmann::json all = nlohmann::json::array();
  for (auto* fn :
       {loadlab::cli::bench_balance, loadlab::cli::bench_dag, loadlab::cli::bench_loops,
        loadlab::cli::bench_sim, loadlab::cli::bench_iterative, loadlab::cli::bench_dynamic,
        loadlab::cli::bench_dynamic_threads, loadlab::cli::bench_adversary})
    for (auto& rec : fn(opts)) all.push_back(rec);
  std::cout << all.dump(2) << "\n";
  return 0;
}
