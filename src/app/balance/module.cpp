// The "balance" kind's module: its room and every hook the shell calls (shell/registry.h).
#include "app/balance/module.h"

#include <imgui.h>

#include <algorithm>

#include "app/balance/view_experiments.h"
#include "app/balance/view_iterative_canvas.h"
#include "app/model/results_follower.h"
#include "app/model/ui_state.h"
#include "app/shell/app.h"
#include "app/shell/registry.h"
#include "core/balance/narration.h"
#include "io/explain.h"
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
  /// The narration of the result last asked for (built once per result: O(steps x nodes)).
  struct NarrationCache {
    io::ResultPtr result;
    std::optional<core::Narration> narration;
  };
  mutable NarrationCache narration_cache;
  /// The node simulation's caption, rebuilt when a new superstep is published.
  struct NodeNarration {
    std::uint64_t version = ~0ull;
    int matches = -2;
    core::Narration narration;
  };
  mutable NodeNarration node_narration;
};

// The test hook's node count: the current network's, 0 without one.
int balance_nodes(const App& app) {
  const BalanceScene& scene = balance_scene(app.state);
  return scene.topology ? scene.topology->size() : 0;
}

// While the node programs run, the caption follows their supersteps (each node runs its own
// program and talks only to its neighbours; the counts are the engine's).
const core::Narration* node_program_narration(const BalanceRoom& r) {
  const NodeSimState& ns = r.node_sim;
  if (!ns.have_snap) return nullptr;
  auto& c = r.node_narration;
  const NodeSimSnapshot& snap = ns.snap;
  if (c.version == snap.version && c.matches == ns.matches_central) return &c.narration;
  c.version = snap.version;
  c.matches = ns.matches_central;
  c.narration = {};
  c.narration.algorithm = snap.algorithm;
  c.narration.citation = core::balance_citation(snap.algorithm);
  c.narration.pseudocode = core::balance_pseudocode(snap.algorithm);
  std::string text = "Node programs of " + snap.algorithm + ": every node runs its own program " +
                     "and exchanges messages with its neighbours only. ";
  if (snap.executed == 0) {
    text += "Before the first superstep: the nodes hold the initial loads.";
  } else {
    text += "Superstep " + std::to_string(snap.executed) + " (communication superstep " +
            std::to_string(snap.supersteps) + " of at most " + std::to_string(snap.expected) +
            ") sent " + std::to_string(snap.last_messages) + " messages carrying " +
            std::to_string(snap.last_tasks) + " tasks; " + std::to_string(snap.messages) +
            " messages and " + std::to_string(snap.tasks_moved) + " tasks moved so far.";
  }
  if (snap.finished)
    text += ns.matches_central == 1 ? " Finished: the final loads equal the central run's."
                                    : " Finished.";
  if (snap.failed) text += " Failed: " + snap.error;
  c.narration.steps.push_back({std::move(text), -1});
  return &c.narration;
}

