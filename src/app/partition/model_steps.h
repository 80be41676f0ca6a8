// The partition view's step view of a bisection (survey 002 §2.3, Table 1: ORB-E's Fiedler vector,
// ORB-KL's Kernighan–Lin / Fiduccia–Mattheyses moves), headless: the core's record of the method's
// first bisection (core::trace_first_bisection) turned into a timeline the view steps through.
// Tested in tests/app/test_partition_steps.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/partition/bisection_trace.h"
#include "io/kinds/partition.h"

namespace loadlab::app {

/// One step of the timeline: a tentative move (one vertex changes side) or, at the end of an FM
/// pass, the rollback of the moves after the pass's best prefix. Either way the step flips a set of
/// vertices, so stepping backwards flips the same set again.
struct BisectionStep {
  enum Kind { move, rollback } kind = move;
  std::size_t first = 0, last = 0;  ///< moves [first, last) of trace.moves it flips
  int pass = 0;
  std::int64_t cut = 0;  ///< cut after the step
};

struct BisectionSteps {
  std::string method;
  core::BisectionTrace trace;
  std::string key_name;              ///< "Fiedler vector", ...
  double key_lo = 0, key_hi = 0;     ///< range of the key
  double split = 0;                  ///< key value between the two sides of the initial split
  std::vector<BisectionStep> steps;  ///< step k (1-based) = steps[k - 1]; step 0 = the split
  std::int64_t cut_at(std::size_t k) const { return k == 0 ? trace.initial_cut : steps[k - 1].cut; }
  std::size_t size() const { return steps.size(); }
};

/// Runs and records the first bisection of `method` of the scenario (its params and P). Throws what
/// core::trace_first_bisection throws.
BisectionSteps build_bisection_steps(const io::PartitionScenario& sc, const std::string& method);

/// The timeline of a trace: each move a step, each pass that rolled moves back one more step.
std::vector<BisectionStep> bisection_timeline(const core::BisectionTrace& t);

/// Sides (0 left, 1 right) per vertex after step k (0 = the initial split).
std::vector<std::uint8_t> sides_at_step(const BisectionSteps& s, std::size_t k);

/// Follows a slider over the timeline: flips only the vertices of the steps between the old and
/// the new position (O(moves in between), not O(vertices)).
struct StepCursor {
  const BisectionSteps* steps = nullptr;
  std::vector<std::uint8_t> side;
  std::size_t at = 0;
  void reset(const BisectionSteps& s);
  void seek(std::size_t k);
};

/// Vertices moved in the pass that step k belongs to and still on their new side at step k (the
/// view highlights them); the vertex of step k itself first if it is a move.
std::vector<int> moved_vertices_at(const BisectionSteps& s, std::size_t k);

/// Diverging colour for a key value: blue below the split, red above, white at it (packed RGBA).
std::uint32_t key_colour(const BisectionSteps& s, double key);

}  // namespace loadlab::app
