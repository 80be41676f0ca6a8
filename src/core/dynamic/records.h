// Plain records of a dynamic run: what the simulator writes and the independent checker
// (core/verify/dynamic_verify.h) reads. No behaviour here.
#pragma once

#include <cstdint>
#include <vector>

#include "core/model/loads.h"

namespace loadlab::core {

/// A task of a dynamic run (not core::TaskId, the DAG kind's 32-bit task index: both are seen
/// together by the playground).
using DynTaskId = std::int64_t;

/// Per-node state in the timeline. "system": inside a RIPS system phase.
enum class NodeState : std::uint8_t { Idle, Busy, Migrating, System };
const char* node_state_name(NodeState s);

/// One task: its identity (what the checker checks) and where/when it ran.
struct TaskRecord {
  std::uint64_t desc = 0;
  double appear = 0;
  double duration = 0;
  DynTaskId parent = -1;  ///< -1 for initial tasks and arrivals
  int origin = 0;         ///< node where it appeared
  int depth = 0;          ///< spawn depth (0 for roots)
  int child_index = 0;    ///< index among its parent's children
  int node = -1;          ///< node that ran it (-1: never ran)
  double start = -1;
  double end = -1;
};

struct MigrationRecord {
  DynTaskId task = 0;
  int from = 0;
  int to = 0;
  int hops = 1;
  double depart = 0;
  double arrive = 0;
};

struct Interval {
  NodeState state = NodeState::Idle;
  double start = 0;
  double end = 0;
};

/// One RIPS system phase: the ready loads it balanced and what it moved.
struct PhaseRecord {
  double start = 0;  ///< every running task had finished: the exchange began from here
  double end = 0;
  LoadVector loads;  ///< ready tasks per node at `start`
  std::int64_t task_hops = 0;
  int steps = 0;
};

}  // namespace loadlab::core
