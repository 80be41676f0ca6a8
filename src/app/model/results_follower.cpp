#include "app/model/results_follower.h"

#include <algorithm>

namespace loadlab::app {

const void* results_identity(const AppState& s) {
  if (!s.results.is_array()) return nullptr;
  return s.results.get_ptr<const io::Json::array_t*>();
}

bool ResultsFollower::results_changed(const AppState& st) {
  const void* id = results_identity(st);
  const bool changed = id && id != identity;
  identity = id;
  return changed;
}

void ResultsFollower::reselect(AppState& st, const std::vector<std::string>& names) const {
  select_by_name(st, names, selected);
}

std::optional<UiState> ResultsFollower::new_ui(const AppState& st, bool have_results) {
  // Not every frame: the "ui" can only have changed if another scenario was installed.
  if (!have_results || ui_generation == st.generation) return std::nullopt;
  ui_generation = st.generation;
  const std::string ui = st.scenario.contains("ui") ? st.scenario["ui"].dump() : std::string();
  if (ui == ui_seen) return std::nullopt;
  ui_seen = ui;
  return read_ui_state(st.scenario.contains("ui") ? st.scenario["ui"] : io::Json::object());
}

void ResultsFollower::select_by_name(AppState& st, const std::vector<std::string>& names,
                                     const std::optional<std::string>& name) {
  if (!name) return;
  for (std::size_t k = 0; k < names.size(); ++k)
    if (names[k] == *name) st.selected_result = static_cast<int>(k);
}

int ResultsFollower::clamp_selection(AppState& st, int count) {
  return std::clamp(st.selected_result, 0, std::max(0, count - 1));
}

}  // namespace loadlab::app
