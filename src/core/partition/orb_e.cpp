// ORB-E, eigenvalue (spectral) orthogonal recursive bisection (survey 002 Table 1 "Eigenvalue
// Ortho. Rec. Bisection [19]", ../shared/seeds/002_6cf480ff57e2bb72.txt): each subdomain is split
// at the weighted median of the Fiedler vector (eigenvector of the second smallest eigenvalue of
// the graph Laplacian L = D − A of the subgraph it induces).
//
// Scaling to 10^6 vertices follows the multilevel scheme of Barnard & Simon (1994): the subgraph is
// coarsened by heavy-edge matching until it has at most `coarse_limit` vertices; there the two
// eigenpairs of L nearest 0 come from Spectra's Lanczos iteration in shift-invert mode (σ = −0.01,
// Eigen's SparseLU), and the Fiedler vector is interpolated back level by level with damped Jacobi
// smoothing (x ← x − ω D⁻¹ L x, ω = 2/3, mean removed) instead of Barnard & Simon's Rayleigh
// quotient iteration — cheaper, and what the split needs is the ordering, not eigenvalue accuracy.
// Scalar Eigen: SIMD reductions sum in another order than WebAssembly's scalar code, and the
// partition must be bit-identical natively and in the browser (a determinism requirement).
#define EIGEN_DONT_VECTORIZE 1
#include <Spectra/MatOp/SparseSymShiftSolve.h>
#include <Spectra/SymEigsShiftSolver.h>
#include <Eigen/SparseCore>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/partition/bisection.h"
#include "core/partition/partition.h"

