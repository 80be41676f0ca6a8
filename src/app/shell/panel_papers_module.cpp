// The papers' experiments panel as a registered module that is not a scenario kind: its View menu
// item, floating window, test-hook state and command are there whatever kind is open, so the
// panel is one entry reachable from every kind without the shell naming it.
#include <imgui.h>

#include <memory>

#include "app/shell/app.h"
#include "app/shell/panel_papers.h"
#include "app/shell/registry.h"

namespace loadlab::app {

namespace {

class PapersPanelModule final : public KindModule {
 public:
  const char* kind() const override { return "papers_experiments"; }
  const char* window_title() const override { return "Papers' experiments###papers_main"; }
  std::unique_ptr<KindRoom> make_room() const override {
    return std::make_unique<PapersPanelRoom>();
  }
  void draw_form(App&) const override {}
  void draw_views(App&) const override {}

  void draw_view_menu(App& app) const override {
    ImGui::Separator();
    ImGui::MenuItem("Papers' experiments and claims...", nullptr,
                    &app.room<PapersPanelRoom>().open);
  }
  void draw_windows(App& app) const override {
    draw_papers_panel(app, app.room<PapersPanelRoom>());
  }
  void test_state(App& app, io::Json& j, bool) const override {
    j["experiments"] = papers_panel_state(app.room<PapersPanelRoom>());
  }
  bool busy(const App& app) const override { return app.room<PapersPanelRoom>().job.busy(); }

  // "experiments" {command: "open" | "close" | "run" | "cancel", paper, size: "quick" | "full"}.
  std::optional<io::Json> command(App& app, const std::string& name,
                                  const io::Json& args) const override {
    if (name != "experiments") return std::nullopt;
    PapersPanelRoom& r = app.room<PapersPanelRoom>();
    const std::string cmd = args.value("command", std::string());
    if (cmd == "open" || cmd == "close") {
      r.open = cmd == "open";
      return io::Json(true);
    }
    if (cmd == "cancel") {
      r.job.cancel();
      return io::Json(true);
    }
    if (cmd == "run") {
      std::string why;
      const bool ok = start_paper_run(r, args.value("paper", std::string("flb")),
                                      args.value("size", std::string("quick")) != "full", why);
      if (!ok) set_status(app.state, "Experiments: " + why, true);
      r.open = true;
      return io::Json(ok);
    }
    return io::Json(false);
  }
};

const KindRegistrar papers_panel_registrar{std::make_unique<PapersPanelModule>()};

}  // namespace

}  // namespace loadlab::app
