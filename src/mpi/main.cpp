// `loadlab-mpi`: the node programs and the paper sweeps on MPI (docs/mpi.md). A separate executable
// so that `loadlab` never links MPI.
//
//   mpirun -np K loadlab-mpi run scenario.json [--engine mpi] [-o out.json] [--stats]
//   mpirun -np K loadlab-mpi reproduce wu|flb|dlt|notes|partition|rips|os [--quick] [--csv DIR]
//                                      [--cases N] [--seed S]
//   mpirun -np K loadlab-mpi bench [--quick] [--repeat R]
//
// Output equals `loadlab run scenario.json --engine nodes` and `loadlab reproduce ...`. Rank 0
// reads the scenario (only its node needs the file) and prints; every rank runs the same io code,
// and the balance kind's node programs run on the MPI transport through RunContext::balance_nodes
// (TWA, CWA, MWA, DEM) and RunContext::iterative_nodes (gde, diffusion, gradient). Exit codes as
// `loadlab`: 0 success, 2 bad input (rank 0 prints the message, naming the field), 1 internal
// failure.
#include <mpi.h>

#include <CLI/CLI.hpp>

#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "io/kinds/balance.h"
#include "io/scenario.h"
#include "io/text_files.h"
#include "mpi/bench_mpi.h"
#include "mpi/gather.h"
#include "mpi/mpi_balance.h"
#include "mpi/mpi_iterative.h"

