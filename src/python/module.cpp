// The `loadlab` Python module: the same core as the `loadlab` CLI, one import away.
//
// Scenarios go in as dicts and results come out as dicts of exactly the shape `loadlab run`
// prints (docs/python.md); the readers return the scenario pieces (graph, mesh) as dicts. Every
// bad input raises loadlab.ScenarioError (a ValueError) whose .field is the JSON pointer of the
// offending field, as the CLI's messages name it. The GIL is released while algorithms run.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "io/dag_formats/dag_formats.h"
#include "io/link_codec.h"
#include "io/mesh_formats/metis_graph.h"
#include "io/presets.h"
#include "io/scenario.h"
#include "io/text_files.h"
#include "python/from_networkx.h"
#include "python/py_json.h"

namespace py = pybind11;
using loadlab::io::Json;

namespace {

PyObject* g_scenario_error = nullptr;  // loadlab.ScenarioError, created at import

loadlab::io::RunContext python_run_context(const std::string& engine, int threads,
                                           const py::object& base_dir) {
  loadlab::io::RunContext ctx;
  ctx.base_dir = base_dir.is_none() ? std::filesystem::current_path()
                                    : std::filesystem::path(py::str(base_dir).cast<std::string>());
  if (engine != "central" && engine != "nodes")
    throw loadlab::io::ScenarioError("engine",
                                     "must be \"central\" or \"nodes\", got \"" + engine + "\"");
  if (threads < 1 || threads > 256)
    throw loadlab::io::ScenarioError("threads", "must be in [1, 256]");
  ctx.engine = engine;
  ctx.threads = threads;
  return ctx;
}

// A scenario given as a dict, or as JSON text (what a file or a web request holds).
Json python_scenario(const py::handle& scenario) {
  if (py::isinstance<py::str>(scenario)) {
    const auto text = scenario.cast<std::string>();
    if (text.size() > loadlab::io::ScenarioLimits::max_document_bytes)
      throw loadlab::io::ScenarioError("", "the document is larger than 16 MiB");
    try {
      return Json::parse(text);
    } catch (const Json::parse_error& e) {
      throw loadlab::io::ScenarioError("", std::string("not valid JSON: ") + e.what());
    }
  }
  if (!py::isinstance<py::dict>(scenario))
    throw py::type_error("scenario: expected a dict (or JSON text), got " +
                         std::string(py::str(scenario.get_type().attr("__name__"))));
  return loadlab::python::to_json(scenario, "scenario");
}

py::object python_run(const py::handle& scenario, const std::string& engine, int threads,
                      const py::object& base_dir) {
  const Json doc = python_scenario(scenario);
  const auto ctx = python_run_context(engine, threads, base_dir);
  Json result;
  {
    py::gil_scoped_release no_gil;
    const auto parsed = loadlab::io::parse_scenario(doc, ctx);
    result = loadlab::io::results_document(*parsed, loadlab::io::run_parsed(*parsed, ctx));
  }
  return loadlab::python::from_json(result);
}

std::string python_file_text(const std::string& path, std::uintmax_t limit) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) throw loadlab::io::ScenarioError("path", path + ": cannot open (" + ec.message() + ")");
  if (size > limit)
    throw loadlab::io::ScenarioError(
        "path", path + ": larger than " + std::to_string(limit >> 20) + " MiB");
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Json mesh_to_json(const loadlab::core::Mesh& m) {
  Json edges = Json::array();
  for (int v = 0; v < m.size(); ++v)
    for (int u : m.neighbours(v))
      if (v < u) edges.push_back({v, u});
  Json out = {{"vertices", m.size()}, {"edges", std::move(edges)}};
  if (m.has_coordinates()) {
    Json coords = Json::array();
    for (int v = 0; v < m.size(); ++v) {
      Json p = Json::array();
      for (int a = 0; a < m.dim(); ++a) p.push_back(m.coord(v, a));
      coords.push_back(std::move(p));
    }
    out["coordinates"] = std::move(coords);
  }
  return out;
}

py::object graph_dict(const loadlab::core::TaskGraph& g) {
  return loadlab::python::from_json(loadlab::io::graph_to_json(g));
}

