// Building dag scenarios from networkx-like graphs (duck-typed: networkx is not needed), and
// records -> columns for the pandas-free table of docs/python.md.
#include "python/from_networkx.h"

#include <cmath>
#include <map>

#include "io/json_reader.h"

namespace py = pybind11;

namespace loadlab::python {

namespace {

// The attribute value as a finite cost >= 0, or `fallback` when the attribute is absent.
double networkx_cost(const py::handle& attrs, const std::string& key, double fallback,
                     const std::string& where) {
  if (!py::isinstance<py::dict>(attrs)) return fallback;
  py::dict d = py::reinterpret_borrow<py::dict>(attrs);
  if (!d.contains(key)) return fallback;
  double v = 0;
  try {
    v = py::float_(d[py::str(key)]).cast<double>();
  } catch (const py::error_already_set&) {
    throw io::ScenarioError(where + "/" + key, "must be a number, got " +
                                                   std::string(py::str(py::repr(d[py::str(key)]))));
  }
  if (!std::isfinite(v) || v < 0)
    throw io::ScenarioError(where + "/" + key,
                            "must be a finite number >= 0, got " + std::to_string(v));
  return v;
}

py::object networkx_call_data(const py::handle& graph, const char* what) {
  if (!py::hasattr(graph, what))
    throw py::type_error(std::string("from_networkx: the graph has no ") + what +
                         "(data=True) (expected a networkx DiGraph or alike)");
  py::object attr = graph.attr(what);
  return attr(py::arg("data") = true);
}

}  // namespace

py::dict from_networkx(const py::handle& graph, const std::string& cost,
                       const py::object& edge_cost, int processors,
                       const std::vector<std::string>& algorithms, double default_cost,
                       const py::object& name, std::int64_t seed) {
  if (py::hasattr(graph, "is_directed") && !graph.attr("is_directed")().cast<bool>())
    throw io::ScenarioError("graph", "must be directed (a DiGraph): task graphs are DAGs");
  const std::string ecost = edge_cost.is_none() ? cost : py::str(edge_cost).cast<std::string>();
  py::list tasks, edges;
  std::map<std::string, std::string> seen;  // task id -> repr of the node it came from
  for (auto item : networkx_call_data(graph, "nodes")) {
    py::tuple t = py::reinterpret_borrow<py::object>(item).cast<py::tuple>();
    if (t.size() != 2) throw py::type_error("from_networkx: nodes(data=True) must yield pairs");
    const std::string id = py::str(t[0]).cast<std::string>();
    const std::string ptr = "graph/tasks/" + std::to_string(tasks.size());
    if (!seen.emplace(id, py::str(py::repr(t[0])).cast<std::string>()).second)
      throw io::ScenarioError(ptr + "/id", "two nodes are named \"" + id + "\" as text");
    py::dict task;
    task["id"] = id;
    task["cost"] = networkx_cost(t[1], cost, default_cost, ptr);
    tasks.append(task);
  }
  for (auto item : networkx_call_data(graph, "edges")) {
    py::tuple e = py::reinterpret_borrow<py::object>(item).cast<py::tuple>();
    if (e.size() != 3) throw py::type_error("from_networkx: edges(data=True) must yield triples");
    const std::string ptr = "graph/edges/" + std::to_string(edges.size());
    py::dict edge;
    edge["from"] = py::str(e[0]);
    edge["to"] = py::str(e[1]);
    edge["cost"] = networkx_cost(e[2], ecost, 0.0, ptr);
    edges.append(edge);
  }
  py::dict graph_json;
  graph_json["tasks"] = tasks;
  graph_json["edges"] = edges;
  py::dict scenario;
  scenario["loadlab"] = 1;
  scenario["kind"] = "dag";
  if (!name.is_none()) scenario["name"] = py::str(name);
  scenario["seed"] = seed;
  scenario["processors"] = processors;
  scenario["graph"] = graph_json;
  scenario["algorithms"] = py::cast(algorithms);
  return scenario;
}

py::dict columns(const py::handle& records) {
  py::dict out;
  std::vector<py::object> keys;
  std::size_t i = 0;
  for (auto rec : records) {
    if (!py::isinstance<py::dict>(rec))
      throw py::type_error("columns: record " + std::to_string(i) + " is not a dict");
    py::dict d = py::reinterpret_borrow<py::dict>(rec);
    if (i == 0)
      for (auto kv : d) {
        keys.push_back(py::reinterpret_borrow<py::object>(kv.first));
        out[kv.first] = py::list();
      }
    for (const auto& k : keys) {
      if (!d.contains(k))
        throw py::key_error("columns: record " + std::to_string(i) + " has no " +
                            std::string(py::str(py::repr(k))));
      out[k].cast<py::list>().append(d[k]);
    }
    ++i;
  }
  return out;
}

}  // namespace loadlab::python
