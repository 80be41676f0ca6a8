#include "app/app_state.h"

#include "io/kinds/balance.h"
#include "io/scenario.h"

namespace loadlab::app {

std::optional<std::string> set_scenario(AppState& s, const io::Json& scenario) {
  try {
    io::Json doc = io::migrate_scenario(scenario);
    io::validate_scenario(doc, io::RunContext{});
    const std::string kind = doc.at("kind").get<std::string>();
    if (kind == "balance") {
      auto b = io::read_balance_scenario(io::JsonReader(doc, ""));
      s.layout = b.topology.layout();
      s.topology = std::move(b.topology);
      s.loads = std::move(b.loads);
    } else {
      s.topology.reset();
      s.loads.clear();
      s.layout.clear();
    }
    s.scenario = std::move(doc);
    s.kind = kind;
    s.results = nullptr;
    s.selected_result = 0;
    s.step = 0;
    return std::nullopt;
  } catch (const io::ScenarioError& e) {
    return std::string(e.what());
  } catch (const std::exception& e) {
    return std::string("scenario: ") + e.what();
  }
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
