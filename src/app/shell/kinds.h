// The UI kind registry: what the shell needs to show a scenario kind. The frame (ui.cpp), the
// scenario panel and app_load_scenario look the kind up here; a kind without an entry is shown as
// JSON. Adding a kind to the app = a folder src/app/<kind>/ (form.cpp, view.cpp, view_state.h), a
// member of App (ui.h) and one row in kinds.cpp.
#pragma once

#include <string_view>
#include <vector>

namespace loadlab::app {

struct App;

struct UiKind {
  const char* kind;          ///< the scenario "kind" (io::KindHandler::name)
  const char* window_title;  ///< the main view's window title ("Task graph###main")
  void (*draw_form)(App&);   ///< the scenario panel's fields
  void (*draw_views)(App&);  ///< the main view
  void (*on_load)(App&);     ///< a scenario of this kind was loaded (may be null)
};

const std::vector<UiKind>& ui_kinds();
/// The entry for `kind`, or nullptr (shown as JSON).
const UiKind* find_ui_kind(std::string_view kind);

}  // namespace loadlab::app
