// Generalized dimension exchange. Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Overview of
// Techniques" (GDE) and Problems 2-3; ERRATA.md 003.
#include "core/balance/gde.h"

#include <cmath>
#include <numbers>
#include <stdexcept>

#include "core/balance/gde_grid.h"
#include "core/model/edge_blocks.h"

namespace loadlab::core {

ColourClasses colour_classes(const Topology& topology, const EdgeColouring& colouring,
                             const ParallelFor* parallel) {
  const auto colours = static_cast<std::size_t>(colouring.colours);
  ColourClasses classes(colours);
  // By node blocks (core/model/edge_blocks.h): class counts per block, offsets, then the fill;
  // within a class the edges follow block order, so the classes equal the serial ones.
  const EdgeBlocks blocks(topology, parallel);
  const auto nblocks = static_cast<std::size_t>(blocks.blocks());
  std::vector<std::int64_t> at(nblocks * colours, 0);  // [k * colours + c]
  blocks.for_each([&](int k, int, int, std::int64_t) {
    for (std::int64_t e = blocks.first_edge(k); e < blocks.end_edge(k); ++e)
      ++at[static_cast<std::size_t>(k) * colours +
           static_cast<std::size_t>(colouring.colour[static_cast<std::size_t>(e)])];
  });
  for (std::size_t c = 0; c < colours; ++c) {
    std::int64_t size = 0;
    for (std::size_t k = 0; k < nblocks; ++k) {
      const std::int64_t count = at[k * colours + c];
      at[k * colours + c] = size;
      size += count;
    }
    classes[c].resize(static_cast<std::size_t>(size));
  }
  blocks.for_each([&](int k, int lo, int hi, std::int64_t first) {
    auto e = static_cast<int>(first);
    // This block's write position in each class, as plain pointers: indexing classes[c] per edge
    // reloads the class's data pointer every time (the stores might alias it).
    std::vector<ClassEdge*> out(colours);
    for (std::size_t c = 0; c < colours; ++c)
      out[c] = classes[c].data() + at[static_cast<std::size_t>(k) * colours + c];
    ClassEdge** const put = out.data();
    const int* const colour = colouring.colour.data();
    for (int a = lo; a < hi; ++a)
      for (int b : topology.neighbours(a)) {
        if (b < a) continue;
        *put[colour[e]]++ = ClassEdge{a, b, e};
        ++e;
      }
  });
  return classes;
}

void gde_sweep_real(const ColourClasses& classes, double lambda, std::vector<double>& w,
                    std::vector<double>* edge_flow, const ParallelFor* parallel) {
  for (const auto& cls : classes) {
    // Edges of one class are disjoint: any split of the class gives the same bits.
    auto body = [&](std::int64_t begin, std::int64_t end) {
      for (std::int64_t i = begin; i < end; ++i) {
        const ClassEdge& e = cls[static_cast<std::size_t>(i)];
        const double t =
            lambda * (w[static_cast<std::size_t>(e.b)] - w[static_cast<std::size_t>(e.a)]);
        w[static_cast<std::size_t>(e.a)] += t;
        w[static_cast<std::size_t>(e.b)] -= t;
        if (edge_flow) (*edge_flow)[static_cast<std::size_t>(e.edge)] -= t;
      }
    };
    const auto count = static_cast<std::int64_t>(cls.size());
    if (parallel)
      parallel->run(count, body);
    else
      body(0, count);
  }
}

double notes_gde_lambda(const Topology& t) {
  const double pi = std::numbers::pi;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const int n = t.size();
  const int k2 = std::max(t.rows(), t.cols());
  const bool even_grid = t.rows() % 2 == 0 && t.cols() % 2 == 0;
  switch (t.kind()) {
    case TopologyKind::Hypercube:
      return 0.5;
    case TopologyKind::Ring:
      return n % 2 == 0 && n > 3 ? 1 / (1 + std::sin(2 * pi / n)) : nan;
    case TopologyKind::Line:
      return n % 2 == 0 ? 1 / (1 + std::sin(pi / n)) : nan;
    case TopologyKind::Torus:
      return even_grid ? 1 / (1 + std::sin(2 * pi / k2)) : nan;
    case TopologyKind::Mesh:
      return even_grid ? 1 / (1 + std::sin(pi / k2)) : nan;
    default:
      return nan;
  }
}

double gde_predicted_rate(const Topology& topology, const EdgeColouring& colouring, double lambda,
                          const RateOptions& opts) {
  const ColourClasses classes = colour_classes(topology, colouring);
  return second_eigenvalue_modulus(
      [&](std::vector<double>& x) { gde_sweep_real(classes, lambda, x); }, topology.size(), opts);
}

OptimalParameter gde_optimal_lambda(const Topology& topology, const EdgeColouring& colouring) {
  OptimalParameter out;
  const double notes = notes_gde_lambda(topology);
  if (!std::isnan(notes)) {
    out.value = notes;
    out.source = "optimal (notes)";
  } else {
    const ColourClasses classes = colour_classes(topology, colouring);
    const RateOptions quick{300, 300};
    out.value = minimize_rate(
        [&](double lambda) {
          return second_eigenvalue_modulus(
              [&](std::vector<double>& x) { gde_sweep_real(classes, lambda, x); }, topology.size(),
              quick);
        },
        0.05, 1.0);
    out.source = "optimal (numerical)";
  }
  out.rate = gde_predicted_rate(topology, colouring, out.value);
  return out;
}

IterativeResult gde(const Topology& topology, const LoadVector& loads, const IterativeOptions& o) {
  check_iterative_options(topology, loads, o);
  IterativeResult r;
  r.algorithm = "gde";
  r.initial_loads = loads;
  r.colouring = natural_edge_colouring(topology, o.parallel);
  double lambda = o.parameter;
  if (std::isnan(lambda)) {
    const OptimalParameter opt = gde_optimal_lambda(topology, r.colouring);
    lambda = opt.value;
    r.parameter_source = opt.source;
    r.predicted_rate = opt.rate;
  } else {
    if (!(lambda > 0 && lambda <= 1)) throw std::invalid_argument("lambda must be in (0, 1]");
    r.parameter_source = "given";
    if (o.predict) r.predicted_rate = gde_predicted_rate(topology, r.colouring, lambda);
  }
  r.parameter = lambda;
  if (can_fuse(o) && r.colouring.colours > 0) {
    // Meshes and tori: all classes of a band of rows while it is in cache (gde_grid.h).
    FusedSweep grid;
    const int threads = o.parallel->threads();
    if (gde_grid_sweep(topology, lambda, threads > 1 ? 32 * threads : 1, grid)) {
      run_sweeps_fused(o, r, grid);
      return r;
    }
  }
  const ColourClasses classes = colour_classes(topology, r.colouring, o.parallel);
  const auto colours = static_cast<int>(classes.size());
  if (can_fuse(o) && colours > 0) {
    // Out of place: class 0 reads `in` and writes `out` (nodes outside class 0 are copied), the
    // later classes update `out` in place; the same operations on the same values as
    // gde_sweep_real, so the same bits. A last pass takes the moments of the finished loads.
    std::vector<char> in_class0(static_cast<std::size_t>(topology.size()), 0);
    for (const ClassEdge& e : classes[0])
      in_class0[static_cast<std::size_t>(e.a)] = in_class0[static_cast<std::size_t>(e.b)] = 1;
    std::vector<int> outside0;
    for (int v = 0; v < topology.size(); ++v)
      if (!in_class0[static_cast<std::size_t>(v)]) outside0.push_back(v);
    const auto first = static_cast<std::int64_t>(classes[0].size());
    const auto n = static_cast<std::size_t>(topology.size());
    FusedSweep fused;
    fused.spread_block = spread_block(topology);
    const std::size_t block = fused.spread_block;
    fused.counts.push_back(first + static_cast<std::int64_t>(outside0.size()));
    for (int c = 1; c < colours; ++c)
      fused.counts.push_back(
          static_cast<std::int64_t>(classes[static_cast<std::size_t>(c)].size()));
    fused.moments_pass = true;
    fused.body = [&](int p, std::int64_t b, std::int64_t e, const double* in, double* out,
                     SpreadMoments* blocks, int) {
      if (p == colours) {
        for (std::int64_t k = b; k < e; ++k) {
          const std::size_t v0 = static_cast<std::size_t>(k) * block;
          blocks[k] = block_moments(out + v0, std::min(block, n - v0));
        }
        return;
      }
      const ClassEdges& cls = classes[static_cast<std::size_t>(p)];
      for (std::int64_t i = b; i < e; ++i) {
        if (p == 0 && i >= first) {
          const auto v = static_cast<std::size_t>(outside0[static_cast<std::size_t>(i - first)]);
          out[v] = in[v];
          continue;
        }
        const ClassEdge& ce = cls[static_cast<std::size_t>(i)];
        const double* src = p == 0 ? in : out;
        const double wa = src[static_cast<std::size_t>(ce.a)],
                     wb = src[static_cast<std::size_t>(ce.b)];
        const double t = lambda * (wb - wa);
        out[static_cast<std::size_t>(ce.a)] = wa + t;
        out[static_cast<std::size_t>(ce.b)] = wb - t;
      }
    };
    run_sweeps_fused(o, r, fused);
    return r;
  }
  run_sweeps(topology, o, r, [&](int s, IterativeState& st) {
    if (st.model == IterativeModel::Real) {
      gde_sweep_real(classes, lambda, st.real, st.record_flows ? &st.edge_flow : nullptr,
                     o.parallel);
      return true;
    }
    bool moved = false;
    for (int c = 0; c < colours; ++c)
      for (const ClassEdge& e : classes[static_cast<std::size_t>(c)]) {
        const std::int64_t wa = st.tasks[static_cast<std::size_t>(e.a)];
        const std::int64_t wb = st.tasks[static_cast<std::size_t>(e.b)];
        const bool a_heavier = wa > wb;
        const std::int64_t diff = a_heavier ? wa - wb : wb - wa;
        // Whole tasks only, rounded down: never more than lambda of the difference.
        const auto t = static_cast<std::int64_t>(std::floor(lambda * static_cast<double>(diff)));
        if (t <= 0) continue;
        moved = true;
        const int step = s * colours + c;
        if (a_heavier)
          st.move_tasks(step, e.a, e.b, t, e.edge, true);
        else
          st.move_tasks(step, e.b, e.a, t, e.edge, false);
      }
    return moved;
  });
  return r;
}

}  // namespace loadlab::core
