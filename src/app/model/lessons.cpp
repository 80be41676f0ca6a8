#include "app/model/lessons.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "app/widgets/format.h"
#include "core/common/citations.h"
#include "io/presets.h"
#include "lessons_embedded.h"

namespace loadlab::app {

namespace {

// A field of the lessons table, with an error naming the lesson, the step and the field.
const io::Json& lesson_field(const io::Json& obj, const char* key, const std::string& where,
                             bool (io::Json::*is_type)() const, const char* type) {
  if (!obj.is_object() || !obj.contains(key) || !(obj.at(key).*is_type)())
    throw std::invalid_argument("lessons: " + where + ": \"" + key + "\" must be " + type);
  return obj.at(key);
}

std::string lesson_string(const io::Json& obj, const char* key, const std::string& where) {
  return lesson_field(obj, key, where, &io::Json::is_string, "a string").get<std::string>();
}

}  // namespace

std::vector<Lesson> parse_lessons(const io::Json& table) {
  if (!table.is_array()) throw std::invalid_argument("lessons: the table must be an array");
  std::vector<Lesson> all;
  for (std::size_t i = 0; i < table.size(); ++i) {
    const io::Json& l = table[i];
    const std::string where = "lesson " + std::to_string(i);
    Lesson lesson;
    lesson.name = lesson_string(l, "name", where);
    const std::string named = where + " (" + lesson.name + ")";
    lesson.title = lesson_string(l, "title", named);
    const std::string source = lesson_string(l, "source", named);
    if (!core::find_citation(source))
      throw std::invalid_argument("lessons: " + named + ": \"source\" \"" + source +
                                  "\" is not in the citation table");
    lesson.citation = core::cite_full(source, "");
    const io::Json& steps = lesson_field(l, "steps", named, &io::Json::is_array, "an array");
    for (std::size_t k = 0; k < steps.size(); ++k) {
      const io::Json& s = steps[k];
      const std::string at = named + ", step " + std::to_string(k);
      LessonStep step;
      step.preset = lesson_string(s, "preset", at);
      step.ui = lesson_field(s, "ui", at, &io::Json::is_object, "an object").dump();
      step.text = lesson_string(s, "text", at);
      step.algorithm = lesson_string(s, "algorithm", at);
      step.pointer = lesson_string(s, "pointer", at);
      const io::Json& paper = s.contains("paper") ? s.at("paper") : io::Json();
      const bool numbers =
          paper.is_number() || (paper.is_array() && !paper.empty() &&
                                std::all_of(paper.begin(), paper.end(),
                                            [](const io::Json& x) { return x.is_number(); }));
      if (!numbers)
        throw std::invalid_argument("lessons: " + at +
                                    ": \"paper\" must be a number or an array of numbers");
      step.paper = paper.dump();
      step.tolerance =
          lesson_field(s, "tolerance", at, &io::Json::is_number, "a number").get<double>();
      if (!(step.tolerance >= 0))
        throw std::invalid_argument("lessons: " + at + ": \"tolerance\" must be >= 0");
      step.quantity = lesson_string(s, "quantity", at);
      if (s.contains("differs")) step.differs = lesson_string(s, "differs", at);
      lesson.steps.push_back(std::move(step));
    }
    all.push_back(std::move(lesson));
  }
  return all;
}

namespace {

bool lesson_numbers_agree(const io::Json& a, const io::Json& b, double tol) {
  if (a.is_number() && b.is_number())
    return std::abs(a.get<double>() - b.get<double>()) <= tol + 1e-9;
  if (a.is_array() && b.is_array() && a.size() == b.size()) {
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!lesson_numbers_agree(a[i], b[i], tol)) return false;
    return true;
  }
  if (a.is_boolean() && b.is_boolean()) return a == b;
  return false;
}

}  // namespace

const std::vector<Lesson>& lessons() {
  static const std::vector<Lesson> all = parse_lessons(io::Json::parse(kLessonsJson));
  return all;
}

const Lesson* find_lesson(const std::string& name) {
  for (const auto& l : lessons())
    if (l.name == name) return &l;
  return nullptr;
}

io::Json lesson_scenario(const LessonStep& step) {
  for (const auto& p : io::presets())
    if (p.name == step.preset) {
      io::Json doc = p.scenario;
      doc["ui"] = io::Json::parse(step.ui);
      return doc;
    }
  throw std::invalid_argument("lesson: no preset named \"" + step.preset + "\"");
}

std::string lesson_value_text(const io::Json& v) {
  if (v.is_number()) {
    const double x = v.get<double>();
    char buf[48];
    if (std::abs(x - std::round(x)) < 1e-9 && std::abs(x) < 1e15)
      std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(std::llround(x)));
    else
      return format_real(x, 4);
    return buf;
  }
  if (v.is_array()) {
    std::string s = "[";
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (i == 12) {
        s += ", ...";
        break;
      }
      s += (i ? ", " : "") + lesson_value_text(v[i]);
    }
    return s + "]";
  }
  return v.dump();
}

LessonCheck check_lesson_step(const LessonStep& step, const io::Json& results) {
  LessonCheck c;
  c.paper = io::Json::parse(step.paper);
  if (results.is_array())
    for (const auto& r : results) {
      if (!r.is_object() || r.value("algorithm", "") != step.algorithm) continue;
      const io::Json::json_pointer ptr(step.pointer);
      if (r.contains(ptr)) c.here = r.at(ptr);
      break;
    }
  c.agree = c.here && lesson_numbers_agree(c.paper, *c.here, step.tolerance);
  c.line = "paper: " + lesson_value_text(c.paper) + " " + step.quantity +
           " - here: " + (c.here ? lesson_value_text(*c.here) : std::string("(running...)"));
  if (c.here && !c.agree) c.line += "  (they differ)";
  return c;
}

}  // namespace loadlab::app
