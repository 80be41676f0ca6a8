// Paper 000's balance algorithms as node programs on the MPI transport: the distributed counterpart
// of sim::run_balance_nodes (same programs, same result, any rank count).
#pragma once

#include <mpi.h>

#include <string>

#include "core/model/loads.h"
#include "core/model/topology.h"
#include "mpi/mpi_engine.h"
#include "sim/programs/balance_nodes.h"

namespace loadlab::mpi {

/// What a distributed run measured besides the result.
struct MpiRunInfo {
  int ranks = 1;
  /// Messages and bytes that crossed ranks (sum over ranks).
  CrossTraffic cross;
  /// Seconds from the first superstep to the end of the run (max over ranks), without building
  /// the programs or gathering the outcome.
  double seconds = 0;
  /// Supersteps executed (including a final one that only receives).
  std::int64_t executed_supersteps = 0;
  /// Iterative runs (mpi_iterative.h): payload bytes the driver's collectives moved between ranks
  /// (the per-sweep gather of the loads to rank 0, the final result), counted as if sent directly;
  /// 0 for the balance programs, whose runs have no driver.
  std::int64_t driver_bytes = 0;
};

/// [collective] Runs `algorithm` with the nodes split across the ranks of `comm`; every rank
/// returns the complete result (each node's outcome is copied to every rank with one
/// MPI_Allgatherv), so the io layer can verify and print it anywhere. Throws like
/// sim::run_balance_nodes (identically on every rank), and std::invalid_argument when `comm` has
/// more ranks than the topology has nodes.
sim::NodeBalanceRun run_balance_mpi(MPI_Comm comm, const std::string& algorithm,
                                    const core::Topology& topology, const core::LoadVector& loads,
                                    MpiRunInfo* info = nullptr);

}  // namespace loadlab::mpi
