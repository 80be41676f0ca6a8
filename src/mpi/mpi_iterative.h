// The iterative algorithms of notes 003 (gde, diffusion, gradient) as node programs on the MPI
// transport: the distributed counterpart of sim::run_iterative_nodes. The programs and the driver
// are sim's (one code for threads and MPI); this file supplies the engine and the driver's
// collectives (sim::IterativeTransport) over MPI. Design: docs/mpi.md.
#pragma once

#include <mpi.h>

#include <string>

#include "core/balance/iterative.h"
#include "core/model/loads.h"
#include "core/model/topology.h"
#include "mpi/mpi_balance.h"
#include "sim/programs/iterative_nodes.h"

namespace loadlab::mpi {

/// [collective] Runs `algorithm` with the nodes split across the ranks of `comm` (rank_blocks());
/// every rank returns the complete result, equal bit for bit to sim::run_iterative_nodes on
/// threads. Throws like it (identically on every rank), and std::invalid_argument when `comm` has
/// more ranks than the topology has nodes. `info->seconds` covers the supersteps and the driver,
/// not building the programs (which includes the notes' predicted rate: set options.predict off to
/// skip it).
sim::NodeIterativeRun run_iterative_mpi(MPI_Comm comm, const std::string& algorithm,
                                        const core::Topology& topology,
                                        const core::LoadVector& loads,
                                        const core::IterativeOptions& options,
                                        MpiRunInfo* info = nullptr);

}  // namespace loadlab::mpi
