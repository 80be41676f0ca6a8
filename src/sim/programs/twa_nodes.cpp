// Tree Walking Algorithm as a node program.
// Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Section 3.1, Fig 5 (steps 1-4), Lemma 1.
// Erratum: ERRATA.md 000 "Execution order" (a node sends only after receiving all it will receive).
//
// Each node knows only its preorder index i, its parent p_i and its children (its links), as Fig 5
// assumes. Step 1 is a sum reduction up the tree: a node sends (W_i, n_i) to its parent once every
// child has reported, so it also learns W_c and n_c of each child. Step 2: the root computes w_avg
// and R and broadcasts them down. Step 3: each node computes Q_i and Q_c of its children from the
// closed form, hence eta^L_i = W_i - Q_i and eta^R_{i,j} = Q_c - W_c. Step 4 in data-flow order:
// once every expected transfer (4.1, 4.2) has arrived, the node sends (4.3, 4.4). A task message
// carries its data-flow step so the receiver can number its own sends (step = 1 + the last step it
// received in), which reproduces core::assign_dataflow_steps without any global view.
//
// Supersteps: the reduction takes m (the depth), the broadcast reaches the deepest parents after
// 2m-1, and a task chain leaf -> root -> leaf adds at most 2m: at most 4m, as the paper counts.
#include <algorithm>

#include "sim/programs/balance_program.h"

namespace loadlab::sim::detail {

namespace {

struct TwaNode : BalanceNodeBase {
  int parent = -1;
  std::vector<int> children;  // ascending (preorder: c_{i,0} < c_{i,1} < ...)
  std::vector<std::int64_t> child_W, child_n;
  std::int64_t W = 0, n = 1;
  std::size_t reported = 0;
  bool reduced = false, planned = false, exchanged = false;
  core::Average avg;
  std::int64_t expected_msgs = 0, received_msgs = 0;
  int ready_step = 0;
  std::vector<std::pair<int, std::int64_t>> outgoing;

  std::size_t child_index(int c) const {
    return static_cast<std::size_t>(std::lower_bound(children.begin(), children.end(), c) -
                                    children.begin());
  }

  void plan(Comm& c) {
    planned = true;
    const std::int64_t bc[2] = {avg.w_avg, avg.remainder};
    for (int ch : children) c.send(ch, kBroadcast, bc);
    const int i = c.id();
    // eta^L_i = W_i - Q_i; the root has no parent link.
    const std::int64_t eta_l = parent < 0 ? 0 : W - core::tree_subtree_quota(i, n, avg);
    if (eta_l < 0) ++expected_msgs;
    if (eta_l > 0) outgoing.emplace_back(parent, eta_l);
    for (std::size_t j = 0; j < children.size(); ++j) {
      const std::int64_t eta_r =
          core::tree_subtree_quota(children[j], child_n[j], avg) - child_W[j];
      if (eta_r < 0) ++expected_msgs;
      if (eta_r > 0) outgoing.emplace_back(children[j], eta_r);
    }
    std::sort(outgoing.begin(), outgoing.end());
  }

  void step(Comm& c) {
    for (const Message& m : c.inbox()) {
      if (m.tag == kReduce) {
        const std::size_t j = child_index(m.from);
        child_W[j] = m.data[0];
        child_n[j] = m.data[1];
        W += m.data[0];
        n += m.data[1];
        ++reported;
      } else if (m.tag == kBroadcast) {
        avg = average_from_total(0, c.node_count());
        avg.w_avg = m.data[0];
        avg.remainder = m.data[1];
        avg.total = avg.w_avg * avg.nodes + avg.remainder;
        plan(c);
      } else if (m.tag == kTasks) {
        load += m.tasks;
        ready_step = std::max(ready_step, static_cast<int>(m.data[0]) + 1);
        ++received_msgs;
      }
    }
    if (!reduced && reported == children.size()) {
      reduced = true;
      if (parent >= 0) {
        const std::int64_t up[2] = {W, n};
        c.send(parent, kReduce, up);
      } else {
        avg = average_from_total(W, n);  // the root: T = W_0, N = n_0
        plan(c);
      }
    }
    if (planned && !exchanged && received_msgs == expected_msgs) {
      exchanged = true;
      for (const auto& [to, count] : outgoing) {
        const std::int64_t step_word = ready_step;
        send_tasks(c, to, 0, ready_step, count, std::span<const std::int64_t>(&step_word, 1));
      }
    }
    c.halt();  // everything after superstep 0 is triggered by a message
  }
};

}  // namespace

std::unique_ptr<BalancePrograms> make_twa_programs(const core::Topology& topology,
                                                   const core::LoadVector& loads) {
  const int n = topology.size();
  std::vector<int> parent;
  if (topology.kind() == core::TopologyKind::Tree) {
    parent = topology.parents();
  } else if (topology.kind() == core::TopologyKind::Line) {
    parent.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) parent[static_cast<std::size_t>(i)] = i - 1;
  } else {
    throw std::invalid_argument("TWA needs a tree (or line) topology");
  }
  std::vector<TwaNode> nodes(static_cast<std::size_t>(n));
  int depth_max = 0;
  std::vector<int> depth(static_cast<std::size_t>(n), 0);
  for (int i = 0; i < n; ++i) {
    TwaNode& node = nodes[static_cast<std::size_t>(i)];
    node.load = node.W = loads[static_cast<std::size_t>(i)];
    node.parent = parent[static_cast<std::size_t>(i)];
    if (i > 0)
      depth_max = std::max(depth_max, depth[static_cast<std::size_t>(i)] =
                                          depth[static_cast<std::size_t>(node.parent)] + 1);
    for (int nb : topology.neighbours(i))
      if (nb != node.parent) node.children.push_back(nb);
    node.child_W.assign(node.children.size(), 0);
    node.child_n.assign(node.children.size(), 0);
  }
  BalanceProgramsOf<TwaNode>::Info info;
  info.algorithm = "twa";
  info.initial = loads;
  info.info_steps = 2 * depth_max;  // the paper's count for steps 1-2, as core::twa reports
  info.expected_supersteps = 4LL * depth_max;
  return std::make_unique<BalanceProgramsOf<TwaNode>>(std::move(nodes), std::move(info));
}

}  // namespace loadlab::sim::detail
