// run_balance_mpi: build the programs on every rank, run the owned blocks, share the outcomes.
#include "mpi/mpi_balance.h"

#include <algorithm>
#include <climits>
#include <stdexcept>
#include <vector>

namespace loadlab::mpi {

sim::NodeBalanceRun run_balance_mpi(MPI_Comm comm, const std::string& algorithm,
                                    const core::Topology& topology, const core::LoadVector& loads,
                                    MpiRunInfo* info) {
  auto programs = sim::detail::make_balance_programs(algorithm, topology, loads);
  MpiBspEngine engine(comm, topology, *programs);
  MPI_Barrier(comm);
  const double t0 = MPI_Wtime();
  const sim::RunStatus status = engine.run();
  const double local_seconds = MPI_Wtime() - t0;

  // Every node's outcome, block by block: [words, outcome...] per node of this rank.
  std::vector<std::int64_t> mine;
  for (int v = engine.lo(); v < engine.hi(); ++v) {
    const std::vector<std::int64_t> w = programs->export_outcome(v);
    mine.push_back(static_cast<std::int64_t>(w.size()));
    mine.insert(mine.end(), w.begin(), w.end());
  }
  if (mine.size() > static_cast<std::size_t>(INT_MAX))
    throw std::runtime_error("MPI transport: outcome of one rank exceeds 2^31 words");
  const int ranks = engine.ranks();
  int count = static_cast<int>(mine.size());
  std::vector<int> counts(static_cast<std::size_t>(ranks)), displs(static_cast<std::size_t>(ranks));
  MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, comm);
  std::int64_t total = 0;
  for (int r = 0; r < ranks; ++r) {
    displs[static_cast<std::size_t>(r)] = static_cast<int>(total);
    total += counts[static_cast<std::size_t>(r)];
    if (total > INT_MAX) throw std::runtime_error("MPI transport: outcomes exceed 2^31 words");
  }
  std::vector<std::int64_t> all(static_cast<std::size_t>(total));
  MPI_Allgatherv(mine.data(), count, MPI_INT64_T, all.data(), counts.data(), displs.data(),
                 MPI_INT64_T, comm);
  for (int r = 0; r < ranks; ++r) {
    if (r == engine.rank()) continue;
    std::size_t at = static_cast<std::size_t>(displs[static_cast<std::size_t>(r)]);
    for (int v = engine.bounds()[static_cast<std::size_t>(r)];
         v < engine.bounds()[static_cast<std::size_t>(r) + 1]; ++v) {
      const auto len = static_cast<std::size_t>(all[at]);
      programs->import_outcome(v, std::span<const std::int64_t>(all.data() + at + 1, len));
      at += 1 + len;
    }
  }

  sim::NodeBalanceRun out;
  out.status = status;
  programs->collect_result(out);
  out.supersteps = engine.supersteps();
  out.executed_supersteps = engine.executed_supersteps();
  out.messages = engine.messages();
  out.tasks_moved = engine.tasks_moved();
  out.trace = engine.trace();
  // Collectives run on every rank whether or not it asked for `info`.
  const CrossTraffic cross = engine.total_cross_traffic();
  double seconds = 0;
  MPI_Allreduce(&local_seconds, &seconds, 1, MPI_DOUBLE, MPI_MAX, comm);
  if (info) *info = {ranks, cross, seconds, engine.executed_supersteps(), 0};
  return out;
}

}  // namespace loadlab::mpi
