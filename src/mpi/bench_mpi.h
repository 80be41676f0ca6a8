// `loadlab-mpi bench`: the transport's measurements (README "MPI", docs/mpi.md).
#pragma once

#include <mpi.h>

#include <nlohmann/json.hpp>

namespace loadlab::mpi {

/// [collective] Neighbour averaging on a 256x256 torus (100 rounds), CWA / DEM on a 16-cube, and
/// the GDE and diffusion node programs with their driver on the torus (100 sweeps), best of
/// `repeat` runs; records are complete on every rank (rank 0 prints them).
nlohmann::json bench_mpi(MPI_Comm comm, bool quick, int repeat);

}  // namespace loadlab::mpi
