// Shared machinery of the partitioning methods: splitting an ordered vertex sequence into weighted
// groups, the orthogonal recursive bisection (ORB) driver, and Fiduccia–Mattheyses refinement of
// one bisection (survey 002 §2.3, "2-way recursive bisection", Kernighan–Lin [74]).
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "core/partition/bisection_trace.h"
#include "core/partition/mesh.h"

namespace loadlab::core::partition_detail {

/// Assigns consecutive groups of `order` to labels first_label .. first_label+groups-1 so that each
/// group holds about total/groups weight (vertex v goes to the group its weight's midpoint falls
/// in).
void split_sequence(const Mesh& m, std::span<const int> order, int groups, int first_label,
                    std::vector<int>& part);

/// Orders `verts` by key (ties by vertex id) and labels the first `target_left` weight (as close as
/// possible) `left`, the rest `right`. Keys are indexed like `verts`; `verts` itself is not
/// reordered.
void split_by_key(const Mesh& m, std::span<int> verts, const std::vector<double>& key,
                  std::int64_t target_left, int left, int right, std::vector<int>& part);

/// Computes a key per vertex of `verts` (same order): the bisector's direction.
using KeyFn =
    std::function<void(const Mesh&, std::span<const int> verts, std::vector<double>& key)>;
/// Improves a bisection of `verts` (labels left/right) in place; caps bound each side's weight.
using RefineFn =
    std::function<void(const Mesh&, std::span<const int> verts, int left, int right,
                       std::int64_t cap_left, std::int64_t cap_right, std::vector<int>& part)>;

/// The per-level balance slack s with (1 + s)^levels <= 1 + imbalance, levels = ceil(log2 parts).
double level_slack(int parts, double imbalance);

/// One bisection of recursive_bisection: labels `verts` (the range of `count` parts starting at
/// `first`) left/right by `key` at the weighted median and returns the labels and (with `caps`) the
/// refiner's caps. Shared
/// with trace_first_bisection so the traced split is the real one.
struct BisectionSplit {
  int left = 0, right = 0;
  std::int64_t target_left = 0, cap_left = 0, cap_right = 0;
};
BisectionSplit split_job(const Mesh& m, std::span<int> verts, int first, int count,
                         const KeyFn& key, double slack, bool caps, std::vector<double>& k,
                         std::vector<int>& part);

/// Recursive bisection into `parts` parts: a range of p parts splits into floor(p/2) and the rest,
/// with target weights in that ratio. `imbalance` is the total allowed; each of the ceil(log2 P)
/// levels gets (1+imbalance)^(1/levels) − 1 of it (used by refine's caps).
std::vector<int> recursive_bisection(const Mesh& m, int parts, const KeyFn& key,
                                     const RefineFn* refine, double imbalance);

/// Keys of the geometric bisectors.
void orb_m_keys(const Mesh& m, std::span<const int> verts, std::vector<double>& key);
void orb_i_keys(const Mesh& m, std::span<const int> verts, std::vector<double>& key);
/// The Fiedler vector of the subgraph induced by `verts` (orb_e.cpp).
void fiedler_keys(const Mesh& m, std::span<const int> verts, int coarse_limit, int smoothing,
                  std::vector<double>& key);
/// The bisector named "orb_m", "orb_i" or "orb_e".
KeyFn bisector_by_name(const std::string& name, int coarse_limit, int smoothing);

/// Fiduccia–Mattheyses passes on the bisection of `verts` (edges leaving `verts` are ignored):
/// moves the best-gain vertex whose side stays within its cap, locks it, and rolls back to the best
/// prefix of each pass. Never increases the cut; returns the cut reduction. With `trace`, every
/// tentative move and pass is appended to it (the step view); null = no recording.
std::int64_t fm_refine(const Mesh& m, std::span<const int> verts, int left, int right,
                       std::int64_t cap_left, std::int64_t cap_right, int passes,
                       std::vector<int>& part, BisectionTrace* trace = nullptr);

/// Simulated annealing of the parts `labels` over `verts` (anneal.cpp): proposals move a vertex to
/// a neighbour's part, hard caps per part, Metropolis acceptance on the cut change.
void anneal(const Mesh& m, std::span<const int> verts, std::span<const int> labels,
            std::int64_t cap_default, const std::vector<std::int64_t>* caps, int parts_total,
            int sweeps, double t0, double cooling, std::uint64_t seed, std::vector<int>& part);

/// exp(−x) for x >= 0 with only +, *, / (bit-identical natively and in WebAssembly).
double portable_exp_neg(double x);

}  // namespace loadlab::core::partition_detail
