// Min-Min. Braun et al., "A comparison of eleven static heuristics for mapping a class of
// independent tasks onto heterogeneous distributed computing systems", JPDC 61(6), 2001,
// Section 2 (the heuristic "Min-min").
#include "core/dag/hetero_schedulers.h"

namespace loadlab::core {

Schedule min_min(const TaskGraph& g, const Machine& m, ScheduleTrace* trace) {
  return batch_mapping(g, m, BatchRule::min_min, trace);
}

Schedule min_min_batch(const TaskGraph& g, const Machine& m, ScheduleTrace* trace) {
  return batch_mapping(g, m, BatchRule::min_min, trace, BatchRefresh::per_batch);
}

}  // namespace loadlab::core
