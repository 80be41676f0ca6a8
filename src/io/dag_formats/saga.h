// SAGA's serialised problem instances (Coleman & Krishnamachari's SAGA library, ANRGUSC/saga on
// GitHub): the JSON of its pydantic models, read and written as LoadLab task graphs and machines.
//
// The models, as read in SAGA's src/saga/__init__.py (TaskGraph, TaskGraphNode, TaskGraphEdge,
// Network, NetworkNode, NetworkEdge) and src/saga/schedulers/data/__init__.py (ProblemInstance):
//   ProblemInstance {"name", "task_graph", "network"}
//   TaskGraph       {"tasks": [{"name", "cost"}], "dependencies": [{"source", "target", "size"}]}
//   Network         {"nodes": [{"name", "speed"}], "edges": [{"source", "target", "speed"}]}
// Execution time = cost / node speed; communication time = size / link speed, the network being
// undirected (SAGA sorts each edge's endpoints and refuses a pair given twice) and complete (a
// pair without an edge gets speed 0: no link). Those are exactly core::Machine's speeds and
// symmetric bandwidth matrix.
//
// Self-links: SAGA's networks hold an edge from every node to itself (speed inf by default; its
// random generators use 1e9 or 1e9 x U(0.1, 1)). LoadLab's machine charges nothing on one
// processor, so a self-link is read whatever its speed (counted in SagaInstance::self_links) and
// ignored; written, it is the string "Infinity", which pydantic reads as inf. (Pydantic writes
// inf as null, which it cannot read back; the reader accepts null, "inf" and "Infinity" too.)
// A link between two nodes with infinite speed (free communication) becomes the largest bandwidth
// LoadLab accepts, MachineLimits::max_bandwidth (1e12), as does any faster link.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/dag/machine.h"
#include "core/dag/task_graph.h"
#include "io/json_reader.h"

namespace loadlab::io {

/// Sizes a SAGA file may have (docs/convert.md).
struct SagaLimits {
  /// Network nodes: a bandwidth matrix has P^2 entries (MachineLimits::max_bandwidth_entries).
  static constexpr std::int64_t max_nodes = 1024;
  static constexpr std::size_t max_name_length = 256;
};

/// A SAGA problem instance read into LoadLab's model.
struct SagaInstance {
  std::string name;       ///< ProblemInstance's "name" ("" for a bare task graph)
  core::TaskGraph graph;  ///< tasks in file order, named as in the file
  /// P = the network's nodes in file order; speeds / bandwidth left empty when all are 1. For a
  /// bare task graph (no network) identical(1) and has_network false.
  core::Machine machine = core::Machine::identical(1);
  bool has_network = false;
  std::vector<std::string> node_names;
  std::int32_t self_links = 0;    ///< node-to-itself edges read and ignored
  std::int32_t capped_links = 0;  ///< links faster than 1e12 (or infinite) read as 1e12
};

/// Reads a ProblemInstance {"name", "task_graph", "network"} or a bare TaskGraph {"tasks",
/// "dependencies"}. Throws DagFormatError("SAGA", JSON pointer, reason), e.g.
/// "/task_graph/tasks/3/cost", "/network/edges/2/speed", "/network/edges" for a missing link.
SagaInstance read_saga_json(const Json& doc);
/// The same from text (at most DagFormatLimits::max_file_bytes).
SagaInstance read_saga(std::string_view text);

/// A dag scenario's "machine" object for `m` ({"speeds"?, "bandwidth"?: rows, "names"?}); an
/// empty object for identical processors without names. Used where a SAGA network becomes a
/// scenario (convert, File > Import); `node_names` (one per processor, or none) are kept as
/// "names".
Json machine_scenario_json(const core::Machine& m, const std::vector<std::string>& node_names = {});

/// Writes a ProblemInstance SAGA's models load: tasks and dependencies from `g`, nodes named
/// `node_names` (one per processor; "N0".. when empty) with the machine's speeds, one edge per node
/// pair with its bandwidth plus the self-links. SAGA's TaskGraph requires exactly one source and
/// one sink task: a graph with several gets a zero-cost task "__saga_source" / "__saga_sink" joined
/// by zero-size dependencies, counted in `added_tasks`. Throws DagFormatError naming "machine.etc"
/// (SAGA has no per-task times) or "machine.bandwidth/p/q" (an asymmetric link: SAGA's network is
/// undirected).
Json saga_instance_json(const core::TaskGraph& g, const core::Machine& m, const std::string& name,
                        std::int32_t* added_tasks = nullptr,
                        const std::vector<std::string>& node_names = {});

}  // namespace loadlab::io
