// Primal-dual min-cost flow for unit costs and unbounded capacities. Source: Ahuja, Magnanti and
// Orlin, "Network Flows" (1993), Section 9.8 (primal-dual); the maximum flows by Dinic's blocking
// flows on layered networks (Dinic, 1970). See unit_transshipment.h for why.
//
// Residual network of an undirected edge {u, v} with net flow g from u to v: u -> v costs -1 and
// holds -g tasks while g < 0 (cancelling), else costs +1 with no bound; likewise v -> u. Keeping
// the net flow (never both directions) keeps the flow acyclic and the arrays small. With potentials
// psi, the reduced cost of u -> v is 1 + psi[u] - psi[v] without cancelling flow; with it, it is
// -1 + psi[u] - psi[v], which the invariant keeps at exactly 0, so every reduced cost is 0, 1 or 2.
#include "core/balance/unit_transshipment.h"

#include <algorithm>
#include <stdexcept>

namespace loadlab::core {

namespace {

// A round searches from the sources when the deficits outnumber them this many times: the search
// from the deficits then runs until it reaches the farthest of a few sources, over most of the
// network, while the one from the sources stops at the nearest deficit (Dinic's own layering).
// On a 256 x 256 mesh, nodes searched: 8.1 M at 50 (9.6 M searching only from the deficits,
// 10.0 M at 10, 8.6 M at 20 and 100, 27 M from the sources always: the rounds multiply).
constexpr std::size_t kFromSourcesRatio = 50;

// Networks of at most this many nodes search without branches (the labels stay in cache, so storing
// every label costs less than the mispredicted branches: 256 x 256 mesh 0.41-0.46 vs 0.47-0.50 s
// CPU in alternating runs); larger ones store only new labels (1024 x 1024 mesh, two runs side by
// side: 29.6 s with the branches, 37.0 s without).
constexpr int kBranchFreeSearchNodes = 1 << 17;

// Value: the type of supplies, flows and potentials; 32 bits when they fit (half the memory traffic
// of the pushes and potential updates), else 64.
template <typename Value>
class UnitTransshipmentSolver {
 public:
  UnitTransshipmentSolver(const Topology& topology, const std::vector<std::int64_t>& supply)
      : n_(topology.size()), excess_(supply.begin(), supply.end()) {
    offset_.assign(static_cast<std::size_t>(n_) + 1, 0);
    for (int v = 0; v < n_; ++v) offset_[v + 1] = offset_[v] + topology.degree(v);
    const auto arc_count = static_cast<std::size_t>(offset_[n_]);
    head_.resize(arc_count);
    edge_.resize(arc_count);
    std::vector<int> fill(offset_.begin(), offset_.end() - 1);
    twin_.resize(arc_count);
    topology.for_each_edge([&](int a, int b, int index) {
      twin_[fill[a]] = fill[b];
      twin_[fill[b]] = fill[a];
      head_[fill[a]] = b;
      edge_[fill[a]++] = 2 * index;
      head_[fill[b]] = a;
      edge_[fill[b]++] = 2 * index + 1;
    });
    tight_out_.assign(arc_count, 0);
    tight_in_.assign(arc_count, 0);
    waiting_.assign(n_, 0);
    queue_.assign(static_cast<std::size_t>(n_) + 1, 0);
    branch_free_search_ = n_ <= kBranchFreeSearchNodes;
    flow_.assign(static_cast<std::size_t>(topology.edge_count()), 0);
    psi_.assign(n_, 0);
    dist_.assign(n_, 0);
    seen_.assign(n_, 0);
    parent_arc_.assign(n_, -1);
    parent_.assign(n_, -1);
    want_.assign(n_, 0);
    left_.assign(n_, 0);
    label_.assign(n_, n_);
    current_.assign(n_, 0);
    for (int v = 0; v < n_; ++v)
      if (excess_[v] > 0)
        sources_.push_back(v);
      else if (excess_[v] < 0)
        sinks_.push_back(v);
  }

  std::vector<Value> run(UnitTransshipmentStats& stats) {
    for (;;) {
      sources_.erase(
          std::remove_if(sources_.begin(), sources_.end(), [&](int v) { return excess_[v] <= 0; }),
          sources_.end());
      if (sources_.empty()) break;
      shortest_path_forest();
      ++stats.phases;
      std::int64_t moved = augment_along_forest();
      moved += max_flow_on_tight_arcs();
      if (moved == 0) throw std::logic_error("unit transshipment: no progress (internal error)");
      stats.tasks_delivered += moved;
    }
    stats.rounds += rounds_;
    stats.rounds_from_sources += rounds_from_sources_;
    stats.searched += searched_;
    return std::move(flow_);
  }

