// The caption strip under the main view: one line by default (the step player when the kind lets
// the shell draw it, KindModule::caption_player, and the caption's first line); More opens the
// whole caption (what happens and why, its source) and, beside it, a collapsible "Pseudo-code"
// panel with the current line highlighted (remembered as the setting "caption_strip"). Drawn for
// any kind whose module narrates (KindModule::narration); its room is reserved below the view, so
// it never covers it.
#pragma once

namespace loadlab::app {

struct App;

/// Reads whether the strip was left open (the setting "caption_strip"); once at start-up.
void load_caption_strip_setting(App& app);
/// Height of the folded strip (one line), 0 when the view narrates nothing.
float narration_line_height(const App& app);
/// Height the strip needs this frame (0 when the view narrates nothing).
float narration_strip_height(const App& app, float max_height);
/// Draws the strip into the current window (the shell's "##narration" window).
void draw_narration_strip(App& app);

}  // namespace loadlab::app
