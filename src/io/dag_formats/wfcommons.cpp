// WfCommons WfFormat 1.5 reader (../shared/data/README.md, wfcommons/): tasks and their files from
// workflow.specification, runtimes from workflow.execution. comp(t) = runtimeInSeconds;
// comm(parent, child) = total sizeInBytes of the files the child reads that the parent writes,
// divided by the user's bandwidth in bytes per second. Parent links come from both "parents" and
// "children" (they should agree; the union is used).
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "io/dag_formats/dag_formats.h"

namespace loadlab::io {

namespace {

[[noreturn]] void fail(const std::string& where, const std::string& why) {
  throw DagFormatError("WfCommons", where, why);
}

const Json& member(const Json& obj, const char* key, const std::string& ptr) {
  if (!obj.is_object()) fail(ptr, "must be an object");
  auto it = obj.find(key);
  if (it == obj.end()) fail(ptr + "/" + key, "is required");
  return *it;
}

const Json& array_member(const Json& obj, const char* key, const std::string& ptr) {
  const Json& a = member(obj, key, ptr);
  if (!a.is_array()) fail(ptr + "/" + key, "must be an array");
  return a;
}

std::string string_at(const Json& v, const std::string& ptr) {
  if (!v.is_string()) fail(ptr, "must be a string");
  return v.get<std::string>();
}

}  // namespace

core::TaskGraph read_wfcommons(std::string_view text, double bandwidth) {
  if (!(bandwidth > 0) || !std::isfinite(bandwidth))
    fail("", "bandwidth must be a positive number of bytes per second");
  Json doc;
  try {
    doc = Json::parse(text.begin(), text.end());
  } catch (const Json::parse_error& e) {
    fail("byte " + std::to_string(e.byte), "malformed JSON");
  } catch (const Json::exception& e) {  // out_of_range: a number beyond double (1e999)
    fail("", std::string("malformed JSON: ") + e.what());
  }
  return read_wfcommons_json(doc, bandwidth);
}

core::TaskGraph read_wfcommons_json(const Json& doc, double bandwidth) {
  if (!(bandwidth > 0) || !std::isfinite(bandwidth))
    fail("", "bandwidth must be a positive number of bytes per second");
  if (doc.contains("schemaVersion") && doc["schemaVersion"].is_string()) {
    const std::string v = doc["schemaVersion"].get<std::string>();
    if (v.rfind("1.", 0) != 0) fail("/schemaVersion", "unsupported WfFormat version " + v);
  }
  const Json& wf = member(doc, "workflow", "");
  const Json& spec = member(wf, "specification", "/workflow");
  const Json& exec = member(wf, "execution", "/workflow");
  const Json& tasks = array_member(spec, "tasks", "/workflow/specification");
  if (tasks.empty()) fail("/workflow/specification/tasks", "has no tasks");
  if (static_cast<std::int64_t>(tasks.size()) > core::GraphLimits::max_tasks)
    fail("/workflow/specification/tasks", "too many tasks");

  std::map<std::string, double> file_bytes;
  if (spec.contains("files")) {
    const Json& files = array_member(spec, "files", "/workflow/specification");
    for (std::size_t i = 0; i < files.size(); ++i) {
      const std::string ptr = "/workflow/specification/files/" + std::to_string(i);
      const std::string id = string_at(member(files[i], "id", ptr), ptr + "/id");
      const Json& b = member(files[i], "sizeInBytes", ptr);
      if (!b.is_number() || !(b.get<double>() >= 0))
        fail(ptr + "/sizeInBytes", "must be a non-negative number");
      file_bytes[id] = b.get<double>();
    }
  }
  std::map<std::string, double> runtime;
  const Json& etasks = array_member(exec, "tasks", "/workflow/execution");
  for (std::size_t i = 0; i < etasks.size(); ++i) {
    const std::string ptr = "/workflow/execution/tasks/" + std::to_string(i);
    const std::string id = string_at(member(etasks[i], "id", ptr), ptr + "/id");
    const Json& r = member(etasks[i], "runtimeInSeconds", ptr);
    if (!r.is_number() || !(r.get<double>() >= 0) || r.get<double>() > core::GraphLimits::max_cost)
      fail(ptr + "/runtimeInSeconds", "must be a non-negative number");
    runtime[id] = r.get<double>();
  }

  std::map<std::string, core::TaskId> index;
  std::vector<std::string> names;
  std::vector<double> comp;
  std::vector<std::set<std::string>> inputs(tasks.size()), outputs(tasks.size());
  for (std::size_t i = 0; i < tasks.size(); ++i) {
    const std::string ptr = "/workflow/specification/tasks/" + std::to_string(i);
    const std::string id = string_at(member(tasks[i], "id", ptr), ptr + "/id");
    if (!index.emplace(id, static_cast<core::TaskId>(i)).second)
      fail(ptr + "/id", "duplicate task id " + id);
    auto rt = runtime.find(id);
    if (rt == runtime.end())
      fail(ptr + "/id", "task " + id + " has no runtimeInSeconds in workflow.execution.tasks");
    names.push_back(id);
    comp.push_back(rt->second);
    for (const char* key : {"inputFiles", "outputFiles"}) {
      if (!tasks[i].contains(key)) continue;
      const Json& fl = array_member(tasks[i], key, ptr);
      for (std::size_t k = 0; k < fl.size(); ++k) {
        const std::string f = string_at(fl[k], ptr + "/" + key + "/" + std::to_string(k));
        if (!file_bytes.count(f))
          fail(ptr + "/" + key + "/" + std::to_string(k), "unknown file " + f);
        (key[0] == 'i' ? inputs[i] : outputs[i]).insert(f);
      }
    }
  }
  std::set<std::pair<core::TaskId, core::TaskId>> links;
  for (std::size_t i = 0; i < tasks.size(); ++i) {
    const std::string ptr = "/workflow/specification/tasks/" + std::to_string(i);
    for (const char* key : {"parents", "children"}) {
      if (!tasks[i].contains(key)) continue;
      const Json& l = array_member(tasks[i], key, ptr);
      for (std::size_t k = 0; k < l.size(); ++k) {
        const std::string where = ptr + "/" + key + "/" + std::to_string(k);
        const std::string other = string_at(l[k], where);
        auto it = index.find(other);
        if (it == index.end()) fail(where, "unknown task " + other);
        const auto me = static_cast<core::TaskId>(i);
        if (it->second == me) fail(where, "task " + other + " depends on itself");
        links.insert(key[0] == 'p' ? std::make_pair(it->second, me)
                                   : std::make_pair(me, it->second));
      }
    }
  }
  std::vector<core::DagEdge> edges;
  edges.reserve(links.size());
  for (const auto& [a, b] : links) {
    double bytes = 0;
    for (const auto& f : inputs[b])
      if (outputs[a].count(f)) bytes += file_bytes[f];
    edges.push_back({a, b, bytes / bandwidth});
  }
  try {
    return core::TaskGraph(std::move(comp), std::move(edges), std::move(names));
  } catch (const core::GraphError& e) {
    fail("", e.what());
  }
}

}  // namespace loadlab::io