  void set_potentials(const std::vector<std::int64_t>& psi) { psi_.assign(psi.begin(), psi.end()); }
  const std::vector<Value>& potentials() const { return psi_; }

 private:
  // Net flow along arc k (from its tail to head_[k]).
  Value arc_flow(int k) const {
    const Value f = flow_[edge_[k] >> 1];
    return (edge_[k] & 1) ? -f : f;
  }
  void push(int k, Value x) {
    Value& f = flow_[edge_[k] >> 1];
    f += (edge_[k] & 1) ? -x : x;
    refresh_tight(k);
    refresh_tight(twin_[k]);
  }
  // The breadth-first searches read tightness from two byte arrays (arc k's and its twin's, at k)
  // instead of potentials and flows: a third less time on a 256 x 256 mesh, where they run about
  // 200 times over most of the nodes and memory traffic is what they cost.
  void refresh_tight(int k) {
    const char t = reduced_cost(head_[twin_[k]], k) == 0 ? 1 : 0;
    tight_out_[k] = t;
    tight_in_[twin_[k]] = t;
  }
  int reduced_cost(int u, int k) const {
    if (arc_flow(k) < 0) return 0;  // cancelling (the invariant keeps it at 0)
    return static_cast<int>(1 + psi_[u] - psi_[head_[k]]);
  }

  // Multi-source Dijkstra from the surpluses over reduced costs in {0, 1, 2} (three buckets) to
  // every node, then the potential update that makes every arc of the shortest-path forest tight.
  void shortest_path_forest() {
    ++stamp_;
    order_.clear();
    for (auto& b : buckets_) b.clear();
    std::size_t queued = 0;
    for (int s : sources_) {
      dist_[s] = 0;
      seen_[s] = stamp_;
      parent_arc_[s] = -1;
      buckets_[0].push_back(s);
      ++queued;
    }
    for (int d = 0; queued > 0; ++d) {
      std::vector<int>& here = buckets_[d % 3];
      while (!here.empty()) {
        const int v = here.back();
        here.pop_back();
        --queued;
        if (dist_[v] != d || seen_[v] == -stamp_) continue;  // stale entry or already settled
        seen_[v] = -stamp_;
        order_.push_back(v);
        for (int k = offset_[v]; k < offset_[v + 1]; ++k) {
          const int w = head_[k];
          if (seen_[w] == -stamp_) continue;
          // Once the tightness arrays are known, a tight arc costs 0 and any other one carries no
          // cancelling flow: no need to read the flow.
          const int nd = d + (!tight_known_        ? reduced_cost(v, k)
                              : tight_out_[k] != 0 ? 0
                                                   : static_cast<int>(1 + psi_[v] - psi_[w]));
          if (seen_[w] != stamp_ || nd < dist_[w]) {
            seen_[w] = stamp_;
            dist_[w] = nd;
            parent_arc_[w] = k;
            parent_[w] = v;
            buckets_[nd % 3].push_back(w);
            ++queued;
          }
        }
      }
    }
    if (static_cast<int>(order_.size()) != n_)
      throw std::logic_error("unit transshipment: the network is not connected");
    for (int v = 0; v < n_; ++v) psi_[v] += dist_[v];
    // After the first phase only an arc between nodes at different distances changes its reduced
    // cost (pushes keep the others up to date).
    for (int v = 0; v < n_; ++v)
      for (int k = offset_[v]; k < offset_[v + 1]; ++k)
        if (!tight_known_ || dist_[v] != dist_[head_[k]]) refresh_tight(k);
    tight_known_ = true;
  }

