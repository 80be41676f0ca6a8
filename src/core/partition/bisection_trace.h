// A record of one bisection for the playground's step view (survey 002 §2.3: "2-way recursive
// bisection", the Fiedler vector of ORB-E, Kernighan–Lin moves of ORB-KL): the bisector's key per
// vertex, the split at the weighted median, and every Fiduccia–Mattheyses move with its gain and
// the cut after it. Plain data: the methods fill it only when asked (a null pointer costs nothing).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/partition/mesh.h"

namespace loadlab::core {

struct PartitionParams;

/// One tentative FM move: `vertex` changed side, lowering the cut by `gain` (negative: raising it).
struct FmMove {
  int vertex = 0;
  int gain = 0;
  std::int64_t cut = 0;  ///< cut between the two sides after this move
};

/// One FM pass: moves[first, first + count) were tried; the first `kept` stayed (the best prefix),
/// the rest were rolled back at the end of the pass.
struct FmPass {
  std::size_t first = 0, count = 0, kept = 0;
  std::int64_t cut_before = 0;
  std::int64_t cut_after = 0;  ///< after the rollback
};

/// The first (top-level) bisection of a recursive-bisection method. It covers every vertex, so
/// the per-vertex vectors are indexed by vertex id.
struct BisectionTrace {
  std::string bisector;          ///< "orb_m", "orb_i" or "orb_e" (orb_e: key = Fiedler vector)
  std::vector<double> key;       ///< the bisector's key per vertex
  std::int64_t target_left = 0;  ///< weight the split aims to give side 0
  std::int64_t cap_left = 0, cap_right = 0;  ///< FM's balance caps (refined only)
  std::vector<std::uint8_t> initial_side;    ///< after the split: 0 = left, 1 = right
  std::int64_t initial_cut = 0;
  bool refined = false;  ///< FM ran (orb_kl)
  std::vector<FmMove> moves;
  std::vector<FmPass> passes;
  std::vector<std::uint8_t> final_side;
  std::int64_t final_cut = 0;
};

/// True for the methods whose first step is one recursive bisection we can trace: orb_m, orb_i,
/// orb_e and orb_kl.
bool bisection_traceable(std::string_view method);

/// Runs the first bisection of `method` exactly as the method does (same key, split, caps and FM
/// passes) and records it. `parts` >= 2 sets the split ratio and (orb_kl) the per-level slack.
/// Throws std::invalid_argument for other methods or parts < 2, PartitionRefused when the bisector
/// needs coordinates the mesh lacks.
BisectionTrace trace_first_bisection(std::string_view method, const Mesh& m, int parts,
                                     const PartitionParams& params);

/// Cut of a two-sided labelling (side per vertex): the edges whose ends differ.
std::int64_t two_sided_cut(const Mesh& m, const std::vector<std::uint8_t>& side);

}  // namespace loadlab::core
