// Orthogonal recursive bisection driver and the weighted splits shared by the Table 1 methods
// (survey 002 §2.3, ../shared/seeds/002_6cf480ff57e2bb72.txt: "sorting ... and subdividing the
// sorted list in groups of N/P elements"; "2-way recursive bisection").
#include "core/partition/bisection.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace loadlab::core::partition_detail {

void split_sequence(const Mesh& m, std::span<const int> order, int groups, int first_label,
                    std::vector<int>& part) {
  std::int64_t total = 0;
  for (int v : order) total += m.weight(v);
  std::int64_t before = 0;
  for (int v : order) {
    const std::int64_t w = m.weight(v);
    // Group of the weight midpoint: floor((2*before + w) * groups / (2*total)), in integers (fits:
    // total <= max_vertices * max_vertex_weight and groups <= max_parts keep it below 2^54).
    const std::int64_t g = ((2 * before + w) * groups) / (2 * total);
    part[v] = first_label + static_cast<int>(std::min<std::int64_t>(g, groups - 1));
    before += w;
  }
}

void split_by_key(const Mesh& m, std::span<int> verts, const std::vector<double>& key,
                  std::int64_t target_left, int left, int right, std::vector<int>& part) {
  std::vector<std::pair<double, int>> kv(verts.size());
  for (std::size_t i = 0; i < verts.size(); ++i) kv[i] = {key[i], verts[i]};
  bool unit = true;
  for (int v : verts) unit = unit && m.weight(v) == 1;
  std::size_t cut = 0;
  if (unit) {
    // Unit weights: the split is a rank, so selection suffices (O(n) instead of a sort).
    cut = static_cast<std::size_t>(
        std::clamp<std::int64_t>(target_left, 0, static_cast<std::int64_t>(kv.size())));
    if (cut > 0 && cut < kv.size())
      std::nth_element(kv.begin(), kv.begin() + static_cast<std::ptrdiff_t>(cut), kv.end());
  } else {
    std::sort(kv.begin(), kv.end());
    std::int64_t acc = 0;
    while (cut < kv.size()) {
      const std::int64_t w = m.weight(kv[cut].second);
      // Take the vertex if that brings the left side closer to its target.
      if (std::llabs(acc + w - target_left) > std::llabs(acc - target_left)) break;
      acc += w;
      ++cut;
    }
  }
  // `verts` keeps its (increasing) order: nth_element leaves the two sides in an order that differs
  // between standard libraries, and the refiners' tie-breaks and random picks index into `verts`.
  for (std::size_t i = 0; i < kv.size(); ++i) part[kv[i].second] = i < cut ? left : right;
}

double level_slack(int parts, double imbalance) {
  int levels = 0;
  while ((1 << levels) < parts) ++levels;
  // By bisection with multiplications only: std::pow may differ in the last bit between glibc and
  // Emscripten's libc, and a cap one vertex larger changes the partition (native and WebAssembly
  // must agree).
  if (levels == 0) return 0.0;
  double lo = 0.0, hi = imbalance;
  for (int it = 0; it < 64; ++it) {
    const double mid = 0.5 * (lo + hi);
    double grown = 1.0;
    for (int l = 0; l < levels; ++l) grown *= 1.0 + mid;
    (grown <= 1.0 + imbalance ? lo : hi) = mid;
  }
  return lo;
}

BisectionSplit split_job(const Mesh& m, std::span<int> verts, int first, int count,
                         const KeyFn& key, double slack, bool caps, std::vector<double>& k,
                         std::vector<int>& part) {
  BisectionSplit s;
  const int left_count = count / 2;
  s.left = first;
  s.right = first + left_count;
  std::int64_t total = 0;
  for (int v : verts) total += m.weight(v);
  s.target_left = (total * left_count + count / 2) / count;
  key(m, verts, k);
  split_by_key(m, verts, k, s.target_left, s.left, s.right, part);
  if (!caps) return s;  // unrefined methods: skip the extra pass over the vertices
  const auto cap = [&](std::int64_t target, std::int64_t current) {
    return std::max(current, static_cast<std::int64_t>(std::floor(target * (1.0 + slack))));
  };
  std::int64_t wl = 0;
  for (int v : verts) wl += part[v] == s.left ? m.weight(v) : 0;
  s.cap_left = cap(s.target_left, wl);
  s.cap_right = cap(total - s.target_left, total - wl);
  return s;
}

