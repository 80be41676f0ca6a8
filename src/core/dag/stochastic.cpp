// Random task and edge costs and the deterministic graph schedulers plan on (stochastic.h: SAGA's
// determinized schedulers; SHEFT's mean + k·σ from Tang et al., Future Generation Computer
// Systems 27(8), 2011).
#include "core/dag/stochastic.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "core/util/det_math.h"
#include "core/util/exponential.h"
#include "core/util/normal.h"

namespace loadlab::core {

namespace {

void stochastic_check_value(double v, const std::string& field) {
  if (!std::isfinite(v)) throw std::invalid_argument(field + ": must be a finite number");
  if (v < 0) throw std::invalid_argument(field + ": must be >= 0 (a cost cannot be negative)");
  if (v > GraphLimits::max_cost)
    throw std::invalid_argument(field + ": must be <= 1e12 (the graph's cost limit)");
}

}  // namespace

const char* cost_distribution_name(CostDistribution::Kind k) {
  switch (k) {
    case CostDistribution::Kind::constant:
      return "constant";
    case CostDistribution::Kind::uniform:
      return "uniform";
    case CostDistribution::Kind::normal:
      return "normal";
    case CostDistribution::Kind::exponential:
      return "exponential";
    case CostDistribution::Kind::samples:
      return "samples";
  }
  return "constant";
}

bool CostDistribution::is_constant() const {
  switch (kind) {
    case Kind::constant:
      return true;
    case Kind::uniform:
      return a == b;
    case Kind::normal:
      return b == 0;
    case Kind::exponential:
      return a == 0;
    case Kind::samples:
      for (double v : values)
        if (v != values.front()) return false;
      return true;
  }
  return true;
}

double CostDistribution::mean() const {
  switch (kind) {
    case Kind::constant:
      return a;
    case Kind::uniform:
      return a + (b - a) / 2.0;
    case Kind::normal:
      return a;
    case Kind::exponential:
      return a;
    case Kind::samples: {
      double sum = 0;
      for (double v : values) sum += v;
      return values.empty() ? 0.0 : sum / static_cast<double>(values.size());
    }
  }
  return a;
}

double CostDistribution::stddev() const {
  switch (kind) {
    case Kind::constant:
      return 0;
    case Kind::uniform:
      return (b - a) / std::sqrt(12.0);
    case Kind::normal:
      return b;
    case Kind::exponential:
      return a;
    case Kind::samples: {
      if (values.empty()) return 0;
      const double m = mean();
      double ss = 0;
      for (double v : values) ss += (v - m) * (v - m);
      return std::sqrt(ss / static_cast<double>(values.size()));
    }
  }
  return 0;
}

double CostDistribution::draw(util::Rng& rng) const {
  switch (kind) {
    case Kind::constant:
      return a;
    case Kind::uniform:
      return a == b ? a : a + (b - a) * rng.uniform01();
    case Kind::normal: {
      if (b == 0) return a;
      for (;;) {  // truncated at 0: mean >= 0 (validated), so at least half the draws are kept
        const double x = a + b * util::standard_normal(rng);
        if (x >= 0) return x;
      }
    }
    case Kind::exponential:
      return a == 0 ? 0.0 : a * util::standard_exponential(rng);
    case Kind::samples:
      return values.size() == 1 ? values.front() : values[rng.below(values.size())];
  }
  return a;
}

void validate_cost(const CostDistribution& d) {
  using Kind = CostDistribution::Kind;
  switch (d.kind) {
    case Kind::constant:
      stochastic_check_value(d.a, "value");
      break;
    case Kind::uniform:
      stochastic_check_value(d.a, "low");
      stochastic_check_value(d.b, "high");
      if (d.b < d.a) throw std::invalid_argument("high: must be >= low");
      break;
    case Kind::normal:
      stochastic_check_value(d.a, "mean");
      if (!std::isfinite(d.b) || d.b < 0) throw std::invalid_argument("std: must be >= 0");
      if (d.b > GraphLimits::max_cost) throw std::invalid_argument("std: must be <= 1e12");
      break;
    case Kind::exponential:
      stochastic_check_value(d.a, "mean");
      break;
    case Kind::samples:
      if (d.values.empty()) throw std::invalid_argument("values: must list at least one value");
      if (static_cast<std::int64_t>(d.values.size()) > StochasticLimits::max_values_per_cost)
        throw std::invalid_argument("values: at most 100000 values per cost");
      for (std::size_t i = 0; i < d.values.size(); ++i)
        stochastic_check_value(d.values[i], "values/" + std::to_string(i));
      break;
  }
}

bool StochasticCosts::any_random() const {
  for (const auto& d : comp)
    if (!d.is_constant()) return true;
  for (const auto& d : comm)
    if (!d.is_constant()) return true;
  return false;
}

StochasticCosts constant_costs(const TaskGraph& g) {
  StochasticCosts c;
  c.comp.reserve(static_cast<std::size_t>(g.size()));
  for (double v : g.comps()) c.comp.push_back(CostDistribution::constant(v));
  c.comm.reserve(g.edges().size());
  for (const auto& e : g.edges()) c.comm.push_back(CostDistribution::constant(e.comm));
  return c;
}

double PlanStatistic::value(const CostDistribution& d) const {
  if (kind == Kind::mean || d.kind == CostDistribution::Kind::constant) return d.mean();
  return std::max(0.0, d.mean() + k * d.stddev());
}

TaskGraph planning_graph(const TaskGraph& g, const StochasticCosts& costs,
                         const PlanStatistic& stat) {
  if (costs.comp.size() != static_cast<std::size_t>(g.size()) ||
      costs.comm.size() != g.edges().size())
    throw std::invalid_argument("costs: one distribution per task and per edge");
  std::vector<double> comp(costs.comp.size());
  for (std::size_t t = 0; t < comp.size(); ++t) comp[t] = stat.value(costs.comp[t]);
  std::vector<DagEdge> edges = g.edges();
  for (std::size_t e = 0; e < edges.size(); ++e) edges[e].comm = stat.value(costs.comm[e]);
  return TaskGraph(std::move(comp), std::move(edges), g.names());
}

}  // namespace loadlab::core
