// Task-graph file formats and schedule exporters.
//
// Readers: our inline JSON graph, STG (Kasahara's Standard Task Graph Set), DOT with DAGGEN-style
// "size" attributes, WfCommons WfFormat 1.5. Writers: DOT, STG and inline JSON of a graph,
// schedules as JSON, CSV and Chrome Trace Event JSON (one track per processor, opens in Perfetto).
// Every reader throws DagFormatError with a line number (text formats) or a JSON pointer.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/dag/schedule.h"
#include "core/dag/stochastic.h"
#include "core/dag/task_graph.h"
#include "io/json_reader.h"

namespace loadlab::io {

/// A graph file that cannot be read; `where` is "line N" or a JSON pointer.
class DagFormatError : public std::runtime_error {
 public:
  DagFormatError(std::string format, std::string where, const std::string& reason)
      : std::runtime_error(format + (where.empty() ? "" : " " + where) + ": " + reason),
        format_(std::move(format)),
        where_(std::move(where)),
        reason_(reason) {}
  const std::string& format() const { return format_; }
  const std::string& where() const { return where_; }
  const std::string& reason() const { return reason_; }

 private:
  std::string format_, where_, reason_;
};

struct DagFormatLimits {
  static constexpr std::size_t max_file_bytes = 256u << 20;  // 256 MiB
};

/// Inline graph {"tasks": [{"id", "cost"}], "edges": [{"from", "to", "cost"}]}; throws
/// ScenarioError naming the field (pointer = `r.pointer()` + "/tasks/3/cost" etc.). With
/// `stochastic`, a cost may be a distribution object (docs/scenario-dag.md): `stochastic` then
/// receives one distribution per task and per edge (constants for numbers) and the graph holds
/// their means; without it a distribution is refused.
core::TaskGraph read_graph_json(const JsonReader& r, core::StochasticCosts* stochastic = nullptr);
/// Kasahara STG: "n", then n+2 lines "id cost npred pred...", then optional '#' notes.
core::TaskGraph read_stg(std::string_view text);
/// DOT digraph; node/edge cost from the "size" attribute (also "weight", "cost", "comp", "comm").
core::TaskGraph read_dot(std::string_view text);
/// WfCommons WfFormat 1.5: comp = execution runtimeInSeconds; comm(parent, child) = bytes of the
/// child's input files that the parent outputs, divided by `bandwidth` (bytes per second).
core::TaskGraph read_wfcommons(std::string_view text, double bandwidth);
/// The same from the document already parsed (an importer that parsed the file's JSON to tell
/// the formats apart reads it once).
core::TaskGraph read_wfcommons_json(const Json& doc, double bandwidth);

/// Reads a file; the format comes from the extension (.stg, .dot / .gv, .json: inline graph or
/// WfCommons, told apart by the "workflow" key). Throws DagFormatError.
core::TaskGraph read_graph_file(const std::filesystem::path& path, double bandwidth);

/// DOT with "size" attributes (readable by read_dot and by DAGGEN tools).
std::string write_dot(const core::TaskGraph& g);
/// STG (readable by read_stg): whole-number costs (else DagFormatError naming the task); a graph
/// already in STG's shape is written as is, others get a dummy entry and exit task. STG has no
/// communication costs: `dropped_comm` (if given) receives how many nonzero edge costs were left
/// out.
std::string write_stg(const core::TaskGraph& g, std::size_t* dropped_comm = nullptr);
/// WfCommons WfFormat 1.5 (readable by read_wfcommons with the same bandwidth): runtimes are the
/// task costs, each edge a file of comm × bandwidth bytes; byte counts that are not whole are
/// rounded and counted in `rounded`.
std::string write_wfcommons(const core::TaskGraph& g, double bandwidth, const std::string& name,
                            std::size_t* rounded = nullptr);
/// Inline JSON graph (readable by read_graph_json).
Json graph_to_json(const core::TaskGraph& g);
/// [{"task", "proc", "start", "finish"}, ...] in placement order; task = the task's name. A copy
/// of a task run again by a duplication-based scheduler also has "duplicate": true.
Json schedule_to_json(const core::TaskGraph& g, const core::Schedule& s);
/// "task,proc,start,finish" rows (plus a 0/1 "duplicate" column when the schedule has copies).
std::string schedule_to_csv(const core::TaskGraph& g, const core::Schedule& s);
/// Chrome Trace Event JSON: one thread (track) per processor, times in microseconds
/// (1 time unit = 1 s); messages between processors appear as flow events.
Json schedule_to_chrome_trace(const core::TaskGraph& g, const core::Schedule& s,
                              const std::string& title = "loadlab schedule");

}  // namespace loadlab::io
