// Our inline JSON graph (docs/scenario-dag.md): {"tasks": [{"id", "cost"}], "edges": [{"from",
// "to", "cost"}]}. Errors name the field by JSON pointer. A cost may be a distribution object
// (core/dag/stochastic.h) when the caller reads stochastic costs.
#include <map>

#include "core/dag/stochastic.h"
#include "io/dag_formats/dag_formats.h"

namespace loadlab::io {

namespace {

std::string id_text(const Json& v, const std::string& ptr) {
  if (v.is_string()) {
    std::string s = v.get<std::string>();
    if (s.empty() || s.size() > 256)
      throw ScenarioError(ptr, "must be a non-empty string of at most 256 characters");
    return s;
  }
  if (v.is_number_integer() || v.is_number_unsigned()) return v.dump();
  throw ScenarioError(ptr, "must be a string (or an integer), got " + v.dump());
}

// {"distribution": "uniform", "low", "high"} | "normal" {"mean", "std"} | "exponential" {"mean"}
// | "samples" {"values"} | "constant" {"value"}; `values_total` counts every "samples" value read.
core::CostDistribution read_cost_distribution(const JsonReader& c, std::int64_t& values_total) {
  using D = core::CostDistribution;
  const std::string kind =
      c.get_enum("distribution", {"uniform", "normal", "exponential", "samples", "constant"});
  const double big = core::GraphLimits::max_cost;
  D d;
  // Ranges are checked by validate_cost below, so that its messages (naming the key) apply.
  auto num = [&](const char* key) { return c.get_number(key, -1e300, 1e300); };
  if (kind == "uniform") {
    c.reject_unknown({"distribution", "low", "high"});
    d = D::uniform(num("low"), num("high"));
  } else if (kind == "normal") {
    c.reject_unknown({"distribution", "mean", "std"});
    d = D::normal(num("mean"), num("std"));
  } else if (kind == "exponential") {
    c.reject_unknown({"distribution", "mean"});
    d = D::exponential(num("mean"));
  } else if (kind == "constant") {
    c.reject_unknown({"distribution", "value"});
    d = D::constant(num("value"));
  } else {
    c.reject_unknown({"distribution", "values"});
    const Json& a =
        c.array("values", static_cast<std::size_t>(core::StochasticLimits::max_values_per_cost));
    values_total += static_cast<std::int64_t>(a.size());
    if (values_total > core::StochasticLimits::max_values_total)
      throw ScenarioError(c.pointer("values"),
                          "the graph's \"samples\" distributions hold more than 2000000 values");
    std::vector<double> v;
    v.reserve(a.size());
    for (std::size_t i = 0; i < a.size(); ++i)
      v.push_back(JsonReader::as_number(a[i], c.pointer("values") + "/" + std::to_string(i), -big,
                                        2 * big));
    d = D::empirical(std::move(v));
  }
  try {
    core::validate_cost(d);
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();  // "field: why"
    const auto colon = what.find(": ");
    throw ScenarioError(c.pointer() + "/" + what.substr(0, colon), what.substr(colon + 2));
  }
  return d;
}

// A cost: a number in [0, 1e12], or (when `stochastic` is given) a distribution object.
double read_cost_field(const JsonReader& o, const char* key, bool optional,
                       core::StochasticCosts* stochastic, std::vector<core::CostDistribution>* into,
                       std::int64_t& values_total) {
  if (o.has(key) && o.at(key).is_object()) {
    if (!stochastic)
      throw ScenarioError(o.pointer(key),
                          "a cost distribution is read only in a dag scenario's inline graph");
    core::CostDistribution d = read_cost_distribution(o.object(key), values_total);
    const double m = d.mean();
    into->push_back(std::move(d));
    return m;
  }
  const double v = optional ? o.get_number_or(key, 0, 0, core::GraphLimits::max_cost)
                            : o.get_number(key, 0, core::GraphLimits::max_cost);
  if (stochastic) into->push_back(core::CostDistribution::constant(v));
  return v;
}

}  // namespace

core::TaskGraph read_graph_json(const JsonReader& r, core::StochasticCosts* stochastic) {
  std::int64_t values_total = 0;
  if (stochastic) *stochastic = {};
  r.reject_unknown({"tasks", "edges"});
  const Json& tasks = r.array("tasks", static_cast<std::size_t>(core::GraphLimits::max_tasks));
  if (tasks.empty()) throw ScenarioError(r.pointer("tasks"), "must list at least one task");
  std::vector<double> comp;
  std::vector<std::string> names;
  std::map<std::string, core::TaskId> index;
  comp.reserve(tasks.size());
  names.reserve(tasks.size());
  for (std::size_t i = 0; i < tasks.size(); ++i) {
    const std::string ptr = r.pointer("tasks") + "/" + std::to_string(i);
    const JsonReader t = JsonReader::as_object(tasks[i], ptr);
    t.reject_unknown({"id", "cost", "name"});
    const std::string id = id_text(t.at("id"), t.pointer("id"));
    if (!index.emplace(id, static_cast<core::TaskId>(i)).second)
      throw ScenarioError(t.pointer("id"), "duplicate task id '" + id + "'");
    comp.push_back(read_cost_field(t, "cost", false, stochastic,
                                   stochastic ? &stochastic->comp : nullptr, values_total));
    names.push_back(id);
  }
  std::vector<core::DagEdge> edges;
  if (r.has("edges")) {
    const Json& arr = r.array("edges", static_cast<std::size_t>(core::GraphLimits::max_edges));
    edges.reserve(arr.size());
    std::map<std::pair<core::TaskId, core::TaskId>, std::size_t> seen;
    for (std::size_t i = 0; i < arr.size(); ++i) {
      const std::string ptr = r.pointer("edges") + "/" + std::to_string(i);
      const JsonReader e = JsonReader::as_object(arr[i], ptr);
      e.reject_unknown({"from", "to", "cost"});
      core::TaskId ends[2];
      const char* keys[2] = {"from", "to"};
      for (int k = 0; k < 2; ++k) {
        const std::string id = id_text(e.at(keys[k]), e.pointer(keys[k]));
        auto it = index.find(id);
        if (it == index.end()) throw ScenarioError(e.pointer(keys[k]), "unknown task '" + id + "'");
        ends[k] = it->second;
      }
      if (ends[0] == ends[1])
        throw ScenarioError(ptr, "graph has a cycle: " + names[ends[0]] + " -> " + names[ends[0]]);
      if (!seen.emplace(std::make_pair(ends[0], ends[1]), i).second)
        throw ScenarioError(ptr, "duplicate edge " + names[ends[0]] + " -> " + names[ends[1]]);
      edges.push_back({ends[0], ends[1],
                       read_cost_field(e, "cost", true, stochastic,
                                       stochastic ? &stochastic->comm : nullptr, values_total)});
    }
  }
  try {
    return core::TaskGraph(std::move(comp), std::move(edges), std::move(names));
  } catch (const core::GraphError& e) {
    throw ScenarioError(r.pointer(), e.what());
  }
}

}  // namespace loadlab::io
