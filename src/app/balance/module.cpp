// The "balance" kind's module: its room and every hook the shell calls (shell/registry.h).
#include "app/balance/module.h"

#include <imgui.h>

#include <algorithm>

#include "app/balance/view_experiments.h"
#include "app/model/ui_state.h"
#include "app/shell/live_update.h"
#include "app/shell/registry.h"
#include "app/shell/ui.h"
#include "io/scenario.h"

namespace loadlab::app {

namespace {

constexpr const char* kBalanceKind = "balance";

struct BalanceRoom : KindRoom {
  BalanceViewState view;
  IterativeViewState iterative;
  NodeSimState node_sim;
  /// The "ui" of an opened scenario: zoom and pan at once, selection and step once its results
  /// arrive (`results_seen`: the results it was applied to).
  std::optional<BalanceUi> pending;
  const void* results_seen = nullptr;
};

// The link's view state applied once this scenario's results are in (a run resets both).
void balance_apply_pending(App& app, BalanceRoom& r) {
  if (!r.pending) return;
  AppState& st = app.state;
  BalanceUi& b = *r.pending;
  // Zoom and pan at once (the view was reset when the scenario was installed).
  if (b.zoom || b.pan_x) {
    ViewTransform& v = r.view.view;
    if (b.zoom) v.zoom = std::clamp(*b.zoom, 0.05f, 400.0f);
    if (b.pan_x) v.pan_x = *b.pan_x, v.pan_y = b.pan_y.value_or(0.0f);
    b.zoom.reset();
    b.pan_x.reset();
  }
  const void* id = results_identity(st);
  if (!id || id == r.results_seen) return;
  r.results_seen = id;
  if (b.select)
    for (std::size_t i = 0; i < st.results.size(); ++i)
      if (st.results[i].value("algorithm", "") == *b.select)
        st.selected_result = static_cast<int>(i);
  if (b.step) st.step = std::clamp(*b.step, 0, step_count(st, st.selected_result));
  r.pending.reset();
}

class BalanceModule final : public KindModule {
 public:
  const char* kind() const override { return kBalanceKind; }
  const char* window_title() const override { return "Network###main"; }
  std::unique_ptr<KindRoom> make_room() const override { return std::make_unique<BalanceRoom>(); }
  void draw_form(App& app) const override { draw_balance_form(app); }
  void draw_views(App& app) const override { draw_balance_view(app); }

  void on_open(App& app, bool mine) const override {
    BalanceRoom& r = app.room<BalanceRoom>();
    r.view.view.reset();  // every open starts the network view fitted
    if (!mine) {
      r.pending.reset();
      return;
    }
    r.view.form.from_json(app.state.scenario, io::algorithm_names_of(kBalanceKind));
    r.pending = read_balance_ui(app.state.scenario.value("ui", io::Json::object()));
    r.results_seen = nullptr;
  }

  void frame(App& app, float dt) const override {
    BalanceRoom& r = app.room<BalanceRoom>();
    balance_apply_pending(app, r);
    // Step animation: one communication step per 0.8 s while playing.
    if (!r.view.playing) return;
    r.view.play_clock += dt;
    const int steps = step_count(app.state, app.state.selected_result);
    if (r.view.play_clock > 0.8) {
      r.view.play_clock = 0;
      if (app.state.step < steps)
        app.state.step++;
      else
        r.view.playing = false;
    }
  }

  void save_ui(const App& app, UiState& u) const override {
    const BalanceRoom& r = app.room<BalanceRoom>();
    const AppState& st = app.state;
    u.step = st.step > 0 ? std::optional<int>(st.step) : std::nullopt;
    const ViewTransform& v = r.view.view;
    u.zoom = v.zoom != 1.0f ? std::optional<double>(v.zoom) : std::nullopt;
    if (v.pan_x != 0.0f || v.pan_y != 0.0f)
      u.other["pan"] = {v.pan_x, v.pan_y};
    else
      u.other.erase("pan");
    if (has_iterative_results(app))
      save_tab(u, "iterative_view", r.iterative.tabs.shown, kIterativeTabs);
  }

  std::vector<std::string> make_consistent(App& app, io::Json& doc) const override {
    // Loads follow the node count, unsupported algorithms are unchecked: the form's own rules.
    BalanceRoom& r = app.room<BalanceRoom>();
    const auto algs = io::algorithm_names_of(kBalanceKind);
    ScenarioForm f = r.view.form;
    const int before = f.consistent_topology >= 0 ? f.consistent_topology : f.topology;
    f.from_json(doc, algs);
    f.consistent_topology = before;  // a new topology ticks its own algorithm
    std::vector<std::string> notes = f.make_consistent(algs);
    const io::Json fields = f.to_json(algs);
    for (const char* key : {"loadlab", "kind", "seed", "topology", "loads", "algorithms"})
      doc[key] = fields[key];
    r.view.form = f;
    return notes;
  }

