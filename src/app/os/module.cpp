// The "os" kind's module: its room and every hook the shell calls (shell/registry.h).
#include "app/os/module.h"

#include "app/model/ui_state.h"
#include "app/shell/app.h"
#include "app/shell/registry.h"

namespace loadlab::app {

namespace {

struct OsRoom : KindRoom {
  OsViewState state;
};

class OsModule final : public KindModule {
 public:
  const char* kind() const override { return "os"; }
  const char* window_title() const override { return "OS scheduling###main"; }
  std::unique_ptr<KindRoom> make_room() const override { return std::make_unique<OsRoom>(); }
  void draw_form(App& app) const override { draw_os_form(app); }
  void draw_views(App& app) const override { draw_os_view(app); }

  void save_ui(const App& app, UiState& u) const override {
    save_tab(u, "os_view", os_state(app).tabs.shown, kOsTabs);
  }
  bool views_list_only_successes() const override { return true; }

  NarrationView narration(const App& app) const override {
    if (app.state.kind != kind()) return {};
    return os_state(app).narration.view();
  }
  bool caption_player(const App&) const override { return true; }
  void step_by(App& app, int delta) const override {
    auto& n = os_state(app).narration;
    n.seek(n.step + delta);
  }
  std::optional<io::Json> command(App& app, const std::string& name,
                                  const io::Json& args) const override {
    if (app.state.kind != kind()) return std::nullopt;
    return narration_set_step_command(os_state(app).narration, name, args);
  }

  std::vector<MetricHelp> metric_help() const override {
    return {
        {"makespan", "makespan", "When the last job finishes.", "time units", -1},
        {"mean_response_time", "mean response", "Average of finish - arrival over the jobs.",
         "time units", -1},
        {"throughput", "throughput", "Jobs / makespan.", "jobs per time unit", 1},
        {"utilization", "utilization", "Useful compute / (P x makespan).", "fraction 0..1", 1},
        {"fairness", "fairness", "Jain's index of the jobs' slowdowns (1 = all equal).",
         "index 0..1", 1},
        {"fragmentation", "fragmentation",
         "Idle processor time while a job is in the system / (P x that time) (Houstis et al. 1996, "
         "Section 4.2).",
         "fraction 0..1", -1},
        {"time_lost", "time lost",
         "Processor time lost to switches, reloads, migrations, checkpoints.", "time units", -1},
        {"idle", "idle", "Processor time with nothing to run.", "time units", -1},
        {"busy", "busy", "Processor time spent running threads.", "time units", 0},
    };
  }
};

const KindRegistrar os_registrar{std::make_unique<OsModule>()};

}  // namespace

OsViewState& os_state(App& app) {
  return app.room<OsRoom>().state;
}
const OsViewState& os_state(const App& app) {
  return app.room<OsRoom>().state;
}

}  // namespace loadlab::app
