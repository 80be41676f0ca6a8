#include "app/model/app_state.h"

#include "io/kinds/balance.h"
#include "io/scenario.h"

namespace loadlab::app {

void set_parsed_scenario(AppState& s, io::ScenarioPtr parsed) {
  if (!parsed) return;
  const io::Json& doc = parsed->document;
  // Everything that can throw happens before s changes, so a failure leaves it as it was.
  std::optional<core::Topology> topology;
  core::LoadVector loads;
  if (const auto* b = dynamic_cast<const io::BalanceScenario*>(parsed.get())) {
    topology = b->topology;  // read once by io (the network view draws its own copy)
    loads = b->loads;
  }
  s.layout = topology ? topology->layout() : std::vector<core::Point>{};
  s.topology = std::move(topology);
  s.loads = std::move(loads);
  s.scenario = doc;
  s.kind = parsed->kind;
  s.parsed = std::move(parsed);
  s.typed_results.clear();
  s.results = nullptr;
  s.selected_result = 0;
  s.step = 0;
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

int step_count(const AppState& s, int index) {
  if (!s.results.is_array() || index < 0 || index >= static_cast<int>(s.results.size())) return 0;
  const auto& r = s.results[index];
  int steps = 0;
  if (r.contains("transfers"))
    for (const auto& t : r["transfers"]) steps = std::max(steps, t.value("step", 0) + 1);
  return steps;
}

core::LoadVector loads_after_step(const AppState& s, int index, int step) {
  core::LoadVector w = s.loads;
  if (!s.results.is_array() || index < 0 || index >= static_cast<int>(s.results.size())) return w;
  const auto& r = s.results[index];
  if (!r.contains("transfers")) return w;
  const int n = static_cast<int>(w.size());
  for (const auto& t : r["transfers"]) {
    if (t.value("step", 0) >= step) continue;
    const int from = t.value("from", -1), to = t.value("to", -1);
    const auto count = t.value("count", std::int64_t{0});
    if (from < 0 || to < 0 || from >= n || to >= n) continue;
    w[from] -= count;
    w[to] += count;
  }
  return w;
}

io::Json state_json(const AppState& s, bool cross_origin_isolated) {
  io::Json j;
  j["scenario"] = s.scenario;
  j["kind"] = s.kind;
  j["results"] = s.results;
  j["status"] = s.status;
  j["status_is_error"] = s.status_is_error;
  j["cross_origin_isolated"] = cross_origin_isolated;
  j["worker_ran"] = s.worker_ran;
  j["worker_thread_differs"] = s.worker_thread_differs;
  j["frames"] = s.frames;
  j["nodes"] = s.topology ? s.topology->size() : 0;
  j["step"] = s.step;
  return j;
}

void set_status(AppState& s, std::string text, bool error) {
  s.status = std::move(text);
  s.status_is_error = error;
}

}  // namespace loadlab::app
