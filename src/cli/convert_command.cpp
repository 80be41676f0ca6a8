// `loadlab convert`: every format is read into one of two models, a task graph (core::TaskGraph)
// or a mesh (core::Mesh), and written from it, so a conversion is lossless exactly when both
// formats carry what the model holds. The readers are the ones `loadlab run` uses for "file"
// graphs and meshes, so a converted file runs the same as the original.
#include "cli/convert_command.h"

#include <filesystem>
#include <iostream>

#include "io/dag_formats/dag_formats.h"
#include "io/dag_formats/saga.h"
#include "io/formats.h"
#include "io/json_reader.h"
#include "io/kinds/dag.h"
#include "io/kinds/partition.h"
#include "io/mesh_formats/metis_graph.h"
#include "io/scenario.h"
#include "io/text_files.h"

namespace loadlab::cli {

const char* const kConvertHelp = R"(Formats (from the file extension, or --from / --to):
  stg        Kasahara's Standard Task Graph Set (.stg): task costs, no edge costs
  dot        DOT digraph with "size" attributes on nodes and edges (.dot, .gv)
  wfcommons  WfCommons WfFormat 1.5 workflow (.json with "workflow"): runtimes = task costs,
             edge cost = bytes of the files a child reads from its parent / --bandwidth
  saga       SAGA problem instance (Coleman & Krishnamachari's SAGA library; .json with
             "task_graph", or a bare TaskGraph with "tasks" and "dependencies"): tasks' costs,
             dependencies' sizes, the network's node speeds and link speeds <-> a dag scenario's
             graph, processors, machine.speeds and machine.bandwidth. Self-links are ignored
             (LoadLab charges nothing on one processor) and written as "Infinity"; an infinite
             link becomes bandwidth 1e12; a graph with several entry or exit tasks gets a
             zero-cost "__saga_source" / "__saga_sink" (SAGA wants one of each)
  graph      LoadLab inline task graph {"tasks", "edges"} (.json with "tasks")
  metis      METIS / Chaco graph (.graph): an undirected mesh, optional vertex weights
  scenario   LoadLab scenario (.json with "loadlab"): kind dag <-> task graphs,
             kind partition <-> metis; a generated graph or mesh is written out in full
Directions: any task-graph format (stg, dot, wfcommons, saga, graph, dag scenario) to stg, dot,
wfcommons, saga, graph or scenario; metis or a partition scenario to metis or scenario. Task graphs and meshes do not
convert into each other. Lossless: dot <-> graph <-> scenario; stg -> any -> stg (costs are whole
numbers); metis <-> scenario without vertex weights. Lossy, with a warning: edge costs into stg,
vertex weights and coordinates into a scenario / metis; from wfcommons only runtimes and
file-size edge costs (divided by --bandwidth) are kept; into wfcommons edge costs × --bandwidth
are rounded to whole bytes.)";

