// checkpoint_restart: reclaiming processors by killing processes and restarting them from their
// last checkpoint.
//
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 4.5.1 (Condor): all processes are
// checkpointed periodically (params.checkpoint_interval; each running process pays
// costs.checkpoint); a process that must move is killed and restarted from its last checkpoint on
// the new processor (costs.restart), and the work it did since that checkpoint is done again
// (reported as time_lost.rollback). Dynamic space sharing mechanics: partition_multiplex.cpp.
#include "core/os/policies.h"

namespace loadlab::core::os_detail {

std::unique_ptr<Policy> make_checkpoint_restart(const OsParams& p, const OsCosts& c) {
  return make_partition_multiplex(p, c, MoveMode::Restart);
}

}  // namespace loadlab::core::os_detail