void raise_scenario_error(const std::string& field, const std::string& reason,
                          const std::string& message) {
  py::object exc = py::reinterpret_steal<py::object>(
      PyObject_CallFunction(g_scenario_error, "s", message.c_str()));
  if (!exc) return;  // the call set its own error
  exc.attr("field") = field;
  exc.attr("reason") = reason;
  PyErr_SetObject(g_scenario_error, exc.ptr());
}

}  // namespace

PYBIND11_MODULE(loadlab, m) {
  m.doc() =
      "LoadLab: parallel scheduling and load balancing, from the papers. run() takes a scenario "
      "dict and returns the dict `loadlab run` prints as JSON; see docs/python.md.";
  m.attr("__version__") = LOADLAB_VERSION;
  m.attr("SCENARIO_VERSION") = loadlab::io::kScenarioVersion;

  g_scenario_error = PyErr_NewExceptionWithDoc(
      "loadlab.ScenarioError",
      "A scenario or input file that cannot be used; .field is the JSON pointer (or argument) "
      "that is wrong, .reason says why.",
      PyExc_ValueError, nullptr);
  m.attr("ScenarioError") = py::handle(g_scenario_error);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const loadlab::io::ScenarioError& e) {
      raise_scenario_error(e.pointer(), e.reason(), e.what());
    } catch (const loadlab::io::DagFormatError& e) {
      raise_scenario_error(e.where(), e.reason(), e.what());
    }
  });

  m.def("run", &python_run, py::arg("scenario"), py::kw_only(), py::arg("engine") = "central",
        py::arg("threads") = 1, py::arg("base_dir") = py::none(),
        "Runs a scenario (dict or JSON text) and returns {'loadlab', 'kind', 'results': [...]}, "
        "the document `loadlab run` prints: one entry per algorithm with its metrics, its schedule "
        "or placement and the verifier's verdict ('verified'). Relative file references resolve "
        "against base_dir (default: the current folder).");
  m.def(
      "validate",
      [](const py::handle& scenario, const py::object& base_dir) {
        const Json doc = python_scenario(scenario);
        loadlab::io::validate_scenario(doc, python_run_context("central", 1, base_dir));
      },
      py::arg("scenario"), py::kw_only(), py::arg("base_dir") = py::none(),
      "Checks a scenario; raises ScenarioError naming the field (e.field) when it is wrong.");
  m.def(
      "kinds",
      []() {
        std::vector<std::string> names;
        for (const auto& k : loadlab::io::scenario_kinds()) names.push_back(k.name);
        return names;
      },
      "The scenario kinds: balance, dag, dlt, ...");
  m.def(
      "algorithms",
      [](const std::string& kind) {
        if (!loadlab::io::find_kind(kind)) {
          std::string known;
          for (const auto& k : loadlab::io::scenario_kinds())
            known += (known.empty() ? "" : ", ") + std::string(k.name);
          throw loadlab::io::ScenarioError("kind",
                                           "unknown kind \"" + kind + "\" (one of " + known + ")");
        }
        return loadlab::io::algorithm_names_of(kind);
      },
      py::arg("kind"), "The algorithm names of a kind, as a scenario's \"algorithms\" lists them.");
  m.def(
      "link",
      [](const py::handle& scenario) {
        const Json doc = python_scenario(scenario);
        loadlab::io::validate_scenario(doc, loadlab::io::RunContext{});
        return "#" + loadlab::io::encode_link(doc);
      },
      py::arg("scenario"),
      "The share-link fragment ('#s=...') of a scenario, as `loadlab link` prints it: append it "
      "to the playground's address.");
  m.def(
      "unlink",
      [](const std::string& link) {
        Json doc = loadlab::io::decode_link(link);
        loadlab::io::validate_scenario(doc, loadlab::io::RunContext{});
        return loadlab::python::from_json(doc);
      },
      py::arg("link"), "The scenario inside a share link (a URL, '#s=...' fragment or payload).");
  m.def(
      "presets",
      []() {
        std::vector<std::pair<std::string, std::string>> out;
        for (const auto& p : loadlab::io::presets()) out.emplace_back(p.name, p.title);
        return out;
      },
      "The papers' worked examples as (name, title) pairs.");
  m.def(
      "preset",
      [](const std::string& name) {
        return loadlab::python::from_json(loadlab::io::find_preset(name).scenario);
      },
      py::arg("name"), "A worked example as a scenario dict.");
  m.def(
      "read_scenario",
      [](const std::string& path) {
        loadlab::io::RunContext ctx;
        ctx.base_dir = std::filesystem::absolute(path).parent_path();
        return loadlab::python::from_json(
            loadlab::io::load_scenario_text(loadlab::io::read_document(path), ctx));
      },
      py::arg("path"),
      "Reads and checks a scenario file (as `loadlab validate`), returning it migrated to the "
      "current version. Run it with base_dir set to the file's folder if it refers to files.");
  m.def(
      "read_graph",
      [](const std::string& path, double bandwidth) {
        return graph_dict(loadlab::io::read_graph_file(path, bandwidth));
      },
      py::arg("path"), py::arg("bandwidth") = 1.0,
      "Reads a task graph (.stg Kasahara STG, .dot/.gv DOT, .json WfCommons WfFormat or our inline "
      "graph) into the dict a dag scenario's \"graph\" takes. WfCommons edge costs are bytes "
      "divided by bandwidth (bytes per second).");
  m.def(
      "parse_stg", [](const std::string& text) { return graph_dict(loadlab::io::read_stg(text)); },
      py::arg("text"), "A Kasahara STG text as a graph dict.");
  m.def(
      "parse_dot", [](const std::string& text) { return graph_dict(loadlab::io::read_dot(text)); },
      py::arg("text"), "A DOT digraph text (\"size\" attributes) as a graph dict.");
  m.def(
      "parse_wfcommons",
      [](const std::string& text, double bandwidth) {
        return graph_dict(loadlab::io::read_wfcommons(text, bandwidth));
      },
      py::arg("text"), py::arg("bandwidth") = 1.0, "A WfCommons WfFormat text as a graph dict.");
  m.def(
      "read_metis",
      [](const std::string& path, const py::object& coordinates) {
        auto mesh =
            loadlab::io::read_metis_graph(python_file_text(path, loadlab::io::kMaxMeshFileBytes));
        if (!coordinates.is_none())
          loadlab::io::read_xyz_coordinates(
              python_file_text(py::str(coordinates).cast<std::string>(),
                               loadlab::io::kMaxMeshFileBytes),
              mesh);
        return loadlab::python::from_json(mesh_to_json(mesh));
      },
      py::arg("path"), py::arg("coordinates") = py::none(),
      "Reads a METIS/Chaco .graph file (and optionally its .xyz coordinates) into the dict a "
      "partition scenario's \"mesh\" takes: {'vertices', 'edges': [[a, b], ...], 'coordinates'}.");
  m.def("from_networkx", &loadlab::python::from_networkx, py::arg("graph"),
        py::arg("cost") = "weight", py::kw_only(), py::arg("edge_cost") = py::none(),
        py::arg("processors") = 4, py::arg("algorithms") = std::vector<std::string>{"heft"},
        py::arg("default_cost") = 1.0, py::arg("name") = py::none(), py::arg("seed") = 1,
        "A dag scenario from a networkx DiGraph (or any object with nodes(data=True) and "
        "edges(data=True)): task costs from the node attribute `cost`, communication costs from "
        "the edge attribute `edge_cost` (default: the same name; missing = 0), on `processors` "
        "identical processors.");
  m.def(
      "dumps",
      [](const py::handle& obj, int indent) {
        return loadlab::python::to_json(obj, "obj").dump(indent);
      },
      py::arg("obj"), py::arg("indent") = 2,
      "JSON text as the CLI writes it (nlohmann/json's number formatting): dumps(run(s)) + "
      "\"\\n\" is byte for byte what `loadlab run` prints. json.dumps gives the same values, "
      "but Python writes some doubles with fewer digits.");
  m.def("columns", &loadlab::python::columns, py::arg("records"),
        "A list of records (e.g. a result's \"schedule\") as a column table {key: [values]}: what "
        "pandas.DataFrame, numpy or a CSV writer take directly.");
}
