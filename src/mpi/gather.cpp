#include "mpi/gather.h"

#include <climits>
#include <stdexcept>

namespace loadlab::mpi {

std::vector<std::string> gather_to_root(MPI_Comm comm, const std::string& mine) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  if (mine.size() > static_cast<std::size_t>(INT_MAX))
    throw std::runtime_error("gather_to_root: more than 2 GiB from one rank");
  int count = static_cast<int>(mine.size());
  std::vector<int> counts(static_cast<std::size_t>(ranks)), displs(static_cast<std::size_t>(ranks));
  MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, comm);
  long long total = 0;
  if (rank == 0)
    for (int r = 0; r < ranks; ++r) {
      displs[static_cast<std::size_t>(r)] = static_cast<int>(total);
      total += counts[static_cast<std::size_t>(r)];
      if (total > INT_MAX) throw std::runtime_error("gather_to_root: more than 2 GiB in total");
    }
  std::string all(static_cast<std::size_t>(total), '\0');
  char dummy = 0;
  MPI_Gatherv(mine.empty() ? &dummy : mine.data(), count, MPI_CHAR,
              all.empty() ? &dummy : all.data(), counts.data(), displs.data(), MPI_CHAR, 0, comm);
  std::vector<std::string> out;
  if (rank == 0)
    for (int r = 0; r < ranks; ++r)
      out.push_back(all.substr(static_cast<std::size_t>(displs[static_cast<std::size_t>(r)]),
                               static_cast<std::size_t>(counts[static_cast<std::size_t>(r)])));
  return out;
}

}  // namespace loadlab::mpi
