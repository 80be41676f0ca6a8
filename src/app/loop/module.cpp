// The "loop" kind's module: its room and every hook the shell calls (shell/registry.h).
#include "app/loop/module.h"

#include "app/loop/model_form.h"
#include "app/loop/view.h"
#include "app/model/ui_state.h"
#include "app/shell/app.h"
#include "app/shell/registry.h"

namespace loadlab::app {

namespace {

struct LoopRoom : KindRoom {
  LoopViewState state;
};

class LoopModule final : public KindModule {
 public:
  const char* kind() const override { return "loop"; }
  const char* window_title() const override { return "Loop schedule###main"; }
  std::unique_ptr<KindRoom> make_room() const override { return std::make_unique<LoopRoom>(); }
  void draw_form(App& app) const override { draw_loop_form(app); }
  void draw_views(App& app) const override { draw_loop_view(app); }

  void save_ui(const App& app, UiState& u) const override {
    save_tab(u, "loop_view", loop_state(app).tabs.shown, kLoopTabs);
  }
  std::vector<std::string> make_consistent(App&, io::Json& doc) const override {
    return loop_make_consistent(doc);  // per-processor arrays follow P
  }
  bool views_list_only_successes() const override { return true; }
  void test_state(App& app, io::Json& j, bool full) const override {
    if (!full) return;
    // "Run on my machine": the last real-thread measurement.
    const auto& runner = loop_state(app).runner;
    io::Json lm = {{"busy", runner.busy()}};
    if (const auto& rep = runner.last()) {
      lm["threads"] = rep->threads;
      lm["error"] = rep->error;
      io::Json rows = io::Json::array();
      for (const auto& m : rep->rows)
        rows.push_back({{"algorithm", m.algorithm},
                        {"measured", m.measured},
                        {"predicted", m.predicted},
                        {"chunks", m.chunks}});
      lm["rows"] = rows;
    }
    j["loop_measure"] = lm;
  }
  NarrationView narration(const App& app) const override {
    if (app.state.kind != kind()) return {};
    return loop_state(app).narration.view();
  }
  bool caption_player(const App&) const override { return true; }
  void step_by(App& app, int delta) const override {
    auto& n = loop_state(app).narration;
    n.seek(n.step + delta);
  }
  std::optional<io::Json> command(App& app, const std::string& name,
                                  const io::Json& args) const override {
    if (app.state.kind != kind()) return std::nullopt;
    if (auto r = narration_set_step_command(loop_state(app).narration, name, args)) return r;
    if (name != "measure") return std::nullopt;
    start_loop_measurement(app);
    return io::Json(true);
  }

  std::vector<MetricHelp> metric_help() const override {
    return {
        {"parallel_time", "parallel time",
         "T_par: when the last thread finishes (with scheduling overhead).", "time units", -1},
        {"percent_imbalance", "imbalance", "(T_par - mean finish) / T_par * P/(P-1) * 100.", "%",
         -1},
        {"num_chunks", "chunks", "Chunks handed out (each one a scheduling operation).", "chunks",
         -1},
        {"synchronizations", "syncs",
         "Synchronisation operations the technique needs (scheduling steps).", "operations", -1},
        {"cov", "CoV", "Standard deviation / mean of the threads' finish times.", "ratio", -1},
    };
  }
};

const KindRegistrar loop_registrar{std::make_unique<LoopModule>()};

}  // namespace

LoopViewState& loop_state(App& app) {
  return app.room<LoopRoom>().state;
}
const LoopViewState& loop_state(const App& app) {
  return app.room<LoopRoom>().state;
}

}  // namespace loadlab::app
