#include "app/shell/live_update.h"

#include <algorithm>

#include "app/balance/view_iterative.h"
#include "app/dag/model_machine_form.h"
#include "app/loop/model_form.h"
#include "app/model/ui_state.h"
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

std::optional<std::string> tab_name(int shown, std::initializer_list<const char*> names) {
  if (shown < 0 || shown >= static_cast<int>(names.size())) return std::nullopt;
  return std::string(names.begin()[shown]);
}

// The newer kinds keep their tab under one plain key of "ui" (in UiState::other).
void set_tab(UiState& u, const char* key, const TabRequest& tabs,
             std::initializer_list<const char*> names) {
  if (auto t = tab_name(tabs.shown, names)) u.other[key] = *t;
}

}  // namespace

io::Json current_ui(const App& app) {
  const AppState& st = app.state;
  UiState u =
      read_ui_state(st.scenario.is_object() && st.scenario.contains("ui") ? st.scenario["ui"]
                                                                          : io::Json::object());
  if (auto sel = selected_name(st)) u.select = sel;
  if (st.kind == "balance") {
    u.step = st.step > 0 ? std::optional<int>(st.step) : std::nullopt;
    const ViewTransform& v = app.balance.view;
    u.zoom = v.zoom != 1.0f ? std::optional<double>(v.zoom) : std::nullopt;
    if (v.pan_x != 0.0f || v.pan_y != 0.0f)
      u.other["pan"] = {v.pan_x, v.pan_y};
    else
      u.other.erase("pan");
    if (has_iterative_results(app))
      set_tab(u, "iterative_view", app.balance_iterative.tabs, kIterativeTabs);
  } else if (st.kind == "dag") {
    if (auto t = tab_name(app.dag.tabs.shown, kDagTabs)) u.tab = t;
    u.compare = app.dag.compare;
    u.comm = app.dag.show_comm;
    if (u.tab == std::string("steps")) u.step = app.dag.steps.step + 1;  // "ui" steps are 1-based
    // The Adversary tab's settings, once it has been opened (a link then reopens it set up).
    if (app.dag.adversary.shown)
      u.other["adversary"] = adversary_settings_json(app.dag.adversary.settings);
  } else if (st.kind == "loop") {
    if (auto t = tab_name(app.loop.tabs.shown, kLoopTabs)) u.loop_view = t;
  } else if (st.kind == "dlt") {
    if (auto t = tab_name(app.dlt.tabs.shown, kDltTabs)) u.dlt_view = t;
    if (u.dlt_view == std::string("ibs") && app.dlt.step >= 0) u.ibs_step = app.dlt.step;
  } else if (st.kind == "dynamic") {
    set_tab(u, "dynamic_view", app.dynamic.tabs, kDynamicTabs);
  } else if (st.kind == "partition") {
    set_tab(u, "partition_view", app.partition.tabs, kPartitionTabs);
  } else if (st.kind == "os") {
    set_tab(u, "os_view", app.os.tabs, kOsTabs);
  }
  return ui_state_json(u);
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
  const std::string kind = doc.value("kind", "");
  try {
    if (kind == "balance") {
      const auto algs = io::algorithm_names_of("balance");
      ScenarioForm f = app.balance.form;
      f.from_json(doc, algs);
      notes = f.make_consistent(algs);
      const io::Json fields = f.to_json(algs);
      for (const char* key : {"loadlab", "kind", "seed", "topology", "loads", "algorithms"})
        doc[key] = fields[key];
      app.balance.form = f;
    } else if (kind == "loop") {
      notes = loop_make_consistent(doc);
    } else if (kind == "dag") {
      notes = dag_machine_make_consistent(doc);  // speeds follow P; refusing schedulers unchecked
    }
  } catch (const io::ScenarioError& e) {
    set_status(app.state, e.what(), true);
    return 0;
  }
  live_apply(app, doc, notes);
  return app.link.last_edit_id;
}

io::Json current_link_document(const App& app) {
  return link_document(app.state.scenario, current_ui(app));
}

void link_frame(App& app) {
  LinkState& l = app.link;
  AppState& st = app.state;
  if (!l.balance_pending) return;
  if (st.kind != "balance") {
    l.balance_pending.reset();
    return;
  }
  BalanceUi& b = *l.balance_pending;
  // Zoom and pan at once (the view was reset when the scenario was installed).
  if (b.zoom || b.pan_x) {
    ViewTransform& v = app.balance.view;
    if (b.zoom) v.zoom = std::clamp(*b.zoom, 0.05f, 400.0f);
    if (b.pan_x) v.pan_x = *b.pan_x, v.pan_y = b.pan_y.value_or(0.0f);
    b.zoom.reset();
    b.pan_x.reset();
  }
  // Selection and step once this scenario's results are in (a run resets both).
  const void* id = results_identity(st);
  if (!id || id == l.balance_results_seen) return;
  l.balance_results_seen = id;
  if (b.select)
    for (std::size_t i = 0; i < st.results.size(); ++i)
      if (st.results[i].value("algorithm", "") == *b.select)
        st.selected_result = static_cast<int>(i);
  if (b.step) st.step = std::clamp(*b.step, 0, step_count(st, st.selected_result));
  l.balance_pending.reset();
}

bool link_sync_due(App& app, double now_seconds) {
  return app.link.sync.poll(app.state.parsed, current_ui(app).dump(), now_seconds);
}

}  // namespace loadlab::app
