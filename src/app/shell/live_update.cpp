#include "app/shell/live_update.h"

#include <imgui.h>

#include <algorithm>

#include "app/model/ui_state.h"
#include "app/shell/registry.h"
#include "io/scenario.h"

namespace loadlab::app {

namespace {

int live_apply_now(App& app, const io::Json& scenario, const std::vector<std::string>& notes) {
  app.link.edit_pending = false;
  app.link.pending_edit = nullptr;
  app.link.pending_notes.clear();
  std::string note;
  for (const auto& n : notes) note += (note.empty() ? "" : "; ") + n;
  app.link.run_note = note;
  // Parsed on the worker (a generator may build a million tasks); once installed it runs, and a
  // run in progress is superseded (app_run cancels it and re-runs when it stops). Errors arrive
  // in the status line and leave the previous scenario.
  app.link.last_edit_id = app_apply_edit(app, scenario, true);
  return app.link.last_edit_id;
}

// The edit with the form's consistency rules applied, or null (reason in the status line).
io::Json live_field_edit(App& app, const std::string& pointer, const io::Json& value,
                         std::vector<std::string>& notes) {
  io::Json doc = app_edit_base(app);
  try {
    doc[io::Json::json_pointer(pointer)] = value;
  } catch (const std::exception& e) {
    set_status(app.state, "setField " + pointer + ": " + e.what(), true);
    return nullptr;
  }
  try {
    if (const KindModule* k = find_kind_module(doc.value("kind", "")))
      notes = k->make_consistent(app, doc);
  } catch (const io::ScenarioError& e) {
    set_status(app.state, e.what(), true);
    return nullptr;
  }
  return doc;
}

}  // namespace

bool live_apply(App& app, const io::Json& scenario, const std::vector<std::string>& notes) {
  // Notes of edits merged into one pending edit all stay (each says what the form changed).
  std::vector<std::string> all =
      app.link.edit_pending ? app.link.pending_notes : std::vector<std::string>{};
  for (const auto& n : notes)
    if (std::find(all.begin(), all.end(), n) == all.end()) all.push_back(n);
  app.link.pending_edit = scenario;
  app.link.pending_notes = std::move(all);
  app.link.edit_pending = true;
  app.link.edit_due = ImGui::GetTime() + kEditPauseSeconds;
  return true;
}

void live_update_tick(App& app, double now) {
  if (!app.link.edit_pending || now < app.link.edit_due) return;
  // Still dragging or typing: the pause starts when the mouse button or the key is let go.
  if (ImGui::IsAnyItemActive()) {
    app.link.edit_due = now + kEditPauseSeconds;
    return;
  }
  live_update_flush(app);
}

bool live_update_flush(App& app) {
  if (!app.link.edit_pending) return false;
  const io::Json doc = std::move(app.link.pending_edit);
  const std::vector<std::string> notes = std::move(app.link.pending_notes);
  live_apply_now(app, doc, notes);
  return true;
}

int form_set_field(App& app, const std::string& pointer, const io::Json& value) {
  std::vector<std::string> notes;
  io::Json doc = live_field_edit(app, pointer, value, notes);
  if (doc.is_null()) return 0;
  return live_apply_now(app, doc, notes);
}

bool form_edit_field(App& app, const std::string& pointer, const io::Json& value) {
  std::vector<std::string> notes;
  io::Json doc = live_field_edit(app, pointer, value, notes);
  if (doc.is_null()) return false;
  return live_apply(app, doc, notes);
}

bool link_sync_due(App& app, double now_seconds) {
  return app.link.sync.poll(app.state.parsed, current_ui_text(app), now_seconds);
}

}  // namespace loadlab::app
