// k-ary n-cube walking algorithm. Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Section 7 (the
// invitation to combine CWA and MWA), Sections 3.2 (CWA, Fig 10) and 3.3 (MWA, Fig 12).
//
// The network is a box of n dimensions, each a path (mesh, line, hypercube) or a ring (torus, ring)
// of k_j nodes. Like CWA and MWA it walks the dimensions from the outermost in: at level j every
// domain (the nodes sharing their coordinates in the dimensions already walked) is cut into k_j
// slabs along dimension j, and tasks cross between neighbouring slabs, each node sending straight
// across to its counterpart, until every slab holds its quota; then each slab is a domain of the
// next level. On a path the flow across each slab boundary is forced (the prefix surplus, as in
// MWA's iteration 1). On a ring it is forced up to one circulation c added to every boundary; the
// task-hops of the level are sum |f_b - c|, least at c = a median of the prefix flows (the choice
// a ring's min-cost flow makes), and that median boundary then carries nothing, so the level
// still has a data-flow order. Which nodes of a slab send is MWA's step 4.3 (theta, with gamma the
// tasks reserved for the nodes before it), and a slab sends only after receiving, as MWA's rows.
// On a mesh this is MWA transfer for transfer; on a ring it is the min-cost flow; on a hypercube it
// walks the dimensions in CWA's order, d-1 down to 0, one exchange each.
#include "core/balance/kwa.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/balance/dataflow.h"
#include "core/balance/quota.h"