  // Sends flow from the roots of the forest to the deficits in their trees, in one pass up (what
  // each subtree asks for, capped by each tree arc's capacity) and one pass down (what it gets:
  // a node serves its own deficit first, then its children in the order they were settled).
  // Returns the tasks delivered.
  std::int64_t augment_along_forest() {
    for (auto it = order_.rbegin(); it != order_.rend(); ++it) {
      const int v = *it;
      want_[v] += std::max<Value>(-excess_[v], 0);
      const int k = parent_arc_[v];
      if (k < 0) continue;
      const Value f = arc_flow(k);
      const Value through = f < 0 ? std::min(want_[v], -f) : want_[v];
      want_[v] = through;
      want_[parent_[v]] += through;
    }
    std::int64_t delivered = 0;
    for (const int v : order_) {
      const int k = parent_arc_[v];
      Value arriving;
      if (k < 0) {
        arriving = std::min(excess_[v], want_[v]);
        excess_[v] -= arriving;
      } else {
        const int u = parent_[v];
        arriving = std::min(want_[v], left_[u]);
        left_[u] -= arriving;
        if (arriving > 0) push(k, arriving);
      }
      const Value own = excess_[v] < 0 ? std::min<Value>(arriving, -excess_[v]) : 0;
      excess_[v] += own;
      delivered += own;
      left_[v] = arriving - own;
    }
    for (const int v : order_) want_[v] = 0;
    return delivered;
  }

  // Exact hop distances to the nearest deficit over tight arcs (breadth-first from the deficits),
  // n_ where none is reachable; it stops once every source with excess has its distance, since
  // farther nodes lie on no shortest path from a source.
  // It is most of the solver's time (about 200 searches over most of a 256 x 256 mesh), bound by
  // memory traffic: arc heads apart from their edge numbers, a fixed queue whose nodes are the only
  // ones to reset, sources flagged in a byte array (10-15 % less CPU than with one array of arcs).
  void level_graph() {
    int* queue = queue_.data();
    int* label = label_.data();
    for (int i = 0; i < queued_; ++i) label[queue[i]] = n_;  // the rest are still at n_
    int tail = 0;
    for (int v : sinks_)
      if (excess_[v] < 0) {
        label[v] = 0;
        queue[tail++] = v;
      }
    std::size_t unlabelled_sources = 0;
    for (int v : active_)
      if (excess_[v] > 0) {
        waiting_[v] = 1;
        ++unlabelled_sources;
      }
    const int* head = head_.data();
    const int* offset = offset_.data();
    const char* tight_in = tight_in_.data();
    int* current = current_.data();
    char* waiting = waiting_.data();
    // A local copy: the stores to label[] could alias the member as far as the compiler knows.
    const int unreached = n_;
    int at = 0;
    for (; at < tail; ++at) {
      const int v = queue[at];
      current[v] = offset[v];
      if (waiting[v]) {
        waiting[v] = 0;
        if (--unlabelled_sources == 0) break;
      }
      const int next = label[v] + 1;
      if (branch_free_search_) {
        // Whether an arc is tight and its tail unlabelled is close to a coin toss: these
        // mispredictions were half of the solver's (cachegrind's branch simulation).
        for (int k = offset[v], end = offset[v + 1]; k < end; ++k) {
          const int u = head[k];
          const int old_label = label[u];
          const int take =
              static_cast<int>(tight_in[k] != 0) & static_cast<int>(old_label == unreached);
          label[u] = old_label + ((next - old_label) & -take);  // compilers branch on ?: here
          queue[tail] = u;  // kept only if taken (the queue has one spare slot)
          tail += take;
        }
        continue;
      }
      for (int k = offset[v], end = offset[v + 1]; k < end; ++k) {
        const int u = head[k];
        if (tight_in[k] && label[u] == unreached) {
          label[u] = next;
          queue[tail++] = u;
        }
      }
    }
    for (int i = at + 1; i < tail; ++i) current[queue[i]] = offset[queue[i]];
    for (int v : active_) waiting_[v] = 0;
    queued_ = tail;
    searched_ += std::min(at + 1, tail);
  }

  // Whether this round searches from the sources (few of them, far from most deficits) rather
  // than from the deficits.
  bool from_sources_round() const { return kFromSourcesRatio * active_.size() < sinks_.size(); }

