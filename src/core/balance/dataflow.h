// Data-flow numbering of one exchange phase (ERRATA.md 000 "Execution order").
//
// Within a phase a node sends only after it has received everything it will receive in that phase.
// Given the phase's transfers as an acyclic set of (from, to, count), this assigns each transfer
// the earliest communication step that respects that rule, so chains such as 3 -> 1 -> 0 in TWA's
// Example 1 take consecutive steps while independent transfers share a step.
#pragma once

#include <vector>

#include "core/balance/balance_result.h"

namespace loadlab::core {

/// Sets transfer.step for a phase starting at base_step, sorts the phase by step and returns the
/// number of steps it uses (0 if empty). Throws std::logic_error if the transfers form a cycle.
int assign_dataflow_steps(int nodes, std::vector<Transfer>& phase, int base_step);

/// Stable sort by step in O(transfers + steps) (steps must be non-negative).
void sort_by_step(std::vector<Transfer>& transfers);

}  // namespace loadlab::core
