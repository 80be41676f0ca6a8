// Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Fig 4 and the closed forms of Sections 3.1-3.3.
#include "core/balance/quota.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace loadlab::core {

Average average_load(const LoadVector& loads) {
  if (loads.empty()) throw std::invalid_argument("loads: need at least one node");
  Average a;
  a.nodes = static_cast<std::int64_t>(loads.size());
  for (std::size_t i = 0; i < loads.size(); ++i) {
    if (loads[i] < 0) throw std::invalid_argument("loads[" + std::to_string(i) + "] is negative");
    if (loads[i] > LoadLimits::max_total - a.total)
      throw std::invalid_argument("total load exceeds the limit of 2^50 tasks");
    a.total += loads[i];
  }
  a.w_avg = a.total / a.nodes;
  a.remainder = a.total % a.nodes;
  return a;
}

LoadVector quotas(const Average& a) {
  LoadVector q(static_cast<std::size_t>(a.nodes));
  for (std::int64_t i = 0; i < a.nodes; ++i) q[i] = quota(i, a);
  return q;
}

std::int64_t range_quota(std::int64_t first, std::int64_t count, const Average& a) {
  return a.w_avg * count + std::clamp<std::int64_t>(a.remainder - first, 0, count);
}

std::int64_t tree_subtree_quota(std::int64_t i, std::int64_t n_i, const Average& a) {
  const std::int64_t R = a.remainder;
  std::int64_t r;
  if (i >= R)
    r = 0;
  else if (i <= R - n_i)
    r = n_i;
  else
    r = R - i;
  return a.w_avg * n_i + r;
}

std::int64_t cube_subcube_quota(std::int64_t i, int k, const Average& a) {
  const std::int64_t size = std::int64_t{1} << k;
  const std::int64_t start = i & (a.nodes - size);  // i AND (N - 2^k): the subcube's first node
  const std::int64_t last = i | (size - 1);         // i OR (2^k - 1): its last node
  const std::int64_t R = a.remainder;
  std::int64_t r;
  if (start >= R)
    r = 0;
  else if (last < R)
    r = size;
  else
    r = R - start;
  return a.w_avg * size + r;
}

std::int64_t mesh_row_prefix_quota(std::int64_t i, std::int64_t n2, const Average& a) {
  const std::int64_t R = a.remainder, row_start = i / n2 * n2;
  std::int64_t r;
  if (i < R)
    r = i % n2 + 1;
  else if (row_start >= R)
    r = 0;
  else
    r = R % n2;
  return a.w_avg * (i % n2 + 1) + r;
}

std::int64_t mesh_rows_prefix_quota(std::int64_t i, std::int64_t n2, const Average& a) {
  const std::int64_t end = (i / n2 + 1) * n2;  // ERRATA 000: one row more than printed
  const std::int64_t r = end <= a.remainder ? end : a.remainder;
  return a.w_avg * end + r;
}

}  // namespace loadlab::core
