// Paper lessons: each paper's worked examples replayed step by step in the playground, with the
// paper's own number beside the one computed live from the run ("paper: 21 task-hops - here: 21").
// Lessons are data (lessons.json, built into the app): a lesson names its source by a key of the
// citation table (core/common/citations.h); a step names a preset scenario, the view to show (the
// scenario's "ui": tab, algorithm, step), the text, the paper's number and where the run's number
// is read (a JSON pointer into the result of one algorithm). The paper numbers come from the
// papers' text, or from the corrected readings where the printed example has a misprint (each
// such step says so in `differs`), never from LoadLab's output. Headless: tested in
// tests/app/test_lessons.cpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "io/json_reader.h"

namespace loadlab::app {

struct LessonStep {
  std::string preset;     ///< io::presets() name of the scenario to open
  std::string ui;         ///< the scenario's "ui" for this step (JSON text): view, algorithm, step
  std::string text;       ///< what happens and what to look at
  std::string algorithm;  ///< the result the number is read from
  std::string pointer;    ///< JSON pointer into that result, e.g. "/metrics/task_hops"
  std::string paper;      ///< the paper's value as JSON text: a number or an array of numbers
  double tolerance = 0;   ///< the paper's rounding (absolute, per number)
  std::string quantity;   ///< unit shown after the number ("task-hops", "time units", ...)
  std::string differs;    ///< empty, or why the printed number differs from the one compared
};

struct Lesson {
  std::string name;      ///< stable id (the test hook's window.loadlab.lesson(name, step))
  std::string title;     ///< shown in the welcome panel
  std::string citation;  ///< authors, title, venue, year
  std::vector<LessonStep> steps;
};

/// The lessons of lessons.json.
const std::vector<Lesson>& lessons();
/// Reads a lessons table (lessons.json's shape). Throws std::invalid_argument naming the lesson,
/// the step and the field that is missing or of the wrong type.
std::vector<Lesson> parse_lessons(const io::Json& table);
/// The lesson named `name`, or nullptr.
const Lesson* find_lesson(const std::string& name);

/// The scenario a step opens: the preset with the step's "ui". Throws std::invalid_argument naming
/// the preset if it does not exist.
io::Json lesson_scenario(const LessonStep& step);

/// A step's comparison: the paper's number, the run's (none until the result is there) and
/// whether they agree within the tolerance.
struct LessonCheck {
  io::Json paper;
  std::optional<io::Json> here;
  bool agree = false;
  std::string line;  ///< "paper: 21 task-hops - here: 21" (or "here: running...")
};

/// Compares the step with `results` (the run's result entries, a JSON array).
LessonCheck check_lesson_step(const LessonStep& step, const io::Json& results);

/// A number or an array of numbers as short text (arrays up to 12 entries, then "...").
std::string lesson_value_text(const io::Json& v);

}  // namespace loadlab::app
