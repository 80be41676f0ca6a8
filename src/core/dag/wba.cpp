// WBA - Workflow-Based Allocation. Blythe, Jain, Deelman, Gil, Vahi, Mandal, Kennedy, "Task
// scheduling strategies for workflow-based applications in grids", IEEE CCGrid 2005: a
// randomised greedy allocation that, unlike a list scheduler, does not commit to the single best
// (task, resource) pair, so repeated runs explore several allocations.
//
// The paper could not be consulted here; the rule is SAGA's (Coleman, Krishnamachari et al.,
// ANRGUSC/saga, wba.py), read as stated:
//   - the available tasks are those whose parents are all allocated, taken as a batch: tasks that
//     become available while a batch is allocated wait for the next batch;
//   - for every available task t and processor p, the increase of the current makespan M (the
//     latest finish so far) if t is appended on p: I(t, p) = max(ECT(t, p) - M, 0), with
//     ECT = max(data ready on p, p free) + w(t, p);
//   - one pair is drawn uniformly at random among those with I <= I_min + alpha (I_max - I_min)
//     (alpha = 0.5 unless params.wba.alpha says otherwise; alpha = 0 is the greedy choice, alpha =
//     1 any pair) and appended there.
// The draw uses the scenario's seed through util::Rng (candidates in a fixed order: the batch in
// id order with removals swapping the last into the gap, processors by index), so a seed gives the
// same schedule natively and in WebAssembly; SAGA draws with Python's unseeded `random`.
// Each step records the drawn-from candidates in the trace.
#include <algorithm>
#include <vector>

#include "core/dag/hetero_placement.h"
#include "core/dag/hetero_schedulers.h"
#include "core/util/rng.h"

namespace loadlab::core {

Schedule wba(const TaskGraph& g, const Machine& m, double alpha, std::uint64_t seed,
             ScheduleTrace* trace) {
  HeteroPlacement pl(g, m, false);
  const int P = pl.processors();
  util::Rng rng(seed);
  ReadyTimes batch(pl);
  std::vector<TaskId> next_batch = g.entry_tasks();
  std::vector<TaskId> fresh;
  std::vector<double> inc;
  std::vector<std::size_t> picks;
  double makespan = 0;
  while (!next_batch.empty()) {
    std::sort(next_batch.begin(), next_batch.end());
    for (TaskId t : next_batch) batch.add(t);
    next_batch.clear();
    while (!batch.empty()) {
      const std::size_t k = batch.size();
      inc.assign(k * static_cast<std::size_t>(P), 0);
      double lo = 0, hi = 0;
      for (std::size_t i = 0; i < k; ++i)
        for (int p = 0; p < P; ++p) {
          const TaskId t = batch.task(i);
          const double ect = std::max(batch.data_ready(i, p), pl.prt(p)) + pl.exec(t, p);
          const double v = std::max(ect - makespan, 0.0);
          inc[i * static_cast<std::size_t>(P) + static_cast<std::size_t>(p)] = v;
          if ((i == 0 && p == 0) || v < lo) lo = v;
          if ((i == 0 && p == 0) || v > hi) hi = v;
        }
      const double bound = lo + alpha * (hi - lo);
      picks.clear();
      for (std::size_t c = 0; c < inc.size(); ++c)
        if (inc[c] <= bound) picks.push_back(c);
      const std::size_t c = picks[static_cast<std::size_t>(rng.below(picks.size()))];
      const std::size_t i = c / static_cast<std::size_t>(P);
      const int p = static_cast<int>(c % static_cast<std::size_t>(P));
      const TaskId t = batch.task(i);
      const double start = std::max(batch.data_ready(i, p), pl.prt(p));
      if (trace) {
        TraceStep& step = trace->steps.emplace_back();
        for (std::size_t x : picks) {
          const std::size_t xi = x / static_cast<std::size_t>(P);
          const int xp = static_cast<int>(x % static_cast<std::size_t>(P));
          step.candidates.push_back(
              {batch.task(xi), xp, std::max(batch.data_ready(xi, xp), pl.prt(xp))});
        }
      }
      fresh.clear();
      const ScheduleEntry& en = pl.place(t, p, start, &fresh);
      if (trace) trace->steps.back().chosen = en;
      makespan = std::max(makespan, en.finish);
      batch.remove(i);
      next_batch.insert(next_batch.end(), fresh.begin(), fresh.end());
    }
  }
  return pl.take();
}

}  // namespace loadlab::core