  // Dinic's round searched from the sources: hop distances from the nearest source over tight
  // arcs, up to the first level holding a deficit; then augmenting paths from each deficit on
  // that level back to a source, along arcs one level lower. Returns the tasks delivered.
  std::int64_t blocking_flow_to_deficits() {
    int* queue = queue_.data();
    int* label = label_.data();
    for (int i = 0; i < queued_; ++i) label[queue[i]] = n_;
    int tail = 0;
    for (int v : active_)
      if (excess_[v] > 0) {
        label[v] = 0;
        queue[tail++] = v;
      }
    const int* head = head_.data();
    const int* offset = offset_.data();
    const char* tight_out = tight_out_.data();
    int* current = current_.data();
    int last = n_;  // the level of the nearest deficit, once found
    targets_.clear();
    int at = 0;
    for (; at < tail; ++at) {
      const int v = queue[at];
      if (label[v] > last) break;
      current[v] = offset[v];
      if (excess_[v] < 0) {
        last = label[v];
        targets_.push_back(v);
        continue;
      }
      if (label[v] == last) continue;
      const int next = label[v] + 1;
      for (int k = offset[v], end = offset[v + 1]; k < end; ++k) {
        const int u = head[k];
        if (tight_out[k] && label[u] == n_) {
          label[u] = next;
          queue[tail++] = u;
        }
      }
    }
    queued_ = tail;
    searched_ += at;
    std::int64_t delivered = 0;
    for (const int t : targets_) {
      path_.clear();
      int u = t;
      while (excess_[t] < 0 && label_[t] < n_) {
        if (excess_[u] > 0) {
          Value x = std::min<Value>(excess_[u], -excess_[t]);
          for (int k : path_)
            if (arc_flow(twin_[k]) < 0) x = std::min(x, -arc_flow(twin_[k]));
          for (int k : path_) push(twin_[k], x);
          excess_[u] -= x;
          excess_[t] += x;
          delivered += x;
          for (std::size_t i = 0; i < path_.size(); ++i)
            if (arc_flow(twin_[path_[i]]) == 0) {  // a cancelling arc emptied
              path_.resize(i);
              u = i == 0 ? t : head_[path_.back()];
              break;
            }
          continue;
        }
        int& k = current_[u];
        const int end = offset_[u + 1];
        const int want = label_[u] - 1;
        while (k < end && !(tight_in_[k] && label_[head_[k]] == want)) ++k;
        if (k < end) {
          path_.push_back(k);
          u = head_[k];
          continue;
        }
        label_[u] = n_;
        if (!path_.empty()) {
          path_.pop_back();
          u = path_.empty() ? t : head_[path_.back()];
        }
      }
    }
    return delivered;
  }

  // Maximum flow over the tight arcs by Dinic's method (Dinic, "Algorithm for solution of a
  // problem of maximum flow in networks with power estimation", 1970):
  // per round, exact distances to the deficits, then augmenting paths from every source along arcs
  // one label closer to a deficit, a dead end losing its label for the rest of the round. Rounds
  // repeat while they deliver. Measured against the shortest augmenting path method with local
  // relabels and periodic global relabels (the previous version): CPU 0.73 vs 0.81-1.3 s on a
  // 256 x 256 mesh with the multilevel start, 3.2 vs 4.7 s from zero potentials; on plateaus of
  // tight arcs the local relabels crept up one level at a time. Returns the tasks delivered.
  std::int64_t max_flow_on_tight_arcs() {
    std::int64_t delivered = 0;
    sinks_.erase(
        std::remove_if(sinks_.begin(), sinks_.end(), [&](int v) { return excess_[v] >= 0; }),
        sinks_.end());
    active_.clear();
    for (int s : sources_)
      if (excess_[s] > 0) active_.push_back(s);
    for (std::int64_t before = -1; delivered > before;) {
      before = delivered;
      // Once every source is empty, a search would cover all the deficits reach for nothing.
      active_.erase(
          std::remove_if(active_.begin(), active_.end(), [&](int v) { return excess_[v] <= 0; }),
          active_.end());
      if (active_.empty()) break;
      ++rounds_;
      if (from_sources_round()) {
        ++rounds_from_sources_;
        const std::int64_t got = blocking_flow_to_deficits();
        delivered += got;
        if (got > 0) continue;
        break;
      }
      level_graph();
      // A source no deficit can reach over tight arcs stays so for the phase (what it can reach is
      // closed, and augmenting paths avoid it), so later searches need not wait for it.
      active_.erase(std::remove_if(active_.begin(), active_.end(),
                                   [&](int v) { return excess_[v] <= 0 || label_[v] == n_; }),
                    active_.end());
      for (int s : active_) {
        path_.clear();
        int u = s;
        while (excess_[s] > 0 && label_[s] < n_) {
          if (excess_[u] < 0) {
            Value x = std::min<Value>(excess_[s], -excess_[u]);
            for (int k : path_)
              if (arc_flow(k) < 0) x = std::min(x, -arc_flow(k));
            for (int k : path_) push(k, x);
            excess_[s] -= x;
            excess_[u] += x;
            delivered += x;
            for (std::size_t i = 0; i < path_.size(); ++i)
              if (arc_flow(path_[i]) == 0) {  // a cancelling arc emptied: retreat to its tail
                path_.resize(i);
                u = i == 0 ? s : head_[path_.back()];
                break;
              }
            continue;
          }
          int& k = current_[u];
          const int end = offset_[u + 1];
          const int want = label_[u] - 1;
          while (k < end && !(tight_out_[k] && label_[head_[k]] == want)) ++k;
          if (k < end) {
            path_.push_back(k);
            u = head_[k];
            continue;
          }
          // Augmenting only removes tight arcs (an emptied cancelling arc costs 2), so with the
          // labels fixed a dead end stays one for the round.
          label_[u] = n_;
          if (!path_.empty()) {
            path_.pop_back();
            u = path_.empty() ? s : head_[path_.back()];
          }
        }
      }
    }
    return delivered;
  }

