// Temporal blocking of GDE sweeps on grids. Paper: ../shared/seeds/003_6046837c8e4c81af.txt,
// "Overview of Techniques" (GDE), Problem 3; ERRATA.md 003. See gde_grid.h.
//
// Natural colouring (edge_colouring.h), classes in order: H0 = horizontal edges whose left column
// is even, H1 = odd (with the torus's wrap edge of each row when cols is even), HW = the wrap edges
// when cols is odd; V0 = vertical edges whose top row is even, V1 = odd (with the wrap pair of
// rows (R-1, 0) when rows is even), VW = the wrap pair when rows is odd. Per row pair i (rows 2i,
// 2i+1): the rows' horizontal classes, then V0 on the pair, then V1 between pair i-1 and pair i.
// A node's classes therefore run in the global order, each reading neighbours that are exactly as
// far along as in the class-list sweep.
//
// The sweep runs in place: a row's horizontal classes run before any vertical exchange of this
// sweep touches it, so they read the previous sweep's values, as H0 must. A row is final once its
// last vertical exchange is done; its moments (one spread block = one row) are taken then, while
// it is in cache: in phase 0 for inner rows, in phase 1 for the rows that phase exchanges.
#include "core/balance/gde_grid.h"

#include <algorithm>
#include <memory>

namespace loadlab::core {

namespace {

struct Grid {
  int rows = 0, cols = 0;
  bool torus = false;
  double lambda = 0.5;

  // t = lambda (w_b - w_a), w_a += t, w_b -= t: gde_sweep_real's update, with a < b.
  static void exchange(double lambda, double& wa, double& wb) {
    const double t = lambda * (wb - wa);
    wa += t;
    wb -= t;
  }

  double* row(double* w, int r) const {
    return w + static_cast<std::size_t>(r) * static_cast<std::size_t>(cols);
  }

  // H0, then H1 and HW, on one row.
  void horizontal(double* w) const {
    int c = 0;
    for (; c + 1 < cols; c += 2) exchange(lambda, w[c], w[c + 1]);
    for (c = 1; c + 1 < cols; c += 2) exchange(lambda, w[c], w[c + 1]);
    if (torus) exchange(lambda, w[0], w[cols - 1]);  // H1 (even cols) or HW (odd)
  }

  // Vertical exchange between rows `upper` and `lower` (for the wrap, rows 0 and R-1: a = the
  // row-0 node, the smaller index).
  void vertical(double* a, double* b) const {
    for (int c = 0; c < cols; ++c) exchange(lambda, a[c], b[c]);
  }
};

}  // namespace

bool gde_grid_sweep(const Topology& topology, double lambda, int bands, FusedSweep& sweep) {
  const bool torus = topology.kind() == TopologyKind::Torus;
  if (!torus && topology.kind() != TopologyKind::Mesh) return false;
  if (topology.rows() < 3 || topology.cols() < 3) return false;
  Grid g{topology.rows(), topology.cols(), torus, lambda};
  const int pairs = g.rows / 2;  // row pairs (2i, 2i+1); an odd last row joins the last band
  const int nbands = std::clamp(bands, 1, pairs);
  auto band_first = [pairs, nbands](std::int64_t b) {
    return static_cast<int>(static_cast<std::int64_t>(pairs) * b / nbands);
  };
  // Rows that phase 1 exchanges: both rows at each band border, and rows 0 and R-1 on a torus.
  auto border = std::make_shared<std::vector<char>>(static_cast<std::size_t>(g.rows), 0);
  for (int b = 1; b < nbands; ++b) {
    const int r = 2 * band_first(b);
    (*border)[static_cast<std::size_t>(r - 1)] = (*border)[static_cast<std::size_t>(r)] = 1;
  }
  if (torus) (*border)[0] = (*border)[static_cast<std::size_t>(g.rows - 1)] = 1;
  sweep.counts = {nbands, nbands};
  sweep.coarse = true;  // a unit is a band: a few hundred thousand edges
  sweep.in_place = true;
  sweep.spread_block = static_cast<std::size_t>(g.cols);
  sweep.body = [g, nbands, band_first, border](int phase, std::int64_t begin, std::int64_t end,
                                               const double*, double* w, SpreadMoments* blocks,
                                               int) {
    const auto cols = static_cast<std::size_t>(g.cols);
    auto moments = [&](int r) { blocks[r] = block_moments(g.row(w, r), cols); };
    auto inner = [&](int r) {
      if (!(*border)[static_cast<std::size_t>(r)]) moments(r);
    };
    const bool odd_rows = g.rows % 2 == 1;
    for (std::int64_t b = begin; b < end; ++b) {
      const int first = band_first(b), last = band_first(b + 1);  // pairs [first, last)
      if (phase == 0) {
        for (int i = first; i < last; ++i) {
          g.horizontal(g.row(w, 2 * i));
          g.horizontal(g.row(w, 2 * i + 1));
          g.vertical(g.row(w, 2 * i), g.row(w, 2 * i + 1));  // V0
          if (i > first) {
            g.vertical(g.row(w, 2 * i - 1), g.row(w, 2 * i));  // V1 inside the band
            inner(2 * i - 1);
          }
          inner(2 * i);
        }
        if (odd_rows && b == nbands - 1) {  // row R-1: no V0 partner; V1 with row R-2
          g.horizontal(g.row(w, g.rows - 1));
          g.vertical(g.row(w, g.rows - 2), g.row(w, g.rows - 1));
          inner(g.rows - 1);
        }
        inner(2 * last - 1);
      } else if (b > 0) {
        g.vertical(g.row(w, 2 * first - 1), g.row(w, 2 * first));  // V1 across the border of band b
        moments(2 * first - 1);
        moments(2 * first);
      } else if (g.torus) {
        g.vertical(g.row(w, 0),
                   g.row(w, g.rows - 1));  // V1 (even rows) or VW (odd rows): a = row 0
        moments(0);
        moments(g.rows - 1);
      }
    }
  };
  return true;
}

}  // namespace loadlab::core
