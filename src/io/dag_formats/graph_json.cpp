// Our inline JSON graph (docs/scenario-dag.md): {"tasks": [{"id", "cost"}], "edges": [{"from",
// "to", "cost"}]}. Errors name the field by JSON pointer.
#include <map>

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

}  // namespace

core::TaskGraph read_graph_json(const JsonReader& r) {
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
    comp.push_back(t.get_number("cost", 0, core::GraphLimits::max_cost));
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
      edges.push_back(
          {ends[0], ends[1], e.get_number_or("cost", 0, 0, core::GraphLimits::max_cost)});
    }
  }
  try {
    return core::TaskGraph(std::move(comp), std::move(edges), std::move(names));
  } catch (const core::GraphError& e) {
    throw ScenarioError(r.pointer(), e.what());
  }
}

}  // namespace loadlab::io
