// Paper: ../shared/seeds/001_37b951120b5002ad.txt, Section 2 (T_par) and Section 6 (NSL, speedup).
#include "core/dag/schedule.h"

#include <algorithm>

namespace loadlab::core {

double Schedule::makespan() const {
  double m = 0;
  for (const auto& e : entries) m = std::max(m, e.finish);
  return m;
}

std::int64_t Schedule::duplicate_count() const {
  std::int64_t n = 0;
  for (const auto& e : entries) n += e.duplicate ? 1 : 0;
  return n;
}

ScheduleMetrics schedule_metrics(const TaskGraph& g, const Schedule& s, std::int32_t processors) {
  ScheduleMetrics m;
  m.makespan = s.makespan();
  m.lower_bound = makespan_lower_bound(g, processors);
  m.nsl_lower_bound = m.lower_bound > 0 ? m.makespan / m.lower_bound : 1;
  m.speedup = m.makespan > 0 ? g.total_comp() / m.makespan : 1;
  m.efficiency = processors > 0 ? m.speedup / processors : 0;
  return m;
}

}  // namespace loadlab::core
