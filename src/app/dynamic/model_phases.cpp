// Paper 000 (../shared/seeds/000_ace8fcde3218dd88.txt), Sections 1 and 5: RIPS's system phases.
#include "app/dynamic/model_phases.h"

#include <algorithm>
#include <map>
#include <utility>

#include "core/balance/registry.h"

namespace loadlab::app {

std::int64_t load_spread(const core::LoadVector& loads) {
  if (loads.empty()) return 0;
  const auto [lo, hi] = std::minmax_element(loads.begin(), loads.end());
  return *hi - *lo;
}

RipsPhaseReplay rips_phase_replay(const io::DynamicScenario& sc, const io::DynamicResult& r,
                                  int phase) {
  RipsPhaseReplay out;
  out.phase = phase;
  out.inner = r.inner;
  const auto& phases = r.run.phases;
  if (phase < 0 || phase >= static_cast<int>(phases.size())) {
    out.error = "no system phase " + std::to_string(phase);
    return out;
  }
  const core::PhaseRecord& ph = phases[static_cast<std::size_t>(phase)];
  for (auto x : ph.loads) out.ready_tasks += x;
  try {
    out.balance = core::run_balance(r.inner, sc.topology, ph.loads);
  } catch (const std::exception& e) {
    out.error = e.what();
    return out;
  }
  // Cross-check with what the simulator did: the migrations that left inside the phase.
  std::map<std::pair<int, int>, std::int64_t> replayed, ran;
  std::int64_t hops = 0;
  for (const auto& t : out.balance.transfers) {
    replayed[{t.from, t.to}] += t.count;
    hops += t.count;
  }
  for (const auto& m : r.run.migration_log)
    if (m.depart >= ph.start && m.depart <= ph.end) ran[{m.from, m.to}] += 1;
  if (out.balance.steps != ph.steps)
    out.mismatch =
        "steps: replay " + std::to_string(out.balance.steps) + ", run " + std::to_string(ph.steps);
  else if (hops != ph.task_hops)
    out.mismatch =
        "task hops: replay " + std::to_string(hops) + ", run " + std::to_string(ph.task_hops);
  else if (replayed != ran)
    out.mismatch = "the run's migrations in the phase differ from the replay's transfers";
  out.matches_run = out.mismatch.empty();
  return out;
}

}  // namespace loadlab::app