  std::vector<MetricHelp> metric_help() const override {
    return {
        {"task_hops", "task-hops",
         "Tasks moved times links crossed: the cost the optimum minimises (Wu, On Runtime Parallel "
         "Scheduling for Processor Load Balancing, 1997, §2).",
         "task x hop", -1},
        {"non_local_tasks", "non-local tasks",
         "Tasks that end on another node than where they started.", "tasks", -1},
        {"min_non_local_tasks", "min non-local",
         "The fewest tasks any full balancing must move (000 Theorem 2).", "tasks", 0},
        {"max_minus_min", "max - min",
         "Final load spread: largest minus smallest node load; <= 1 means fully balanced.", "tasks",
         -1},
        {"fully_balanced", "balanced", "Whether max - min <= 1 after the run (000 Theorem 1).",
         "yes/no", 1},
        {"comm_steps", "comm. steps",
         "Communication steps as the paper counts them: information steps + exchange steps.",
         "steps", -1},
        {"exchange_steps", "exchange steps", "Steps in which tasks actually move.", "steps", -1},
        {"steps", "steps", "Communication steps recorded in the transfer list.", "steps", -1},
        {"messages", "messages", "Messages sent (each transfer over one link).", "messages", -1},
        {"transfers", "transfers",
         "Transfers in the result (one sender, one receiver, a task count).", "transfers", -1},
        {"std_dev", "std. dev.", "Standard deviation of the final loads.", "tasks", -1},
        {"sweeps", "sweeps", "Iterations of the iterative scheme until it stopped.", "sweeps", -1},
        {"supersteps", "supersteps", "BSP supersteps of the node simulation.", "supersteps", -1},
        {"control_messages", "control msgs", "Messages that carry information, not tasks.",
         "messages", -1},
    };
  }

  void test_state(App& app, io::Json& j, bool full) const override {
    BalanceRoom& r = app.room<BalanceRoom>();
    // The network view's mapping (screen = centre + (p - 0.5 + pan) * base_scale * zoom) and
    // the step player.
    const ViewTransform& v = r.view.view;
    j["view_zoom"] = v.zoom;
    j["view_pan"] = {v.pan_x, v.pan_y};
    j["view_centre"] = {v.centre_x, v.centre_y};
    j["view_base_scale"] = v.base_scale;
    j["playing"] = r.view.playing;
    if (!full) return;
    j["node_sim"] = node_sim_json(app, true);
    // The iterative Sweeps/Pressure canvases' own zoom and level of detail.
    const IterativeViewState& iv = r.iterative;
    j["iterative_view"] = {{"zoom", iv.view.zoom},
                           {"pan", {iv.view.pan_x, iv.view.pan_y}},
                           {"lod", iv.canvas.lod},
                           {"drawn_arrows", iv.canvas.drawn_arrows}};
    // The form's greyed-out algorithms and why (the core table's reasons).
    if (app.state.kind == kBalanceKind) {
      const auto algs = io::algorithm_names_of(kBalanceKind);
      const auto& why = r.view.form.unavailable_reasons(algs);
      io::Json un = io::Json::object();
      for (std::size_t i = 0; i < algs.size() && i < why.size(); ++i)
        if (!why[i].empty()) un[algs[i]] = why[i];
      j["unavailable"] = un;
    }
  }

  std::optional<io::Json> command(App& app, const std::string& name,
                                  const io::Json& args) const override {
    // The node simulation (nodes/view_node_sim.h), driven by the test hook.
    if (name == "node_sim_start")
      return io::Json(node_sim_start(app, args.value("algorithm", ""), args.value("threads", 0),
                                     args.value("speed", 0.0), args.value("paused", false)));
    if (name == "node_sim_command")
      return io::Json(node_sim_command(app, args.value("command", "")));
    if (name == "node_sim_speed") {
      node_sim_set_speed(app, args.value("speed", 0.0));
      return io::Json(true);
    }
    if (name == "node_sim_json") return node_sim_json(app, args.value("with_loads", false));
    return std::nullopt;
  }

  void reset_view(App& app) const override {
    BalanceRoom& r = app.room<BalanceRoom>();
    r.view.view.reset();
    r.iterative.view.reset();  // the iterative sweeps and pressure canvases too
  }

  void toggle_play(App& app) const override {
    BalanceViewState& b = app.room<BalanceRoom>().view;
    const int steps = step_count(app.state, app.state.selected_result);
    if (steps <= 0) return;
    if (!b.playing && app.state.step >= steps) app.state.step = 0;
    b.playing = !b.playing;
    b.play_clock = 0;
  }

  void step_by(App& app, int delta) const override {
    const int steps = step_count(app.state, app.state.selected_result);
    app.state.step = std::clamp(app.state.step + delta, 0, std::max(0, steps));
    app.room<BalanceRoom>().view.playing = false;
  }

  void draw_view_menu(App& app) const override {
    ImGui::MenuItem("Wu (1997) experiments: Table I, Figs 14-17...", nullptr,
                    &experiments_window_open(app));
  }
  void draw_windows(App& app) const override { draw_experiments_window(app); }
  float results_footer_height(const App& app) const override {
    return balance_comparison_height(app);
  }
  void draw_results_footer(App& app) const override { draw_balance_comparison(app); }
};

const KindRegistrar balance_registrar{std::make_unique<BalanceModule>()};

}  // namespace

BalanceViewState& balance_state(App& app) {
  return app.room<BalanceRoom>().view;
}
const BalanceViewState& balance_state(const App& app) {
  return app.room<BalanceRoom>().view;
}
IterativeViewState& iterative_state(App& app) {
  return app.room<BalanceRoom>().iterative;
}
const IterativeViewState& iterative_state(const App& app) {
  return app.room<BalanceRoom>().iterative;
}
NodeSimState& node_sim_state(App& app) {
  return app.room<BalanceRoom>().node_sim;
}
const NodeSimState& node_sim_state(const App& app) {
  return app.room<BalanceRoom>().node_sim;
}

}  // namespace loadlab::app
