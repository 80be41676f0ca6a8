// Cost scaling push-relabel for unit costs and unbounded links. Source: Goldberg, "An efficient
// implementation of a scaling minimum-cost flow algorithm", J. Algorithms 22 (1997): epsilon
// phases (refine), FIFO discharge, global price updates. See cost_scaling_transshipment.h.
//
// Residual network of an undirected edge {u, v} with net flow g from u to v (only the net flow is
// stored, as in unit_transshipment.cpp): u -> v and v -> u cost +C with no bound, and while g > 0
// also v -> u at cost -C holding g tasks (cancelling). Costs are scaled by C = n + 1, so a flow
// that is epsilon-optimal for epsilon = 1 is optimal (every residual cycle has at most n arcs).
// Reduced cost of u -> w: cost + p[u] - p[w]; an arc is admissible when that is negative.
//
// Refine without infinite saturation: the textbook refine saturates every arc of negative reduced
// cost, which is impossible on an unbounded link. Instead each phase first lowers the prices to
// the largest function below them that changes by at most C + epsilon across every link (then no
// unbounded arc violates epsilon-optimality), and only then saturates the violating cancelling
// arcs, which are bounded. The previous phase's flow is kept except on those arcs.
#include "core/balance/cost_scaling_transshipment.h"

#include <algorithm>
#include <functional>
#include <queue>
#include <stdexcept>
#include <utility>

namespace loadlab::core {

namespace {

class CostScalingSolver {
 public:
  CostScalingSolver(const Topology& topology, const std::vector<std::int64_t>& supply)
      : n_(topology.size()),
        cost_(static_cast<std::int64_t>(topology.size()) + 1),
        excess_(supply) {
    offset_.assign(static_cast<std::size_t>(n_) + 1, 0);
    for (int v = 0; v < n_; ++v) offset_[v + 1] = offset_[v] + topology.degree(v);
    to_.resize(static_cast<std::size_t>(offset_[n_]));
    edge_.resize(to_.size());
    std::vector<int> fill(offset_.begin(), offset_.end() - 1);
    topology.for_each_edge([&](int a, int b, int index) {
      to_[fill[a]] = b;
      edge_[fill[a]++] = 2 * index;
      to_[fill[b]] = a;
      edge_[fill[b]++] = 2 * index + 1;
    });
    flow_.assign(static_cast<std::size_t>(topology.edge_count()), 0);
    price_.assign(n_, 0);
    current_.assign(n_, 0);
    queued_.assign(n_, 0);
    dist_.assign(n_, 0);
  }

  std::vector<std::int64_t> run(CostScalingStats& stats) {
    bool any = false;
    for (int v = 0; v < n_; ++v) any = any || excess_[v] != 0;
    if (!any) return std::move(flow_);
    // The zero flow with zero prices is 0-optimal for the scaled costs; the first phase starts from
    // the largest power of alpha below C.
    std::int64_t eps = 1;
    while (eps * kAlpha < cost_) eps *= kAlpha;
    for (;; eps = std::max<std::int64_t>(eps / kAlpha, 1)) {
      ++stats.phases;
      refine(eps, stats);
      if (eps == 1) break;
    }
    return std::move(flow_);
  }

 private:
  static constexpr std::int64_t kAlpha = 16;

  std::int64_t arc_flow(int k) const {
    const std::int64_t f = flow_[edge_[k] >> 1];
    return (edge_[k] & 1) ? -f : f;
  }
  void push(int k, std::int64_t x) {
    std::int64_t& f = flow_[edge_[k] >> 1];
    f += (edge_[k] & 1) ? -x : x;
  }
  void activate(int v) {
    if (excess_[v] > 0 && !queued_[v]) {
      queued_[v] = 1;
      active_.push_back(v);
    }
  }

