// What an online run of a task graph looked like in time (core/dag/online.cpp's model: a task is
// revealed when its last parent finishes, entry tasks at 0, and is placed at that instant): the
// reveal time of every task in the order the scheduler decided, the check that a schedule obeys
// the model, and the captions the playground plays the run with.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/common/narration.h"
#include "core/dag/schedule.h"
#include "core/dag/task_graph.h"

namespace loadlab::core {

/// One decision of an online scheduler: the task and the time it was revealed (and decided).
struct OnlineArrival {
  TaskId task = 0;
  double released = 0;
};

/// The decisions of an online schedule `s` of `g` (entries in placement order, as
/// online_heft/online_mct return them), each with its reveal time: its parents' latest finish in
/// `s`, 0 for entry tasks. Duplicate entries are skipped.
std::vector<OnlineArrival> online_arrivals(const TaskGraph& g, const Schedule& s);

/// Problems with `arrivals` as the record of an online run of `s` (empty: consistent): every
/// task decided once, in the schedule's placement order, at its parents' latest finish, decisions
/// in non-decreasing time (no task is decided before an earlier-revealed one: the scheduler
/// cannot look ahead), and no task starting before it was revealed. At most `max_errors`.
std::vector<std::string> verify_online_arrivals(const TaskGraph& g, const Schedule& s,
                                                const std::vector<OnlineArrival>& arrivals,
                                                std::size_t max_errors = 20);

/// What the playground shows at decision `step` (0-based) of an online run: the clock, the tasks
/// revealed so far (released no later than the clock and every parent placed), those placed
/// (the first step + 1 decisions) and those revealed but still waiting for a decision.
struct OnlineFrame {
  int step = 0;
  double time = 0;
  std::vector<TaskId> revealed;  ///< in decision order, then by id
  std::vector<TaskId> placed;    ///< in decision order
  std::vector<TaskId> waiting;   ///< revealed, not yet placed, by id
  /// The earliest reveal still in the future (a task whose release is after `time`), -1: none.
  TaskId next_task = -1;
  double next_release = 0;
};

/// The frame at decision `step` (clamped to the run's decisions); step < 0 or no decisions: an
/// empty frame at time 0.
OnlineFrame online_frame(const TaskGraph& g, const std::vector<OnlineArrival>& arrivals, int step);

/// One caption per decision ("t = 1: b is revealed (its parent a finished); online HEFT puts it on
/// P0 at [1, 4]; c and e wait; it cannot know that d arrives at 5"), with the online loop as
/// pseudo-code. `algorithm` is the scenario name ("online_heft").
Narration online_narration(std::string_view algorithm, const TaskGraph& g, const Schedule& s,
                           const std::vector<OnlineArrival>& arrivals);

}  // namespace loadlab::core