namespace loadlab::core {

namespace partition_detail {

namespace {

struct Level {
  int n = 0;
  std::vector<std::int64_t> off{0};
  std::vector<int> adj;
  std::vector<double> w;  // edge weights
  std::vector<int> up;    // this level's vertex -> coarser level's vertex
};

// Heavy-edge matching in vertex order (ties: lowest index); records g.up and returns the coarse
// graph.
Level coarsen(Level& g) {
  int nc = 0;
  std::vector<int>& coarse = g.up;
  coarse.assign(static_cast<std::size_t>(g.n), -1);
  for (int v = 0; v < g.n; ++v) {
    if (coarse[v] >= 0) continue;
    int best = -1;
    double bw = -1;
    for (std::int64_t e = g.off[v]; e < g.off[v + 1]; ++e) {
      const int u = g.adj[e];
      if (u != v && coarse[u] < 0 && g.w[e] > bw) {
        bw = g.w[e];
        best = u;
      }
    }
    coarse[v] = nc;
    if (best >= 0) coarse[best] = nc;
    ++nc;
  }
  Level c;
  c.n = nc;
  c.off.assign(static_cast<std::size_t>(nc) + 1, 0);
  std::vector<std::vector<int>> members(static_cast<std::size_t>(nc));
  for (int v = 0; v < g.n; ++v) members[coarse[v]].push_back(v);
  std::vector<int> slot(static_cast<std::size_t>(nc), -1);
  std::vector<int> touched;
  for (int cv = 0; cv < nc; ++cv) {
    touched.clear();
    for (int v : members[cv])
      for (std::int64_t e = g.off[v]; e < g.off[v + 1]; ++e) {
        const int cu = coarse[g.adj[e]];
        if (cu == cv) continue;
        if (slot[cu] < 0) {
          slot[cu] = static_cast<int>(c.adj.size());
          c.adj.push_back(cu);
          c.w.push_back(0);
          touched.push_back(cu);
        }
        c.w[slot[cu]] += g.w[e];
      }
    for (int cu : touched) slot[cu] = -1;
    c.off[cv + 1] = static_cast<std::int64_t>(c.adj.size());
  }
  return c;
}

void normalise(std::vector<double>& x) {
  double mean = 0;
  for (double v : x) mean += v;
  mean /= static_cast<double>(x.size());
  double norm = 0;
  for (double& v : x) {
    v -= mean;
    norm += v * v;
  }
  norm = std::sqrt(norm);
  if (norm > 0)
    for (double& v : x) v /= norm;
}

void smooth(const Level& g, std::vector<double>& x, int sweeps) {
  std::vector<double> y(x.size());
  for (int s = 0; s < sweeps; ++s) {
    for (int v = 0; v < g.n; ++v) {
      double d = 0, ax = 0;
      for (std::int64_t e = g.off[v]; e < g.off[v + 1]; ++e) {
        d += g.w[e];
        ax += g.w[e] * x[g.adj[e]];
      }
      y[v] = d > 0 ? x[v] / 3.0 + (2.0 / 3.0) * (ax / d) : x[v];
    }
    x.swap(y);
    normalise(x);
  }
}

// Breadth-first levels from a pseudo-peripheral vertex: the fallback when Lanczos does not
// converge.
std::vector<double> bfs_levels(const Level& g) {
  std::vector<double> x(static_cast<std::size_t>(g.n), -1);
  std::vector<int> queue;
  int start = 0;
  for (int round = 0; round < 2; ++round) {
    std::fill(x.begin(), x.end(), -1);
    queue.assign(1, start);
    x[start] = 0;
    for (std::size_t h = 0; h < queue.size(); ++h)
      for (std::int64_t e = g.off[queue[h]]; e < g.off[queue[h] + 1]; ++e)
        if (x[g.adj[e]] < 0) {
          x[g.adj[e]] = x[queue[h]] + 1;
          queue.push_back(g.adj[e]);
        }
    start = queue.back();
  }
  for (double& v : x)
    if (v < 0) v = static_cast<double>(g.n);  // other components go last
  return x;
}

std::vector<double> coarse_fiedler(const Level& g) {
  if (g.n < 4) {
    std::vector<double> x(static_cast<std::size_t>(g.n));
    for (int i = 0; i < g.n; ++i) x[i] = i;
    return x;
  }
  std::vector<Eigen::Triplet<double>> t;
  t.reserve(g.adj.size() + static_cast<std::size_t>(g.n));
  for (int v = 0; v < g.n; ++v) {
    double d = 0;
    for (std::int64_t e = g.off[v]; e < g.off[v + 1]; ++e) {
      d += g.w[e];
      t.emplace_back(v, g.adj[e], -g.w[e]);
    }
    t.emplace_back(v, v, d);
  }
  Eigen::SparseMatrix<double> L(g.n, g.n);
  L.setFromTriplets(t.begin(), t.end());
  Spectra::SparseSymShiftSolve<double> op(L);
  const int ncv = std::min(g.n, 24);
  Spectra::SymEigsShiftSolver<Spectra::SparseSymShiftSolve<double>> eigs(op, 2, ncv, -0.01);
  eigs.init();
  eigs.compute(Spectra::SortRule::LargestMagn, 2000, 1e-8);
  if (eigs.info() != Spectra::CompInfo::Successful) return bfs_levels(g);
  const Eigen::VectorXd values = eigs.eigenvalues();
  const Eigen::MatrixXd vectors = eigs.eigenvectors();
  // Of the two eigenpairs nearest 0, the Fiedler pair is the one with the larger eigenvalue.
  const int k = values(0) > values(1) ? 0 : 1;
  std::vector<double> x(static_cast<std::size_t>(g.n));
  for (int i = 0; i < g.n; ++i) x[i] = vectors(i, k);
  // Fix the sign so the result does not depend on the solver's arbitrary choice.
  if (x[0] > 0 || (x[0] == 0 && x.back() < 0))
    for (double& v : x) v = -v;
  return x;
}

}  // namespace

void fiedler_keys(const Mesh& m, std::span<const int> verts, int coarse_limit, int smoothing,
                  std::vector<double>& key) {
  const int n = static_cast<int>(verts.size());
  std::vector<int> local(static_cast<std::size_t>(m.size()), -1);
  for (int i = 0; i < n; ++i) local[verts[i]] = i;
  std::vector<Level> levels(1);
  Level& g = levels[0];
  g.n = n;
  g.off.assign(static_cast<std::size_t>(n) + 1, 0);
  for (int i = 0; i < n; ++i) {
    for (int u : m.neighbours(verts[i]))
      if (local[u] >= 0) {
        g.adj.push_back(local[u]);
        g.w.push_back(1.0);
      }
    g.off[i + 1] = static_cast<std::int64_t>(g.adj.size());
  }
  local.clear();
  local.shrink_to_fit();
  while (levels.back().n > std::max(coarse_limit, 4)) {
    Level c = coarsen(levels.back());
    if (c.n * 10 > levels.back().n * 9) break;  // matching stalls (e.g. stars): stop coarsening
    levels.push_back(std::move(c));
  }
  std::vector<double> x = coarse_fiedler(levels.back());
  for (std::size_t l = levels.size() - 1; l > 0; --l) {
    const Level& fine = levels[l - 1];
    const std::vector<int>& coarse = fine.up;
    std::vector<double> y(static_cast<std::size_t>(fine.n));
    for (int v = 0; v < fine.n; ++v) y[v] = x[coarse[v]];
    x.swap(y);
    smooth(fine, x, smoothing);
  }
  key.assign(x.begin(), x.end());
}

}  // namespace partition_detail

std::vector<int> partition_orb_e(const Mesh& m, int parts, const PartitionParams& p) {
  return partition_detail::recursive_bisection(
      m, parts, partition_detail::bisector_by_name("orb_e", p.coarse_limit, p.smoothing), nullptr,
      0.0);
}

}  // namespace loadlab::core