  // Largest prices below the current ones with |p[u] - p[w]| <= C + eps on every link
  // (label-correcting relaxation; only links that violate it after the previous phase move).
  void lower_prices_to_lipschitz(std::int64_t eps) {
    const std::int64_t bound = cost_ + eps;
    std::vector<int>& queue = active_;
    queue.clear();
    for (int v = 0; v < n_; ++v) {
      queue.push_back(v);
      queued_[v] = 1;
    }
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const int v = queue[head];
      queued_[v] = 0;
      const std::int64_t limit = price_[v] + bound;
      for (int k = offset_[v]; k < offset_[v + 1]; ++k) {
        const int w = to_[k];
        if (price_[w] > limit) {
          price_[w] = limit;
          if (!queued_[w]) {
            queued_[w] = 1;
            queue.push_back(w);
          }
        }
      }
      if (head > static_cast<std::size_t>(n_) && head * 2 > queue.size()) {
        queue.erase(queue.begin(), queue.begin() + static_cast<std::ptrdiff_t>(head) + 1);
        head = static_cast<std::size_t>(-1);
      }
    }
    queue.clear();
  }

  void refine(std::int64_t eps, CostScalingStats& stats) {
    lower_prices_to_lipschitz(eps);
    // Saturate (cancel) every flow-carrying arc whose reverse now violates epsilon-optimality.
    for (int u = 0; u < n_; ++u)
      for (int k = offset_[u]; k < offset_[u + 1]; ++k) {
        const std::int64_t f = arc_flow(k);
        if (f < 0 && -cost_ + price_[u] - price_[to_[k]] < -eps) {
          push(k, -f);
          excess_[u] += f;
          excess_[to_[k]] -= f;
        }
      }
    active_.clear();
    for (int v = 0; v < n_; ++v) {
      current_[v] = offset_[v];
      queued_[v] = 0;
      activate(v);
    }
    global_update(eps, stats);
    std::int64_t relabels_since_update = 0;
    for (std::size_t head = 0; head < active_.size(); ++head) {
      const int u = active_[head];
      queued_[u] = 0;
      discharge(u, eps, stats, relabels_since_update);
      if (relabels_since_update > n_) {
        // Compact the queue, then recompute prices exactly from the deficits.
        active_.erase(active_.begin(), active_.begin() + static_cast<std::ptrdiff_t>(head) + 1);
        head = static_cast<std::size_t>(-1);
        global_update(eps, stats);
        relabels_since_update = 0;
      } else if (head > static_cast<std::size_t>(n_) && head * 2 > active_.size()) {
        active_.erase(active_.begin(), active_.begin() + static_cast<std::ptrdiff_t>(head) + 1);
        head = static_cast<std::size_t>(-1);
      }
    }
  }

  void discharge(int u, std::int64_t eps, CostScalingStats& stats, std::int64_t& relabels) {
    const int begin = offset_[u], end = offset_[u + 1];
    while (excess_[u] > 0) {
      int& k = current_[u];
      if (k == end) {
        relabel(u, eps);
        ++stats.relabels;
        ++relabels;
        k = begin;
        continue;
      }
      const int w = to_[k];
      const std::int64_t f = arc_flow(k);
      const std::int64_t dp = price_[u] - price_[w];
      if (f < 0 && dp - cost_ < 0) {  // cancel flow that runs w -> u
        const std::int64_t x = std::min(excess_[u], -f);
        push(k, x);
        excess_[u] -= x;
        excess_[w] += x;
        ++stats.pushes;
        activate(w);
        continue;
      }
      if (f >= 0 && dp + cost_ < 0) {  // unbounded arc: everything goes
        const std::int64_t x = excess_[u];
        push(k, x);
        excess_[u] = 0;
        excess_[w] += x;
        ++stats.pushes;
        activate(w);
        return;
      }
      ++k;
    }
  }

  // No admissible arc leaves u: lower p[u] until the best residual arc has reduced cost -eps.
  void relabel(int u, std::int64_t eps) {
    std::int64_t best = INT64_MIN;
    for (int k = offset_[u]; k < offset_[u + 1]; ++k) {
      const std::int64_t c = arc_flow(k) < 0 ? -cost_ : cost_;
      best = std::max(best, price_[to_[k]] - c);
    }
    price_[u] = best - eps;
  }

