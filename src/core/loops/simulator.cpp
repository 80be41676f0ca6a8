#include "core/loops/simulator.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <queue>
#include <stdexcept>

#include "core/util/exponential.h"
#include "core/util/rng.h"

namespace loadlab::core {

const std::vector<std::string>& cost_profile_names() {
  static const std::vector<std::string> names = {
      "constant", "increasing", "decreasing", "uniform", "exponential", "bimodal", "mandelbrot"};
  return names;
}

std::int64_t mandelbrot_row(std::int64_t row, std::int64_t rows, std::int64_t width, int max_iter) {
  const double y = -1.5 + 3.0 * (static_cast<double>(row) + 0.5) / static_cast<double>(rows);
  std::int64_t total = 0;
  for (std::int64_t j = 0; j < width; ++j) {
    const double x0 = -2.0 + 3.0 * (static_cast<double>(j) + 0.5) / static_cast<double>(width);
    double x = 0, yy = 0;
    int k = 0;
    while (k < max_iter && x * x + yy * yy <= 4.0) {
      const double xt = x * x - yy * yy + x0;
      yy = 2 * x * yy + y;
      x = xt;
      ++k;
    }
    total += k;
  }
  return total;
}

std::vector<double> iteration_costs(const CostProfile& c, std::int64_t n, std::uint64_t seed) {
  if (n < 0) throw std::invalid_argument("iteration count must be >= 0");
  std::vector<double> out(static_cast<std::size_t>(n));
  util::Rng rng(seed);
  const double dn = static_cast<double>(n);
  for (std::int64_t i = 0; i < n; ++i) {
    double x = c.value;
    const double di = static_cast<double>(i);
    if (c.profile == "constant") {
      x = c.value;
    } else if (c.profile == "increasing") {
      x = 2 * c.value * (di + 0.5) / dn;  // linear, mean exactly `value`
    } else if (c.profile == "decreasing") {
      x = 2 * c.value * (dn - di - 0.5) / dn;
    } else if (c.profile == "uniform") {
      const double lo = c.low >= 0 ? c.low : 0.0, hi = c.high >= 0 ? c.high : 2 * c.value;
      x = rng.uniform_real(lo, hi);
    } else if (c.profile == "exponential") {
      x = c.value * util::standard_exponential(rng);
    } else if (c.profile == "bimodal") {
      const double lo = c.low >= 0 ? c.low : c.value, hi = c.high >= 0 ? c.high : 10 * c.value;
      x = rng.bernoulli(c.p_high) ? hi : lo;
    } else if (c.profile == "mandelbrot") {
      x = c.value * static_cast<double>(mandelbrot_row(i, n, c.width, c.max_iter)) /
          static_cast<double>(c.width);
    } else {
      throw std::invalid_argument("unknown cost profile '" + c.profile + "'");
    }
    out[static_cast<std::size_t>(i)] = x;
  }
  return out;
}

std::pair<double, double> mean_and_sd(const std::vector<double>& costs) {
  if (costs.empty()) return {1.0, 0.0};
  double sum = 0;
  for (double x : costs) sum += x;
  const double mean = sum / static_cast<double>(costs.size());
  double sq = 0;
  for (double x : costs) sq += (x - mean) * (x - mean);
  return {mean, std::sqrt(sq / static_cast<double>(costs.size()))};
}

void compute_loop_metrics(LoopRunResult& r) {
  const std::size_t p = r.finish.size();
  r.num_chunks = static_cast<std::int64_t>(r.chunks.size());
  r.synchronizations = 0;
  for (const auto& c : r.chunks) r.synchronizations += c.sync ? 1 : 0;
  r.parallel_time = 0;
  double sum = 0;
  for (double f : r.finish) r.parallel_time = std::max(r.parallel_time, f), sum += f;
  const double mean = p ? sum / static_cast<double>(p) : 0.0;
  r.percent_imbalance = (p > 1 && r.parallel_time > 0)
                            ? (r.parallel_time - mean) / r.parallel_time * static_cast<double>(p) /
                                  static_cast<double>(p - 1) * 100.0
                            : 0.0;
  double sq = 0;
  for (double f : r.finish) sq += (f - mean) * (f - mean);
  r.cov = (p > 0 && mean > 0) ? std::sqrt(sq / static_cast<double>(p)) / mean : 0.0;
}

LoopRunResult simulate_loop(const LoopTechnique& technique, const LoopParams& params,
                            const std::vector<double>& costs, const LoopMachine& m,
                            const LoopSimOptions& opt) {
  check_loop_params(params);
  const std::int64_t n = params.iterations;
  const int p = params.processors;
  const auto up = static_cast<std::size_t>(p);
  if (costs.size() != static_cast<std::size_t>(n))
    throw std::invalid_argument("costs must have one entry per iteration");
  if (!m.start_delays.empty() && m.start_delays.size() != up)
    throw std::invalid_argument("start_delays must have one entry per processor");
  if (!m.speeds.empty() && m.speeds.size() != up)
    throw std::invalid_argument("speeds must have one entry per processor");
  for (double s : m.speeds)
    if (!(s > 0)) throw std::invalid_argument("speeds must be positive");

  auto dispenser = technique.make(params);
  LoopRunResult r;
  r.finish.assign(up, 0.0);
  r.busy.assign(up, 0.0);

  // Min-heap on (time, processor): the earliest free processor asks next; ties -> lower index.
  using Entry = std::pair<double, int>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> ready;
  for (int t = 0; t < p; ++t)
    ready.push({m.start_delays.empty() ? 0.0 : m.start_delays[static_cast<std::size_t>(t)], t});

  std::int64_t handed = 0, syncs = 0;
  while (!ready.empty()) {
    const auto [now, t] = ready.top();
    ready.pop();
    const auto ut = static_cast<std::size_t>(t);
    LoopChunk c = dispenser->next(t);
    if (c.empty()) {
      r.finish[ut] = now;
      continue;
    }
    const double h = c.sync ? m.overhead : 0.0;
    double work = 0;
    for (std::int64_t i = c.begin; i < c.end; ++i) work += costs[static_cast<std::size_t>(i)];
    if (m.affinity_cost > 0) {
      const std::int64_t hb = home_begin(n, p, t), he = home_begin(n, p, t + 1);
      const std::int64_t overlap =
          std::max<std::int64_t>(0, std::min(c.end, he) - std::max(c.begin, hb));
      work += m.affinity_cost * static_cast<double>(c.size() - overlap);
    }
    const double speed = m.speeds.empty() ? 1.0 : m.speeds[ut];
    c.start = now + h;
    c.finish = c.start + work / speed;
    r.busy[ut] += h + work / speed;
    if (opt.on_chunk) opt.on_chunk(c);
    if (r.chunks.size() < opt.keep_chunks) r.chunks.push_back(c);
    ++handed;
    syncs += c.sync ? 1 : 0;
    if (opt.cancel && (handed & 4095) == 0 && opt.cancel->load())
      throw std::runtime_error("loop simulation cancelled");
    ready.push({c.finish, t});
  }
  compute_loop_metrics(r);
  r.num_chunks = handed;  // the table may hold only a prefix
  r.synchronizations = syncs;
  return r;
}

}  // namespace loadlab::core
