// Keyboard shortcuts and the UI-scale setting: Space play/pause, Left/Right step,
// Ctrl+Enter run, Ctrl+= / Ctrl+- UI scale. F1 (help) lives with the help panel.
#pragma once

namespace loadlab::app {

struct App;

/// Handles this frame's shortcuts (after ImGui::NewFrame). Nothing but the UI scale reacts while
/// a text field has focus, so typing a space or moving the caret never plays or steps.
void handle_shortcuts(App& app);

/// Sets View > UI scale (clamped to [0.5, 3]) and remembers it (platform_save_setting "ui_scale").
void set_user_ui_scale(App& app, float scale);

/// Restores the saved UI scale (platform_load_setting "ui_scale"); call once at start-up.
void load_user_ui_scale(App& app);

/// The View menu's "UI scale" submenu.
void draw_ui_scale_menu(App& app);

}  // namespace loadlab::app
