// The adversarial search's instances as dag scenarios (see dag_adversary.h). The writer emits
// only what the dag kind's reader accepts (docs/scenario-dag.md), with every number as the
// shortest text that parses back to the same double, so parse(write(x)) has x's makespans.
#include "io/kinds/dag_adversary.h"

namespace loadlab::io {

namespace {

bool all_ones(const std::vector<double>& v) {
  for (double x : v)
    if (x != 1.0) return false;
  return true;
}

/// True if every off-diagonal bandwidth is 1 (the identical-processor model's links).
bool unit_links(const core::Machine& m) {
  const auto P = static_cast<std::size_t>(m.processors);
  for (std::size_t p = 0; p < P; ++p)
    for (std::size_t q = 0; q < P; ++q)
      if (p != q && m.bandwidth[p * P + q] != 1.0) return false;
  return true;
}

}  // namespace

Json adversary_instance_scenario(const core::AdversaryInstance& inst,
                                 const std::vector<std::string>& algorithms, std::uint64_t seed) {
  const core::TaskGraph& g = inst.graph;
  const core::Machine& m = inst.machine;
  Json tasks = Json::array();
  for (core::TaskId t = 0; t < g.size(); ++t)
    tasks.push_back({{"id", g.name(t)}, {"cost", g.comp(t)}});
  Json edges = Json::array();
  for (const core::DagEdge& e : g.edges())
    edges.push_back({{"from", g.name(e.from)}, {"to", g.name(e.to)}, {"cost", e.comm}});
  std::string name = "adversary worst instance";
  if (algorithms.size() == 2) name += ": " + algorithms[0] + " / " + algorithms[1];
  Json s = {{"loadlab", 1},
            {"kind", "dag"},
            {"name", name},
            {"processors", m.processors},
            {"graph", {{"tasks", std::move(tasks)}, {"edges", std::move(edges)}}},
            {"algorithms", algorithms},
            {"seed", seed}};
  Json machine = Json::object();
  if (!m.speeds.empty() && !all_ones(m.speeds)) machine["speeds"] = m.speeds;
  if (!m.bandwidth.empty() && !unit_links(m)) {
    const auto P = static_cast<std::size_t>(m.processors);
    Json rows = Json::array();
    for (std::size_t p = 0; p < P; ++p)
      rows.push_back(
          std::vector<double>(m.bandwidth.begin() + static_cast<std::ptrdiff_t>(p * P),
                              m.bandwidth.begin() + static_cast<std::ptrdiff_t>((p + 1) * P)));
    machine["bandwidth"] = std::move(rows);
  }
  if (!m.etc.empty()) {
    const auto P = static_cast<std::size_t>(m.processors);
    Json rows = Json::array();
    for (std::size_t t = 0; t < m.etc.size() / P; ++t)
      rows.push_back(std::vector<double>(m.etc.begin() + static_cast<std::ptrdiff_t>(t * P),
                                         m.etc.begin() + static_cast<std::ptrdiff_t>((t + 1) * P)));
    machine["etc"] = std::move(rows);
  }
  if (!machine.empty()) s["machine"] = std::move(machine);
  return s;
}

core::AdversaryInstance adversary_instance_from(const DagScenario& sc) {
  core::AdversaryInstance inst{*sc.graph, sc.machine};
  inst.machine.processors = sc.processors;
  return inst;
}

}  // namespace loadlab::io
