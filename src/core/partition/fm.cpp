// Kernighan–Lin refinement of one bisection in the Fiduccia–Mattheyses form (survey 002 §2.3:
// "the well-known Kernighan-Lin heuristic [74], [24] ... interchanging elements among the
// subdomains"; ../shared/seeds/002_6cf480ff57e2bb72.txt). Single-vertex moves with a gain heap,
// locking, balance caps, and rollback to the best prefix, so a pass never increases the cut.
#include <algorithm>
#include <cstdint>
#include <queue>
#include <tuple>
#include <unordered_map>

#include "core/partition/bisection.h"

namespace loadlab::core::partition_detail {

std::int64_t fm_refine(const Mesh& m, std::span<const int> verts, int left, int right,
                       std::int64_t cap_left, std::int64_t cap_right, int passes,
                       std::vector<int>& part, BisectionTrace* trace) {
  const int n = static_cast<int>(verts.size());
  if (n < 2) return 0;
  // Local numbering; neighbours outside `verts` are ignored (their edges are fixed by now).
  std::unordered_map<int, int> local_of;
  const bool dense = static_cast<std::int64_t>(n) * 4 >= m.size();
  std::vector<int> local_dense;
  if (dense) {
    local_dense.assign(static_cast<std::size_t>(m.size()), -1);
    for (int i = 0; i < n; ++i) local_dense[verts[i]] = i;
  } else {
    local_of.reserve(static_cast<std::size_t>(n) * 2);
    for (int i = 0; i < n; ++i) local_of[verts[i]] = i;
  }
  std::vector<std::int64_t> off(static_cast<std::size_t>(n) + 1, 0);
  std::vector<int> adj;
  for (int i = 0; i < n; ++i) {
    for (int u : m.neighbours(verts[i])) {
      int j = -1;
      if (dense) {
        j = local_dense[u];
      } else if (auto it = local_of.find(u); it != local_of.end()) {
        j = it->second;
      }
      if (j >= 0) adj.push_back(j);
    }
    off[i + 1] = static_cast<std::int64_t>(adj.size());
  }
  std::vector<char> side(static_cast<std::size_t>(n));
  std::int64_t weight[2] = {0, 0};
  for (int i = 0; i < n; ++i) {
    side[i] = part[verts[i]] == left ? 0 : 1;
    weight[static_cast<int>(side[i])] += m.weight(verts[i]);
  }
  const std::int64_t cap[2] = {cap_left, cap_right};
  std::vector<int> gain(static_cast<std::size_t>(n));
  std::vector<char> locked(static_cast<std::size_t>(n));
  std::vector<int> moves;
  std::int64_t total_gain = 0;
  const int stall_limit = std::max(64, n / 100);
  for (int pass = 0; pass < passes; ++pass) {
    using Entry = std::tuple<int, int>;  // (gain, -vertex): highest gain, then lowest vertex
    std::priority_queue<Entry> heap;
    for (int i = 0; i < n; ++i) {
      int g = 0;
      bool boundary = false;
      for (std::int64_t e = off[i]; e < off[i + 1]; ++e) {
        const bool ext = side[adj[e]] != side[i];
        g += ext ? 1 : -1;
        boundary = boundary || ext;
      }
      gain[i] = g;
      locked[i] = 0;
      if (boundary) heap.emplace(g, -i);
    }
    moves.clear();
    std::int64_t cut_before = 0;
    if (trace) {
      // Only the traced run counts the cut (each internal edge seen from both ends).
      for (int i = 0; i < n; ++i)
        for (std::int64_t e = off[i]; e < off[i + 1]; ++e)
          cut_before += side[adj[e]] != side[i] ? 1 : 0;
      cut_before /= 2;
      trace->passes.push_back({trace->moves.size(), 0, 0, cut_before, cut_before});
    }
    std::int64_t cut_change = 0, best_change = 0;
    std::size_t best_len = 0;
    while (!heap.empty() && moves.size() - best_len < static_cast<std::size_t>(stall_limit)) {
      const auto [g, neg] = heap.top();
      heap.pop();
      const int i = -neg;
      if (locked[i] || g != gain[i]) continue;  // stale entry
      const int from = side[i], to = 1 - from;
      const std::int64_t w = m.weight(verts[i]);
      if (weight[to] + w > cap[to]) continue;
      side[i] = static_cast<char>(to);
      weight[from] -= w;
      weight[to] += w;
      locked[i] = 1;
      cut_change -= g;
      moves.push_back(i);
      if (trace) trace->moves.push_back({verts[i], g, cut_before + cut_change});
      for (std::int64_t e = off[i]; e < off[i + 1]; ++e) {
        const int j = adj[e];
        gain[j] += side[j] == to ? -2 : 2;
        if (!locked[j]) heap.emplace(gain[j], -j);
      }
      if (cut_change < best_change) {
        best_change = cut_change;
        best_len = moves.size();
      }
    }
    // Roll back past the best prefix.
    for (std::size_t k = moves.size(); k > best_len; --k) {
      const int i = moves[k - 1];
      const int from = side[i], to = 1 - from;
      side[i] = static_cast<char>(to);
      weight[from] -= m.weight(verts[i]);
      weight[to] += m.weight(verts[i]);
    }
    total_gain -= best_change;
    if (trace) {
      FmPass& p = trace->passes.back();
      p.count = moves.size();
      p.kept = best_len;
      p.cut_after = cut_before + best_change;
    }
    if (best_change == 0) break;
  }
  for (int i = 0; i < n; ++i) part[verts[i]] = side[i] == 0 ? left : right;
  return total_gain;
}

}  // namespace loadlab::core::partition_detail
