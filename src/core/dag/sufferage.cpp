// Sufferage. Maheswaran, Ali, Siegel, Hensgen, Freund, "Dynamic mapping of a class of independent
// tasks onto heterogeneous computing systems", JPDC 59(2), 1999 (batch-mode Sufferage); compared
// alongside Braun et al. 2001's heuristics in the field's libraries (SAGA).
#include "core/dag/hetero_schedulers.h"

namespace loadlab::core {

Schedule sufferage(const TaskGraph& g, const Machine& m, ScheduleTrace* trace) {
  return batch_mapping(g, m, BatchRule::sufferage, trace);
}

}  // namespace loadlab::core
