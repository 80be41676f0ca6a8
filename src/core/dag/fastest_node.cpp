// FastestNode - every task on the one fastest processor. The baseline of SAGA (Coleman,
// Krishnamachari et al., ANRGUSC/saga, fastest_node.py) used in Coleman & Krishnamachari, "PISA:
// an adversarial approach to comparing task graph scheduling algorithms", 2024: it has no paper
// of its own; it is the schedule with no communication and no parallelism, which any useful
// scheduler should beat when parallelism pays.
//
// "Fastest" on a speeds machine is the largest speed (SAGA's rule); with an ETC matrix, where a
// processor has no single speed, it is the processor of least total execution time (the same
// processor whenever speeds exist), ties to the lower index. Tasks run in topological order,
// back to back, so the makespan is exactly best_sequential_time(g, m).
#include "core/dag/hetero_placement.h"
#include "core/dag/hetero_schedulers.h"

namespace loadlab::core {

Schedule fastest_node(const TaskGraph& g, const Machine& m, ScheduleTrace* trace) {
  HeteroPlacement pl(g, m, false);
  int best = 0;
  double best_total = 0;
  for (int p = 0; p < pl.processors(); ++p) {
    double total = 0;
    for (TaskId t = 0; t < g.size(); ++t) total += m.exec(g, t, p);
    if (p == 0 || total < best_total) best = p, best_total = total;
  }
  for (TaskId t : g.topo_order()) {
    const ScheduleEntry& en = pl.place(t, best, pl.prt(best), nullptr);
    if (trace) trace->steps.emplace_back().chosen = en;
  }
  return pl.take();
}

}  // namespace loadlab::core
