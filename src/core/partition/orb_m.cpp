// ORB-M, mass-centre orthogonal recursive bisection (survey 002 Table 1 "Mass Center ORB [157]",
// §2.3 "orthogonal recursive bisection", ../shared/seeds/002_6cf480ff57e2bb72.txt). Each subdomain
// is cut perpendicular to the coordinate axis along which its mass is most spread about its mass
// centre, at the weighted median (so the halves' weights are in the ratio of their part counts).
#include "core/partition/bisection.h"
#include "core/partition/partition.h"

namespace loadlab::core {

std::vector<int> partition_orb_m(const Mesh& m, int parts) {
  return partition_detail::recursive_bisection(m, parts, partition_detail::orb_m_keys, nullptr,
                                               0.0);
}

}  // namespace loadlab::core
