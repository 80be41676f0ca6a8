// The "dag" kind's module: its room and every hook the shell calls (shell/registry.h).
#include "app/dag/module.h"

#include <algorithm>

#include "app/dag/model_import.h"
#include "app/dag/model_machine_form.h"
#include "app/dag/model_online.h"
#include "app/dag/view.h"
#include "app/model/ui_state.h"
#include "app/shell/registry.h"

namespace loadlab::app {

namespace {

struct DagRoom : KindRoom {
  DagViewState state;
};

class DagModule final : public KindModule {
 public:
  const char* kind() const override { return "dag"; }
  const char* window_title() const override { return "Task graph###main"; }
  std::unique_ptr<KindRoom> make_room() const override { return std::make_unique<DagRoom>(); }
  void draw_form(App& app) const override { draw_dag_form(app); }
  void draw_views(App& app) const override { draw_dag_view(app); }

  // The graph's identity, hashed on the opener's worker (the view keys its model on it).
  DerivedScenario derive(const io::TypedScenario& parsed) const override {
    return derive_dag_scenario(parsed);
  }

  void save_ui(const App& app, UiState& u) const override {
    const DagViewState& d = dag_state(app);
    if (auto t = ui_tab_name(d.tabs.shown, kDagTabs)) ui_put(u, "tab", t);
    ui_put(u, "compare", std::optional<bool>(d.compare));
    ui_put(u, "comm", std::optional<bool>(d.show_comm));
    if (ui_string(u, "tab") == std::string("steps"))  // "ui" steps are 1-based
      ui_put(u, "step", std::optional<int>(d.steps.step + 1));
    // The Adversary tab's settings, once it has been opened (a link then reopens it set up).
    if (d.adversary.shown) u.other["adversary"] = adversary_settings_json(d.adversary.settings);
  }

  std::vector<std::string> make_consistent(App&, io::Json& doc) const override {
    return dag_machine_make_consistent(doc);  // speeds follow P; refusing schedulers unchecked
  }

  std::vector<MetricHelp> metric_help() const override {
    return {
        {"makespan", "makespan", "Finish time of the last task of the schedule.", "time units", -1},
        {"lower_bound", "lower bound",
         "max(critical path, total work / P): no schedule is shorter. On a machine: the critical "
         "path of each task's fastest time, and total cost / sum of speeds (ETC: sum of per-task "
         "minima / P).",
         "time units", 0},
        {"nsl_lower_bound", "NSL (bound)",
         "Makespan divided by the lower bound (normalised schedule length).", "ratio", -1},
        {"nsl_mcp", "NSL vs MCP", "Makespan divided by MCP's makespan (FLB paper Section 6).",
         "ratio", -1},
        {"nsl_heft", "NSL vs HEFT",
         "Makespan divided by HEFT's makespan: the reference on heterogeneous machines, where MCP "
         "does not apply.",
         "ratio", -1},
        {"speedup", "speedup",
         "Sequential time (sum of task costs; on a machine the best single processor's time) / "
         "makespan.",
         "x", 1},
        {"efficiency", "efficiency", "Speedup / processors used.", "fraction 0..1", 1},
        {"expected_makespan", "E[makespan]",
         "Random costs: the mean makespan over the sampled executions of this schedule (placement "
         "and order kept, times drawn).",
         "time units", -1},
        {"p95_makespan", "p95 makespan",
         "Random costs: 95% of the sampled executions of this schedule finish by this time.",
         "time units", -1},
        {"scheduling_time_ms", "sched. time", "Wall time the scheduler took (not deterministic).",
         "ms", -1},
        {"processors", "P", "Processors available to the scheduler.", "processors", 0},
        {"processors_used", "P used",
         "Processors that run at least one task (clustering may use more than P).", "processors",
         0},
    };
  }

  void summary(const App& app, io::Json& j) const override {
    dag_summary(app.state.parsed.get(), j);
  }

  void test_state(App& app, io::Json& j, bool full) const override {
    if (!full) return;
    const DagViewState& d = dag_state(app);
    // The Adversary tab: the search's progress and the pairwise matrix.
    j["adversary"] =
        adversary_state_json(d.adversary.search, d.adversary.pairwise, d.adversary.settings);
    j["dag_step"] = d.steps.step;
    // The Gantt tab's chart of the selected result, once drawn: its bars and the hatched copies.
    const int sel = app.state.selected_result;
    if (sel >= 0 && static_cast<std::size_t>(sel) < d.gantt.charts.size() &&
        d.gantt.charts[static_cast<std::size_t>(sel)]) {
      const GanttChart& ch = *d.gantt.charts[static_cast<std::size_t>(sel)];
      int hatched = 0;
      for (std::size_t i = 0; i < ch.bar_count(); ++i) hatched += ch.bar(i).hatched ? 1 : 0;
      j["gantt"] = {{"bars", ch.bar_count()}, {"duplicates", hatched}};
    }
    // An online result selected: the Steps tab's frame (clock, revealed, placed) at its step.
    const auto& st = app.state;
    if (app.state.kind == kind() && st.selected_result >= 0 &&
        st.selected_result < static_cast<int>(st.typed_results.size()))
      if (const auto* r = dynamic_cast<const io::DagRunResult*>(
              st.typed_results[static_cast<std::size_t>(st.selected_result)].get());
          r && r->online)
        j["online"] = dag_online_state_json(*r, d.steps.step);
  }

  // The Steps tab narrates its trace in the caption strip (core/dag/narration.h).
  NarrationView narration(const App& app) const override {
    if (app.state.kind != kind()) return {};
    const DagViewState& d = dag_state(app);
    const DagStepsState& ss = d.steps;
    if (d.tabs.shown != 2 || !ss.narration || ss.narration_gen != ss.trace_gen ||
        ss.narration->steps.empty())
      return {};
    return {ss.narration.get(), ss.step};
  }

  std::optional<io::Json> command(App& app, const std::string& name,
                                  const io::Json& args) const override {
    if (name == "set_step" && app.state.kind == kind()) {  // the test hook's setStep
      auto& ss = dag_state(app).steps;
      if (args.is_object() && args.contains("step") && args["step"].is_number_integer())
        ss.step = std::max(0, args["step"].get<int>());  // the Steps tab clamps to its trace
      ss.playing = false;
      return io::Json{{"step", ss.step}};
    }
    if (name != "adversary") return std::nullopt;
    return io::Json(dag_adversary_command(app, args.value("command", "")));
  }

  bool busy(const App& app) const override {
    const DagViewState& d = dag_state(app);
    return d.adversary.search.busy() || d.adversary.pairwise.busy();
  }

  void toggle_play(App& app) const override {
    auto& ss = dag_state(app).steps;
    ss.playing = !ss.playing;  // the Steps tab restarts from the first step when at the end
  }

  void step_by(App& app, int delta) const override {
    auto& ss = dag_state(app).steps;
    ss.step = std::max(0, ss.step + delta);  // the Steps tab clamps to its trace
    ss.playing = false;
  }

  std::vector<FileImporter> importers() const override {
    // .stg, .dot and WfCommons workflows open as a dag scenario around the graph, which io is
    // handed as read from the file (not read back from the scenario's inline copy).
    return {
        FileImporter{wrap_graph_file_as_scenario, nullptr, nullptr, open_graph_file_as_scenario}};
  }
};

const KindRegistrar dag_registrar{std::make_unique<DagModule>()};

}  // namespace

DagViewState& dag_state(App& app) {
  return app.room<DagRoom>().state;
}
const DagViewState& dag_state(const App& app) {
  return app.room<DagRoom>().state;
}

}  // namespace loadlab::app
