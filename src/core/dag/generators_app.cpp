// The application graphs of paper 001 Section 6 (LU, Laplace, Stencil, FFT) plus Gaussian
// elimination. Paper: ../shared/seeds/001_37b951120b5002ad.txt, Section 6 ("task graphs of about
// V = 2000 nodes"; LU and Laplace have many joins, Stencil and FFT are regular). The paper does
// not print the graphs; these are the textbook structures of each computation.
#include <stdexcept>

#include "core/dag/generators.h"

namespace loadlab::core {

namespace {

void generators_app_require(bool ok, const std::string& what) {
  if (!ok) throw GraphError(what);
}

// Step k's updates U(k, j), j > k: each needs the pivot and the previous update of its column.
void add_updates(GraphShape& s, std::int32_t k, std::int32_t n, TaskId pivot,
                 std::vector<TaskId>& prev_update) {
  for (std::int32_t j = k + 1; j < n; ++j) {
    const TaskId u = s.tasks++;
    s.names.push_back("U" + std::to_string(k) + "_" + std::to_string(j));
    s.edges.push_back({pivot, u});
    if (k > 0) s.edges.push_back({prev_update[j], u});
    prev_update[j] = u;
  }
}

}  // namespace

GraphShape lu_shape(std::int32_t n) {
  generators_app_require(n >= 1 && n <= 2000, "LU size must be in [1, 2000]");
  GraphShape s;
  std::vector<TaskId> prev_update(n, -1);  // update (k-1, j) per column j
  TaskId prev_pivot = -1;
  for (std::int32_t k = 0; k < n; ++k) {
    const TaskId pivot = s.tasks++;
    s.names.push_back("P" + std::to_string(k));
    if (k > 0) {
      for (std::int32_t j = k; j < n; ++j) s.edges.push_back({prev_update[j], pivot});
    }
    (void)prev_pivot;
    prev_pivot = pivot;
    add_updates(s, k, n, pivot, prev_update);
  }
  return s;
}

GraphShape gaussian_shape(std::int32_t n) {
  generators_app_require(n >= 2 && n <= 2000, "Gaussian elimination size must be in [2, 2000]");
  GraphShape s;
  std::vector<TaskId> prev_update(n, -1);
  for (std::int32_t k = 0; k + 1 < n; ++k) {
    const TaskId pivot = s.tasks++;
    s.names.push_back("P" + std::to_string(k));
    if (k > 0) s.edges.push_back({prev_update[k], pivot});
    add_updates(s, k, n, pivot, prev_update);
  }
  return s;
}

GraphShape laplace_shape(std::int32_t width, std::int32_t iterations) {
  generators_app_require(width >= 1 && width <= 100000, "Laplace width must be in [1, 100000]");
  generators_app_require(iterations >= 1 && iterations <= 100000,
                         "Laplace iterations must be in [1, 100000]");
  generators_app_require(
      static_cast<std::int64_t>(width + 1) * iterations <= GraphLimits::max_tasks,
      "Laplace graph too large");
  GraphShape s;
  std::vector<TaskId> prev(width, -1);
  TaskId test = -1;
  for (std::int32_t it = 0; it < iterations; ++it) {
    std::vector<TaskId> cur(width);
    for (std::int32_t b = 0; b < width; ++b) {
      cur[b] = s.tasks++;
      s.names.push_back("B" + std::to_string(it) + "_" + std::to_string(b));
      if (it > 0) {
        s.edges.push_back({prev[b], cur[b]});
        s.edges.push_back({test, cur[b]});
      }
    }
    test = s.tasks++;
    s.names.push_back("C" + std::to_string(it));
    for (std::int32_t b = 0; b < width; ++b) s.edges.push_back({cur[b], test});
    prev = std::move(cur);
  }
  return s;
}

GraphShape stencil_shape(std::int32_t width, std::int32_t steps) {
  generators_app_require(width >= 1 && width <= 1000000, "stencil width must be in [1, 1000000]");
  generators_app_require(steps >= 1 && steps <= 1000000, "stencil steps must be in [1, 1000000]");
  generators_app_require(static_cast<std::int64_t>(width) * steps <= GraphLimits::max_tasks,
                         "stencil graph too large");
  GraphShape s;
  s.tasks = width * steps;
  for (std::int32_t st = 0; st < steps; ++st)
    for (std::int32_t i = 0; i < width; ++i) {
      s.names.push_back("S" + std::to_string(st) + "_" + std::to_string(i));
      if (st == 0) continue;
      const TaskId me = st * width + i;
      for (std::int32_t d = -1; d <= 1; ++d)
        if (i + d >= 0 && i + d < width) s.edges.push_back({(st - 1) * width + i + d, me});
    }
  return s;
}

GraphShape fft_shape(std::int32_t points) {
  generators_app_require(points >= 2 && points <= (1 << 16) && (points & (points - 1)) == 0,
                         "FFT points must be a power of two in [2, 65536]");
  std::int32_t stages = 0;
  while ((1 << stages) < points) ++stages;
  // Row 0 holds the inputs; rows 1..log2(points) are the butterfly stages.
  const std::int32_t rows = stages + 1;
  GraphShape s;
  s.tasks = points * rows;
  for (std::int32_t st = 0; st < rows; ++st)
    for (std::int32_t i = 0; i < points; ++i) {
      s.names.push_back("F" + std::to_string(st) + "_" + std::to_string(i));
      if (st == 0) continue;
      const TaskId me = st * points + i;
      const std::int32_t partner = i ^ (1 << (st - 1));
      s.edges.push_back({(st - 1) * points + i, me});
      s.edges.push_back({(st - 1) * points + partner, me});
    }
  return s;
}

}  // namespace loadlab::core
