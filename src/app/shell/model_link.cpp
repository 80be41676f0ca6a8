#include "app/shell/model_link.h"

#include "app/model/ui_state.h"
#include "app/shell/registry.h"
#include "app/shell/ui.h"

namespace loadlab::app {

io::Json link_document(const io::Json& scenario, const io::Json& ui) {
  return link_document(io::Json(scenario), ui);
}

io::Json link_document(io::Json&& scenario, const io::Json& ui) {
  io::Json doc = std::move(scenario);
  if (!doc.is_object()) return doc;
  if (ui.is_object() && !ui.empty())
    doc["ui"] = ui;
  else
    doc.erase("ui");
  return doc;
}

namespace {

std::optional<std::string> selected_name(const AppState& st) {
  if (!st.results.is_array() || st.selected_result < 0 ||
      st.selected_result >= static_cast<int>(st.results.size()))
    return std::nullopt;
  const std::string name =
      st.results[static_cast<std::size_t>(st.selected_result)].value("algorithm", "");
  if (name.empty()) return std::nullopt;
  return name;
}

UiState link_scenario_ui(const AppState& st) {
  return read_ui_state(st.scenario.is_object() && st.scenario.contains("ui") ? st.scenario["ui"]
                                                                             : io::Json::object());
}

// The scenario's "ui" overlaid with what is visible now: the selection, the kind's view state.
UiState link_visible_ui(const App& app, UiState u) {
  if (auto sel = selected_name(app.state)) u.select = sel;
  if (const KindModule* k = find_kind_module(app.state.kind)) k->save_ui(app, u);
  return u;
}

}  // namespace

io::Json current_ui(const App& app) {
  return ui_state_json(link_visible_ui(app, link_scenario_ui(app.state)));
}

const std::string& current_ui_text(App& app) {
  UiTextCache& c = app.link.ui_text;
  // The scenario (and its "ui") is replaced only by install_scenario, which bumps the generation.
  if (!c.valid || c.generation != app.state.generation) {
    c.base = link_scenario_ui(app.state);
    c.generation = app.state.generation;
  }
  UiState u = link_visible_ui(app, c.base);
  if (!c.valid || !(u == c.written)) {
    c.text = ui_state_json(u).dump();
    c.written = std::move(u);
    c.valid = true;
    ++c.dumps;
  }
  return c.text;
}

io::Json current_link_document(const App& app) {
  return link_document(app.state.scenario, current_ui(app));
}

}  // namespace loadlab::app
