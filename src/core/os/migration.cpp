// migration: reclaiming processors by process migration.
//
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 4.5.2: the state of a process is saved
// and restored only when it is migrated, and "the most expensive part in process migration is
// usually the transfer of the virtual memory". Here: dynamic space sharing
// (partition_multiplex.cpp) where every moved process stops for the part of the image transfer
// its variant cannot overlap (params.transfer): all of it (Charlotte, LOCUS), the pages dirtied
// during a precopy (V-system), or the pages it touches afterwards (Accent's copy on reference).
#include "core/os/policies.h"

namespace loadlab::core::os_detail {

double migration_stall(const OsParams& p, const OsCosts& c) {
  switch (p.transfer) {
    case OsMigrationTransfer::Full:
      return c.migration;
    case OsMigrationTransfer::Precopy:
      // The bulk copy overlaps the process's run; only the pages it dirtied meanwhile are sent
      // again with the process stopped.
      return p.dirty_fraction * c.migration;
    case OsMigrationTransfer::CopyOnReference:
      // Only the pages the process touches after the move come over, each on its first fault; the
      // faults' total is charged when the process resumes.
      return p.touched_fraction * c.migration;
  }
  return c.migration;
}

std::unique_ptr<Policy> make_migration(const OsParams& p, const OsCosts& c) {
  OsCosts stall = c;
  stall.migration = migration_stall(p, c);
  return make_partition_multiplex(p, stall, MoveMode::Migrate);
}

}  // namespace loadlab::core::os_detail
