// SAGA problem instances <-> LoadLab task graphs and machines. Field names and defaults follow
// SAGA's pydantic models as read in ANRGUSC/saga, src/saga/__init__.py (NetworkNode {name, speed},
// NetworkEdge {source, target, speed = inf}, TaskGraphNode {name, cost}, TaskGraphEdge {source,
// target, size}) and src/saga/schedulers/data/__init__.py (ProblemInstance {name, task_graph,
// network}). How self-links and infinite speeds are handled: saga.h.
#include "io/dag_formats/saga.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <unordered_map>

#include "io/dag_formats/dag_formats.h"

namespace loadlab::io {

namespace {

[[noreturn]] void saga_fail(const std::string& where, const std::string& reason) {
  throw DagFormatError("SAGA", where, reason);
}

const Json& saga_member(const Json& obj, const std::string& ptr, const char* key) {
  if (!obj.is_object()) saga_fail(ptr, "must be an object");
  const auto it = obj.find(key);
  if (it == obj.end()) saga_fail(ptr, std::string("has no \"") + key + "\"");
  return *it;
}

const Json& saga_array(const Json& obj, const std::string& ptr, const char* key,
                       std::int64_t max_len) {
  const Json& a = saga_member(obj, ptr, key);
  if (!a.is_array()) saga_fail(ptr + "/" + key, "must be an array");
  if (static_cast<std::int64_t>(a.size()) > max_len)
    saga_fail(ptr + "/" + key,
              "has " + std::to_string(a.size()) + " entries, at most " + std::to_string(max_len));
  return a;
}

std::string saga_name(const Json& obj, const std::string& ptr, const char* key) {
  const Json& v = saga_member(obj, ptr, key);
  if (!v.is_string()) saga_fail(ptr + "/" + key, "must be a string, got " + v.dump());
  std::string s = v.get<std::string>();
  if (s.empty() || s.size() > SagaLimits::max_name_length)
    saga_fail(ptr + "/" + key, "must be a non-empty string of at most 256 characters");
  return s;
}

double saga_finite(const Json& obj, const std::string& ptr, const char* key, double lo, double hi) {
  const Json& v = saga_member(obj, ptr, key);
  if (!v.is_number()) saga_fail(ptr + "/" + key, "must be a number, got " + v.dump());
  const double x = v.get<double>();
  if (!(x >= lo && x <= hi))
    saga_fail(ptr + "/" + key,
              "is " + v.dump() + ", must be in [" + Json(lo).dump() + ", " + Json(hi).dump() + "]");
  return x;
}

// A link speed: a number, or infinity as pydantic accepts it ("inf", "Infinity") or writes it
// (null); a missing speed is SAGA's default, inf.
double saga_link_speed(const Json& edge, const std::string& ptr) {
  const auto it = edge.find("speed");
  if (it == edge.end() || it->is_null()) return std::numeric_limits<double>::infinity();
  if (it->is_string()) {
    std::string s = it->get<std::string>();
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (s == "inf" || s == "+inf" || s == "infinity" || s == "+infinity")
      return std::numeric_limits<double>::infinity();
    saga_fail(ptr + "/speed", "must be a number or \"Infinity\", got " + it->dump());
  }
  if (!it->is_number()) saga_fail(ptr + "/speed", "must be a number, got " + it->dump());
  const double x = it->get<double>();
  if (!(x >= 0)) saga_fail(ptr + "/speed", "is " + it->dump() + ", must be >= 0");
  return x;
}

core::TaskGraph saga_read_task_graph(const Json& tg, const std::string& ptr) {
  const Json& tasks = saga_array(tg, ptr, "tasks", core::GraphLimits::max_tasks);
  const Json& deps = saga_array(tg, ptr, "dependencies", core::GraphLimits::max_edges);
  std::vector<double> comp;
  std::vector<std::string> names;
  comp.reserve(tasks.size());
  names.reserve(tasks.size());
  std::unordered_map<std::string, core::TaskId> index;
  for (std::size_t i = 0; i < tasks.size(); ++i) {
    const std::string tp = ptr + "/tasks/" + std::to_string(i);
    std::string name = saga_name(tasks[i], tp, "name");
    const double cost = saga_finite(tasks[i], tp, "cost", 0, core::GraphLimits::max_cost);
    if (!index.emplace(name, static_cast<core::TaskId>(i)).second)
      saga_fail(tp + "/name", "'" + name + "' names an earlier task too");
    comp.push_back(cost);
    names.push_back(std::move(name));
  }
  if (tasks.empty()) saga_fail(ptr + "/tasks", "is empty: a task graph needs a task");
  std::vector<core::DagEdge> edges;
  edges.reserve(deps.size());
  std::unordered_map<std::uint64_t, std::size_t> seen;
  for (std::size_t i = 0; i < deps.size(); ++i) {
    const std::string dp = ptr + "/dependencies/" + std::to_string(i);
    auto task_of = [&](const char* key) {
      const std::string n = saga_name(deps[i], dp, key);
      const auto it = index.find(n);
      if (it == index.end()) saga_fail(dp + "/" + key, "'" + n + "' is no task of the graph");
      return it->second;
    };
    const core::TaskId from = task_of("source"), to = task_of("target");
    if (from == to) saga_fail(dp, "a task cannot depend on itself ('" + names[from] + "')");
    const double size = saga_finite(deps[i], dp, "size", 0, core::GraphLimits::max_cost);
    const std::uint64_t key =
        (static_cast<std::uint64_t>(from) << 32) | static_cast<std::uint32_t>(to);
    if (!seen.emplace(key, i).second)
      saga_fail(dp, "repeats the dependency " + names[from] + " -> " + names[to]);
    edges.push_back({from, to, size});
  }
  try {
    return core::TaskGraph(std::move(comp), std::move(edges), std::move(names));
  } catch (const core::GraphError& e) {
    saga_fail(ptr + "/dependencies", e.what());
  }
}

void saga_read_network(const Json& net, const std::string& ptr, SagaInstance& out) {
  using Limits = core::MachineLimits;
  const Json& nodes = saga_array(net, ptr, "nodes", SagaLimits::max_nodes);
  const auto P = static_cast<std::int32_t>(nodes.size());
  if (P == 0) saga_fail(ptr + "/nodes", "is empty: a network needs a node");
  const Json& edges = saga_array(net, ptr, "edges", SagaLimits::max_nodes * SagaLimits::max_nodes);
  std::unordered_map<std::string, std::int32_t> index;
  std::vector<double> speeds;
  for (std::int32_t p = 0; p < P; ++p) {
    const std::string np = ptr + "/nodes/" + std::to_string(p);
    std::string name = saga_name(nodes[static_cast<std::size_t>(p)], np, "name");
    speeds.push_back(saga_finite(nodes[static_cast<std::size_t>(p)], np, "speed", Limits::min_speed,
                                 Limits::max_speed));
    if (!index.emplace(name, p).second)
      saga_fail(np + "/name", "'" + name + "' names an earlier node too");
    out.node_names.push_back(std::move(name));
  }
  const auto PP = static_cast<std::size_t>(P) * static_cast<std::size_t>(P);
  std::vector<double> bw(PP, -1.0);  // -1: no edge seen
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const std::string ep = ptr + "/edges/" + std::to_string(i);
    auto node_of = [&](const char* key) {
      const std::string n = saga_name(edges[i], ep, key);
      const auto it = index.find(n);
      if (it == index.end()) saga_fail(ep + "/" + key, "'" + n + "' is no node of the network");
      return it->second;
    };
    const std::int32_t p = node_of("source"), q = node_of("target");
    double speed = saga_link_speed(edges[i], ep);
    if (p == q) {
      ++out.self_links;
      continue;
    }
    const std::size_t pq =
        static_cast<std::size_t>(p) * static_cast<std::size_t>(P) + static_cast<std::size_t>(q);
    const std::size_t qp =
        static_cast<std::size_t>(q) * static_cast<std::size_t>(P) + static_cast<std::size_t>(p);
    if (bw[pq] >= 0)
      saga_fail(ep, "repeats the link " + out.node_names[static_cast<std::size_t>(p)] + " - " +
                        out.node_names[static_cast<std::size_t>(q)] +
                        " (SAGA's network is undirected: one edge per pair)");
    if (speed < Limits::min_bandwidth)
      saga_fail(ep + "/speed", "is " + Json(speed).dump() +
                                   ": a link slower than 1e-6 (0 = no link) cannot carry data; "
                                   "LoadLab needs every pair of nodes linked");
    if (speed > Limits::max_bandwidth) {
      speed = Limits::max_bandwidth;
      ++out.capped_links;
    }
    bw[pq] = bw[qp] = speed;
  }
  bool all_one = true;
  for (std::int32_t p = 0; p < P; ++p)
    for (std::int32_t q = 0; q < P; ++q) {
      const std::size_t pq =
          static_cast<std::size_t>(p) * static_cast<std::size_t>(P) + static_cast<std::size_t>(q);
      if (p == q) {
        bw[pq] = 0;
        continue;
      }
      if (bw[pq] < 0)
        saga_fail(ptr + "/edges", "has no edge between '" +
                                      out.node_names[static_cast<std::size_t>(p)] + "' and '" +
                                      out.node_names[static_cast<std::size_t>(q)] +
                                      "' (SAGA reads a missing link as speed 0: no link)");
      all_one = all_one && bw[pq] == 1.0;
    }
  out.machine = core::Machine::identical(P);
  if (std::any_of(speeds.begin(), speeds.end(), [](double s) { return s != 1.0; }))
    out.machine.speeds = std::move(speeds);
  if (!all_one) out.machine.bandwidth = std::move(bw);
  out.has_network = true;
}

}  // namespace

