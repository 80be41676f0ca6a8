// Two diffusion sweeps per pass on grids. Paper: ../shared/seeds/003_6046837c8e4c81af.txt,
// "Overview of Techniques" (diffusion). See diffusion_grid.h.
#include "core/balance/diffusion_grid.h"

#include <algorithm>
#include <array>
#include <vector>

namespace loadlab::core {

namespace {

struct GridRows {
  const Topology* t = nullptr;
  int rows = 0, cols = 0;
  double alpha = 0;

  int wrap(int r) const { return (r + rows) % rows; }

  // Row r of the next sweep from rows r - 1, r, r + 1 of this one (`up`/`down` may be null on a
  // mesh's first/last row). A node sums (w_j - w_i) over its neighbours in ascending index order,
  // as diffusion_sweep_real does: on inner rows that is up, left, right, down; elsewhere the
  // topology's sorted list says (a torus's row 0 has its "up" neighbour last).
  void row(int r, const double* up, const double* mid, const double* down, double* out) const {
    const bool inner = r > 0 && r < rows - 1;
    if (inner) {
      for (int c = 1; c + 1 < cols; ++c) {
        const double wi = mid[c];
        double flow = 0;  // 0 + x, as the general kernel: x = -0 must give +0
        flow += up[c] - wi;
        flow += mid[c - 1] - wi;
        flow += mid[c + 1] - wi;
        flow += down[c] - wi;
        out[c] = wi + alpha * flow;
      }
      node(r, 0, up, mid, down, out);
      node(r, cols - 1, up, mid, down, out);
      return;
    }
    for (int c = 0; c < cols; ++c) node(r, c, up, mid, down, out);
  }

  void node(int r, int c, const double* up, const double* mid, const double* down,
            double* out) const {
    const int v = r * cols + c;
    const double wi = mid[c];
    const int above = wrap(r - 1);
    double flow = 0;
    for (int j : t->neighbours(v)) {
      const int rj = j / cols, cj = j % cols;
      const double wj = rj == r ? mid[cj] : rj == above ? up[cj] : down[cj];
      flow += wj - wi;
    }
    out[c] = wi + alpha * flow;
  }
};

}  // namespace

bool diffusion_grid_sweep(const Topology& topology, double alpha, int bands, FusedSweep& sweep) {
  const bool torus = topology.kind() == TopologyKind::Torus;
  if (!torus && topology.kind() != TopologyKind::Mesh) return false;
  if (topology.rows() < 3 || topology.cols() < 3) return false;
  const GridRows g{&topology, topology.rows(), topology.cols(), alpha};
  const int nbands = std::clamp(bands, 1, g.rows);
  auto band_first = [g, nbands](std::int64_t b) {
    return static_cast<int>(static_cast<std::int64_t>(g.rows) * b / nbands);
  };
  sweep.counts = {nbands};
  sweep.coarse = true;
  sweep.in_place = false;
  sweep.spread_block = static_cast<std::size_t>(g.cols);
  sweep.sweeps_per_pass = 2;
  sweep.body = [g, torus, band_first](int, std::int64_t begin, std::int64_t end, const double* in,
                                      double* out, SpreadMoments* blocks, int sweeps) {
    const auto cols = static_cast<std::size_t>(g.cols);
    auto in_row = [&](int r) -> const double* {
      if (!torus && (r < 0 || r >= g.rows)) return nullptr;
      return in + static_cast<std::size_t>(g.wrap(r)) * cols;
    };
    std::vector<double> ring(3 * cols);  // sweep s + 1, rows r - 1, r, r + 1 by (r + 1) mod 3
    for (std::int64_t b = begin; b < end; ++b) {
      const int r0 = band_first(b), r1 = band_first(b + 1);
      if (sweeps == 1) {
        for (int r = r0; r < r1; ++r) {
          double* o = out + static_cast<std::size_t>(r) * cols;
          g.row(r, in_row(r - 1), in_row(r), in_row(r + 1), o);
          blocks[r] = block_moments(o, cols);
        }
        continue;
      }
      // Rows r0 - 1 .. r1 of sweep s + 1 (the band's own rows give the first history entry),
      // each row of sweep s + 2 once its three inputs are in the ring.
      auto slot = [&](int r) {
        return ring.data() + static_cast<std::size_t>((r - r0 + 1) % 3) * cols;
      };
      auto mid_row = [&](int r) -> const double* {
        if (!torus && (r < 0 || r >= g.rows)) return nullptr;
        return slot(r);
      };
      for (int r = r0 - 1; r <= r1; ++r) {
        if (in_row(r) != nullptr) {
          double* m = slot(r);
          g.row(g.wrap(r), in_row(r - 1), in_row(r), in_row(r + 1), m);
          if (r >= r0 && r < r1) blocks[r] = block_moments(m, cols);
        }
        const int done = r - 1;  // its rows r - 2, r - 1, r of sweep s + 1 are in the ring
        if (done >= r0 && done < r1) {
          double* o = out + static_cast<std::size_t>(done) * cols;
          g.row(done, mid_row(done - 1), slot(done), mid_row(done + 1), o);
          blocks[g.rows + done] = block_moments(o, cols);
        }
      }
    }
  };
  return true;
}

}  // namespace loadlab::core
