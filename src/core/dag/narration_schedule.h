// The narration of a task-graph schedule (core/common/narration.h): one caption per task placed,
// in the order the scheduler placed them, naming the copies a duplication-based scheduler (dsh,
// cpfd) ran first on the same processor and the message each copy saved.
#pragma once

#include <string>

#include "core/common/narration.h"
#include "core/dag/schedule.h"
#include "core/dag/task_graph.h"

namespace loadlab::core {

/// Narrates `s` (entries in placement order; a task's copies come before it). `paper` is the
/// scheduler's descriptor field (e.g. "kruatrachue1988; radulescu1999 §1") for the citation.
Narration narrate_dag_schedule(const TaskGraph& g, const std::string& algorithm,
                               const std::string& paper, const Schedule& s);

}  // namespace loadlab::core
