// The caption strip under the main view: the visible step's caption (what happens and why) and,
// beside it, a collapsible "Pseudo-code" panel with the current line highlighted. Drawn for any
// kind whose module narrates (KindModule::narration); its room is reserved below the view, so it
// never covers it.
#pragma once

namespace loadlab::app {

struct App;

/// Height the strip needs this frame (0 when the view narrates nothing).
float narration_strip_height(const App& app, float max_height);
/// Draws the strip into the current window (the shell's "##narration" window).
void draw_narration_strip(App& app);

}  // namespace loadlab::app