std::vector<int> recursive_bisection(const Mesh& m, int parts, const KeyFn& key,
                                     const RefineFn* refine, double imbalance) {
  const int n = m.size();
  std::vector<int> part(static_cast<std::size_t>(n), 0);
  std::vector<int> all(static_cast<std::size_t>(n));
  std::iota(all.begin(), all.end(), 0);
  const double slack = level_slack(parts, imbalance);
  struct Job {
    std::vector<int> verts;
    int first, count;
  };
  std::vector<Job> stack;
  stack.push_back({std::move(all), 0, parts});
  std::vector<double> k;
  while (!stack.empty()) {
    Job job = std::move(stack.back());
    stack.pop_back();
    for (int v : job.verts) part[v] = job.first;
    if (job.count <= 1 || job.verts.empty()) continue;
    const BisectionSplit s =
        split_job(m, job.verts, job.first, job.count, key, slack, refine != nullptr, k, part);
    if (refine) (*refine)(m, job.verts, s.left, s.right, s.cap_left, s.cap_right, part);
    const int left_count = job.count / 2;
    Job a{{}, s.left, left_count}, b{{}, s.right, job.count - left_count};
    for (int v : job.verts) (part[v] == s.left ? a : b).verts.push_back(v);
    job.verts.clear();
    job.verts.shrink_to_fit();
    stack.push_back(std::move(b));
    stack.push_back(std::move(a));
  }
  return part;
}

namespace {

// Weighted mass centre of `verts`.
void mass_centre(const Mesh& m, std::span<const int> verts, double c[3]) {
  c[0] = c[1] = c[2] = 0;
  double wsum = 0;
  for (int v : verts) {
    const double w = static_cast<double>(m.weight(v));
    for (int a = 0; a < m.dim(); ++a) c[a] += w * m.coord(v, a);
    wsum += w;
  }
  for (int a = 0; a < m.dim(); ++a) c[a] /= wsum;
}

}  // namespace

void orb_m_keys(const Mesh& m, std::span<const int> verts, std::vector<double>& key) {
  // The axis along which the subdomain's mass is most spread (weighted second moment about the
  // mass centre); the cut is perpendicular to it through the weighted median.
  double c[3];
  mass_centre(m, verts, c);
  double spread[3] = {0, 0, 0};
  for (int v : verts)
    for (int a = 0; a < m.dim(); ++a) {
      const double d = m.coord(v, a) - c[a];
      spread[a] += static_cast<double>(m.weight(v)) * d * d;
    }
  int axis = 0;
  for (int a = 1; a < m.dim(); ++a)
    if (spread[a] > spread[axis]) axis = a;
  key.resize(verts.size());
  for (std::size_t i = 0; i < verts.size(); ++i) key[i] = m.coord(verts[i], axis);
}

void orb_i_keys(const Mesh& m, std::span<const int> verts, std::vector<double>& key) {
  // Principal axis of inertia: the dominant eigenvector of the weighted covariance about the mass
  // centre, by power iteration (only +, *, /, sqrt: bit-identical natively and in WebAssembly).
  const int d = m.dim();
  double c[3];
  mass_centre(m, verts, c);
  double cov[3][3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
  for (int v : verts) {
    const double w = static_cast<double>(m.weight(v));
    double x[3] = {0, 0, 0};
    for (int a = 0; a < d; ++a) x[a] = m.coord(v, a) - c[a];
    for (int a = 0; a < d; ++a)
      for (int b = 0; b < d; ++b) cov[a][b] += w * x[a] * x[b];
  }
  // Start on the axis of largest variance, so an isotropic or axis-aligned case stays axis-aligned.
  double e[3] = {0, 0, 0};
  int best = 0;
  for (int a = 1; a < d; ++a)
    if (cov[a][a] > cov[best][best]) best = a;
  e[best] = 1;
  for (int it = 0; it < 100; ++it) {
    double y[3] = {0, 0, 0};
    for (int a = 0; a < d; ++a)
      for (int b = 0; b < d; ++b) y[a] += cov[a][b] * e[b];
    double norm = 0;
    for (int a = 0; a < d; ++a) norm += y[a] * y[a];
    norm = std::sqrt(norm);
    if (!(norm > 0)) break;
    for (int a = 0; a < d; ++a) e[a] = y[a] / norm;
  }
  key.resize(verts.size());
  for (std::size_t i = 0; i < verts.size(); ++i) {
    double s = 0;
    for (int a = 0; a < d; ++a) s += e[a] * m.coord(verts[i], a);
    key[i] = s;
  }
}

KeyFn bisector_by_name(const std::string& name, int coarse_limit, int smoothing) {
  if (name == "orb_m") return orb_m_keys;
  if (name == "orb_i") return orb_i_keys;
  if (name == "orb_e")
    return [=](const Mesh& m, std::span<const int> verts, std::vector<double>& key) {
      fiedler_keys(m, verts, coarse_limit, smoothing, key);
    };
  throw std::invalid_argument("unknown bisector '" + name + "' (orb_m, orb_i or orb_e)");
}

double portable_exp_neg(double x) {
  if (!(x > 0)) return 1.0;
  if (x > 700) return 0.0;
  // exp(-x) = (exp(-x / 2^k))^(2^k) with |x / 2^k| <= 1/16 and a 12-term Taylor series.
  int k = 0;
  double y = x;
  while (y > 0.0625) {
    y *= 0.5;
    ++k;
  }
  double term = 1.0, sum = 1.0;
  for (int i = 1; i <= 12; ++i) {
    term *= -y / i;
    sum += term;
  }
  for (int i = 0; i < k; ++i) sum *= sum;
  return sum;
}

}  // namespace loadlab::core::partition_detail
