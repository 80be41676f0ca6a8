// dynamic_space_sharing: equipartition, re-evaluated at every arrival and departure.
//
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 4.3 (Crovella et al., McCann et al.):
// processors are divided among the applications so that no two share a processor, and the division
// is re-evaluated as applications arrive and leave. Unlike process_control the job keeps its
// threads (multiplexed on its partition when it has fewer processors than threads); moving a
// thread costs only its cache reload (shared memory). The allocation rule is a parameter
// (params.allocation, default "equal" = equipartition). Mechanics: partition_multiplex.cpp.
#include "core/os/policies.h"

namespace loadlab::core::os_detail {

std::unique_ptr<Policy> make_dynamic_space_sharing(const OsParams& p) {
  return make_partition_multiplex(p, OsCosts{}, MoveMode::Free);
}

}  // namespace loadlab::core::os_detail
