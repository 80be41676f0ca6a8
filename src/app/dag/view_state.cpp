// The DAG view's shared state (view_dag_shared.h): the model built on a worker when the scenario's
// graph changes, view settings a scenario may carry in "ui", and the results' schedules mapped onto
// the model's task indices (cached per results array).
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/dag/module.h"
#include "app/dag/view.h"
#include "app/model/results_follower.h"
#include "app/model/ui_state.h"
#include "app/shell/app.h"
#include "app/widgets/gantt_chart.h"
#include "io/kinds/dag.h"

namespace loadlab::app {

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

namespace {

// The identity of the installed scenario's graph: hashed on the opener's worker (DagDerived), or
// here when the scenario was installed without its derived data; 0 without a dag graph.
std::uint64_t dag_wanted_graph(const AppState& st) {
  if (const auto* d = dynamic_cast<const DagDerived*>(st.derived.get())) return d->graph_identity;
  const auto* dag = dynamic_cast<const io::DagScenario*>(st.parsed.get());
  return dag && dag->graph ? dag_graph_identity(*dag->graph) : 0;
}

}  // namespace

void dag_refresh_model(App& app) {
  DagViewState& v = dag_state(app);
  if (app.state.generation != v.scenario_generation) {
    v.scenario_generation = app.state.generation;
    v.wanted_key = dag_wanted_graph(app.state);
    // View state a scenario may carry ("ui" is a common key): {"tab": "graph"|"gantt"|"steps"|
    // "adversary", "compare": bool, "comm": bool, "zoom": k, "step": k, "adversary": {...}}.
    // Applied once per distinct value, so edits (which keep "ui") do not keep resetting the tab.
    const io::Json ui = app.state.scenario.value("ui", io::Json::object());
    const std::string dumped = ui.dump();
    if (ui.is_object() && dumped != v.applied_ui) {
      v.applied_ui = dumped;
      const UiState u = read_ui_state(ui);
      const int tab = ui_tab_index(ui_string(u, "tab"), kDagTabs);
      if (tab >= 0) v.tabs.request(tab);
      if (auto compare = ui_bool(u, "compare")) v.compare = *compare;
      if (auto comm = ui_bool(u, "comm")) v.show_comm = *comm;
      // The graph's zoom after fitting, within the view's range.
      if (auto zoom = ui_number(u, "zoom")) v.ui_zoom = std::clamp(*zoom, 1.0, 1000.0);
      // The Adversary tab's settings travel in "ui"."adversary".
      if (u.other.contains("adversary")) {
        v.adversary.settings = read_adversary_settings(u.other["adversary"]);
        v.adversary.shown = true;
      }
    }
  }
  if (auto done = v.builder.poll()) {
    if (*done && (!v.model || v.model->key != (*done)->key)) v.fit = true;
    if (*done) v.model = *done;
  }
  if (!v.builder.busy() && v.wanted_key != 0 && (!v.model || v.model->key != v.wanted_key)) {
    io::ScenarioPtr s = app.state.parsed;  // the typed scenario: io built the graph once
    const std::uint64_t key = v.wanted_key;
    v.builder.start([s = std::move(s), key](const JobControl&) { return build_dag_model(s, key); });
  }
}

std::shared_ptr<const DagModel> dag_current_model(const App& app) {
  const DagViewState& v = dag_state(app);
  if (v.model && v.wanted_key != 0 && v.model->key == v.wanted_key) return v.model;
  return nullptr;
}

const DagSchedule* dag_schedule(const App& app, int index) {
  const AppState& st = app.state;
  auto model = dag_current_model(app);
  if (!model || !model->error.empty()) return nullptr;
  if (index < 0 || index >= static_cast<int>(st.typed_results.size())) return nullptr;
  DagScheduleCache& c = dag_state(app).schedules;
  if (c.results != results_identity(st) || c.model != model.get()) {
    c.results = results_identity(st);
    c.model = model.get();
    c.by_index.clear();
    c.by_index.resize(st.typed_results.size());
  }
  auto& slot = c.by_index[static_cast<std::size_t>(index)];
  if (!slot) {
    // The typed result (io::DagRunResult): task ids of the graph io built, which the model's
    // graph shares (same graph key), so no result JSON is read back.
    const auto* r = dynamic_cast<const io::DagRunResult*>(
        st.typed_results[static_cast<std::size_t>(index)].get());
    if (!r || r->failed()) return nullptr;
    auto s = std::make_unique<DagSchedule>();
    s->algorithm = r->algorithm;
    s->makespan = r->metrics.makespan;
    s->lower_bound = r->metrics.lower_bound;
    // The machine of the scenario these results belong to (the same graph object io built).
    if (const auto* sc = dynamic_cast<const io::DagScenario*>(st.parsed.get());
        sc && sc->graph == r->graph && !sc->machine.trivial()) {
      s->owner = st.parsed;
      s->machine = &sc->machine;
    }
    const auto* scenario = dynamic_cast<const io::DagScenario*>(st.parsed.get());
    int procs = std::max(scenario ? scenario->processors : 1, r->processors);
    const auto& g = model->graph;
    const bool same_graph = r->graph && r->graph->size() == g.size();
    s->entry_of_task.assign(static_cast<std::size_t>(g.size()), -1);
    s->entries.reserve(r->schedule.entries.size());
    for (const auto& en : r->schedule.entries) {
      if (!same_graph || en.task < 0 || en.task >= g.size()) {
        ++s->unknown_tasks;
        continue;
      }
      procs = std::max(procs, en.proc + 1);
      const double want = s->exec(g, en.task, en.proc);
      if (std::fabs((en.finish - en.start) - want) > 1e-6 * std::max(1.0, want))
        ++s->cost_mismatches;
      if (en.duplicate)
        ++s->duplicates;
      else
        s->entry_of_task[static_cast<std::size_t>(en.task)] =
            static_cast<std::int64_t>(s->entries.size());
      s->entries.push_back(en);
    }
    s->processors = std::max(1, procs);
    slot = std::move(s);
  }
  return slot.get();
}

}  // namespace loadlab::app
