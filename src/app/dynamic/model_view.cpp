#include "app/dynamic/model_view.h"

#include <algorithm>

#include "core/common/citations.h"
#include "core/dynamic/registry.h"

namespace loadlab::app {

DynamicViewModel dynamic_view_model(const AppState& st) {
  DynamicViewModel m;
  m.scenario = std::dynamic_pointer_cast<const io::DynamicScenario>(st.parsed);
  if (m.scenario) m.layout = m.scenario->topology.layout();
  const auto& table = core::dynamic_algorithm_table();
  for (const auto& r : st.typed_results) {
    auto dr = std::dynamic_pointer_cast<const io::DynamicResult>(r);
    if (!dr || dr->failed()) continue;  // its row in the results table shows why
    DynamicStrategyData d;
    d.result = dr;
    d.name = dr->algorithm;
    d.verified = dr->verified;
    for (const auto& row : table)
      if (d.name == row.name) d.title = row.title, d.paper = core::cite_sources(row.paper);
    m.strategies.push_back(std::move(d));
  }
  return m;
}

std::vector<double> dynamic_sample_times(const core::DynamicRunResult& run, int samples) {
  samples = std::max(2, samples);
  std::vector<double> t(static_cast<std::size_t>(samples));
  for (int i = 0; i < samples; ++i)
    t[static_cast<std::size_t>(i)] = run.completion_time * i / (samples - 1);
  t.back() = run.completion_time;  // exactly: everything has finished there
  return t;
}

DynamicLoadSeries dynamic_load_series(const core::DynamicRunResult& run, int nodes,
                                      const std::vector<double>& times) {
  struct Ev {
    double time;
    int node;  // -1: in flight
    int delta;
  };
  std::vector<Ev> ev;
  ev.reserve(run.task_log.size() * 2 + run.migration_log.size() * 4);
  for (const auto& t : run.task_log) {
    if (t.node < 0) continue;  // never ran (an incomplete run): not drawn
    ev.push_back({t.appear, t.origin, +1});
    ev.push_back({t.end, t.node, -1});
  }
  for (const auto& m : run.migration_log) {
    ev.push_back({m.depart, m.from, -1});
    ev.push_back({m.depart, -1, +1});
    ev.push_back({m.arrive, -1, -1});
    ev.push_back({m.arrive, m.to, +1});
  }
  // Removals before additions at equal times: a task that leaves and comes back at one instant (a
  // zero-cost migration) never counts twice.
  std::stable_sort(ev.begin(), ev.end(), [](const Ev& a, const Ev& b) {
    return a.time < b.time || (a.time == b.time && a.delta < b.delta);
  });
  DynamicLoadSeries out;
  out.times = times;
  std::vector<std::int32_t> cur(static_cast<std::size_t>(std::max(0, nodes)), 0);
  std::int32_t flight = 0;
  std::size_t k = 0;
  for (double t : times) {
    while (k < ev.size() && ev[k].time <= t) {
      const Ev& e = ev[k++];
      if (e.node < 0)
        flight += e.delta;
      else if (e.node < nodes)
        cur[static_cast<std::size_t>(e.node)] += e.delta;
    }
    out.value.push_back(cur);
    out.in_flight.push_back(flight);
  }
  return out;
}

std::vector<const core::MigrationRecord*> migrations_in_flight(const core::DynamicRunResult& run,
                                                               double t, std::size_t limit) {
  std::vector<const core::MigrationRecord*> out;
  for (const auto& m : run.migration_log) {
    if (out.size() >= limit) break;
    if (m.depart <= t && t < m.arrive) out.push_back(&m);
  }
  return out;
}

std::uint32_t dynamic_state_colour(core::NodeState s) {
  auto rgba = [](std::uint32_t r, std::uint32_t g, std::uint32_t b) {
    return r | (g << 8) | (b << 16) | (255u << 24);
  };
  switch (s) {
    case core::NodeState::Busy:
      return rgba(100, 200, 120);
    case core::NodeState::Migrating:
      return rgba(240, 160, 60);
    case core::NodeState::System:
      return rgba(170, 120, 230);
    case core::NodeState::Idle:
      break;
  }
  return rgba(70, 72, 80);
}

}  // namespace loadlab::app
