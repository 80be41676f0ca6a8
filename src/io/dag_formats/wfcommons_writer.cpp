// WfCommons WfFormat 1.5 writer, the inverse of wfcommons.cpp's reader: each task's comp becomes
// its runtimeInSeconds, each edge a file of comm × bandwidth bytes that the parent writes and the
// child reads, so reading the result back with the same bandwidth gives the same graph. WfFormat
// sizes are whole bytes: a cost whose byte count is not a whole number is rounded (and counted,
// so the caller can warn).
#include <cmath>
#include <set>

#include "io/dag_formats/dag_formats.h"

namespace loadlab::io {

std::string write_wfcommons(const core::TaskGraph& g, double bandwidth, const std::string& name,
                            std::size_t* rounded) {
  if (!(bandwidth > 0) || !std::isfinite(bandwidth))
    throw DagFormatError("WfCommons", "",
                         "bandwidth must be a positive number of bytes per second");
  // Task names become WfCommons ids, which must be unique; a graph with repeated names is written
  // with its task numbers instead.
  std::set<std::string> seen;
  bool unique = true;
  for (core::TaskId t = 0; t < g.size() && unique; ++t) unique = seen.insert(g.name(t)).second;
  auto id_of = [&](core::TaskId t) { return unique ? g.name(t) : "task_" + std::to_string(t); };
  std::vector<Json> parents(static_cast<std::size_t>(g.size()), Json::array());
  std::vector<Json> children(static_cast<std::size_t>(g.size()), Json::array());
  std::vector<Json> inputs(static_cast<std::size_t>(g.size()), Json::array());
  std::vector<Json> outputs(static_cast<std::size_t>(g.size()), Json::array());
  Json files = Json::array();
  std::size_t inexact = 0;
  std::size_t k = 0;
  for (const auto& e : g.edges()) {
    const double bytes = e.comm * bandwidth;
    // 2^53: the largest byte count every reader keeps exactly.
    if (!std::isfinite(bytes) || bytes < 0 || bytes > 9007199254740992.0)
      throw DagFormatError("WfCommons", "edge " + g.name(e.from) + " -> " + g.name(e.to),
                           "cost × bandwidth is not a byte count a file can have");
    const double whole = std::round(bytes);
    if (whole != bytes) ++inexact;
    const std::string file = "file_" + std::to_string(k++);
    files.push_back({{"id", file}, {"sizeInBytes", static_cast<std::int64_t>(whole)}});
    const auto a = static_cast<std::size_t>(e.from), b = static_cast<std::size_t>(e.to);
    children[a].push_back(id_of(e.to));
    parents[b].push_back(id_of(e.from));
    outputs[a].push_back(file);
    inputs[b].push_back(file);
  }
  Json spec_tasks = Json::array(), exec_tasks = Json::array();
  for (core::TaskId t = 0; t < g.size(); ++t) {
    const auto i = static_cast<std::size_t>(t);
    spec_tasks.push_back({{"name", id_of(t)},
                          {"id", id_of(t)},
                          {"parents", std::move(parents[i])},
                          {"children", std::move(children[i])},
                          {"inputFiles", std::move(inputs[i])},
                          {"outputFiles", std::move(outputs[i])}});
    exec_tasks.push_back({{"id", id_of(t)}, {"runtimeInSeconds", g.comp(t)}});
  }
  // No execution took place: the execution section carries the runtimes the reader needs and no
  // invented dates, machines or makespan.
  const Json doc = {
      {"name", name},
      {"description",
       "Written by LoadLab's convert: runtimes are the task costs; each edge is a "
       "file the parent writes and the child reads, of its cost × " +
           Json(bandwidth).dump() + " bytes."},
      {"schemaVersion", "1.5"},
      {"author", {{"name", "LoadLab convert"}}},
      {"workflow",
       {{"specification", {{"tasks", std::move(spec_tasks)}, {"files", std::move(files)}}},
        {"execution", {{"tasks", std::move(exec_tasks)}}}}}};
  if (rounded) *rounded = inexact;
  return doc.dump(2) + "\n";
}

}  // namespace loadlab::io
