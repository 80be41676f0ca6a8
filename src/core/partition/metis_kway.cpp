// METIS k-way (Karypis & Kumar 1998, libmetis 5.1 from Debian's libmetis-dev): the field's standard
// multilevel partitioner, the baseline beside survey 002's Table 1 methods
// (../shared/seeds/002_6cf480ff57e2bb72.txt). Native builds only: CMake defines LOADLAB_HAVE_METIS
// when it finds the library; elsewhere (WebAssembly) the method is refused by name.
#include <algorithm>
#include <cmath>
#include <string>

#include "core/partition/partition.h"

#ifdef LOADLAB_HAVE_METIS
#include <metis.h>
#endif

namespace loadlab::core {

bool metis_available() {
#ifdef LOADLAB_HAVE_METIS
  return true;
#else
  return false;
#endif
}

std::vector<int> partition_metis(const Mesh& m, int parts, const PartitionParams& p) {
#ifdef LOADLAB_HAVE_METIS
  std::vector<int> part(static_cast<std::size_t>(m.size()), 0);
  if (parts == 1) return part;
  idx_t n = m.size(), ncon = 1, np = parts, objval = 0;
  std::vector<idx_t> xadj(m.offsets().begin(), m.offsets().end());
  std::vector<idx_t> adjncy(m.adjacency().begin(), m.adjacency().end());
  std::vector<idx_t> vwgt(m.weights().begin(), m.weights().end());
  std::vector<idx_t> out(static_cast<std::size_t>(n), 0);
  idx_t options[METIS_NOPTIONS];
  METIS_SetDefaultOptions(options);
  options[METIS_OPTION_SEED] = static_cast<idx_t>(p.seed % 2147483647);
  // METIS refuses ufactor 0; 1 (0.1 %) is its tightest balance.
  options[METIS_OPTION_UFACTOR] =
      std::max<idx_t>(1, static_cast<idx_t>(std::lround(p.imbalance * 1000)));
  const int status = METIS_PartGraphKway(&n, &ncon, xadj.data(), adjncy.data(),
                                         vwgt.empty() ? nullptr : vwgt.data(), nullptr, nullptr,
                                         &np, nullptr, nullptr, options, &objval, out.data());
  if (status != METIS_OK)
    throw std::runtime_error("metis: METIS_PartGraphKway failed (status " + std::to_string(status) +
                             ")");
  for (idx_t v = 0; v < n; ++v) part[v] = static_cast<int>(out[v]);
  return part;
#else
  (void)m;
  (void)parts;
  (void)p;
  throw PartitionRefused(
      "metis: native only (this build has no METIS; WebAssembly builds never do)");
#endif
}

}  // namespace loadlab::core
