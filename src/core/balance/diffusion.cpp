// Diffusion load balancing. Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Overview of
// Techniques" (diffusion; optimal alpha per topology).
#include "core/balance/diffusion.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

#include "core/balance/diffusion_grid.h"

namespace loadlab::core {

namespace {

bool is_regular(const Topology& t) {
  for (int v = 1; v < t.size(); ++v)
    if (t.degree(v) != t.degree(0)) return false;
  return true;
}

int max_degree(const Topology& t) {
  int d = 0;
  for (int v = 0; v < t.size(); ++v) d = std::max(d, t.degree(v));
  return d;
}

// out[v] for v in [begin, end): the one kernel both drivers use, so their bits agree.
void diffusion_range(const Topology& t, double alpha, bool per_edge, const double* w, double* out,
                     const std::vector<std::int64_t>* slot_edge, std::vector<double>* edge_flow,
                     std::int64_t begin, std::int64_t end) {
  const int* base = t.size() > 0 ? t.neighbours(0).data() : nullptr;
  for (std::int64_t i = begin; i < end; ++i) {
    const auto v = static_cast<int>(i);
    const double wi = w[static_cast<std::size_t>(i)];
    const auto nb = t.neighbours(v);
    double flow = 0;
    if (!per_edge) {
      for (int j : nb) flow += w[static_cast<std::size_t>(j)] - wi;
      out[static_cast<std::size_t>(i)] = wi + alpha * flow;
    } else {
      const int di = t.degree(v);
      for (int j : nb)
        flow += averaging_alpha(di, t.degree(j)) * (w[static_cast<std::size_t>(j)] - wi);
      out[static_cast<std::size_t>(i)] = wi + flow;
    }
    if (edge_flow) {
      const std::int64_t slot0 = nb.data() - base;
      for (std::size_t k = 0; k < nb.size(); ++k) {
        const int j = nb[k];
        if (j < v) continue;
        const double a = per_edge ? averaging_alpha(t.degree(v), t.degree(j)) : alpha;
        (*edge_flow)[static_cast<std::size_t>((*slot_edge)[static_cast<std::size_t>(slot0) + k])] +=
            a * (wi - w[static_cast<std::size_t>(j)]);
      }
    }
  }
}

}  // namespace

void diffusion_sweep_real(const Topology& t, double alpha, bool averaging,
                          const std::vector<double>& w, std::vector<double>& out,
                          const std::vector<std::int64_t>* slot_edge,
                          std::vector<double>* edge_flow, const ParallelFor* parallel) {
  // On regular graphs the averaging form is a uniform alpha = 1 / (deg + 1).
  const bool per_edge = averaging && !is_regular(t);
  if (averaging && !per_edge) alpha = t.size() > 0 ? 1.0 / (t.degree(0) + 1) : 1.0;
  auto body = [&](std::int64_t begin, std::int64_t end) {
    diffusion_range(t, alpha, per_edge, w.data(), out.data(), slot_edge, edge_flow, begin, end);
  };
  if (parallel)
    parallel->run(t.size(), body);
  else
    body(0, t.size());
}

double notes_diffusion_alpha(const Topology& t, bool& averaging) {
  const double pi = std::numbers::pi;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  averaging = false;
  const int n = t.size();
  const int k2 = std::max(t.rows(), t.cols());
  const bool even_grid = t.rows() % 2 == 0 && t.cols() % 2 == 0;
  switch (t.kind()) {
    case TopologyKind::Hypercube:
      averaging = true;
      return 1.0 / (t.dim() + 1);
    case TopologyKind::Ring:
      return n % 2 == 0 ? 1 / (3 - std::cos(2 * pi / n)) : nan;
    case TopologyKind::Line:
      return 0.5;
    case TopologyKind::Torus:
      return even_grid ? 1 / (5 - std::cos(2 * pi / k2)) : nan;
    case TopologyKind::Mesh:
      return even_grid ? 0.25 : nan;
    default:
      return nan;
  }
}

double diffusion_predicted_rate(const Topology& t, double alpha, bool averaging,
                                const RateOptions& opts) {
  std::vector<double> tmp(static_cast<std::size_t>(t.size()));
  return second_eigenvalue_modulus(
      [&](std::vector<double>& x) {
        diffusion_sweep_real(t, alpha, averaging, x, tmp);
        x.swap(tmp);
      },
      t.size(), opts);
}

OptimalParameter diffusion_optimal_alpha(const Topology& t, bool& averaging) {
  OptimalParameter out;
  const double notes = notes_diffusion_alpha(t, averaging);
  if (!std::isnan(notes)) {
    out.value = notes;
    out.source = averaging ? "averaging (notes' optimum)" : "optimal (notes)";
  } else {
    const RateOptions quick{300, 300};
    const double hi = 1.0 / std::max(1, max_degree(t));
    out.value = minimize_rate(
        [&](double a) { return diffusion_predicted_rate(t, a, false, quick); }, 0.01, hi);
    out.source = "optimal (numerical)";
  }
  out.rate = diffusion_predicted_rate(t, out.value, averaging);
  return out;
}

IterativeResult diffusion(const Topology& t, const LoadVector& loads, const IterativeOptions& o) {
  check_iterative_options(t, loads, o);
  IterativeResult r;
  r.algorithm = "diffusion";
  r.initial_loads = loads;
  double alpha = o.parameter;
  bool averaging = o.averaging;
  if (averaging) {
    alpha = is_regular(t) && t.size() > 0 ? 1.0 / (t.degree(0) + 1)
                                          : std::numeric_limits<double>::quiet_NaN();
    r.parameter_source = "averaging";
    if (o.predict) r.predicted_rate = diffusion_predicted_rate(t, 0, true);
  } else if (std::isnan(alpha)) {
    const OptimalParameter opt = diffusion_optimal_alpha(t, averaging);
    alpha = opt.value;
    r.parameter_source = opt.source;
    r.predicted_rate = opt.rate;
  } else {
    if (!(alpha > 0 && alpha <= 1)) throw std::invalid_argument("alpha must be in (0, 1]");
    r.parameter_source = "given";
    if (o.predict) r.predicted_rate = diffusion_predicted_rate(t, alpha, false);
  }
  r.parameter = alpha;
  const bool per_edge = averaging && !is_regular(t);
  if (can_fuse(o)) {
    FusedSweep fused;
    const int threads = o.parallel->threads();
    // Meshes and tori: two sweeps per pass over a band of rows (diffusion_grid.h).
    if (!per_edge && diffusion_grid_sweep(t, alpha, threads > 1 ? 8 * threads : 1, fused)) {
      run_sweeps_fused(o, r, fused);
      return r;
    }
    // One unit per spread block: its nodes, then their moments while they are in cache.
    const auto n = static_cast<std::size_t>(t.size());
    fused.spread_block = spread_block(t);
    const std::size_t block = fused.spread_block;
    fused.counts = {static_cast<std::int64_t>((n + block - 1) / block)};
    fused.coarse = true;  // a unit is a block of nodes
    fused.body = [&](int, std::int64_t b, std::int64_t e, const double* in, double* out,
                     SpreadMoments* blocks, int) {
      for (std::int64_t k = b; k < e; ++k) {
        const std::size_t v0 = static_cast<std::size_t>(k) * block, len = std::min(block, n - v0);
        diffusion_range(t, alpha, per_edge, in, out, nullptr, nullptr,
                        static_cast<std::int64_t>(v0), static_cast<std::int64_t>(v0 + len));
        blocks[k] = block_moments(out + v0, len);
      }
    };
    run_sweeps_fused(o, r, fused);
    return r;
  }
  const std::vector<std::int64_t> slots =
      o.record_flows ? slot_edge_index(t) : std::vector<std::int64_t>{};
  std::vector<double> next(static_cast<std::size_t>(t.size()));
  run_sweeps(t, o, r, [&](int s, IterativeState& st) {
    if (st.model == IterativeModel::Real) {
      // Regular graphs: the averaging form is the uniform alpha already in `alpha`.
      diffusion_sweep_real(t, alpha, per_edge, st.real, next, st.record_flows ? &slots : nullptr,
                           st.record_flows ? &st.edge_flow : nullptr, o.parallel);
      st.real.swap(next);
      return true;
    }
    // Tasks: every node sends floor(alpha_ij (w_i - w_j)) to each lighter neighbour (ascending),
    // never more in total than it held at the start of the sweep; all sends use those loads.
    const LoadVector w = st.tasks;
    bool moved = false;
    for (int i = 0; i < t.size(); ++i) {
      std::int64_t left = w[static_cast<std::size_t>(i)];
      const auto nb = t.neighbours(i);
      for (std::size_t k = 0; k < nb.size(); ++k) {
        const int j = nb[k];
        const std::int64_t diff = w[static_cast<std::size_t>(i)] - w[static_cast<std::size_t>(j)];
        if (diff <= 0) continue;
        const double a = per_edge ? averaging_alpha(t.degree(i), t.degree(j)) : alpha;
        const std::int64_t send =
            std::min(left, static_cast<std::int64_t>(std::floor(a * static_cast<double>(diff))));
        if (send <= 0) continue;
        left -= send;
        moved = true;
        const std::int64_t edge =
            st.record_flows
                ? slots[static_cast<std::size_t>(nb.data() - t.neighbours(0).data()) + k]
                : 0;
        st.move_tasks(s, i, j, send, edge, i < j);
      }
    }
    return moved;
  });
  return r;
}

}  // namespace loadlab::core
