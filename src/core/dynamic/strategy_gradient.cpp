// Strategy "gradient": the gradient model.
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "the pressure of lightly-loaded nodes is set to
// zero. Other nodes have their pressures set to 1 + minimum pressure among all neighbors ... Load
// is now redistributed by moving tasks along the shortest path from each high-pressure node to the
// nearest zero-pressure node ... the flow on a path stops when the low-pressure node will have
// received a sufficient number of tasks" (Lin and Keller, cited in 000 §6).
// The surface is maintained incrementally as loads change: a node whose pressure changes tells its
// neighbours (degree messages) and they relax theirs; pressures are capped at diameter + 1 ("no
// light node reachable"). Light: load ≤ low_mark; a node above high_mark pushes its newest queued
// task to its lowest-pressure neighbour, one task per hop time (its link is busy meanwhile); a
// pushed task keeps going downhill until it reaches a light node (at most diameter + 1 hops).
//
// Tie rule at zero hop cost (the notes, "Load Balancing" / "Overview of Techniques", move a task
// along one path per redistribution and say the flow stops once the low-pressure node is
// comparable to its neighbours; they give no time scale): a task starts at most one downhill path
// per simulated instant. When migrations take no time, a push changes the surface at the same
// instant and the receiver could push the same task back, forever (a hot spot of 64 tasks on a
// 3-cube never advanced the clock). With hop > 0 a queued task started its path at an earlier
// instant, so the rule never binds and such runs are unchanged.
#include "core/dynamic/strategies.h"

#include <algorithm>
#include <deque>
#include <unordered_set>
#include <vector>

namespace loadlab::core {

namespace {

enum GradientTag { kGradientLinkFree = 1 };

class GradientStrategy final : public DynamicStrategy {
 public:
  explicit GradientStrategy(const GradientParams& p) : p_(p) {}

  void on_start(DynamicSim& s) override {
    const int n = s.nodes();
    cap_ = s.topology().diameter() + 1;
    pressure_.assign(static_cast<std::size_t>(n), cap_);
    marked_.assign(static_cast<std::size_t>(n), 0);
    link_busy_.assign(static_cast<std::size_t>(n), 0);
    // Initial surface: multi-source breadth-first search from the light nodes.
    std::deque<int> q;
    for (int v = 0; v < n; ++v)
      if (light(s, v)) pressure_[static_cast<std::size_t>(v)] = 0, q.push_back(v);
    while (!q.empty()) {
      const int v = q.front();
      q.pop_front();
      for (int u : s.topology().neighbours(v))
        if (pressure_[static_cast<std::size_t>(u)] > pressure_[static_cast<std::size_t>(v)] + 1) {
          pressure_[static_cast<std::size_t>(u)] = pressure_[static_cast<std::size_t>(v)] + 1;
          q.push_back(u);
        }
    }
    s.count_messages(2 * s.topology().edge_count());  // every node told its neighbours once
    for (int v = 0; v < n; ++v) mark(v);
    drain(s);
  }

  void on_load_change(DynamicSim& s, int v) override {
    if (pressure_.empty()) return;  // initial tasks, before on_start
    mark(v);
    drain(s);
  }

  void on_task_arrived(DynamicSim& s, int node, DynTaskId t, int hops) override {
    const int next = downhill(s, node);
    if (next >= 0 && hops < cap_) {
      s.migrate(t, node, next, 1, hops + 1);
      return;
    }
    s.enqueue(node, t);
  }

  void on_timer(DynamicSim& s, int v, int, std::int64_t) override {
    link_busy_[static_cast<std::size_t>(v)] = 0;
    on_load_change(s, v);
  }

 private:
  bool light(const DynamicSim& s, int v) const { return s.load(v) <= p_.low_mark; }

  // The neighbour with the lowest pressure if it is below v's, else -1.
  int downhill(const DynamicSim& s, int v) const {
    int best = -1, bp = pressure_[static_cast<std::size_t>(v)];
    for (int u : s.topology().neighbours(v))
      if (pressure_[static_cast<std::size_t>(u)] < bp)
        best = u, bp = pressure_[static_cast<std::size_t>(u)];
    return best;
  }

  void mark(int v) {
    if (marked_[static_cast<std::size_t>(v)]) return;
    marked_[static_cast<std::size_t>(v)] = 1;
    work_.push_back(v);
  }

  void drain(DynamicSim& s) {
    if (draining_) return;
    draining_ = true;
    while (!work_.empty()) {
      const int v = work_.front();
      work_.pop_front();
      marked_[static_cast<std::size_t>(v)] = 0;
      int np = 0;
      if (!light(s, v)) {
        np = cap_;
        for (int u : s.topology().neighbours(v))
          np = std::min(np, pressure_[static_cast<std::size_t>(u)] + 1);
      }
      if (np != pressure_[static_cast<std::size_t>(v)]) {
        pressure_[static_cast<std::size_t>(v)] = np;
        s.count_messages(s.topology().degree(v));
        for (int u : s.topology().neighbours(v)) mark(u);
      }
      push(s, v);
    }
    draining_ = false;
  }

  void push(DynamicSim& s, int v) {
    if (link_busy_[static_cast<std::size_t>(v)] || s.load(v) <= p_.high_mark || s.queued(v) == 0)
      return;
    const int p = pressure_[static_cast<std::size_t>(v)];
    if (p == 0 || p >= cap_) return;
    const int to = downhill(s, v);
    if (to < 0) return;
    if (s.costs().hop == 0 && !first_path_this_instant(s, s.newest(v))) return;
    link_busy_[static_cast<std::size_t>(v)] = 1;
    s.migrate(s.take_newest(v), v, to, 1, 1);
    s.timer(s.now() + s.costs().hop, v, kGradientLinkFree);
  }

  // Records that t starts a path now; false if it already started one at this instant.
  bool first_path_this_instant(const DynamicSim& s, DynTaskId t) {
    if (s.now() != paths_instant_) paths_started_.clear(), paths_instant_ = s.now();
    return paths_started_.insert(t).second;
  }

  GradientParams p_;
  int cap_ = 1;
  double paths_instant_ = -1;
  std::unordered_set<DynTaskId> paths_started_;  ///< tasks that started a path at paths_instant_
  bool draining_ = false;
  std::vector<int> pressure_;
  std::vector<char> marked_, link_busy_;
  std::deque<int> work_;
};

}  // namespace

std::unique_ptr<DynamicStrategy> make_gradient_strategy(const GradientParams& p) {
  return make_dynamic_strategy<GradientStrategy>(p);
}

}  // namespace loadlab::core
