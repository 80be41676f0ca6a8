// ORB-I, inertia-axis orthogonal recursive bisection (survey 002 Table 1 "Inertia Axis ORB
// [Chri91]",
// ../shared/seeds/002_6cf480ff57e2bb72.txt). Each subdomain is cut perpendicular to its principal
// axis of inertia (dominant eigenvector of the weighted covariance about the mass centre), at the
// weighted median of the projections. Unlike ORB-M the cut need not be axis-parallel.
#include "core/partition/bisection.h"
#include "core/partition/partition.h"

namespace loadlab::core {

std::vector<int> partition_orb_i(const Mesh& m, int parts) {
  return partition_detail::recursive_bisection(m, parts, partition_detail::orb_i_keys, nullptr,
                                               0.0);
}

}  // namespace loadlab::core
