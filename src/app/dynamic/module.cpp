// The "dynamic" kind's module: its room and every hook the shell calls (shell/registry.h).
#include "app/dynamic/module.h"

#include "app/model/ui_state.h"
#include "app/shell/app.h"
#include "app/shell/registry.h"
#include "io/kinds/dynamic.h"

namespace loadlab::app {

namespace {

struct DynamicRoom : KindRoom {
  DynamicViewState state;
};

class DynamicModule final : public KindModule {
 public:
  const char* kind() const override { return "dynamic"; }
  const char* window_title() const override { return "Dynamic balancing###main"; }
  std::unique_ptr<KindRoom> make_room() const override { return std::make_unique<DynamicRoom>(); }
  void draw_form(App& app) const override { draw_dynamic_form(app); }
  void draw_views(App& app) const override { draw_dynamic_view(app); }

  void save_ui(const App& app, UiState& u) const override {
    save_tab(u, "dynamic_view", dynamic_state(app).tabs.shown, kDynamicTabs);
  }
  bool views_list_only_successes() const override { return true; }
  DerivedScenario derive(const io::TypedScenario& parsed) const override {
    // The views ask the network for its layout on the UI thread; for a big custom graph that is
    // the graph layout (up to seconds): computed here, on the opener's worker, into the
    // layout's per-graph cache, the views get it at once.
    if (const auto* dyn = dynamic_cast<const io::DynamicScenario*>(&parsed))
      (void)dyn->topology.layout();
    return nullptr;
  }
  void test_state(App& app, io::Json& j, bool full) const override {
    if (!full) return;
    // "Real threads": the last executor run, and the System phases tab's replay.
    const DynamicViewState& c = dynamic_state(app);
    const auto& dt = c.threads;
    io::Json d = {{"busy", dt.busy()}};
    if (const auto& rep = dt.last()) {
      d["workload"] = rep->workload;
      d["threads"] = rep->threads;
      d["tasks"] = rep->tasks;
      d["sequential_seconds"] = rep->sequential_seconds;
      d["error"] = rep->error;
      io::Json rows = io::Json::array();
      for (const auto& r : rep->rows)
        rows.push_back({{"strategy", r.strategy},
                        {"seconds", r.seconds},
                        {"efficiency", r.efficiency},
                        {"tasks", r.tasks},
                        {"steals", r.steals},
                        {"verified", r.verified}});
      d["rows"] = rows;
    }
    const auto& rp = c.replay;
    d["phase"] = {{"phase", rp.phase},
                  {"steps", rp.balance.steps},
                  {"matches_run", rp.matches_run},
                  {"error", rp.error}};
    j["dynamic_threads"] = d;
  }
  NarrationView narration(const App& app) const override {
    if (app.state.kind != kind()) return {};
    return dynamic_state(app).narration.view();
  }
  bool caption_player(const App&) const override { return true; }
  void step_by(App& app, int delta) const override {
    auto& n = dynamic_state(app).narration;
    n.seek(n.step + delta);
  }
  std::optional<io::Json> command(App& app, const std::string& name,
                                  const io::Json& args) const override {
    if (name == "set_step" && app.state.kind == kind())
      return narration_set_step_command(dynamic_state(app).narration, name, args);
    if (name == "narration_node" && app.state.kind == kind()) {
      dynamic_state(app).narration_node = args.value("node", -1);
      return io::Json(true);
    }
    if (name != "threads") return std::nullopt;
    if (app.state.kind != kind()) return io::Json(false);
    DynamicViewState& c = dynamic_state(app);
    c.threads_request.workload = args.value("workload", "");
    c.threads_request.threads = args.value("threads", 0);
    c.threads_request_init = true;
    return io::Json(start_dynamic_threads(app));
  }

  std::vector<MetricHelp> metric_help() const override {
    return {
        {"completion_time", "completion", "When the last task finishes.", "time units", -1},
        {"efficiency", "efficiency", "Total work / (N x completion time).", "fraction 0..1", 1},
        {"total_work", "total work", "Sum of the task durations.", "time units", 0},
        {"tasks", "tasks", "Tasks executed.", "tasks", 0},
        {"idle_time", "idle time", "Per node: completion - busy, summed.", "time units", -1},
        {"migrations", "migrations", "Tasks moved between nodes.", "tasks", -1},
        {"task_hops", "task-hops", "Tasks moved times links crossed.", "task x hop", -1},
        {"messages", "messages", "Messages sent by the strategy.", "messages", -1},
        {"system_phases", "sys. phases", "Global balancing phases (RIPS).", "phases", -1},
        {"cost_function", "cost",
         "The receiver-initiated scheme's cost function (3), summed over rounds (0 for others).",
         "cost", -1},
        {"events", "events", "Events the simulator processed.", "events", 0},
    };
  }
};

const KindRegistrar dynamic_registrar{std::make_unique<DynamicModule>()};

}  // namespace

DynamicViewState& dynamic_state(App& app) {
  return app.room<DynamicRoom>().state;
}
const DynamicViewState& dynamic_state(const App& app) {
  return app.room<DynamicRoom>().state;
}

}  // namespace loadlab::app
