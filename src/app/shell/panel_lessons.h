// The paper lessons' player (lessons in app/model/lessons.h): the welcome panel's first section
// lists them; a lesson plays in its own window, step by step (Back / Next), each step opening its
// scenario with the view it needs and showing the paper's number beside the one computed live.
#pragma once

#include <string>

#include "io/json_reader.h"

namespace loadlab::app {

struct App;

/// The welcome panel's lesson list (a click starts the lesson). Returns true if one was started.
bool draw_lessons_section(App& app);
/// The open lesson's window (nothing when none is open); called once per frame.
void draw_lesson_window(App& app);
/// Opens step `step` (0-based) of lesson `name` unless it is already the one shown.
bool open_lesson_step(App& app, const std::string& name, int step);
/// The test hook: opens the step (if not open) and returns {"lesson", "step", "steps", "paper",
/// "here" (null until the run is there), "agree", "line", "differs", "ready"}, or {"error"};
/// an empty name lists the lessons: {"lessons": [{"name", "steps"}]}.
io::Json lesson_hook(App& app, const std::string& name, int step);

}  // namespace loadlab::app
