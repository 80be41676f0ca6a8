// Graph and schedule exporters, and the file-format dispatcher.
#include <cctype>
#include <fstream>
#include <sstream>

#include "io/dag_formats/dag_formats.h"

namespace loadlab::io {

Json graph_to_json(const core::TaskGraph& g) {
  Json tasks = Json::array(), edges = Json::array();
  for (core::TaskId t = 0; t < g.size(); ++t)
    tasks.push_back({{"id", g.name(t)}, {"cost", g.comp(t)}});
  for (const auto& e : g.edges())
    edges.push_back({{"from", g.name(e.from)}, {"to", g.name(e.to)}, {"cost", e.comm}});
  return {{"tasks", std::move(tasks)}, {"edges", std::move(edges)}};
}

Json schedule_to_json(const core::TaskGraph& g, const core::Schedule& s) {
  Json out = Json::array();
  for (const auto& e : s.entries) {
    out.push_back(
        {{"task", e.task >= 0 && e.task < g.size() ? g.name(e.task) : std::to_string(e.task)},
         {"proc", e.proc},
         {"start", e.start},
         {"finish", e.finish}});
    // Only copies carry the key, so schedules without duplication are written as before.
    if (e.duplicate) out.back()["duplicate"] = true;
  }
  return out;
}

std::string schedule_to_csv(const core::TaskGraph& g, const core::Schedule& s) {
  std::ostringstream os;
  os.precision(17);
  // The duplicate column only when there are copies: other schedules keep their four columns.
  const bool copies = s.duplicate_count() > 0;
  os << (copies ? "task,proc,start,finish,duplicate\n" : "task,proc,start,finish\n");
  for (const auto& e : s.entries) {
    std::string name = g.name(e.task);
    if (name.find_first_of(",\"\n") != std::string::npos) {
      std::string q = "\"";
      for (char c : name) q += c == '"' ? std::string("\"\"") : std::string(1, c);
      name = q + "\"";
    }
    os << name << ',' << e.proc << ',' << e.start << ',' << e.finish;
    if (copies) os << ',' << (e.duplicate ? 1 : 0);
    os << '\n';
  }
  return os.str();
}

Json schedule_to_chrome_trace(const core::TaskGraph& g, const core::Schedule& s,
                              const std::string& title) {
  constexpr double us = 1e6;  // one model time unit shown as one second
  Json ev = Json::array();
  ev.push_back({{"name", "process_name"}, {"ph", "M"}, {"pid", 1}, {"args", {{"name", title}}}});
  for (int p = 0; p < s.processors; ++p)
    ev.push_back({{"name", "thread_name"},
                  {"ph", "M"},
                  {"pid", 1},
                  {"tid", p},
                  {"args", {{"name", "processor " + std::to_string(p)}}}});
  std::vector<const core::ScheduleEntry*> at(g.size(), nullptr);
  for (const auto& e : s.entries) {
    if (e.task >= 0 && e.task < g.size() && !e.duplicate) at[e.task] = &e;
    ev.push_back({{"name", e.duplicate ? g.name(e.task) + " (duplicate)" : g.name(e.task)},
                  {"cat", e.duplicate ? "duplicate" : "task"},
                  {"ph", "X"},
                  {"pid", 1},
                  {"tid", e.proc},
                  {"ts", e.start * us},
                  {"dur", (e.finish - e.start) * us},
                  {"args", {{"task", g.name(e.task)}, {"start", e.start}, {"finish", e.finish}}}});
  }
  std::int64_t flow = 0;
  for (const auto& ed : g.edges()) {
    const auto* a = at[ed.from];
    const auto* b = at[ed.to];
    if (!a || !b || a->proc == b->proc) continue;
    const std::string name = g.name(ed.from) + " -> " + g.name(ed.to);
    ev.push_back({{"name", name},
                  {"cat", "message"},
                  {"ph", "s"},
                  {"id", flow},
                  {"pid", 1},
                  {"tid", a->proc},
                  {"ts", a->finish * us}});
    ev.push_back({{"name", name},
                  {"cat", "message"},
                  {"ph", "f"},
                  {"bp", "e"},
                  {"id", flow},
                  {"pid", 1},
                  {"tid", b->proc},
                  {"ts", b->start * us}});
    ++flow;
  }
  return {{"traceEvents", std::move(ev)}, {"displayTimeUnit", "ms"}};
}

core::TaskGraph read_graph_file(const std::filesystem::path& path, double bandwidth) {
  std::string ext = path.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const std::string fmt = ext == ".stg" ? "STG" : ext == ".dot" || ext == ".gv" ? "DOT" : "JSON";
  if (ext != ".stg" && ext != ".dot" && ext != ".gv" && ext != ".json")
    throw DagFormatError("graph file", path.string(),
                         "unknown extension '" + ext + "' (use .stg, .dot, .gv or .json)");
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) throw DagFormatError(fmt, path.string(), "cannot read the file (" + ec.message() + ")");
  if (size > DagFormatLimits::max_file_bytes)
    throw DagFormatError(fmt, path.string(), "file is larger than 256 MiB");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw DagFormatError(fmt, path.string(), "cannot open the file");
  std::string text(size, '\0');
  in.read(text.data(), static_cast<std::streamsize>(size));
  if (ext == ".stg") return read_stg(text);
  if (ext == ".dot" || ext == ".gv") return read_dot(text);
  Json doc;
  try {
    doc = Json::parse(text);
  } catch (const Json::parse_error& e) {
    throw DagFormatError("JSON", "byte " + std::to_string(e.byte), "malformed JSON");
  } catch (const Json::exception& e) {  // out_of_range: a number beyond double (1e999)
    throw DagFormatError("JSON", "", std::string("malformed JSON: ") + e.what());
  }
  if (doc.is_object() && doc.contains("workflow")) return read_wfcommons(text, bandwidth);
  try {
    // A scenario file may be given too: its "graph" is then the graph.
    if (doc.is_object() && doc.contains("graph") && doc["graph"].is_object())
      return read_graph_json(JsonReader(doc["graph"], "/graph"));
    return read_graph_json(JsonReader(doc, ""));
  } catch (const ScenarioError& e) {
    throw DagFormatError("JSON", e.pointer(), e.reason());
  }
}

}  // namespace loadlab::io
