// The first bisection of ORB-M/I/E and ORB-KL, recorded for the playground's step view (survey 002
// §2.3, Table 1; ../shared/seeds/002_6cf480ff57e2bb72.txt). It calls the same split_job and
// fm_refine as recursive_bisection, so the recorded bisection is the method's own first step.
#include "core/partition/bisection_trace.h"

#include <numeric>
#include <stdexcept>
#include <string>

#include "core/partition/bisection.h"
#include "core/partition/layout.h"
#include "core/partition/partition.h"

namespace loadlab::core {

bool bisection_traceable(std::string_view method) {
  return method == "orb_m" || method == "orb_i" || method == "orb_e" || method == "orb_kl";
}

std::int64_t two_sided_cut(const Mesh& m, const std::vector<std::uint8_t>& side) {
  std::int64_t cut = 0;
  for (int v = 0; v < m.size(); ++v)
    for (int w : m.neighbours(v))
      if (v < w && side[static_cast<std::size_t>(v)] != side[static_cast<std::size_t>(w)]) ++cut;
  return cut;
}

BisectionTrace trace_first_bisection(std::string_view method, const Mesh& m, int parts,
                                     const PartitionParams& p) {
  if (!bisection_traceable(method))
    throw std::invalid_argument("no bisection to trace for '" + std::string(method) +
                                "' (orb_m, orb_i, orb_e, orb_kl)");
  if (parts < 2) throw std::invalid_argument("a bisection needs parts >= 2");
  const bool refined = method == "orb_kl";
  BisectionTrace t;
  t.bisector = refined ? p.base : std::string(method);
  if (partition_needs_coordinates(t.bisector, p) && !m.has_coordinates())
    return trace_first_bisection(method, mesh_with_layout(m), parts, p);
  const int n = m.size();
  std::vector<int> verts(static_cast<std::size_t>(n));
  std::iota(verts.begin(), verts.end(), 0);
  std::vector<int> part(static_cast<std::size_t>(n), 0);
  const auto key = partition_detail::bisector_by_name(t.bisector, p.coarse_limit, p.smoothing);
  // Unrefined methods use no slack (recursive_bisection's imbalance 0.0), orb_kl its imbalance.
  const double slack = partition_detail::level_slack(parts, refined ? p.imbalance : 0.0);
  const partition_detail::BisectionSplit s =
      partition_detail::split_job(m, verts, 0, parts, key, slack, refined, t.key, part);
  t.target_left = s.target_left;
  t.cap_left = s.cap_left;
  t.cap_right = s.cap_right;
  auto sides = [&] {
    std::vector<std::uint8_t> side(static_cast<std::size_t>(n));
    for (int v = 0; v < n; ++v)
      side[static_cast<std::size_t>(v)] = part[static_cast<std::size_t>(v)] == s.left ? 0 : 1;
    return side;
  };
  t.initial_side = sides();
  t.initial_cut = two_sided_cut(m, t.initial_side);
  if (refined) {
    t.refined = true;
    partition_detail::fm_refine(m, verts, s.left, s.right, s.cap_left, s.cap_right, p.passes, part,
                                &t);
  }
  t.final_side = sides();
  t.final_cut = two_sided_cut(m, t.final_side);
  return t;
}

}  // namespace loadlab::core