namespace {

using loadlab::io::Json;
using loadlab::io::ScenarioError;

constexpr int kExitBadInput = 2;

struct World {
  int rank = 0;
  int ranks = 1;
};

// Rank 0 reads the file (size-checked before reading) and broadcasts the text. Throws
// ScenarioError on every rank if rank 0 could not read it.
std::string read_scenario(const World& w, const std::string& path) {
  std::string text, error;
  if (w.rank == 0) {
    try {
      text = loadlab::io::read_document(path);
    } catch (const ScenarioError& e) {
      error = e.reason();
    }
  }
  // [length or -1 on error], then the text or the message.
  long long len = static_cast<long long>(error.empty() ? text.size() : error.size());
  int failed = error.empty() ? 0 : 1;
  MPI_Bcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Bcast(&len, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
  std::string& payload = failed ? error : text;
  payload.resize(static_cast<std::size_t>(len));
  if (len > 0) MPI_Bcast(payload.data(), static_cast<int>(len), MPI_CHAR, 0, MPI_COMM_WORLD);
  if (failed) throw ScenarioError("", error);
  return text;
}

// More ranks than nodes would leave a rank without nodes: refused before any work.
ScenarioError too_many_ranks(int ranks, int nodes) {
  return ScenarioError("/topology", std::to_string(ranks) + " MPI ranks for a network of " +
                                        std::to_string(nodes) +
                                        " nodes: every rank needs at least one node (run with "
                                        "mpirun -np " +
                                        std::to_string(nodes) + " or fewer)");
}

bool all_verified(const Json& result) {
  for (const auto& r : result["results"])
    if (!r.value("verified", false)) return false;
  return true;
}

int run_command(const World& w, const std::string& path, const std::string& out_path, bool stats) {
  loadlab::io::RunContext ctx;
  ctx.base_dir =
      path == "-" ? std::filesystem::current_path() : std::filesystem::absolute(path).parent_path();
  // The result document is the node engine's: engine "nodes", 1 thread per process.
  ctx.engine = "nodes";
  ctx.threads = 1;
  Json stat_lines = Json::array();
  ctx.balance_nodes = [&](const std::string& algorithm, const loadlab::core::Topology& topology,
                          const std::vector<std::int64_t>& loads) {
    if (w.ranks > topology.size()) throw too_many_ranks(w.ranks, topology.size());
    loadlab::mpi::MpiRunInfo info;
    auto run = loadlab::mpi::run_balance_mpi(MPI_COMM_WORLD, algorithm, topology, loads, &info);
    stat_lines.push_back({{"algorithm", algorithm},
                          {"nodes", topology.size()},
                          {"ranks", info.ranks},
                          {"seconds", info.seconds},
                          {"supersteps", run.executed_supersteps},
                          {"messages", run.messages},
                          {"cross_rank_messages", info.cross.messages},
                          {"cross_rank_bytes", info.cross.bytes}});
    return run;
  };
  ctx.iterative_nodes = [&](const std::string& algorithm, const loadlab::core::Topology& topology,
                            const std::vector<std::int64_t>& loads,
                            const loadlab::core::IterativeOptions& options) {
    if (w.ranks > topology.size()) throw too_many_ranks(w.ranks, topology.size());
    loadlab::mpi::MpiRunInfo info;
    auto run =
        loadlab::mpi::run_iterative_mpi(MPI_COMM_WORLD, algorithm, topology, loads, options, &info);
    stat_lines.push_back({{"algorithm", algorithm},
                          {"nodes", topology.size()},
                          {"ranks", info.ranks},
                          {"seconds", info.seconds},
                          {"supersteps", info.executed_supersteps},
                          {"messages", run.messages},
                          {"cross_rank_messages", info.cross.messages},
                          {"cross_rank_bytes", info.cross.bytes},
                          {"driver_bytes", info.driver_bytes}});
    return run;
  };
  // Parsed (and validated) once, as `loadlab run` does; the typed scenario is what runs.
  const auto parsed = loadlab::io::parse_scenario_text(read_scenario(w, path), ctx);
  if (const auto* b = dynamic_cast<const loadlab::io::BalanceScenario*>(parsed.get()))
    if (w.ranks > b->topology.size()) throw too_many_ranks(w.ranks, b->topology.size());
  const Json result = loadlab::io::results_document(*parsed, loadlab::io::run_parsed(*parsed, ctx));
  if (w.rank != 0) return all_verified(result) ? 0 : 1;
  if (stats)
    for (const auto& s : stat_lines) std::cerr << s.dump() << "\n";
  const std::string text = result.dump(2) + "\n";
  if (out_path.empty())
    std::cout << text;
  else
    loadlab::io::write_text_file(out_path, text);
  if (!all_verified(result)) {
    std::cerr << "loadlab-mpi: a result failed its verifier (see \"verified\": false)\n";
    return 1;
  }
  return 0;
}

int cli_main(const World& w, int argc, char** argv) {
  CLI::App app{"LoadLab on MPI: node programs split across ranks, paper sweeps split across ranks"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("loadlab-mpi ") + LOADLAB_VERSION);
  std::string path, out_path, engine = "mpi", paper;
  bool stats = false;
  loadlab::cli::ReproduceOptions rep;

  auto* run = app.add_subcommand("run", "Run a scenario; balance node programs on MPI ranks");
  run->add_option("scenario", path, "Scenario JSON file ('-' = stdin of rank 0)")->required();
  run->add_option("-o,--output", out_path, "Write the result JSON here instead of stdout");
  run->add_option("--engine", engine, "mpi: the node programs, nodes split across the ranks")
      ->check(CLI::IsMember({"mpi"}));
  run->add_flag("--stats", stats,
                "Print one JSON line per node-program run on stderr (time, cross-rank traffic)");

  bool quick = false;
  int repeat = 3;
  auto* bench = app.add_subcommand("bench", "Time the transport; prints JSON records (rank 0)");
  bench->add_flag("--quick", quick, "Small sizes (for smoke tests)");
  bench->add_option("--repeat", repeat, "Best of this many runs")->check(CLI::Range(1, 100));

  auto* reproduce = app.add_subcommand("reproduce", "A paper's sweep, its runs split across ranks");
  reproduce
      ->add_option(
          "paper", paper,
          "wu (Wu 1997), flb (Radulescu & van Gemund 1999), notes (the course notes), dlt (Li, "
          "Veeravalli & Ko 2001), rips (Wu 1997, dynamic), partition (Houstis et al. Table 1), os "
          "(Houstis et al. Section 4)")
      ->required()
      ->check(CLI::IsMember({"wu", "flb", "notes", "dlt", "rips", "partition", "os"}));
  reproduce->add_option("--csv", rep.csv_dir, "Also write CSV files into this folder (rank 0)");
  reproduce->add_option("--cases", rep.cases, "Random cases per cell")
      ->check(CLI::Range(1, 100000));
  reproduce->add_option("--seed", rep.seed, "Seed of the random cases");
  reproduce->add_flag("--quick", rep.quick, "Fewer cases and sizes (for smoke tests)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Every rank parses the same arguments and gets the same verdict; one prints it.
    if (w.rank != 0) return e.get_exit_code() == 0 ? 0 : kExitBadInput;
    const int rc = app.exit(e);
    return rc == 0 ? 0 : kExitBadInput;
  }

  try {
    if (*run) return run_command(w, path, out_path, stats);
    if (*bench) {
      const Json records = loadlab::mpi::bench_mpi(MPI_COMM_WORLD, quick, repeat);
      if (w.rank == 0) std::cout << records.dump(2) << "\n";
      return 0;
    }
    rep.part = w.rank;
    rep.parts = w.ranks;
    rep.gather = [](const std::string& mine) {
      return loadlab::mpi::gather_to_root(MPI_COMM_WORLD, mine);
    };
    if (paper == "wu") return loadlab::cli::reproduce_wu(rep, std::cout);
    if (paper == "flb") return loadlab::cli::reproduce_flb(rep, std::cout);
    if (paper == "notes") return loadlab::cli::reproduce_notes(rep, std::cout);
    if (paper == "partition") return loadlab::cli::reproduce_partition(rep, std::cout);
    if (paper == "rips") return loadlab::cli::reproduce_rips(rep, std::cout);
    if (paper == "os") return loadlab::cli::reproduce_os(rep, std::cout);
    return loadlab::cli::reproduce_dlt(rep, std::cout);
  } catch (const ScenarioError& e) {
    // Input errors are found identically on every rank (same input, same code): one message.
    if (w.rank == 0) std::cerr << "loadlab-mpi: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const std::exception& e) {
    std::cerr << "loadlab-mpi: [rank " << w.rank << "] internal error: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  World w;
  MPI_Comm_rank(MPI_COMM_WORLD, &w.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &w.ranks);
  const int rc = cli_main(w, argc, argv);
  std::cout.flush();
  MPI_Finalize();
  return rc;
}