  int n_;
  std::vector<Value> excess_;
  std::vector<int> offset_;
  std::vector<int> head_, edge_;  // per arc: its head; 2 * edge index + (1 if it runs b -> a)
  std::vector<char> waiting_;     // sources the breadth-first search has yet to reach
  std::int64_t rounds_ = 0, rounds_from_sources_ = 0, searched_ = 0;
  bool branch_free_search_ = false;  // n_ <= kBranchFreeSearchNodes
  bool tight_known_ = false;  // tight_out_ and tight_in_ describe the current potentials and flow
  int queued_ = 0;  // nodes the last breadth-first search labelled (first queued_ of queue_)
  std::vector<Value> flow_;
  std::vector<Value> psi_, want_, left_;
  std::vector<int> twin_;  // the reverse arc of each arc
  std::vector<char> tight_out_, tight_in_;
  std::vector<int> dist_, seen_, parent_arc_, parent_, label_, current_;
  std::vector<int> sources_, active_, sinks_, order_, path_, queue_, targets_;
  std::vector<int> buckets_[3];
  int stamp_ = 0;
};

template <typename Value>
std::vector<std::int64_t> unit_transshipment_with(
    const Topology& topology, const std::vector<std::int64_t>& supply,
    UnitTransshipmentStats& stats, const std::vector<std::int64_t>* initial_potentials,
    std::vector<std::int64_t>* final_potentials) {
  UnitTransshipmentSolver<Value> solver(topology, supply);
  if (initial_potentials) solver.set_potentials(*initial_potentials);
  const std::vector<Value> flow = solver.run(stats);
  if (final_potentials)
    final_potentials->assign(solver.potentials().begin(), solver.potentials().end());
  return std::vector<std::int64_t>(flow.begin(), flow.end());
}

}  // namespace

std::vector<std::int64_t> unit_transshipment(const Topology& topology,
                                             const std::vector<std::int64_t>& supply,
                                             UnitTransshipmentStats* stats,
                                             const std::vector<std::int64_t>* initial_potentials,
                                             std::vector<std::int64_t>* final_potentials) {
  if (static_cast<int>(supply.size()) != topology.size())
    throw std::invalid_argument("supply: expected one entry per node");
  std::int64_t sum = 0;
  for (std::int64_t s : supply) sum += s;
  if (sum != 0) throw std::invalid_argument("supply: must sum to 0");
  std::int64_t moving = 0, steepest = 0;
  for (std::int64_t s : supply) moving += s > 0 ? s : 0;
  if (initial_potentials) {
    if (static_cast<int>(initial_potentials->size()) != topology.size())
      throw std::invalid_argument("initial_potentials: expected one entry per node");
    topology.for_each_edge([&](int a, int b, int) {
      const std::int64_t d = (*initial_potentials)[a] - (*initial_potentials)[b];
      if (d > 1 || d < -1)
        throw std::invalid_argument("initial_potentials: must differ by at most 1 across a link");
    });
    for (std::int64_t p : *initial_potentials) steepest = std::max(steepest, p < 0 ? -p : p);
  }
  UnitTransshipmentStats local;
  // Flows and supplies stay below the tasks that move (the flow is acyclic); potentials within the
  // network's size of a last source's, which never changes.
  constexpr std::int64_t kInt32Room = std::int64_t{1} << 30;
  if (moving < kInt32Room && steepest + topology.size() < kInt32Room)
    return unit_transshipment_with<std::int32_t>(topology, supply, stats ? *stats : local,
                                                 initial_potentials, final_potentials);
  return unit_transshipment_with<std::int64_t>(topology, supply, stats ? *stats : local,
                                               initial_potentials, final_potentials);
}

}  // namespace loadlab::core
