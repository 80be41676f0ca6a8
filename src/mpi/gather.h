// Collecting byte strings on rank 0 (the sweeps of `loadlab-mpi reproduce`).
#pragma once

#include <mpi.h>

#include <string>
#include <vector>

namespace loadlab::mpi {

/// [collective] Every rank's `mine`, in rank order, on rank 0; an empty vector on the other ranks.
std::vector<std::string> gather_to_root(MPI_Comm comm, const std::string& mine);

}  // namespace loadlab::mpi
