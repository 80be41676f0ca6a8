// The "dlt" kind's module: its room and every hook the shell calls (shell/registry.h).
#include "app/dlt/module.h"

#include "app/model/ui_state.h"
#include "app/shell/app.h"
#include "app/shell/registry.h"

namespace loadlab::app {

namespace {

struct DltRoom : KindRoom {
  DltViewState state;
};

class DltModule final : public KindModule {
 public:
  const char* kind() const override { return "dlt"; }
  const char* window_title() const override { return "Divisible load###main"; }
  std::unique_ptr<KindRoom> make_room() const override { return std::make_unique<DltRoom>(); }
  void draw_form(App& app) const override { draw_dlt_form(app); }
  void draw_views(App& app) const override { draw_dlt_view(app); }

  void save_ui(const App& app, UiState& u) const override {
    const DltViewState& d = dlt_state(app);
    save_tab(u, "dlt_view", d.tabs.shown, kDltTabs);
    if (ui_string(u, "dlt_view") == std::string("ibs") && d.step >= 0)
      ui_put(u, "ibs_step", std::optional<int>(d.step));
  }
  bool views_list_only_successes() const override { return true; }

  NarrationView narration(const App& app) const override {
    if (app.state.kind != kind()) return {};
    return dlt_state(app).narration.view();
  }
  bool caption_player(const App&) const override { return true; }
  void step_by(App& app, int delta) const override {
    auto& n = dlt_state(app).narration;
    n.seek(n.step + delta);
  }
  std::optional<io::Json> command(App& app, const std::string& name,
                                  const io::Json& args) const override {
    if (app.state.kind != kind()) return std::nullopt;
    return narration_set_step_command(dlt_state(app).narration, name, args);
  }

  std::vector<MetricHelp> metric_help() const override {
    return {
        {"finish_time", "finish time", "T: when the last processor finishes computing its share.",
         "time units", -1},
        {"iterations", "iterations", "Rounds of the iterative algorithm.", "rounds", -1},
        {"processors", "processors", "Processors that receive a share of the load.", "processors",
         0},
        {"trials", "trials", "Candidate layer counts tried.", "trials", -1},
        {"last_layer", "last layer", "Deepest layer of the cube that receives load.", "layer", 0},
        {"feasible", "feasible", "Whether every share fits the buffers and the granularity.",
         "yes/no", 1},
        {"enough_buffers", "buffers ok", "Whether the buffers can hold the shares.", "yes/no", 1},
    };
  }
};

const KindRegistrar dlt_registrar{std::make_unique<DltModule>()};

}  // namespace

DltViewState& dlt_state(App& app) {
  return app.room<DltRoom>().state;
}
const DltViewState& dlt_state(const App& app) {
  return app.room<DltRoom>().state;
}

}  // namespace loadlab::app
