// DSC-LLB: the multi-step method of paper 001 Section 3.3 - cluster with DSC (unbounded
// processors), then map clusters to P processors and order tasks with LLB.
// Paper: ../shared/seeds/001_37b951120b5002ad.txt, Section 3.3.
#include "core/dag/schedulers.h"

namespace loadlab::core {

Schedule dsc_llb(const TaskGraph& g, int processors, ScheduleTrace* trace, LlbOrder order) {
  const Schedule clustered = dsc(g);
  std::vector<std::int32_t> cluster_of(g.size(), 0);
  for (const auto& e : clustered.entries) cluster_of[e.task] = e.proc;
  return llb(g, processors, cluster_of, trace, order);
}

}  // namespace loadlab::core
