// Benchmarks of the MPI transport: wall time (max over ranks, best of `repeat`), supersteps and the
// exact counts of messages and bytes that crossed ranks. The workloads are bench_sim's (thread
// engine), so the two can be compared: neighbour averaging on a 256x256 torus for 100 rounds
// (every node sends on all 4 links every superstep) and paper 000's CWA and DEM on 2^16 nodes; then
// the notes-003 node programs with their driver (history and stop rule every sweep): GDE and
// diffusion, real model, 100 sweeps on the same torus.
#include "mpi/bench_mpi.h"

#include <algorithm>
#include <string>
#include <vector>

#include "core/model/topology.h"
#include "core/util/rng.h"
#include "mpi/mpi_balance.h"
#include "mpi/mpi_engine.h"
#include "mpi/mpi_iterative.h"
#include "sim/programs/diffusion.h"

namespace loadlab::mpi {

namespace {

double max_over_ranks(MPI_Comm comm, double x) {
  double y = 0;
  MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_MAX, comm);
  return y;
}

nlohmann::json record(const std::string& name, int ranks, const core::Topology& topo,
                      double seconds, std::int64_t executed, std::int64_t messages,
                      const CrossTraffic& cross, std::int64_t driver_bytes = 0) {
  const double node_steps = static_cast<double>(topo.size()) * static_cast<double>(executed);
  return {{"name", name + ".ranks" + std::to_string(ranks)},
          {"ranks", ranks},
          {"nodes", topo.size()},
          {"nodes_per_rank", topo.size() / ranks},
          {"seconds", seconds},
          {"supersteps", executed},
          {"messages", messages},
          {"cross_rank_messages", cross.messages},
          {"cross_rank_bytes", cross.bytes},
          {"cross_rank_bytes_per_superstep", executed ? cross.bytes / executed : 0},
          {"driver_bytes", driver_bytes},
          {"driver_bytes_per_superstep", executed ? driver_bytes / executed : 0},
          {"node_supersteps_per_second", node_steps / seconds}};
}

}  // namespace

nlohmann::json bench_mpi(MPI_Comm comm, bool quick, int repeat) {
  int ranks = 1;
  MPI_Comm_size(comm, &ranks);
  nlohmann::json out = nlohmann::json::array();

  const int side = quick ? 32 : 256;
  const std::int64_t rounds = quick ? 10 : 100;
  const core::Topology torus = core::Topology::torus(side, side);
  util::Rng rng(1);
  std::vector<sim::DiffusionNode> init(static_cast<std::size_t>(torus.size()));
  const double alpha = sim::diffusion_alpha(torus);
  for (auto& n : init) n = {rng.uniform_real(0, 100), alpha, rounds};
  double best = 1e300;
  std::int64_t executed = 0, messages = 0;
  CrossTraffic cross;
  for (int rep = 0; rep < repeat; ++rep) {
    sim::NodeArray<sim::DiffusionNode> programs(init);
    MpiBspEngine engine(comm, torus, programs, /*record_trace=*/false);
    MPI_Barrier(comm);
    const double t0 = MPI_Wtime();
    engine.run();
    best = std::min(best, max_over_ranks(comm, MPI_Wtime() - t0));
    executed = engine.executed_supersteps();
    messages = engine.messages();
    cross = engine.total_cross_traffic();
  }
  out.push_back(record("mpi.diffusion.torus" + std::to_string(side), ranks, torus, best, executed,
                       messages, cross));

  const int dim = quick ? 10 : 16;
  const core::Topology cube = core::Topology::hypercube(dim);
  util::Rng lrng(2);
  const core::LoadVector loads =
      core::generate_loads(core::LoadGenerator::Multinomial, cube.size(), 20, lrng);
  for (const char* alg : {"cwa", "dem"}) {
    MpiRunInfo info;
    sim::NodeBalanceRun run;
    double b = 1e300;
    for (int rep = 0; rep < repeat; ++rep) {
      run = run_balance_mpi(comm, alg, cube, loads, &info);
      b = std::min(b, info.seconds);
    }
    out.push_back(record(std::string("mpi.") + alg + ".cube" + std::to_string(dim), ranks, cube, b,
                         run.executed_supersteps, run.messages, info.cross));
  }

  // GDE (4 colours: 4 supersteps per sweep) and diffusion (1 per sweep) for a fixed number of
  // sweeps: a stop threshold of 0 is never met and the real model always moves.
  const int sweeps = quick ? 10 : 100;
  util::Rng trng(3);
  core::LoadVector tloads(static_cast<std::size_t>(torus.size()));
  for (auto& x : tloads) x = trng.uniform_int(0, 100);
  for (const char* alg : {"gde", "diffusion"}) {
    core::IterativeOptions o;
    o.parameter = std::string(alg) == "gde" ? 0.5 : alpha;
    o.max_sweeps = sweeps;
    o.stop.value = 0;
    o.predict = false;
    MpiRunInfo info;
    sim::NodeIterativeRun run;
    double b = 1e300;
    for (int rep = 0; rep < repeat; ++rep) {
      run = run_iterative_mpi(comm, alg, torus, tloads, o, &info);
      b = std::min(b, info.seconds);
    }
    out.push_back(record(std::string("mpi.") + alg + ".nodes.torus" + std::to_string(side), ranks,
                         torus, b, info.executed_supersteps, run.messages, info.cross,
                         info.driver_bytes));
  }
  return out;
}

}  // namespace loadlab::mpi