namespace loadlab::core {

namespace {

struct KwaDimension {
  int k = 0;       // nodes along the dimension
  int stride = 0;  // index distance between neighbours along it
  bool ring = false;
};

// Outermost first: rows then columns on a grid (as MWA), dimension d-1 down to 0 on a hypercube
// (as CWA).
std::vector<KwaDimension> kwa_dimensions(const Topology& t) {
  std::vector<KwaDimension> dims;
  if (t.kind() == TopologyKind::Hypercube) {
    for (int j = t.dim() - 1; j >= 0; --j) dims.push_back({2, 1 << j, false});
  } else if (t.kind() == TopologyKind::Ring || t.kind() == TopologyKind::Line) {
    dims.push_back({t.size(), 1, t.kind() == TopologyKind::Ring && t.size() > 2});
  } else {
    const bool ring = t.kind() == TopologyKind::Torus;
    dims.push_back({t.rows(), t.cols(), ring && t.rows() > 2});
    dims.push_back({t.cols(), 1, ring && t.cols() > 2});
  }
  return dims;
}

// MWA's step 4.3 over the nodes of a slab: how many of the `eta` tasks each node sends.
void kwa_theta(std::int64_t eta, const std::vector<std::int64_t>& delta,
               std::vector<std::int64_t>& theta) {
  theta.assign(delta.size(), 0);
  std::int64_t gamma = 0;
  for (std::size_t x = 0; x < delta.size() && eta > 0; ++x) {
    const std::int64_t d = delta[x];
    const std::int64_t t = d >= eta + gamma ? eta : (d > gamma ? d - gamma : 0);
    theta[x] = t;
    gamma += t - d;
    eta -= t;
  }
}

}  // namespace

std::string kwa_unsupported_reason(const Topology& t) {
  switch (t.kind()) {
    case TopologyKind::Hypercube:
    case TopologyKind::Mesh:
    case TopologyKind::Torus:
    case TopologyKind::Ring:
    case TopologyKind::Line:
      return "";
    default:
      return std::string(
                 "kwa (k-ary n-cube walking) needs a hypercube, a mesh, a torus, a ring "
                 "or a line; the topology is a ") +
             topology_kind_name(t.kind());
  }
}

BalanceResult kwa(const Topology& topology, const LoadVector& loads) {
  const std::string why = kwa_unsupported_reason(topology);
  if (!why.empty()) throw std::invalid_argument(why);
  if (static_cast<int>(loads.size()) != topology.size())
    throw std::invalid_argument("loads: expected one entry per node");
  const Average avg = average_load(loads);
  const int n = topology.size();
  BalanceResult r;
  r.algorithm = "kwa";
  r.initial_loads = loads;
  LoadVector w = loads;

  // A domain is a list of node indices in increasing order; level 0 has one, the whole network.
  std::vector<std::vector<int>> domains(1);
  for (int i = 0; i < n; ++i) domains[0].push_back(i);
  int step_base = 0;
  std::vector<std::int64_t> delta, theta;
  for (const KwaDimension& dim : kwa_dimensions(topology)) {
    const int k = dim.k;
    std::vector<std::vector<int>> next;
    int level_steps = 0;
    for (const auto& domain : domains) {
      // Slab s holds the domain's nodes whose coordinate along this dimension is s.
      std::vector<std::vector<int>> slab(static_cast<std::size_t>(k));
      for (int i : domain) slab[static_cast<std::size_t>((i / dim.stride) % k)].push_back(i);
      // flow[s] > 0: tasks crossing from slab s to s + 1 (mod k on a ring); < 0: the other way.
      std::vector<std::int64_t> flow(static_cast<std::size_t>(k), 0);
      std::int64_t prefix = 0;
      for (int s = 0; s < k; ++s) {
        for (int i : slab[static_cast<std::size_t>(s)]) prefix += w[i] - quota(i, avg);
        flow[static_cast<std::size_t>(s)] = prefix;  // flow[k-1] = 0: the domain holds its quota
      }
      const int boundaries = dim.ring ? k : k - 1;
      if (dim.ring) {
        std::vector<std::int64_t> sorted(flow);
        std::nth_element(sorted.begin(), sorted.begin() + (k - 1) / 2, sorted.end());
        const std::int64_t c = sorted[static_cast<std::size_t>((k - 1) / 2)];
        for (auto& f : flow) f -= c;
      }
      auto out_left = [&](int s) {  // tasks slab s sends to slab s - 1
        const int b = s - 1 >= 0 ? s - 1 : (dim.ring ? k - 1 : -1);
        return b < 0 ? std::int64_t{0}
                     : std::max<std::int64_t>(0, -flow[static_cast<std::size_t>(b)]);
      };
      auto out_right = [&](int s) {  // tasks slab s sends to slab s + 1
        return s < boundaries ? std::max<std::int64_t>(0, flow[static_cast<std::size_t>(s)])
                              : std::int64_t{0};
      };
      // Data-flow order (Kahn): a slab sends once everything it receives has arrived.
      std::vector<int> waiting(static_cast<std::size_t>(k), 0),
          ready(static_cast<std::size_t>(k), 0), order;
      for (int s = 0; s < k; ++s) {
        if (out_right(s) > 0) ++waiting[static_cast<std::size_t>((s + 1) % k)];
        if (out_left(s) > 0) ++waiting[static_cast<std::size_t>((s - 1 + k) % k)];
      }
      for (int s = 0; s < k; ++s)
        if (waiting[static_cast<std::size_t>(s)] == 0) order.push_back(s);
      for (std::size_t h = 0; h < order.size(); ++h) {
        const int s = order[h];
        const auto& nodes = slab[static_cast<std::size_t>(s)];
        delta.resize(nodes.size());
        for (std::size_t x = 0; x < nodes.size(); ++x)
          delta[x] = w[nodes[x]] - quota(nodes[x], avg);
        for (int side : {-1, +1}) {  // towards s - 1 first, then s + 1, as MWA's rows
          const std::int64_t eta = side < 0 ? out_left(s) : out_right(s);
          if (eta <= 0) continue;
          const int to_slab = (s + side + k) % k;
          kwa_theta(eta, delta, theta);
          const int ready_s = ready[static_cast<std::size_t>(s)];
          for (std::size_t x = 0; x < nodes.size(); ++x) {
            if (theta[x] <= 0) continue;
            const int from = nodes[x];
            const int to = from + (to_slab - s) * dim.stride;
            r.transfers.push_back({step_base + ready_s, from, to, theta[x]});
            w[from] -= theta[x];
            w[to] += theta[x];
            delta[x] -= theta[x];
          }
          level_steps = std::max(level_steps, ready_s + 1);
          auto& rt = ready[static_cast<std::size_t>(to_slab)];
          rt = std::max(rt, ready_s + 1);
          if (--waiting[static_cast<std::size_t>(to_slab)] == 0) order.push_back(to_slab);
        }
      }
      if (static_cast<int>(order.size()) != k)
        throw std::logic_error("kwa: slabs did not reach a data-flow order");
      for (auto& s : slab)
        if (!s.empty()) next.push_back(std::move(s));
    }
    step_base += level_steps;
    domains = std::move(next);
  }
  sort_by_step(r.transfers);
  r.steps = step_base;
  // Prefix scans along each dimension collect the slab sums and spread the flows (as MWA's 2(n1 +
  // n2)).
  for (const KwaDimension& dim : kwa_dimensions(topology)) r.info_steps += 2 * dim.k;
  r.final_loads = apply_transfers(loads, r.transfers);
  return r;
}

}  // namespace loadlab::core
