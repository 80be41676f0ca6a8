// `loadlab validate|run|adversary` for the WebAssembly build, run under node (the
// determinism corpus; the adversarial search):
//   node --no-experimental-fetch build/web/src/cli/loadlab_cli.js run SCENARIO [-o OUT]
//   node --no-experimental-fetch build/web/src/cli/loadlab_cli.js adversary --a A --b B ...
// The same io calls, output format and exit codes as those commands of the native CLI
// (src/cli/main.cpp), so scripts/determinism.sh can compare the two byte for byte. CLI11, share
// links (zlib) and the benchmarks stay native-only.
#include <cstring>
#include <iostream>
#include <vector>

#include "cli/adversary_command.h"
#include "io/scenario.h"
#include "io/text_files.h"

namespace {

using loadlab::io::Json;
using loadlab::io::ScenarioError;

int usage() {
  std::cerr
      << "usage: loadlab_cli validate SCENARIO | run SCENARIO [-o OUT] | adversary [OPTIONS]\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && std::strcmp(argv[1], "adversary") == 0) {
    loadlab::cli::AdversaryCliOptions opts;
    std::string error;
    if (!loadlab::cli::parse_adversary_args(std::vector<std::string>(argv + 2, argv + argc), opts,
                                            error)) {
      std::cerr << "loadlab: " << error << "\n";
      return 2;
    }
    try {
      return loadlab::cli::adversary_command(opts, std::cout, std::cerr);
    } catch (const std::exception& e) {
      std::cerr << "loadlab: internal error: " << e.what() << "\n";
      return 1;
    }
  }
  if (argc < 3) return usage();
  const std::string cmd = argv[1], path = argv[2];
  std::string out_path;
  if (argc == 5 && std::strcmp(argv[3], "-o") == 0)
    out_path = argv[4];
  else if (argc != 3)
    return usage();
  if (cmd != "validate" && cmd != "run") return usage();
  try {
    loadlab::io::RunContext ctx;
    ctx.base_dir = std::filesystem::absolute(path).parent_path();
    const Json scenario = loadlab::io::load_scenario_text(loadlab::io::read_document(path), ctx);
    if (cmd == "validate") {
      std::cout << "ok\n";
      return 0;
    }
    const Json result = loadlab::io::run_scenario(scenario, ctx);
    const std::string text = result.dump(2) + "\n";
    if (out_path.empty())
      std::cout << text;
    else
      loadlab::io::write_text_file(out_path, text);
    for (const auto& r : result["results"])
      if (!r.value("verified", false)) {
        std::cerr << "loadlab: a result failed its verifier (see \"verified\": false)\n";
        return 1;
      }
    return 0;
  } catch (const ScenarioError& e) {
    std::cerr << "loadlab: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "loadlab: internal error: " << e.what() << "\n";
    return 1;
  }
}
