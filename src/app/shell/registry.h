// The kind registry: the shell's only list of kinds. Each src/app/<kind>/module.cpp registers one
// KindModule (the way Dear ImGui's core never names a backend): the module makes the kind's room
// (its view state, one per App) and answers every per-kind hook the shell, the model and the
// widgets have (form, views, the link's "ui", consistency after an edit, metric help, the test
// hook, importers). Nothing outside a kind's folder includes its headers or names it in a string.
// Headless (compiled into loadlab_app_model), so tests/app registers kinds of its own.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/model/scenario_opener.h"  // FileImporter
#include "core/common/narration.h"
#include "io/json_reader.h"

namespace loadlab::app {

struct App;
struct UiState;

/// What a kind keeps between frames (form fields, view state, caches, its workers): one per App,
/// made by the kind's module; the kind reaches it with App::room<T>().
struct KindRoom {
  virtual ~KindRoom() = default;
};

/// Help for one results column of a kind (header, tooltip).
struct MetricHelp {
  const char* key;          ///< "makespan" (the results entry's key, without "metrics.")
  const char* header;       ///< column header
  const char* description;  ///< what it measures
  const char* unit;
  int better;  ///< -1 lower is better, 1 higher is better, 0 neither
};

/// One kind's hooks. Only kind(), window_title(), make_room(), draw_form() and draw_views() are
/// required; every other hook does nothing by default.
class KindModule {
 public:
  virtual ~KindModule() = default;
  /// The scenario "kind" (io::KindHandler::name).
  virtual const char* kind() const = 0;
  /// The main view's window title ("Task graph###main").
  virtual const char* window_title() const = 0;
  virtual std::unique_ptr<KindRoom> make_room() const = 0;
  /// The scenario panel's fields.
  virtual void draw_form(App& app) const = 0;
  /// The main view (tabs and all).
  virtual void draw_views(App& app) const = 0;

  /// A scenario was opened (not a form's own edit); called on every module, `mine` when it is of
  /// this kind: reset what a new scenario invalidates, read the scenario's "ui".
  virtual void on_open(App&, bool /*mine*/) const {}
  /// Once per frame, before anything is drawn, while a scenario of this kind is current.
  virtual void frame(App&, float /*seconds since the last frame*/) const {}
  /// The visible view state written into the share link's "ui" (and the autosave). Keys the
  /// kind does not own stay as they are.
  virtual void save_ui(const App&, UiState&) const {}
  /// A scripted field edit (the test hook's setField) made consistent as the form would: fixes
  /// `doc`, returns what it changed. Throws io::ScenarioError for a field it cannot fix.
  virtual std::vector<std::string> make_consistent(App&, io::Json& /*doc*/) const { return {}; }
  /// Help rows for the kind's results columns.
  virtual std::vector<MetricHelp> metric_help() const { return {}; }
  /// The views list only successful results (failed rows select nothing).
  virtual bool views_list_only_successes() const { return false; }
  /// Facts the test hook reports (window.loadlab.state(), the desktop's --state file); called on
  /// every module whatever the current kind. `full`: the browser's hook (the desktop's is short).
  virtual void test_state(App&, io::Json&, bool /*full*/) const {}
  /// The few facts of the test hook's small summary (window.loadlab.summary()); called on every
  /// module whatever the current kind.
  virtual void summary(const App&, io::Json&) const {}
  /// The drawing data of a parsed scenario of this kind (a network's layout), made on the
  /// opener's worker thread and installed with the scenario (AppState::derived); null for none.
  virtual DerivedScenario derive(const io::TypedScenario&) const { return nullptr; }
  /// A test-hook or command-line command for the kind's views ("adversary", "measure", ...):
  /// nullopt when the module does not know it, else its answer.
  virtual std::optional<io::Json> command(App&, const std::string& /*name*/,
                                          const io::Json& /*args*/) const {
    return std::nullopt;
  }
  /// One of the kind's own searches is running (the desktop's screenshot waits for it).
  virtual bool busy(const App&) const { return false; }
  /// View > Reset view.
  virtual void reset_view(App&) const {}
  /// Space and the arrow keys (shell/shortcuts.cpp): the kind's step player.
  virtual void toggle_play(App&) const {}
  virtual void step_by(App&, int /*delta*/) const {}
  /// Extra items of the View menu (ImGui), and floating windows drawn every frame whatever the
  /// current kind (a window the menu opened).
  virtual void draw_view_menu(App&) const {}
  virtual void draw_windows(App&) const {}
  /// Drawn under the results table for the current kind; results_footer_height is the room it
  /// needs (0 = none).
  virtual float results_footer_height(const App&) const { return 0; }
  /// The share of the window's height the view keeps when the results pane sizes itself (a
  /// kind whose drawing sits under several lines of controls asks for more).
  virtual float view_share(const App&) const { return 0.56f; }
  virtual void draw_results_footer(App&) const {}
  /// The narration of the result the kind's view shows and the step that is visible (-1: none):
  /// the shell draws its caption and pseudo-code under the view and reports the caption as the
  /// test hook's state().narration. `narration` is null when the view narrates nothing.
  using NarrationView = core::NarrationView;
  virtual NarrationView narration(const App&) const { return {}; }
  /// The shell draws the narration's step player on the caption strip's line (step_by moves the
  /// narrated step), so the view keeps its room; false: the view has a player of its own.
  virtual bool caption_player(const App&) const { return false; }
  /// Files the kind opens that are not scenario documents (a task graph, a mesh).
  virtual std::vector<FileImporter> importers() const { return {}; }
};

/// Adds a module to the registry (at static initialisation: see KindRegistrar).
void register_kind(std::unique_ptr<KindModule> module);
/// Every registered module: io::scenario_kinds() order first, then the others by name.
const std::vector<const KindModule*>& kind_modules();
/// The module of `kind`, or nullptr (the shell then shows the scenario as JSON).
const KindModule* find_kind_module(std::string_view kind);
/// Every module's importers, in kind_modules() order.
std::vector<FileImporter> registered_importers();
/// The drawing data of a parsed scenario, made by its kind's module (KindModule::derive).
DerivedScenario derive_kind_scenario(const io::TypedScenario& parsed);
/// Every module's KindModule::summary facts added to `j`.
void kinds_summary(const App& app, io::Json& j);
/// A scenario was opened: every module's on_open (the current kind's with `mine`).
void kinds_opened(App& app);
/// Help for results column `key` of `kind` (KindModule::metric_help), or nullopt.
std::optional<MetricHelp> kind_metric_help(std::string_view kind, std::string_view key);
/// Runs `name` on the module that knows it (the current kind's first); nullopt if none does.
std::optional<io::Json> kind_command(App& app, const std::string& name,
                                     const io::Json& args = io::Json::object());

/// `static KindRegistrar registrar{std::make_unique<MyModule>()};` in a kind's module.cpp.
struct KindRegistrar {
  explicit KindRegistrar(std::unique_ptr<KindModule> module) { register_kind(std::move(module)); }
};

}  // namespace loadlab::app
