// Tree-structured workloads for the real-thread dynamic executors.
//
// Sections: 1. tasks and keys  2. UTS parameters  3. TreeWorkload  4. independent counting
//
// Two workloads whose total size is unknown until they run, but fixed by their seed:
//  - UTS, the unbalanced tree search benchmark (Olivier et al., 2006): a node's child count comes
//    from a seeded hash of its 64-bit descriptor (UTS uses SHA-1; we use SplitMix64 mixing, the
//    same as core/dynamic/workload.cpp), so the tree is identical however it is traversed.
//    Shapes: `geometric` (T1-like: geometric child counts with mean b0 above max_depth) and
//    `binomial` (T3-like: the root has b0 children, every other node m children with probability
//    q, else none). Each node does `granularity` rounds of hashing (UTS's compute granularity).
//  - the dynamic kind's `spawn` workload (core/dynamic/workload.h: initial tasks per node, spawn
//    shape, duration profile), every task spinning duration × seconds_per_unit calibrated seconds
//    (sim::spin, as the loop executor does).
// Papers: ../shared/seeds/003_6046837c8e4c81af.txt ("new processes" for randomized allocation,
// work stealing); ../shared/seeds/000_ace8fcde3218dd88.txt Section 1 ("dynamically generated").
//
// Thread-safety: a TreeWorkload is immutable after construction; every member is const and may be
// called concurrently from any number of threads.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/dynamic/workload.h"

namespace loadlab::sim {

// ---- 1. tasks and keys ------------------------------------------------------------------------

/// One task: its descriptor and depth (0 = a root). 16 bytes, copied between queues.
struct ThreadTask {
  std::uint64_t desc = 0;
  std::int32_t depth = 0;
  std::int32_t home = 0;  ///< roots: the thread (node) the task starts on; children: unused
};

/// The value a task contributes to the executed-task hash (sum over tasks, mod 2^64).
std::uint64_t task_key(const ThreadTask& t);

// ---- 2. UTS parameters ------------------------------------------------------------------------

enum class UtsShape { Geometric, Binomial };

struct UtsParams {
  UtsShape shape = UtsShape::Geometric;
  double b0 = 4;         ///< geometric: mean children; binomial: the root's children
  int max_depth = 8;     ///< no children at this depth (binomial: a safety cap)
  double q = 0.2;        ///< binomial: probability of m children
  int m = 4;             ///< binomial: children when it branches
  int granularity = 32;  ///< hash rounds per node (the node's work)
  int roots = 1;         ///< independent trees (seed-derived), root r starts on thread r mod P
  std::uint64_t seed = 1;
};

/// UTS child count of the node with descriptor `desc` at `depth` (pure).
int uts_child_count(const UtsParams& p, std::uint64_t desc, int depth);
/// Descriptor of child `index` of `parent` (pure; the same mixing as the dynamic kind).
std::uint64_t uts_child_descriptor(std::uint64_t parent, int index);
/// Descriptor of root `r`.
std::uint64_t uts_root_descriptor(const UtsParams& p, int r);

// ---- 3. TreeWorkload ----------------------------------------------------------------------------

/// Totals of a tree, computed without any executor.
struct TreeCount {
  std::int64_t tasks = 0;
  std::uint64_t key_sum = 0;  ///< Σ task_key over all tasks (mod 2^64)
  double work_units = 0;      ///< Σ durations (spawn workload); tasks × granularity for UTS
  int max_depth = 0;
};

class TreeWorkload {
 public:
  /// An unbalanced tree search workload.
  static TreeWorkload uts(const UtsParams& p);
  /// The dynamic kind's spawn trees: w.initial[v] roots on node v (thread v mod P), durations in
  /// model units, each unit spinning `seconds_per_unit` (calibrated with spin_steps_per_second()).
  /// Arrivals are not used (a real run has no virtual clock). Throws std::invalid_argument.
  static TreeWorkload spawn(const core::DynamicWorkload& w, double seconds_per_unit);

  /// "uts_geometric", "uts_binomial" or "spawn".
  const std::string& name() const { return name_; }
  /// Root tasks with their starting node in `home`.
  const std::vector<ThreadTask>& roots() const { return roots_; }
  /// Appends the children of `t` to `out`; returns how many.
  int children(const ThreadTask& t, std::vector<ThreadTask>& out) const;
  /// Child count only (cheap).
  int child_count(const ThreadTask& t) const;
  /// Child `index` of `t` (0 <= index < child_count(t)).
  static ThreadTask child(const ThreadTask& t, int index) {
    return {core::child_descriptor(t.desc, index), t.depth + 1, 0};
  }
  /// Does the task's work; the result depends on all of it (summed into a checksum).
  double execute(const ThreadTask& t) const;
  /// Work of one task in model units (spawn: its duration; UTS: granularity).
  double work_units(const ThreadTask& t) const;
  /// Seconds per model unit (spawn) or 0 (UTS).
  double seconds_per_unit() const { return seconds_per_unit_; }

  /// Counts the whole tree by an explicit-stack traversal (no threads). Throws
  /// std::length_error beyond `limit` tasks.
  TreeCount count(std::int64_t limit = 100'000'000) const;
  /// Every task of the tree (for tests: compare with what an executor ran).
  std::vector<ThreadTask> enumerate(std::int64_t limit = 10'000'000) const;

 private:
  bool is_uts_ = true;
  std::string name_;
  UtsParams uts_;
  core::DynamicWorkload dyn_;
  double seconds_per_unit_ = 0;
  double steps_per_unit_ = 0;
  std::vector<ThreadTask> roots_;
};

}  // namespace loadlab::sim
