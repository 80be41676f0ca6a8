// Metrics of a load-balancing result, as paper 000 defines them.
// Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Section 2 (task-hops = sum over links of e_k),
// Section 4 (local / non-local tasks, Lemma 4, Theorem 2), Section 3 (communication steps:
// TWA <= 4m, CWA 3d, MWA <= 3(n1+n2), DEM 3d).
#pragma once

#include <cstdint>
#include <vector>

#include "core/balance/balance_result.h"

namespace loadlab::core {

struct BalanceMetrics {
  /// Sum over transfers of their counts: every transfer crosses one link.
  std::int64_t task_hops = 0;
  /// Tasks that end on a node other than their origin, with tasks carrying their origin and every
  /// node forwarding foreign tasks before its own (see non_local_tasks()).
  std::int64_t non_local_tasks = 0;
  /// info_steps + exchange steps: the paper's count of communication steps.
  int comm_steps = 0;
  /// Task-exchange steps only (the steps a viewer animates).
  int exchange_steps = 0;
  std::int64_t max_minus_min = 0;
  /// max - min <= 1 (Theorem 1).
  bool fully_balanced = false;
  /// Number of point-to-point messages that carry tasks (one per transfer).
  std::int64_t messages = 0;
};

/// All metrics of a result (O(N + transfers + task runs)).
BalanceMetrics compute_balance_metrics(const BalanceResult& result);

/// Replays the transfers with task identity: a sender gives away foreign tasks first (oldest
/// first), then its own. Returns the tasks not on their origin at the end. Sends beyond what a node
/// holds are ignored (the verifier reports them). When no task can come back to its origin (the
/// transfer graph is acyclic, or every step moves along one hypercube dimension used once, as in
/// CWA and DEM) the origins need not be stored and the replay counts own/foreign tasks per node in
/// O(N + transfers); otherwise it falls back to non_local_tasks_tracked.
std::int64_t non_local_tasks(const LoadVector& initial, const std::vector<Transfer>& transfers);

/// The same replay, always storing every task's origin as (origin, count) runs per node.
std::int64_t non_local_tasks_tracked(const LoadVector& initial,
                                     const std::vector<Transfer>& transfers);

/// Lemma 4 with Fig 4 quotas: sum over i of max(q_i - w_i, 0), the fewest tasks that must leave
/// their origin to reach the quotas (= sum max(w_avg - w_i, 0) when N divides T).
std::int64_t min_non_local_tasks(const LoadVector& loads);

/// Loads before the first step and after every step: steps + 1 vectors of N loads.
std::vector<LoadVector> load_trace(const LoadVector& initial,
                                   const std::vector<Transfer>& transfers, int steps);

}  // namespace loadlab::core
