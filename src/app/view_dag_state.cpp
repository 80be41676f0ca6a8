// The DAG view's shared state (view_dag_shared.h): the model built on a worker when the scenario's
// graph changes, view settings a scenario may carry in "ui", and the results' schedules mapped onto
// the model's task indices (cached per results array).
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/gantt_chart.h"
#include "app/live_update.h"
#include "app/view_dag_shared.h"

namespace loadlab::app {

namespace {

struct ScheduleCache {
  const void* results = nullptr;
  const DagModel* model = nullptr;
  std::vector<std::unique_ptr<DagSchedule>> by_index;
};

ScheduleCache& schedule_cache() {
  static ScheduleCache c;
  return c;
}

}  // namespace

DagViewState& dag_view_state() {
  static DagViewState v;
  return v;
}

ImU32 dag_layer_colour(int layer, int layers) {
  // Hue runs blue -> green -> orange with depth, so merged (averaged) bars of a huge schedule still
  // show how far into the graph each processor is; alternate layers are shaded apart.
  const float f = layers > 1 ? static_cast<float>(layer) / static_cast<float>(layers - 1) : 0.0f;
  float r, g, b;
  ImGui::ColorConvertHSVtoRGB(0.62f - 0.54f * f, 0.55f, layer % 2 ? 0.74f : 0.90f, r, g, b);
  return ImGui::ColorConvertFloat4ToU32({r, g, b, 1.0f});
}
ImU32 dag_proc_colour(int proc) {
  return palette_colour(proc * 3 + 1, 0.88f);
}

void dag_refresh_model(App& app) {
  DagViewState& v = dag_view_state();
  const void* id = app.state.scenario.is_object()
                       ? app.state.scenario.get_ptr<const io::Json::object_t*>()
                       : nullptr;
  if (id != v.scenario_identity) {
    v.scenario_identity = id;
    v.wanted_key = graph_key(app.state.scenario);
    // View state a scenario may carry ("ui" is a common key): {"tab": "graph"|"gantt"|"steps",
    // "compare": bool, "comm": bool, "zoom": k, "step": k}. Applied once per distinct value, so
    // edits (which keep "ui") do not keep resetting the tab.
    const io::Json ui = app.state.scenario.value("ui", io::Json::object());
    const std::string dumped = ui.dump();
    if (ui.is_object() && dumped != v.applied_ui) {
      v.applied_ui = dumped;
      const std::string tab = ui.value("tab", std::string());
      if (tab == "graph") v.tab_request = 0;
      if (tab == "gantt") v.tab_request = 1;
      if (tab == "steps") v.tab_request = 2;
      if (ui.contains("compare") && ui["compare"].is_boolean())
        v.compare = ui["compare"].get<bool>();
      if (ui.contains("comm") && ui["comm"].is_boolean()) v.show_comm = ui["comm"].get<bool>();
      if (ui.contains("zoom") && ui["zoom"].is_number())
        v.ui_zoom = std::clamp(ui["zoom"].get<double>(), 1.0, 1000.0);
    }
  }
  if (auto done = v.builder.poll()) {
    if (*done && (!v.model || v.model->key != (*done)->key)) v.fit = true;
    if (*done) v.model = *done;
  }
  if (!v.builder.busy() && !v.wanted_key.empty() && (!v.model || v.model->key != v.wanted_key)) {
    io::Json s = app.state.scenario;
    std::string key = v.wanted_key;
    v.builder.start([s = std::move(s), key = std::move(key)] { return build_dag_model(s, key); });
  }
}

std::shared_ptr<const DagModel> dag_current_model() {
  const DagViewState& v = dag_view_state();
  if (v.model && v.model->key == v.wanted_key) return v.model;
  return nullptr;
}

const DagSchedule* dag_schedule(const App& app, int index) {
  const AppState& st = app.state;
  auto model = dag_current_model();
  if (!model || !model->error.empty() || !st.results.is_array()) return nullptr;
  if (index < 0 || index >= static_cast<int>(st.results.size())) return nullptr;
  ScheduleCache& c = schedule_cache();
  if (c.results != results_identity(st) || c.model != model.get()) {
    c.results = results_identity(st);
    c.model = model.get();
    c.by_index.clear();
    c.by_index.resize(st.results.size());
  }
  auto& slot = c.by_index[static_cast<std::size_t>(index)];
  if (!slot) {
    const io::Json& r = st.results[static_cast<std::size_t>(index)];
    auto s = std::make_unique<DagSchedule>();
    s->algorithm = r.value("algorithm", "?");
    s->makespan = r.value("makespan", 0.0);
    int procs = st.scenario.value("processors", 1);
    if (r.contains("metrics")) procs = std::max(procs, r["metrics"].value("processors", 1));
    const auto& g = model->graph;
    s->entry_of_task.assign(static_cast<std::size_t>(g.size()), -1);
    if (r.contains("schedule") && r["schedule"].is_array()) {
      s->entries.reserve(r["schedule"].size());
      for (const auto& e : r["schedule"]) {
        const io::Json& task = e.contains("task") ? e["task"] : io::Json();
        auto it = model->by_name.find(task.is_string() ? task.get<std::string>() : task.dump());
        if (it == model->by_name.end()) {
          ++s->unknown_tasks;
          continue;
        }
        core::ScheduleEntry en{it->second, e.value("proc", 0), e.value("start", 0.0),
                               e.value("finish", 0.0)};
        procs = std::max(procs, en.proc + 1);
        if (std::fabs((en.finish - en.start) - g.comp(en.task)) >
            1e-6 * std::max(1.0, g.comp(en.task)))
          ++s->cost_mismatches;
        s->entry_of_task[static_cast<std::size_t>(en.task)] =
            static_cast<std::int64_t>(s->entries.size());
        s->entries.push_back(en);
      }
    }
    s->processors = std::max(1, procs);
    slot = std::move(s);
  }
  return slot.get();
}

}  // namespace loadlab::app
