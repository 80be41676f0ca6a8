#include "app/shell/live_update.h"

#include <algorithm>

#include "app/model/ui_state.h"
#include "app/shell/registry.h"
#include "io/scenario.h"

namespace loadlab::app {

bool live_apply(App& app, const io::Json& scenario, const std::vector<std::string>& notes) {
  std::string note;
  for (const auto& n : notes) note += (note.empty() ? "" : "; ") + n;
  app.link.run_note = note;
  // Parsed on the worker (a generator may build a million tasks); once installed it runs, and a
  // run in progress is superseded (app_run cancels it and re-runs when it stops). Errors arrive
  // in the status line and leave the previous scenario.
  app.link.last_edit_id = app_apply_edit(app, scenario, true);
  return true;
}

int form_set_field(App& app, const std::string& pointer, const io::Json& value) {
  io::Json doc = app_edit_base(app);
  try {
    doc[io::Json::json_pointer(pointer)] = value;
  } catch (const std::exception& e) {
    set_status(app.state, "setField " + pointer + ": " + e.what(), true);
    return 0;
  }
  std::vector<std::string> notes;
  try {
    if (const KindModule* k = find_kind_module(doc.value("kind", "")))
      notes = k->make_consistent(app, doc);
  } catch (const io::ScenarioError& e) {
    set_status(app.state, e.what(), true);
    return 0;
  }
  live_apply(app, doc, notes);
  return app.link.last_edit_id;
}

bool link_sync_due(App& app, double now_seconds) {
  return app.link.sync.poll(app.state.parsed, current_ui(app).dump(), now_seconds);
}

}  // namespace loadlab::app
