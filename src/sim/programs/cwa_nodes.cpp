// Cube Walking Algorithm as a node program.
// Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Section 3.2, Fig 10 (steps 1-4), Lemma 2.
//
// Node i keeps the vectors of Fig 10 for its own j-dimensional subcubes and nothing else.
// Step 1 (supersteps 0..d-1): w_i^{k+1} = w_i^k + w_{i xor 2^k}^k, one exchange with the partner
// across dimension k per superstep (recursive doubling), so after d supersteps every node holds its
// whole w vector and w_i^d = T. Steps 2-3 are local (closed form of q_i^k). Step 4, iteration k
// (superstep 2d-1-k): first apply the theta vector received from across dimension k+1 (4.2), then,
// if delta_i^k > 0, compute theta/gamma by the recurrence of 4.1 and send theta_i^0 tasks with the
// theta vector to i xor 2^k. delta of the sibling subcube comes from delta_{i^2^j}^j =
// w_i^{j+1} - w_i^j - q_{i^2^j}^j, as the paper notes: no communication.
//
// Supersteps: d + d = 2d. The paper charges 3d because it counts a pairwise exchange of load values
// as two communication steps (one per direction); a BSP superstep carries both directions.
#include <bit>

#include "sim/programs/balance_program.h"

namespace loadlab::sim::detail {

namespace {

struct CwaNode : BalanceNodeBase {
  int d = 0;
  std::vector<std::int64_t> w, delta, theta;  // w has d+1 entries, delta and theta d
  core::Average avg;

  void step(Comm& c) {
    const std::int64_t s = c.superstep();
    const int i = c.id();
    for (const Message& m : c.inbox()) {
      if (m.tag == kReduce) {
        w[static_cast<std::size_t>(s)] = w[static_cast<std::size_t>(s) - 1] + m.data[0];
      } else if (m.tag == kTasks) {
        load += m.tasks;  // 4.2: tasks and theta vector from across dimension data.size()
        for (std::size_t j = 0; j < m.data.size(); ++j) {
          w[j] += m.data[j];
          delta[j] += m.data[j];
        }
      }
    }
    if (s < d) c.send_word(i ^ (1 << s), kReduce, w[static_cast<std::size_t>(s)]);
    if (s == d) {
      avg = average_from_total(w[static_cast<std::size_t>(d)], c.node_count());
      for (int k = 0; k < d; ++k)
        delta[static_cast<std::size_t>(k)] =
            w[static_cast<std::size_t>(k)] - core::cube_subcube_quota(i, k, avg);
    }
    if (s >= d && s < 2 * d) exchange(c, static_cast<int>(2 * d - 1 - s));
    if (s >= 2 * d - 1) c.halt();  // only the last iteration's receipt is still to come
  }

  // Step 4.1 for iteration k.
  void exchange(Comm& c, int k) {
    const auto K = static_cast<std::size_t>(k);
    if (delta[K] <= 0) return;
    const int i = c.id();
    theta[K] = delta[K];
    std::int64_t gamma = 0;  // gamma_i^{j+1}
    for (int j = k - 1; j >= 0; --j) {
      const auto J = static_cast<std::size_t>(j);
      if ((i & (1 << j)) == 0) {
        theta[J] = delta[J] <= gamma ? 0 : std::min(delta[J] - gamma, theta[J + 1]);
      } else {
        const std::int64_t delta_sibling =
            w[J + 1] - w[J] - core::cube_subcube_quota(i ^ (1 << j), j, avg);
        theta[J] = delta_sibling <= gamma ? theta[J + 1] : std::max<std::int64_t>(delta[J], 0);
      }
      gamma = delta[J] - theta[J];
    }
    send_tasks(c, i ^ (1 << k), 0, d - 1 - k, theta[0],
               std::span<const std::int64_t>(theta.data(), K));
    for (std::size_t j = 0; j < K; ++j) {
      w[j] -= theta[j];
      delta[j] -= theta[j];
    }
  }
};

}  // namespace

std::unique_ptr<BalancePrograms> make_cwa_programs(const core::Topology& topology,
                                                   const core::LoadVector& loads) {
  if (topology.kind() != core::TopologyKind::Hypercube)
    throw std::invalid_argument("CWA needs a hypercube topology");
  const int d = topology.dim();
  std::vector<CwaNode> nodes(static_cast<std::size_t>(topology.size()));
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    CwaNode& node = nodes[i];
    node.d = d;
    node.load = loads[i];
    node.w.assign(static_cast<std::size_t>(d) + 1, 0);
    node.w[0] = loads[i];
    node.delta.assign(static_cast<std::size_t>(d), 0);
    node.theta.assign(static_cast<std::size_t>(d), 0);
  }
  BalanceProgramsOf<CwaNode>::Info info;
  info.algorithm = "cwa";
  info.initial = loads;
  info.fixed_steps = d;  // one exchange step per dimension, as core::cwa counts
  info.info_steps = 2 * d;
  info.expected_supersteps = 2LL * d;
  return std::make_unique<BalanceProgramsOf<CwaNode>>(std::move(nodes), std::move(info));
}

}  // namespace loadlab::sim::detail
