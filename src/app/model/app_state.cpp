#include "app/model/app_state.h"

#include <algorithm>

#include "io/scenario.h"

namespace loadlab::app {

void install_scenario(AppState& s, io::ScenarioPtr parsed, DerivedScenario derived,
                      io::Json document) {
  if (!parsed) return;
  s.derived = std::move(derived);
  s.scenario = std::move(document);
  s.kind = parsed->kind;
  ++s.generation;
  s.parsed = std::move(parsed);
  s.typed_results.clear();
  s.results = nullptr;
  s.selected_result = 0;
}

void set_parsed_scenario(AppState& s, io::ScenarioPtr parsed, const ScenarioDeriver& derive) {
  if (!parsed) return;
  // Everything that can throw happens before s changes, so a failure leaves it as it was.
  DerivedScenario d = derive ? derive(*parsed) : nullptr;
  io::Json document = parsed->document;
  install_scenario(s, std::move(parsed), std::move(d), std::move(document));
}

std::optional<std::string> set_scenario(AppState& s, const io::Json& scenario,
                                        const ScenarioDeriver& derive) {
  try {
    // Parsed once: the runner and the views share this object (no second validation).
    set_parsed_scenario(s, io::parse_scenario(scenario, io::RunContext{}), derive);
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

std::optional<std::string> set_scenario_text(AppState& s, const std::string& text,
                                             const ScenarioDeriver& derive) {
  try {
    return set_scenario(s, io::parse_json_text(text, io::ScenarioLimits::max_document_bytes),
                        derive);
  } catch (const io::ScenarioError& e) {
    return std::string(e.what());
  }
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
  return j;
}

io::Json summary_json(const AppState& s) {
  io::Json j;
  j["kind"] = s.kind;
  j["name"] = s.scenario.is_object() ? s.scenario.value("name", std::string()) : std::string();
  j["status"] = s.status;
  j["status_is_error"] = s.status_is_error;
  j["frames"] = s.frames;
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
