// migration: reclaiming processors by full process migration.
//
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 4.5.2: the state of a process is saved
// and restored only when it is migrated (Sprite, Charlotte, LOCUS, V, Accent, ...). Here: dynamic
// space sharing (partition_multiplex.cpp) where every moved process pays costs.migration.
#include "core/os/policies.h"

namespace loadlab::core::os_detail {

std::unique_ptr<Policy> make_migration(const OsParams& p, const OsCosts& c) {
  return make_partition_multiplex(p, c, MoveMode::Migrate);
}

}  // namespace loadlab::core::os_detail
