// Delaunay triangulation by Bowyer–Watson insertion (Bowyer 1981, Watson 1981), for the
// `random_points` meshes of survey 002 §2.2 ("a mesh (non orthogonal grid), for a finite element
// method"). No packaged triangulator is in our dependency set, so this is our own: points are
// inserted in a space-filling (row-snake over sqrt(n/2)^2 cells) order, the containing triangle is
// found by a visibility walk from the last new triangle, the cavity of triangles whose circumcircle
// contains the point is grown by breadth-first search, and its boundary is fanned to the point.
// Expected O(n) work per sqrt-sorted input. A super triangle far outside the unit square encloses
// everything; triangles touching it are dropped at the end (the hull is the point set's hull up to
// slivers at the border, which a partitioning mesh does not need).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <utility>

#include "core/partition/generators.h"

namespace loadlab::core {

namespace {

struct Tri {
  int v[3];
  int nb[3];  // neighbour across the edge opposite v[i]; -1 on the outside
  bool alive;
};

double orient(const double* a, const double* b, const double* c) {
  return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

// > 0 when d lies strictly inside the circumcircle of the counter-clockwise triangle abc.
double incircle(const double* a, const double* b, const double* c, const double* d) {
  const double adx = a[0] - d[0], ady = a[1] - d[1];
  const double bdx = b[0] - d[0], bdy = b[1] - d[1];
  const double cdx = c[0] - d[0], cdy = c[1] - d[1];
  const double ad = adx * adx + ady * ady, bd = bdx * bdx + bdy * bdy, cd = cdx * cdx + cdy * cdy;
  return adx * (bdy * cd - bd * cdy) - ady * (bdx * cd - bd * cdx) + ad * (bdx * cdy - bdy * cdx);
}

}  // namespace

std::vector<MeshEdge> delaunay_edges(const std::vector<double>& xy) {
  const int n = static_cast<int>(xy.size() / 2);
  if (n < 3) throw std::invalid_argument("a triangulation needs at least 3 points");
  double lo[2] = {xy[0], xy[1]}, hi[2] = {xy[0], xy[1]};
  for (int i = 0; i < n; ++i)
    for (int a = 0; a < 2; ++a) {
      lo[a] = std::min(lo[a], xy[2 * i + a]);
      hi[a] = std::max(hi[a], xy[2 * i + a]);
    }
  const double span = std::max({hi[0] - lo[0], hi[1] - lo[1], 1e-12});
  // Points n, n+1, n+2 form the super triangle.
  std::vector<double> p(xy);
  const double cx = 0.5 * (lo[0] + hi[0]), cy = 0.5 * (lo[1] + hi[1]), big = 64 * span;
  p.insert(p.end(), {cx - big, cy - big, cx + big, cy - big, cx, cy + big});
  auto pt = [&](int v) { return &p[2 * static_cast<std::size_t>(v)]; };

  // Insertion order: snake through a grid of cells so consecutive points are close.
  const int cells = std::max(1, static_cast<int>(std::sqrt(n / 2.0)));
  std::vector<std::pair<std::int64_t, int>> order(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    int cxi = std::min(cells - 1, static_cast<int>((xy[2 * i] - lo[0]) / span * cells));
    const int cyi = std::min(cells - 1, static_cast<int>((xy[2 * i + 1] - lo[1]) / span * cells));
    if (cyi % 2) cxi = cells - 1 - cxi;
    order[i] = {static_cast<std::int64_t>(cyi) * cells + cxi, i};
  }
  std::sort(order.begin(), order.end());

  std::vector<Tri> tris;
  tris.reserve(static_cast<std::size_t>(2 * n + 8));
  std::vector<int> free_slots;
  tris.push_back({{n, n + 1, n + 2}, {-1, -1, -1}, true});
  std::vector<int> mark;  // mark[t] == stamp: t is in the current cavity
  std::vector<int> cavity, stack;
  struct Boundary {
    int a, b, outer;
  };
  std::vector<Boundary> boundary;
  std::vector<int> created;
  int last = 0, stamp = 0;

  for (const auto& [key, q] : order) {
    (void)key;
    const double* P = pt(q);
    // Visibility walk to the triangle containing P.
    int t = last;
    for (std::int64_t steps = 0;; ++steps) {
      const Tri& T = tris[t];
      int next = -1;
      for (int i = 0; i < 3 && next < 0; ++i)
        if (orient(pt(T.v[(i + 1) % 3]), pt(T.v[(i + 2) % 3]), P) < 0) next = T.nb[i];
      if (next < 0 || steps > 4 * static_cast<std::int64_t>(tris.size())) break;
      t = next;
    }
    // Cavity: every triangle connected to t whose circumcircle holds P.
    ++stamp;
    mark.resize(tris.size(), 0);
    cavity.clear();
    stack.assign(1, t);
    mark[t] = stamp;
    while (!stack.empty()) {
      const int c = stack.back();
      stack.pop_back();
      cavity.push_back(c);
      for (int i = 0; i < 3; ++i) {
        const int u = tris[c].nb[i];
        if (u < 0 || mark[u] == stamp) continue;
        const Tri& U = tris[u];
        if (incircle(pt(U.v[0]), pt(U.v[1]), pt(U.v[2]), P) > 0) {
          mark[u] = stamp;
          stack.push_back(u);
        }
      }
    }
    boundary.clear();
    for (int c : cavity)
      for (int i = 0; i < 3; ++i) {
        const int u = tris[c].nb[i];
        if (u >= 0 && mark[u] == stamp) continue;
        boundary.push_back({tris[c].v[(i + 1) % 3], tris[c].v[(i + 2) % 3], u});
      }
    for (int c : cavity) {
      tris[c].alive = false;
      free_slots.push_back(c);
    }
    created.clear();
    for (const auto& e : boundary) {
      int id;
      if (!free_slots.empty()) {
        id = free_slots.back();
        free_slots.pop_back();
      } else {
        id = static_cast<int>(tris.size());
        tris.push_back({});
        mark.push_back(0);
      }
      tris[id] = {{e.a, e.b, q}, {-1, -1, e.outer}, true};
      if (e.outer >= 0) {
        Tri& O = tris[e.outer];
        for (int i = 0; i < 3; ++i)
          if (O.v[i] != e.a && O.v[i] != e.b) O.nb[i] = id;
      }
      created.push_back(id);
    }
    // Link the fan: the triangle on edge (a, b) meets the one starting at b across (b, q) and the
    // one ending at a across (q, a).
    for (int id : created) {
      Tri& T = tris[id];
      for (int o : created) {
        if (tris[o].v[0] == T.v[1]) T.nb[0] = o;
        if (tris[o].v[1] == T.v[0]) T.nb[1] = o;
      }
    }
    last = created.empty() ? last : created.front();
  }

  std::vector<MeshEdge> edges;
  edges.reserve(static_cast<std::size_t>(3 * n));
  for (const Tri& T : tris) {
    if (!T.alive || T.v[0] >= n || T.v[1] >= n || T.v[2] >= n) continue;
    for (int i = 0; i < 3; ++i) {
      const int a = T.v[i], b = T.v[(i + 1) % 3];
      if (a < b) {
        edges.push_back({a, b});
      } else {
        // Interior edges appear twice (once per triangle); keep the copy with a < b, and an edge
        // whose other triangle was dropped (touches the super triangle) from this side.
        const int other = T.nb[(i + 2) % 3];
        const bool other_kept = other >= 0 && tris[other].alive && tris[other].v[0] < n &&
                                tris[other].v[1] < n && tris[other].v[2] < n;
        if (!other_kept) edges.push_back({b, a});
      }
    }
  }
  std::sort(edges.begin(), edges.end(), [](const MeshEdge& x, const MeshEdge& y) {
    return x.a != y.a ? x.a < y.a : x.b < y.b;
  });
  return edges;
}

}  // namespace loadlab::core
