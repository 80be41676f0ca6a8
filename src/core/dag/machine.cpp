// Heterogeneous machines: validation, uniform reduction and lower bounds.
// Lower bounds that hold for every scheduler on the machine: critical path at the fastest speed
// (per task the minimum over processors for ETC) and work / sum of speeds.
#include "core/dag/machine.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <queue>
#include <stdexcept>
#include <utility>

namespace loadlab::core {

namespace {

std::string machine_num(double x) {
  std::string s = std::to_string(x);
  while (s.size() > 1 && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

}  // namespace

Machine Machine::identical(std::int32_t processors) {
  Machine m;
  m.processors = std::max<std::int32_t>(1, processors);
  return m;
}

std::string Machine::nonuniform_reason() const {
  for (std::size_t p = 1; p < speeds.size(); ++p)
    if (speeds[p] != speeds[0]) return "machine.speeds are unequal";
  if (!bandwidth.empty()) {
    const auto P = static_cast<std::size_t>(processors);
    double first = -1;
    for (std::size_t p = 0; p < P; ++p)
      for (std::size_t q = 0; q < P; ++q) {
        if (p == q) continue;
        if (first < 0)
          first = bandwidth[p * P + q];
        else if (bandwidth[p * P + q] != first)
          return "machine.bandwidth is not uniform";
      }
  }
  if (!etc.empty()) {
    const auto P = static_cast<std::size_t>(processors);
    for (std::size_t i = 0; i < etc.size(); i += P)
      for (std::size_t p = 1; p < P; ++p)
        if (etc[i + p] != etc[i]) return "machine.etc differs between processors";
  }
  return {};
}

void validate_machine(const Machine& m, const TaskGraph& g) {
  const std::int64_t P = m.processors;
  if (P < 1) throw std::invalid_argument("processors: must be at least 1");
  auto bad = [](const std::string& field, const std::string& why) {
    throw std::invalid_argument(field + ": " + why);
  };
  if (!m.speeds.empty()) {
    if (!m.etc.empty()) bad("speeds", "give either speeds or etc, not both");
    if (static_cast<std::int64_t>(m.speeds.size()) != P)
      bad("speeds", "has " + std::to_string(m.speeds.size()) + " entries but there are " +
                        std::to_string(P) + " processors");
    for (std::size_t p = 0; p < m.speeds.size(); ++p)
      if (!(m.speeds[p] >= MachineLimits::min_speed && m.speeds[p] <= MachineLimits::max_speed))
        bad("speeds/" + std::to_string(p), "must be in [" + machine_num(MachineLimits::min_speed) +
                                               ", " + machine_num(MachineLimits::max_speed) + "]");
  }
  if (!m.bandwidth.empty()) {
    if (P * P > MachineLimits::max_bandwidth_entries)
      bad("bandwidth", "a matrix for " + std::to_string(P) + " processors is too large (at most " +
                           "1024 processors)");
    if (static_cast<std::int64_t>(m.bandwidth.size()) != P * P)
      bad("bandwidth", "must be a " + std::to_string(P) + " x " + std::to_string(P) + " matrix");
    for (std::int64_t p = 0; p < P; ++p)
      for (std::int64_t q = 0; q < P; ++q) {
        const double b = m.bandwidth[static_cast<std::size_t>(p * P + q)];
        const std::string f = "bandwidth/" + std::to_string(p) + "/" + std::to_string(q);
        if (p == q) {
          if (!(b >= 0 && std::isfinite(b)))
            bad(f, "must be a finite non-negative number (unused)");
        } else if (!(b >= MachineLimits::min_bandwidth && b <= MachineLimits::max_bandwidth)) {
          bad(f, "must be in [" + machine_num(MachineLimits::min_bandwidth) + ", " +
                     machine_num(MachineLimits::max_bandwidth) + "]");
        }
      }
  }
  if (!m.etc.empty()) {
    const std::int64_t V = g.size();
    if (V * P > MachineLimits::max_etc_entries)
      bad("etc",
          "has " + std::to_string(V * P) + " entries (tasks x processors; at most 16000000)");
    if (static_cast<std::int64_t>(m.etc.size()) != V * P)
      bad("etc", "must be a " + std::to_string(V) + " (tasks) x " + std::to_string(P) +
                     " (processors) matrix");
    for (std::int64_t t = 0; t < V; ++t)
      for (std::int64_t p = 0; p < P; ++p) {
        const double x = m.etc[static_cast<std::size_t>(t * P + p)];
        if (!(x >= 0 && x <= MachineLimits::max_etc))
          bad("etc/" + std::to_string(t) + "/" + std::to_string(p),
              "must be in [0, " + machine_num(MachineLimits::max_etc) + "]");
      }
  }
}

std::vector<double> routed_bandwidth(const Topology& t, const std::vector<double>& links) {
  const int P = t.size();
  const auto Pz = static_cast<std::size_t>(P);
  const std::int64_t E = t.edge_count();
  if (links.size() != 1 && static_cast<std::int64_t>(links.size()) != E)
    throw std::invalid_argument("links: has " + std::to_string(links.size()) +
                                " entries, needs one per link of the topology (" +
                                std::to_string(E) + ") or a single number");
  for (std::size_t i = 0; i < links.size(); ++i)
    if (!(links[i] >= MachineLimits::min_bandwidth && links[i] <= MachineLimits::max_bandwidth))
      throw std::invalid_argument(
          (links.size() == 1 ? std::string("links") : "links/" + std::to_string(i)) +
          ": must be in [" + machine_num(MachineLimits::min_bandwidth) + ", " +
          machine_num(MachineLimits::max_bandwidth) + "]");
  // Link costs 1 / b (time per unit of data), indexed like the CSR adjacency of the topology.
  struct Link {
    int to;
    double cost, bw;
  };
  std::vector<std::vector<Link>> adj(Pz);
  t.for_each_edge([&](int a, int b, int i) {
    const double bw = links[links.size() == 1 ? 0 : static_cast<std::size_t>(i)];
    adj[static_cast<std::size_t>(a)].push_back({b, 1.0 / bw, bw});
    adj[static_cast<std::size_t>(b)].push_back({a, 1.0 / bw, bw});
  });
  // direct[q]: the link's own bandwidth when the best route is that single link, so a one-hop
  // entry is exactly b (1 / (1 / b) is not always b in floating point); 0 otherwise.
  std::vector<double> out(Pz * Pz, 0.0), dist(Pz), direct(Pz);
  using Item = std::pair<double, int>;  // (time per unit, node): ties to the lower node
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> heap;
  for (int s = 0; s + 1 < P; ++s) {
    std::fill(dist.begin(), dist.end(), -1.0);
    std::fill(direct.begin(), direct.end(), 0.0);
    dist[static_cast<std::size_t>(s)] = 0;
    heap.push({0.0, s});
    while (!heap.empty()) {
      const auto [d, u] = heap.top();
      heap.pop();
      if (d > dist[static_cast<std::size_t>(u)]) continue;
      for (const Link& l : adj[static_cast<std::size_t>(u)]) {
        const auto v = static_cast<std::size_t>(l.to);
        if (dist[v] < 0 || d + l.cost < dist[v]) {
          dist[v] = d + l.cost;
          direct[v] = u == s ? l.bw : 0.0;
          heap.push({dist[v], l.to});
        }
      }
    }
    for (int q = s + 1; q < P; ++q) {
      const double d = dist[static_cast<std::size_t>(q)];
      if (d < 0)
        throw std::invalid_argument("topology: processors " + std::to_string(s) + " and " +
                                    std::to_string(q) + " are not connected");
      const double bw =
          direct[static_cast<std::size_t>(q)] > 0 ? direct[static_cast<std::size_t>(q)] : 1.0 / d;
      if (!(bw >= MachineLimits::min_bandwidth))
        throw std::invalid_argument("links: the route from processor " + std::to_string(s) +
                                    " to " + std::to_string(q) + " has effective bandwidth " +
                                    std::to_string(bw) + ", below " +
                                    machine_num(MachineLimits::min_bandwidth));
      out[static_cast<std::size_t>(s) * Pz + static_cast<std::size_t>(q)] = bw;
      out[static_cast<std::size_t>(q) * Pz + static_cast<std::size_t>(s)] = bw;
    }
  }
  return out;
}

TaskGraph uniform_graph(const TaskGraph& g, const Machine& m) {
  std::vector<double> comp(static_cast<std::size_t>(g.size()));
  for (TaskId t = 0; t < g.size(); ++t) comp[static_cast<std::size_t>(t)] = m.exec(g, t, 0);
  std::vector<DagEdge> edges = g.edges();
  if (m.processors > 1)
    for (auto& e : edges) e.comm = m.comm(e.comm, 0, 1);
  return TaskGraph(std::move(comp), std::move(edges), g.names());
}

std::vector<double> min_exec_times(const TaskGraph& g, const Machine& m) {
  std::vector<double> w(static_cast<std::size_t>(g.size()));
  for (TaskId t = 0; t < g.size(); ++t) {
    double best = m.exec(g, t, 0);
    for (std::int32_t p = 1; p < m.processors; ++p) best = std::min(best, m.exec(g, t, p));
    w[static_cast<std::size_t>(t)] = best;
  }
  return w;
}

double makespan_lower_bound(const TaskGraph& g, const Machine& m) {
  if (m.trivial()) return makespan_lower_bound(g, m.processors);
  const std::vector<double> w = min_exec_times(g, m);
  double cp = 0;
  std::vector<double> sl(w.size(), 0);
  const auto& order = g.topo_order();
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    double s = 0;
    for (auto e : g.out_edges(*it)) s = std::max(s, sl[static_cast<std::size_t>(g.edge(e).to)]);
    sl[static_cast<std::size_t>(*it)] = s + w[static_cast<std::size_t>(*it)];
    cp = std::max(cp, sl[static_cast<std::size_t>(*it)]);
  }
  double capacity_bound = 0;
  if (m.etc.empty()) {
    double speed_sum = 0;
    for (std::int32_t p = 0; p < m.processors; ++p)
      speed_sum += m.speeds.empty() ? 1.0 : m.speeds[static_cast<std::size_t>(p)];
    capacity_bound = g.total_comp() / speed_sum;
  } else {
    double work = 0;
    for (double x : w) work += x;
    capacity_bound = work / m.processors;
  }
  return std::max(cp, capacity_bound);
}

double best_sequential_time(const TaskGraph& g, const Machine& m) {
  if (m.trivial()) return g.total_comp();
  double best = -1;
  for (std::int32_t p = 0; p < m.processors; ++p) {
    double s = 0;
    for (TaskId t = 0; t < g.size(); ++t) s += m.exec(g, t, p);
    if (best < 0 || s < best) best = s;
  }
  return best;
}

ScheduleMetrics schedule_metrics(const TaskGraph& g, const Machine& m, const Schedule& s) {
  if (m.trivial()) return schedule_metrics(g, s, m.processors);
  ScheduleMetrics r;
  r.makespan = s.makespan();
  r.lower_bound = makespan_lower_bound(g, m);
  r.nsl_lower_bound = r.lower_bound > 0 ? r.makespan / r.lower_bound : 1;
  r.speedup = r.makespan > 0 ? best_sequential_time(g, m) / r.makespan : 1;
  r.efficiency = m.processors > 0 ? r.speedup / m.processors : 0;
  return r;
}

}  // namespace loadlab::core