// The narration of typed result `index` (none for a failed result or a topology-less view).
const core::Narration* balance_narration_of(const App& app, const BalanceRoom& r, int index) {
  const AppState& st = app.state;
  if (!st.parsed || index < 0 || index >= static_cast<int>(st.typed_results.size())) return nullptr;
  const io::ResultPtr& res = st.typed_results[static_cast<std::size_t>(index)];
  if (!res || res->failed()) return nullptr;
  auto& c = r.narration_cache;
  if (c.result != res) {
    c.result = res;
    c.narration.reset();
    try {
      c.narration = io::explain_result(*st.parsed, *res);
    } catch (const std::exception&) {  // a result of another scenario: nothing to narrate
    }
  }
  return c.narration ? &*c.narration : nullptr;
}

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
    for (std::size_t i = 0; i < st.typed_results.size(); ++i)
      if (st.typed_results[i] && st.typed_results[i]->algorithm == *b.select)
        st.selected_result = static_cast<int>(i);
  if (b.step) r.view.step = std::clamp(*b.step, 0, balance_step_count(st, st.selected_result));
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
    r.view.step = 0;
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
    BalanceViewState& b = r.view;
    // A run's new results, or another result selected, start at the initial loads.
    const void* results = results_identity(app.state);
    if (results != b.step_results || app.state.selected_result != b.step_selected) b.step = 0;
    balance_apply_pending(app, r);
    b.step_results = results;
    b.step_selected = app.state.selected_result;
    // Step animation: one communication step per 0.8 s while playing.
    if (!b.playing) return;
    b.play_clock += dt;
    const int steps = balance_step_count(app.state, app.state.selected_result);
    if (b.play_clock > 0.8) {
      b.play_clock = 0;
      if (b.step < steps)
        b.step++;
      else
        b.playing = false;
    }
  }

  void save_ui(const App& app, UiState& u) const override {
    const BalanceRoom& r = app.room<BalanceRoom>();
    const int step = r.view.step;
    ui_put(u, "step", step > 0 ? std::optional<int>(step) : std::nullopt);
    const ViewTransform& v = r.view.view;
    ui_put(u, "zoom", v.zoom != 1.0f ? std::optional<double>(v.zoom) : std::nullopt);
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

  // The Network tab narrates the selected result's communication steps; the Sweeps tab the
  // shown iterative result's sweep (GDE: colour class). Other tabs narrate nothing.
  NarrationView narration(const App& app) const override {
    const BalanceRoom& r = app.room<BalanceRoom>();
    const AppState& st = app.state;
    if (!balance_scene(st).topology) return {};
    const IterativeViewState& iv = r.iterative;
    const bool tabs = has_iterative_results(app);
    if (tabs && iv.tabs.shown == 1) {
      int shown = st.selected_result;
      if (!iterative_result(st, shown)) {
        const auto idx = iterative_result_indices(st);
        shown = idx.empty() ? -1 : idx.front();
      }
      const io::IterativeRunResult* it = iterative_result(st, shown);
      if (!it || iv.replay_for != shown || iv.replay.sweeps.empty()) return {};
      const int snap = std::clamp(iv.snapshot, 0, static_cast<int>(iv.replay.sweeps.size()) - 1);
      return {balance_narration_of(app, r, shown),
              core::iterative_narration_step(
                  it->result, iv.replay.sweeps[static_cast<std::size_t>(snap)], iv.class_step)};
    }
    if (tabs && iv.tabs.shown != 0) return {};
    if (node_sim_active(app)) return {node_program_narration(r), 0};
    if (iterative_result(st, st.selected_result)) return {};  // the Network tab does not sweep
    return {balance_narration_of(app, r, st.selected_result), std::max(0, r.view.step)};
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
         "The fewest tasks any full balancing must move (Wu 1997, Theorem 2).", "tasks", 0},
        {"max_minus_min", "max - min",
         "Final load spread: largest minus smallest node load; <= 1 means fully balanced.", "tasks",
         -1},
        {"fully_balanced", "balanced", "Whether max - min <= 1 after the run (Wu 1997, Theorem 1).",
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
    j["network"] = {{"lod", r.view.net.lod},
                    {"drawn_arrows", r.view.net.drawn_arrows},
                    {"active_dims", r.view.net.active_dims}};
    j["nodes"] = balance_nodes(app);
    j["step"] = r.view.step;
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

  void summary(const App& app, io::Json& j) const override { j["nodes"] = balance_nodes(app); }

  DerivedScenario derive(const io::TypedScenario& parsed) const override {
    return derive_balance_scene(parsed);
  }

  std::optional<io::Json> command(App& app, const std::string& name,
                                  const io::Json& args) const override {
    if (name == "set_step") {  // the page's loadlab_set_step
      app.room<BalanceRoom>().view.step = args.value("step", 0);
      return io::Json(true);
    }
    // The node simulation (view_node_sim.h), driven by the test hook.
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
    const int steps = balance_step_count(app.state, app.state.selected_result);
    if (steps <= 0) return;
    if (!b.playing && b.step >= steps) b.step = 0;
    b.playing = !b.playing;
    b.play_clock = 0;
  }

  void step_by(App& app, int delta) const override {
    BalanceViewState& b = app.room<BalanceRoom>().view;
    const int steps = balance_step_count(app.state, app.state.selected_result);
    b.step = std::clamp(b.step + delta, 0, std::max(0, steps));
    b.playing = false;
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
