// HEFT's rank variants (heft_rank.h gives the papers): the per-task cost and the per-unit-of-data
// transfer cost each variant uses, then the usual upward recursion.
#include "core/dag/heft_rank.h"

#include <algorithm>
#include <stdexcept>

#include "core/dag/hetero_placement.h"

namespace loadlab::core {

namespace {

// Transfer time of one unit of data under the variant; the caller multiplies by the edge's data
// (one division per edge for "mean", exactly as upward_ranks does).
double heft_rank_unit_comm(const Machine& m, HeftRank variant) {
  const int P = m.processors;
  if (P < 2) return 0.0;
  double sum = 0, lo = 0, hi = 0;
  bool first = true;
  for (int p = 0; p < P; ++p)
    for (int q = 0; q < P; ++q) {
      if (p == q) continue;
      const double c = m.comm(1.0, p, q);
      sum += c;
      lo = first ? c : std::min(lo, c);
      hi = first ? c : std::max(hi, c);
      first = false;
    }
  switch (variant) {
    case HeftRank::saga:
      return sum / (static_cast<double>(P) * (P + 1));
    case HeftRank::best:
      return lo;
    case HeftRank::worst:
      return hi;
    case HeftRank::mean:
      break;
  }
  return 1.0 / mean_bandwidth(m);
}

}  // namespace

const std::vector<std::string>& heft_rank_names() {
  static const std::vector<std::string> names = {"mean", "saga", "best", "worst"};
  return names;
}

const char* heft_rank_name(HeftRank r) {
  switch (r) {
    case HeftRank::saga:
      return "saga";
    case HeftRank::best:
      return "best";
    case HeftRank::worst:
      return "worst";
    case HeftRank::mean:
      break;
  }
  return "mean";
}

HeftRank parse_heft_rank(const std::string& name) {
  if (name == "mean") return HeftRank::mean;
  if (name == "saga") return HeftRank::saga;
  if (name == "best") return HeftRank::best;
  if (name == "worst") return HeftRank::worst;
  throw std::invalid_argument("unknown HEFT rank '" + name + "' (mean, saga, best, worst)");
}

std::vector<double> heft_upward_ranks(const TaskGraph& g, const Machine& m, HeftRank variant) {
  if (variant == HeftRank::mean) return upward_ranks(g, m);
  const auto n = static_cast<std::size_t>(g.size());
  std::vector<double> w(n);
  for (TaskId t = 0; t < g.size(); ++t) {
    double v = m.exec(g, t, 0);
    for (int p = 1; p < m.processors; ++p) {
      const double x = m.exec(g, t, p);
      if (variant == HeftRank::best) v = std::min(v, x);
      if (variant == HeftRank::worst) v = std::max(v, x);
    }
    w[static_cast<std::size_t>(t)] = v;
  }
  if (variant == HeftRank::saga) w = mean_exec_times(g, m);
  const double unit = heft_rank_unit_comm(m, variant);
  std::vector<double> r(n, 0);
  const auto& order = g.topo_order();
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    double best = 0;
    for (auto e : g.out_edges(*it)) {
      const DagEdge& ed = g.edge(e);
      best = std::max(best, ed.comm * unit + r[static_cast<std::size_t>(ed.to)]);
    }
    r[static_cast<std::size_t>(*it)] = w[static_cast<std::size_t>(*it)] + best;
  }
  return r;
}

}  // namespace loadlab::core