SagaInstance read_saga_json(const Json& doc) {
  SagaInstance out;
  if (!doc.is_object()) saga_fail("", "must be a JSON object (a ProblemInstance or a TaskGraph)");
  if (doc.contains("task_graph")) {
    if (doc.contains("name")) {
      const Json& n = doc["name"];
      if (!n.is_string()) saga_fail("/name", "must be a string, got " + n.dump());
      out.name = n.get<std::string>();
    }
    out.graph = saga_read_task_graph(doc["task_graph"], "/task_graph");
    saga_read_network(saga_member(doc, "", "network"), "/network", out);
  } else if (doc.contains("tasks") || doc.contains("dependencies")) {
    out.graph = saga_read_task_graph(doc, "");
  } else if (doc.contains("nodes")) {
    saga_fail("",
              "holds a SAGA network but no task graph (give a ProblemInstance with "
              "\"task_graph\" and \"network\")");
  } else {
    saga_fail("", "has neither \"task_graph\" (a ProblemInstance) nor \"tasks\" (a TaskGraph)");
  }
  return out;
}

SagaInstance read_saga(std::string_view text) {
  if (text.size() > DagFormatLimits::max_file_bytes) saga_fail("", "file larger than 256 MiB");
  Json doc;
  try {
    doc = Json::parse(text);
  } catch (const Json::parse_error& e) {
    saga_fail("", std::string("not valid JSON (") + e.what() +
                      "); an infinite speed must be written \"Infinity\" or null");
  }
  return read_saga_json(doc);
}