namespace {

using io::Json;
using io::ScenarioError;

// The formats convert reads and writes: io's table (io/formats.h) less the coordinates files,
// which only attach to a mesh.
std::string convert_format_list() {
  std::string names;
  for (const io::FileFormat& f : io::file_formats())
    if (f.model != io::FileModel::coordinates)
      names += (names.empty() ? "" : ", ") + std::string(f.name);
  return names;
}

const io::FileFormat& convert_format_of(const std::string& path, const std::string& given,
                                        const std::string& text, const char* which) {
  if (!given.empty()) {
    const io::FileFormat* f = io::find_file_format(given);
    if (f && f->model != io::FileModel::coordinates) return *f;
    throw ScenarioError(std::string("--") + which,
                        "unknown format '" + given + "' (" + convert_format_list() + ")");
  }
  const io::FileFormat* f = path == "-" ? nullptr : io::format_by_extension(path);
  if (f && f->model == io::FileModel::scenario && !text.empty()) {
    // One .json extension for several formats: told apart by their top-level keys, as `loadlab
    // run` tells graph files apart. An output file is a scenario unless --to says otherwise.
    Json doc;
    try {
      doc = Json::parse(text);
    } catch (const std::exception&) {
      return *f;  // the scenario parser reports the byte offset
    }
    return io::json_file_format(doc);
  }
  if (f && f->model != io::FileModel::coordinates) return *f;
  throw ScenarioError(
      std::string("--") + which,
      (path == "-" ? std::string(which[0] == 'f' ? "standard input" : "standard output")
                   : "'" + path + "'") +
          ": cannot tell the format from the name; give --" + which);
}

struct ConvertModel {
  bool graph = false;  // else a mesh
  core::TaskGraph dag;
  core::Machine machine;  ///< a SAGA network or a dag scenario's machine (for saga / scenario)
  bool has_machine = false;
  std::vector<std::string> node_names;  ///< the SAGA network's / scenario's processor names
  core::Mesh mesh;
  std::string kind_name;
};

ConvertModel convert_read(const io::FileFormat& format, const std::string& text,
                          const ConvertOptions& o) {
  ConvertModel m;
  const std::string where = o.in == "-" ? std::string("stdin") : o.in;
  try {
    if (std::string(format.name) == "saga") {
      io::SagaInstance inst = io::read_saga(text);
      m.graph = true;
      m.dag = std::move(inst.graph);
      m.machine = std::move(inst.machine);
      m.has_machine = inst.has_network;
      if (inst.has_network) m.node_names = std::move(inst.node_names);
    } else if (format.model == io::FileModel::task_graph) {
      m.graph = true;
      m.dag = io::read_task_graph_file(format, text, o.bandwidth);
    } else if (format.model == io::FileModel::mesh) {
      m.mesh = io::read_mesh_file(format, text);
    } else {
      io::RunContext ctx;
      ctx.base_dir = o.in == "-" ? std::filesystem::current_path()
                                 : std::filesystem::absolute(o.in).parent_path();
      // Validated as a whole first, so a bad scenario names its field as `loadlab validate` does.
      const Json doc = io::load_scenario_text(text, ctx);
      const io::JsonReader s(doc, "");
      const std::string kind = doc.value("kind", "");
      const std::uint64_t seed = io::read_seed(s);
      if (kind == "dag" && o.to == "saga") {
        const io::DagScenario sc = io::read_dag_scenario(s, ctx);
        m.graph = true;
        m.dag = *sc.graph;
        m.machine = sc.machine;
        m.node_names = sc.processor_names;
        m.has_machine = true;
      } else if (kind == "dag") {
        m.graph = true;
        m.dag = io::read_task_graph(s, ctx, seed);
      } else if (kind == "partition") {
        m.mesh = io::read_partition_mesh(s.object("mesh"), seed, ctx, nullptr);
      } else {
        throw ScenarioError("/kind", "'" + kind +
                                         "' scenarios hold no graph to convert (dag and "
                                         "partition scenarios do)");
      }
    }
  } catch (const io::DagFormatError& e) {
    throw ScenarioError(where, e.what());
  } catch (const std::invalid_argument& e) {
    throw ScenarioError(where, std::string("METIS graph ") + e.what());
  }
  return m;
}

std::string convert_default_name(const ConvertOptions& o) {
  if (!o.name.empty()) return o.name;
  return o.in == "-" ? std::string("converted graph")
                     : std::filesystem::path(o.in).filename().string();
}

std::string convert_write(const std::string& format, const ConvertModel& m, const ConvertOptions& o,
                          std::ostream& warn) {
  if (m.graph) {
    if (format == "metis")
      throw ScenarioError("--to", "a task graph does not convert to a METIS mesh (see --help)");
    if (m.has_machine && !m.machine.trivial() && format != "saga" && format != "scenario")
      warn << "loadlab convert: " << format
           << " files hold no machine: the node and link speeds are left out\n";
    if (format == "wfcommons") {
      std::size_t rounded = 0;
      std::string text;
      try {
        text = io::write_wfcommons(m.dag, o.bandwidth, convert_default_name(o), &rounded);
      } catch (const io::DagFormatError& e) {
        throw ScenarioError(o.out == "-" ? std::string("stdout") : o.out, e.what());
      }
      if (rounded)
        warn << "loadlab convert: WfCommons file sizes are whole bytes: " << rounded
             << " edge costs × --bandwidth rounded\n";
      return text;
    }
    if (format == "stg") {
      std::size_t dropped = 0;
      std::string text;
      try {
        text = io::write_stg(m.dag, &dropped);
      } catch (const io::DagFormatError& e) {
        throw ScenarioError(o.out == "-" ? std::string("stdout") : o.out, e.what());
      }
      if (dropped)
        warn << "loadlab convert: STG has no communication costs: " << dropped
             << " nonzero edge costs left out\n";
      return text;
    }
    if (format == "saga") {
      std::int32_t added = 0;
      Json doc;
      try {
        doc = io::saga_instance_json(
            m.dag, m.has_machine ? m.machine : core::Machine::identical(o.processors),
            convert_default_name(o), &added, m.node_names);
      } catch (const io::DagFormatError& e) {
        throw ScenarioError(o.out == "-" ? std::string("stdout") : o.out, e.what());
      }
      if (added)
        warn << "loadlab convert: SAGA task graphs have one source and one sink: " << added
             << " zero-cost task(s) added\n";
      return doc.dump(2) + "\n";
    }
    if (format == "dot") return io::write_dot(m.dag);
    if (format == "graph") return io::graph_to_json(m.dag).dump(2) + "\n";
    Json sc = {{"loadlab", 1},
               {"kind", "dag"},
               {"name", convert_default_name(o)},
               {"processors", o.processors},
               {"graph", io::graph_to_json(m.dag)},
               {"algorithms", {"heft", "flb", "etf"}}};
    if (m.has_machine) {  // a SAGA network: its processors and machine; schedulers that take one
      sc["processors"] = m.machine.processors;
      if (!io::machine_scenario_json(m.machine).empty())
        sc["algorithms"] = {"heft", "cpop", "peft"};
      Json machine = io::machine_scenario_json(m.machine, m.node_names);
      if (!machine.empty()) sc["machine"] = std::move(machine);
    }
    return sc.dump(2) + "\n";
  }
  if (format != "metis" && format != "scenario")
    throw ScenarioError("--to",
                        "a mesh (METIS graph) converts to metis or scenario only (see --help)");
  if (format == "metis") {
    if (m.mesh.has_coordinates())
      warn << "loadlab convert: the METIS graph format has no coordinates: left out\n";
    return io::write_metis_graph(m.mesh);
  }
  Json edges = Json::array();
  for (int v = 0; v < m.mesh.size(); ++v)
    for (int u : m.mesh.neighbours(v))
      if (v < u) edges.push_back({v, u});
  Json mesh = {{"vertices", m.mesh.size()}, {"edges", std::move(edges)}};
  if (m.mesh.has_coordinates()) {
    Json coords = Json::array();
    for (int v = 0; v < m.mesh.size(); ++v) {
      Json p = Json::array();
      for (int a = 0; a < m.mesh.dim(); ++a) p.push_back(m.mesh.coord(v, a));
      coords.push_back(std::move(p));
    }
    mesh["coordinates"] = std::move(coords);
  }
  if (!m.mesh.weights().empty()) {
    bool all_one = true;
    for (int v = 0; v < m.mesh.size(); ++v) all_one = all_one && m.mesh.weight(v) == 1;
    if (!all_one)
      warn << "loadlab convert: inline scenario meshes have no vertex weights: left out\n";
  }
  Json algorithms =
      m.mesh.has_coordinates() ? Json{"orb_m", "ggp", "cm", "sa"} : Json{"ggp", "cm", "sa"};
  const Json sc = {{"loadlab", 1},
                   {"kind", "partition"},
                   {"name", convert_default_name(o)},
                   {"mesh", std::move(mesh)},
                   {"parts", o.parts},
                   {"algorithms", std::move(algorithms)}};
  return sc.dump(2) + "\n";
}

}  // namespace

void convert_command(const ConvertOptions& o, std::ostream& warn) {
  const std::string text = io::read_document(o.in);
  const io::FileFormat& from = convert_format_of(o.in, o.from, text, "from");
  const io::FileFormat& to = convert_format_of(o.out, o.to, "", "to");
  const ConvertModel m = convert_read(from, text, o);
  const std::string out = convert_write(to.name, m, o, warn);
  if (o.out == "-")
    std::cout << out;
  else
    io::write_text_file(o.out, out);
}

}  // namespace loadlab::cli