  // Goldberg's global price update: Dijkstra from the deficits backwards over residual arcs of
  // length floor(reduced cost / eps) + 1 (>= 0 by epsilon-optimality), until every node with
  // excess is reached; each node's price drops by eps times its distance (capped at the last
  // distance reached), which keeps the flow epsilon-optimal and makes the paths to the deficits
  // admissible.
  void global_update(std::int64_t eps, CostScalingStats& stats) {
    ++stats.global_updates;
    std::int64_t pending = 0;
    for (int v = 0; v < n_; ++v) {
      dist_[v] = INT64_MAX;
      if (excess_[v] > 0) ++pending;
    }
    if (pending == 0) return;
    using Item = std::pair<std::int64_t, int>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> heap;
    for (int v = 0; v < n_; ++v)
      if (excess_[v] < 0) {
        dist_[v] = 0;
        heap.push({0, v});
      }
    std::int64_t reached = 0;
    scanned_.clear();
    while (!heap.empty()) {
      const auto [d, w] = heap.top();
      heap.pop();
      if (d != dist_[w]) continue;
      if (pending == 0 && d > reached) break;
      reached = d;
      scanned_.push_back(w);
      dist_[w] = -1 - d;  // settled
      if (excess_[w] > 0) --pending;
      for (int k = offset_[w]; k < offset_[w + 1]; ++k) {
        const int v = to_[k];
        if (dist_[v] < 0) continue;
        // Residual arcs v -> w: unbounded at +C, cancelling at -C while flow runs w -> v.
        const std::int64_t c = arc_flow(k) > 0 ? -cost_ : cost_;
        const std::int64_t rc = c + price_[v] - price_[w];
        const std::int64_t nd = d + (rc < 0 ? 0 : rc / eps + 1);
        if (nd < dist_[v]) {
          dist_[v] = nd;
          heap.push({nd, v});
        }
      }
    }
    for (int v = 0; v < n_; ++v) {
      const std::int64_t d = dist_[v] < 0 ? -1 - dist_[v] : reached;
      price_[v] -= d * eps;
      current_[v] = offset_[v];
    }
  }

  int n_;
  std::int64_t cost_;
  std::vector<std::int64_t> excess_;
  std::vector<int> offset_, to_, edge_;
  std::vector<std::int64_t> flow_, price_, dist_;
  std::vector<int> current_, active_, scanned_;
  std::vector<char> queued_;
};

// Tasks cannot leave their connected component: every component's supplies must sum to 0.
void cost_scaling_check_components(const Topology& topology,
                                   const std::vector<std::int64_t>& supply) {
  const int n = topology.size();
  std::vector<char> seen(static_cast<std::size_t>(n), 0);
  std::vector<int> stack;
  for (int s = 0; s < n; ++s) {
    if (seen[s]) continue;
    std::int64_t sum = 0;
    seen[s] = 1;
    stack.push_back(s);
    while (!stack.empty()) {
      const int v = stack.back();
      stack.pop_back();
      sum += supply[v];
      for (int w : topology.neighbours(v))
        if (!seen[w]) {
          seen[w] = 1;
          stack.push_back(w);
        }
    }
    if (sum != 0)
      throw std::logic_error("cost scaling transshipment: a surplus cannot reach a deficit");
  }
}

}  // namespace

std::vector<std::int64_t> cost_scaling_transshipment(const Topology& topology,
                                                     const std::vector<std::int64_t>& supply,
                                                     CostScalingStats* stats) {
  if (static_cast<int>(supply.size()) != topology.size())
    throw std::invalid_argument("supply: expected one entry per node");
  std::int64_t sum = 0;
  for (std::int64_t s : supply) sum += s;
  if (sum != 0) throw std::invalid_argument("supply: must sum to 0");
  cost_scaling_check_components(topology, supply);
  CostScalingStats local;
  CostScalingSolver solver(topology, supply);
  return solver.run(stats ? *stats : local);
}

}  // namespace loadlab::core
