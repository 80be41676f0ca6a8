#include "app/partition/model_steps.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace loadlab::app {

namespace {

std::string key_name_of(const std::string& bisector) {
  if (bisector == "orb_e") return "Fiedler vector";
  if (bisector == "orb_i") return "position along the principal inertia axis";
  return "coordinate along the axis of largest spread";
}

void flip(const BisectionSteps& s, const BisectionStep& st, std::vector<std::uint8_t>& side) {
  for (std::size_t j = st.first; j < st.last; ++j) {
    const auto v = static_cast<std::size_t>(s.trace.moves[j].vertex);
    side[v] = static_cast<std::uint8_t>(1 - side[v]);
  }
}

}  // namespace

std::vector<BisectionStep> bisection_timeline(const core::BisectionTrace& t) {
  std::vector<BisectionStep> out;
  out.reserve(t.moves.size() + t.passes.size());
  for (std::size_t p = 0; p < t.passes.size(); ++p) {
    const core::FmPass& pass = t.passes[p];
    for (std::size_t j = pass.first; j < pass.first + pass.count; ++j)
      out.push_back({BisectionStep::move, j, j + 1, static_cast<int>(p), t.moves[j].cut});
    if (pass.kept < pass.count)
      out.push_back({BisectionStep::rollback, pass.first + pass.kept, pass.first + pass.count,
                     static_cast<int>(p), pass.cut_after});
  }
  return out;
}

BisectionSteps build_bisection_steps(const io::PartitionScenario& sc, const std::string& method) {
  BisectionSteps s;
  s.method = method;
  const auto it = sc.params.find(method);
  const core::PartitionParams params = it != sc.params.end() ? it->second : core::PartitionParams{};
  s.trace = core::trace_first_bisection(method, *sc.mesh, std::max(2, sc.parts), params);
  s.key_name = key_name_of(s.trace.bisector);
  s.steps = bisection_timeline(s.trace);
  const auto& key = s.trace.key;
  if (!key.empty()) {
    const auto [lo, hi] = std::minmax_element(key.begin(), key.end());
    s.key_lo = *lo;
    s.key_hi = *hi;
    // Between the largest key on the left and the smallest on the right (the median the split
    // used).
    double left_max = std::numeric_limits<double>::lowest(),
           right_min = std::numeric_limits<double>::max();
    for (std::size_t v = 0; v < key.size(); ++v)
      if (s.trace.initial_side[v] == 0)
        left_max = std::max(left_max, key[v]);
      else
        right_min = std::min(right_min, key[v]);
    if (left_max == std::numeric_limits<double>::lowest()) left_max = s.key_lo;
    if (right_min == std::numeric_limits<double>::max()) right_min = s.key_hi;
    s.split = 0.5 * (left_max + right_min);
  }
  return s;
}

std::vector<std::uint8_t> sides_at_step(const BisectionSteps& s, std::size_t k) {
  std::vector<std::uint8_t> side = s.trace.initial_side;
  k = std::min(k, s.steps.size());
  for (std::size_t i = 0; i < k; ++i) flip(s, s.steps[i], side);
  return side;
}

void StepCursor::reset(const BisectionSteps& s) {
  steps = &s;
  side = s.trace.initial_side;
  at = 0;
}

void StepCursor::seek(std::size_t k) {
  if (!steps) return;
  k = std::min(k, steps->steps.size());
  // Each step flips a fixed set of vertices, so undoing it flips the same set.
  for (; at < k; ++at) flip(*steps, steps->steps[at], side);
  for (; at > k; --at) flip(*steps, steps->steps[at - 1], side);
}

std::vector<int> moved_vertices_at(const BisectionSteps& s, std::size_t k) {
  std::vector<int> out;
  if (k == 0 || k > s.steps.size()) return out;
  const BisectionStep& st = s.steps[k - 1];
  const core::FmPass& pass = s.trace.passes[static_cast<std::size_t>(st.pass)];
  const std::size_t end = st.kind == BisectionStep::move ? st.last : pass.first + pass.kept;
  if (st.kind == BisectionStep::move) out.push_back(s.trace.moves[st.first].vertex);
  for (std::size_t j = pass.first; j < end; ++j)
    if (!(st.kind == BisectionStep::move && j == st.first)) out.push_back(s.trace.moves[j].vertex);
  return out;
}

std::uint32_t key_colour(const BisectionSteps& s, double key) {
  const double span = key < s.split ? s.split - s.key_lo : s.key_hi - s.split;
  const double t = span > 0 ? std::clamp((key - s.split) / span, -1.0, 1.0) : 0.0;
  // White at the split, saturating to blue (left side) or red (right side).
  const double a = std::abs(t);
  const double r = t < 0 ? 1 - a * (1 - 0.16) : 1 - a * (1 - 0.86);
  const double g = t < 0 ? 1 - a * (1 - 0.36) : 1 - a * (1 - 0.20);
  const double b = t < 0 ? 1 - a * (1 - 0.86) : 1 - a * (1 - 0.16);
  auto c = [](double x) {
    return static_cast<std::uint32_t>(std::clamp(x, 0.0, 1.0) * 255.0 + 0.5);
  };
  return c(r) | (c(g) << 8) | (c(b) << 16) | (0xFFu << 24);
}

}  // namespace loadlab::app
