// Random priorities - the notes' baseline list scheduler.
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Approximate Scheduling" ("Assign priorities
// randomly"). A seeded permutation ranks the tasks; the ready list still respects precedence.
#include <numeric>

#include "core/dag/list_scheduler.h"
#include "core/dag/schedulers.h"
#include "core/util/rng.h"

namespace loadlab::core {

Schedule random_priority(const TaskGraph& g, int processors, std::uint64_t seed,
                         ScheduleTrace* trace) {
  std::vector<TaskId> perm(g.size());
  std::iota(perm.begin(), perm.end(), 0);
  util::Rng rng(seed);
  rng.shuffle(perm.data(), perm.size());
  std::vector<PriorityKey> keys(g.size());
  for (std::size_t i = 0; i < perm.size(); ++i) keys[perm[i]] = {static_cast<double>(i), 0};
  return static_list_schedule(g, processors, keys, false, ProcessorRule::all, trace);
}

}  // namespace loadlab::core