Json machine_scenario_json(const core::Machine& m, const std::vector<std::string>& node_names) {
  Json machine = Json::object();
  if (!node_names.empty()) machine["names"] = node_names;
  if (!m.speeds.empty()) machine["speeds"] = m.speeds;
  if (!m.bandwidth.empty()) {
    Json rows = Json::array();
    const auto P = static_cast<std::ptrdiff_t>(m.processors);
    for (std::ptrdiff_t p = 0; p < P; ++p)
      rows.push_back(
          std::vector<double>(m.bandwidth.begin() + p * P, m.bandwidth.begin() + (p + 1) * P));
    machine["bandwidth"] = std::move(rows);
  }
  return machine;
}

Json saga_instance_json(const core::TaskGraph& g, const core::Machine& m, const std::string& name,
                        std::int32_t* added_tasks, const std::vector<std::string>& node_names) {
  if (!m.etc.empty())
    throw DagFormatError("SAGA", "machine.etc",
                         "SAGA has no per-task execution times (only node speeds)");
  const std::int32_t P = m.processors;
  const auto idx = [P](std::int32_t p, std::int32_t q) {
    return static_cast<std::size_t>(p) * static_cast<std::size_t>(P) + static_cast<std::size_t>(q);
  };
  if (!m.bandwidth.empty())
    for (std::int32_t p = 0; p < P; ++p)
      for (std::int32_t q = p + 1; q < P; ++q)
        if (m.bandwidth[idx(p, q)] != m.bandwidth[idx(q, p)])
          throw DagFormatError("SAGA",
                               "machine.bandwidth/" + std::to_string(p) + "/" + std::to_string(q),
                               "differs from its mirror entry: SAGA's network is undirected");
  Json tasks = Json::array(), deps = Json::array();
  for (core::TaskId t = 0; t < g.size(); ++t)
    tasks.push_back({{"name", g.name(t)}, {"cost", g.comp(t)}});
  for (const core::DagEdge& e : g.edges())
    deps.push_back({{"source", g.name(e.from)}, {"target", g.name(e.to)}, {"size", e.comm}});
  const std::vector<core::TaskId> sources = g.entry_tasks(), sinks = g.exit_tasks();
  std::int32_t added = 0;
  auto unique_name = [&](std::string base) {
    const auto& names = g.names();
    while (std::find(names.begin(), names.end(), base) != names.end()) base += "_";
    return base;
  };
  if (sources.size() > 1) {
    const std::string s = unique_name("__saga_source");
    tasks.push_back({{"name", s}, {"cost", 0.0}});
    for (core::TaskId t : sources)
      deps.push_back({{"source", s}, {"target", g.name(t)}, {"size", 0.0}});
    ++added;
  }
  if (sinks.size() > 1) {
    const std::string s = unique_name("__saga_sink");
    tasks.push_back({{"name", s}, {"cost", 0.0}});
    for (core::TaskId t : sinks)
      deps.push_back({{"source", g.name(t)}, {"target", s}, {"size", 0.0}});
    ++added;
  }
  if (added_tasks) *added_tasks = added;
  if (!node_names.empty() && static_cast<std::int32_t>(node_names.size()) != P)
    throw DagFormatError("SAGA", "machine.names",
                         "has " + std::to_string(node_names.size()) + " names for " +
                             std::to_string(P) + " processors");
  const auto node = [&](std::int32_t p) {
    return node_names.empty() ? "N" + std::to_string(p) : node_names[static_cast<std::size_t>(p)];
  };
  Json nodes = Json::array(), links = Json::array();
  for (std::int32_t p = 0; p < P; ++p)
    nodes.push_back({{"name", node(p)},
                     {"speed", m.speeds.empty() ? 1.0 : m.speeds[static_cast<std::size_t>(p)]}});
  for (std::int32_t p = 0; p < P; ++p) {
    links.push_back({{"source", node(p)}, {"target", node(p)}, {"speed", "Infinity"}});
    for (std::int32_t q = p + 1; q < P; ++q)
      links.push_back({{"source", node(p)},
                       {"target", node(q)},
                       {"speed", m.bandwidth.empty() ? 1.0 : m.bandwidth[idx(p, q)]}});
  }
  return {{"name", name},
          {"task_graph", {{"tasks", std::move(tasks)}, {"dependencies", std::move(deps)}}},
          {"network", {{"nodes", std::move(nodes)}, {"edges", std::move(links)}}}};
}

}  // namespace loadlab::io
