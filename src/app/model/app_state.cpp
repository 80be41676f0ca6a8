#include "app/model/app_state.h"

#include <algorithm>

#include "io/kinds/balance.h"
#include "io/kinds/dynamic.h"
#include "io/kinds/partition.h"
#include "io/scenario.h"

namespace loadlab::app {

DerivedScenario derive_scenario(const io::TypedScenario& parsed) {
  DerivedScenario d;
  if (const auto* b = dynamic_cast<const io::BalanceScenario*>(&parsed)) {
    d.topology = b->topology;  // read once by io (the network view draws its own copy)
    d.loads = b->loads;
    d.layout = d.topology->layout();
  }
  // The dynamic and partition views ask the network for its layout on the UI thread; for a big
  // custom graph that is the graph layout (up to seconds), so compute it here, on the worker, into
  // the layout's per-graph cache, and the views get it at once.
  if (const auto* dyn = dynamic_cast<const io::DynamicScenario*>(&parsed))
    (void)dyn->topology.layout();
  if (const auto* part = dynamic_cast<const io::PartitionScenario*>(&parsed))
    if (part->topology) (void)part->topology->layout();
  return d;
}

void install_scenario(AppState& s, io::ScenarioPtr parsed, DerivedScenario derived) {
  if (!parsed) return;
  s.layout = std::move(derived.layout);
  s.topology = std::move(derived.topology);
  s.loads = std::move(derived.loads);
  s.scenario = parsed->document;
  s.kind = parsed->kind;
  s.parsed = std::move(parsed);
  s.typed_results.clear();
  s.results = nullptr;
  s.selected_result = 0;
  s.step = 0;
  s.mesh_layout.clear();
}

void set_parsed_scenario(AppState& s, io::ScenarioPtr parsed) {
  if (!parsed) return;
  // Everything that can throw happens before s changes, so a failure leaves it as it was.
  DerivedScenario d = derive_scenario(*parsed);
  install_scenario(s, std::move(parsed), std::move(d));
}

std::optional<std::string> set_scenario(AppState& s, const io::Json& scenario) {
  try {
    // Parsed once: the runner and the views share this object (no second validation).
    set_parsed_scenario(s, io::parse_scenario(scenario, io::RunContext{}));
    return std::nullopt;
  } catch (const io::ScenarioError& e) {
    return std::string(e.what());
  } catch (const std::exception& e) {
    return std::string("scenario: ") + e.what();
  }
}

void set_results(AppState& s, std::vector<io::ResultPtr> typed, io::Json entries) {
  s.typed_results = std::move(typed);
  s.results = std::move(entries);
}

std::optional<std::string> set_scenario_text(AppState& s, const std::string& text) {
  try {
    return set_scenario(s, io::parse_json_text(text, io::ScenarioLimits::max_document_bytes));
  } catch (const io::ScenarioError& e) {
    return std::string(e.what());
  }
}

namespace {

const io::BalanceRunResult* balance_result(const AppState& s, int index) {
  if (index < 0 || index >= static_cast<int>(s.typed_results.size())) return nullptr;
  const auto* r = dynamic_cast<const io::BalanceRunResult*>(
      s.typed_results[static_cast<std::size_t>(index)].get());
  return r && !r->failed() ? r : nullptr;
}

}  // namespace

int step_count(const AppState& s, int index) {
  const io::BalanceRunResult* r = balance_result(s, index);
  if (!r) return 0;
  int steps = 0;
  for (const auto& t : r->result.transfers) steps = std::max(steps, t.step + 1);
  return steps;
}

io::Json state_json(const AppState& s, bool cross_origin_isolated) {
  io::Json j;
  j["scenario"] = s.scenario;
  j["kind"] = s.kind;
  j["results"] = s.results;
  j["status"] = s.status;
  j["status_is_error"] = s.status_is_error;
  j["status_pinned"] = s.status_pinned;
  j["cross_origin_isolated"] = cross_origin_isolated;
  j["worker_ran"] = s.worker_ran;
  j["worker_thread_differs"] = s.worker_thread_differs;
  j["frames"] = s.frames;
  j["nodes"] = s.topology ? s.topology->size() : 0;
  j["step"] = s.step;
  j["mesh_layout"] = s.mesh_layout;
  return j;
}

io::Json summary_json(const AppState& s) {
  io::Json j;
  j["kind"] = s.kind;
  j["name"] = s.scenario.is_object() ? s.scenario.value("name", std::string()) : std::string();
  j["status"] = s.status;
  j["status_is_error"] = s.status_is_error;
  j["frames"] = s.frames;
  j["nodes"] = s.topology ? s.topology->size() : 0;
  const io::Json* graph =
      s.scenario.is_object() && s.scenario.contains("graph") ? &s.scenario["graph"] : nullptr;
  if (graph && graph->is_object() && graph->contains("tasks") && (*graph)["tasks"].is_array())
    j["tasks"] = (*graph)["tasks"].size();
  io::Json results = io::Json::array();
  if (s.results.is_array()) {
    for (const auto& r : s.results) {
      io::Json e = {{"algorithm", r.value("algorithm", std::string())},
                    {"verified", r.value("verified", false)}};
      if (r.contains("error")) e["error"] = r["error"];
      if (r.contains("makespan")) e["makespan"] = r["makespan"];
      results.push_back(std::move(e));
    }
  }
  j["results"] = std::move(results);
  return j;
}

void set_status(AppState& s, std::string text, bool error) {
  if (s.status_pinned && !error) return;
  s.status = std::move(text);
  s.status_is_error = error;
}

}  // namespace loadlab::app
