// Workload generation for the dynamic kind; see workload.h for the model and its sources.
#include "core/dynamic/workload.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

#include "core/util/exponential.h"
#include "core/util/rng.h"

namespace loadlab::core {

namespace {

std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
  std::uint64_t x = a ^ (b * 0xD1B54A32D192ED03ULL);
  return util::splitmix64(x);
}

// Exponential inter-arrival time with the given rate (same transform as the loop kind's profile).
double exp_gap(util::Rng& rng, double rate) {
  return util::standard_exponential(rng) / rate;
}

}  // namespace

const std::vector<std::string>& dynamic_duration_profiles() {
  static const std::vector<std::string> names = {"constant", "uniform", "exponential", "bimodal"};
  return names;
}

double expected_arrivals(const Arrivals& a, int nodes) {
  switch (a.process) {
    case ArrivalProcess::None:
      return 0;
    case ArrivalProcess::Poisson:
    case ArrivalProcess::HotSpot:
      return a.rate * a.until * nodes;
    case ArrivalProcess::Bursts:
      return std::floor(a.until / a.period) * static_cast<double>(a.size) * a.burst_nodes;
  }
  return 0;
}

std::uint64_t root_descriptor(const DynamicWorkload& w, std::uint64_t k) {
  return mix(w.seed, k);
}

std::vector<RootTask> root_tasks(const DynamicWorkload& w, std::int64_t max_roots) {
  const int n = static_cast<int>(w.initial.size());
  std::vector<RootTask> arr = arrival_tasks(w, max_roots);  // checks the initial total first
  std::vector<RootTask> out;
  out.reserve(static_cast<std::size_t>(total_load(w.initial)) + arr.size());
  std::uint64_t k = 0;
  for (int i = 0; i < n; ++i)
    for (std::int64_t j = 0; j < w.initial[static_cast<std::size_t>(i)]; ++j)
      out.push_back({0.0, i, mix(w.seed, k++)});
  out.insert(out.end(), arr.begin(), arr.end());
  return out;
}

std::vector<RootTask> arrival_tasks(const DynamicWorkload& w, std::int64_t max_roots) {
  const int n = static_cast<int>(w.initial.size());
  const std::int64_t initial = total_load(w.initial);
  if (initial > max_roots)
    throw DynamicLimitError("/workload/initial",
                            "more than " + std::to_string(max_roots) + " tasks");
  auto k = static_cast<std::uint64_t>(initial);
  const Arrivals& a = w.arrivals;
  std::vector<RootTask> arr;
  auto add = [&](double t, int node) {
    if (initial + static_cast<std::int64_t>(arr.size()) >= max_roots)
      throw DynamicLimitError("/workload/arrivals",
                              "more than " + std::to_string(max_roots) + " tasks in total");
    arr.push_back({t, node, 0});
  };
  util::Rng rng(mix(w.seed, 0xA77));
  if (a.process == ArrivalProcess::Poisson) {
    for (int i = 0; i < n; ++i)
      for (double t = exp_gap(rng, a.rate); t <= a.until; t += exp_gap(rng, a.rate)) add(t, i);
  } else if (a.process == ArrivalProcess::HotSpot) {
    // One merged Poisson stream of rate rate*N; each arrival goes to the hot node with
    // probability `fraction`, else to a uniform node.
    const double total_rate = a.rate * n;
    for (double t = exp_gap(rng, total_rate); t <= a.until; t += exp_gap(rng, total_rate))
      add(t,
          rng.bernoulli(a.fraction) ? a.hot_node : static_cast<int>(rng.below(std::uint64_t(n))));
  } else if (a.process == ArrivalProcess::Bursts) {
    for (double t = a.period; t <= a.until; t += a.period)
      for (int b = 0; b < a.burst_nodes; ++b) {
        const int node = static_cast<int>(rng.below(std::uint64_t(n)));
        for (std::int64_t j = 0; j < a.size; ++j) add(t, node);
      }
  }
  std::stable_sort(arr.begin(), arr.end(), [](const RootTask& x, const RootTask& y) {
    return std::tie(x.time, x.node) < std::tie(y.time, y.node);
  });
  for (auto& r : arr) r.desc = mix(w.seed, k++);
  return arr;
}

double task_duration(const CostProfile& profile, std::uint64_t desc) {
  if (profile.profile == "constant") return profile.value;  // what iteration_costs returns
  return iteration_costs(profile, 1, desc)[0];
}

DurationSampler::DurationSampler(const CostProfile& profile) : profile_(profile) {
  const std::string& p = profile.profile;
  const double v = profile.value;
  // The bounds exactly as iteration_costs computes them.
  if (p == "constant")
    kind_ = Kind::Constant;
  else if (p == "uniform") {
    kind_ = Kind::Uniform;
    lo_ = profile.low >= 0 ? profile.low : 0.0;
    hi_ = profile.high >= 0 ? profile.high : 2 * v;
  } else if (p == "exponential")
    kind_ = Kind::Exponential;
  else if (p == "bimodal") {
    kind_ = Kind::Bimodal;
    lo_ = profile.low >= 0 ? profile.low : v;
    hi_ = profile.high >= 0 ? profile.high : 10 * v;
  } else
    kind_ = Kind::Other;
}

double DurationSampler::operator()(std::uint64_t desc) const {
  // iteration_costs(profile, 1, desc)[0]: one draw of util::Rng(desc), same expressions.
  const auto u01 = [desc] {
    return static_cast<double>(util::Rng::first_u64(desc) >> 11) * 0x1.0p-53;
  };
  switch (kind_) {
    case Kind::Constant:
      return profile_.value;
    case Kind::Uniform:
      return lo_ + (hi_ - lo_) * u01();
    case Kind::Exponential: {
      double x = 0;
      if (!util::exponential_fast(util::Rng::first_u64(desc), x)) {
        util::Rng rng(desc);  // the rare slow path redraws from the start, as iteration_costs
        x = util::standard_exponential(rng);
      }
      return profile_.value * x;
    }
    case Kind::Bimodal:
      return u01() < profile_.p_high ? hi_ : lo_;
    case Kind::Other:
      break;
  }
  return task_duration(profile_, desc);
}

std::uint64_t child_descriptor(std::uint64_t parent, int index) {
  return mix(parent, static_cast<std::uint64_t>(index) + 1);
}

int spawn_count(const Spawn& s, std::uint64_t desc, int depth) {
  if (s.shape == SpawnShape::None || depth >= s.max_depth) return 0;
  util::Rng rng(mix(desc, 0x5EED));
  switch (s.shape) {
    case SpawnShape::None:
      return 0;
    case SpawnShape::Fixed: {
      int c = 0;
      for (int i = 0; i < s.m; ++i) c += rng.bernoulli(s.prune) ? 0 : 1;
      return c;
    }
    case SpawnShape::Binomial:
      return rng.bernoulli(s.q) ? s.m : 0;
    case SpawnShape::Geometric: {
      // Geometric on {0, 1, ...} with mean `mean`: success probability mean / (1 + mean).
      const double p = s.mean / (1.0 + s.mean);
      int c = 0;
      while (c < s.m && rng.bernoulli(p)) ++c;
      return c;
    }
  }
  return 0;
}

}  // namespace loadlab::core
