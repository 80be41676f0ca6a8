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
#include "core/balance/gde_grid.h"

#include <algorithm>

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

  // H0 out of place (class 0 reads the previous sweep), then H1 and HW in place.
  void horizontal(int r, const double* in, double* out) const {
    const int base = r * cols;
    int c = 0;
    for (; c + 1 < cols; c += 2) {
      const double wa = in[base + c], wb = in[base + c + 1];
      const double t = lambda * (wb - wa);
      out[base + c] = wa + t;
      out[base + c + 1] = wb - t;
    }
    if (c < cols) out[base + c] = in[base + c];  // odd cols: the last column is not in H0
    for (c = 1; c + 1 < cols; c += 2) exchange(lambda, out[base + c], out[base + c + 1]);
    if (torus) exchange(lambda, out[base], out[base + cols - 1]);  // H1 (even cols) or HW (odd)
  }

  // Vertical exchange between row `top` and row `top + 1` (or, for the wrap, rows 0 and R-1:
  // a = the row-0 node, the smaller index).
  void vertical(int upper, int lower, double* out) const {
    double* a = out + static_cast<std::size_t>(upper) * static_cast<std::size_t>(cols);
    double* b = out + static_cast<std::size_t>(lower) * static_cast<std::size_t>(cols);
    for (int c = 0; c < cols; ++c) exchange(lambda, a[c], b[c]);
  }
};

}  // namespace

bool gde_grid_sweep(const Topology& topology, double lambda, int bands, PhasedSweep& sweep) {
  const bool torus = topology.kind() == TopologyKind::Torus;
  if (!torus && topology.kind() != TopologyKind::Mesh) return false;
  if (topology.rows() < 3 || topology.cols() < 3) return false;
  Grid g{topology.rows(), topology.cols(), torus, lambda};
  const int pairs = g.rows / 2;  // row pairs (2i, 2i+1); an odd last row joins the last band
  const int nbands = std::clamp(bands, 1, pairs);
  auto band_first = [pairs, nbands](std::int64_t b) {
    return static_cast<int>(static_cast<std::int64_t>(pairs) * b / nbands);
  };
  sweep.counts = {nbands, nbands};
  sweep.coarse = true;  // a unit is a band: a few hundred thousand edges
  sweep.body = [g, nbands, band_first](int phase, std::int64_t begin, std::int64_t end,
                                       const std::vector<double>& in_v,
                                       std::vector<double>& out_v) {
    const double* in = in_v.data();
    double* out = out_v.data();
    const bool odd_rows = g.rows % 2 == 1;
    for (std::int64_t b = begin; b < end; ++b) {
      const int first = band_first(b), last = band_first(b + 1);  // pairs [first, last)
      if (phase == 0) {
        for (int i = first; i < last; ++i) {
          g.horizontal(2 * i, in, out);
          g.horizontal(2 * i + 1, in, out);
          g.vertical(2 * i, 2 * i + 1, out);                 // V0
          if (i > first) g.vertical(2 * i - 1, 2 * i, out);  // V1 inside the band
        }
        if (odd_rows && b == nbands - 1) {  // row R-1: no V0 partner; V1 with row R-2
          g.horizontal(g.rows - 1, in, out);
          g.vertical(g.rows - 2, g.rows - 1, out);
        }
      } else if (b > 0) {
        g.vertical(2 * first - 1, 2 * first, out);  // V1 across the border of band b
      } else if (g.torus) {
        g.vertical(0, g.rows - 1, out);  // V1 (even rows) or VW (odd rows): a = row 0
      }
    }
  };
  return true;
}

}  // namespace loadlab::core
