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

}  // namespace

io::Json current_ui(const App& app) {
  const AppState& st = app.state;
  UiState u =
      read_ui_state(st.scenario.is_object() && st.scenario.contains("ui") ? st.scenario["ui"]
                                                                          : io::Json::object());
  if (auto sel = selected_name(st)) u.select = sel;
  if (const KindModule* k = find_kind_module(st.kind)) k->save_ui(app, u);
  return ui_state_json(u);
}

io::Json current_link_document(const App& app) {
  return link_document(app.state.scenario, current_ui(app));
}

}  // namespace loadlab::app
