// The paper lessons (src/app/model/lessons.h): every step's scenario parses and runs, and the
// run's number equals the paper's (the table's paper numbers come from the papers' text and the
// corrected readings of their misprints, never from a run).
#include <doctest/doctest.h>

#include <map>
#include <set>

#include "app/model/lessons.h"
#include "app/model/ui_state.h"
#include "io/scenario.h"

using namespace loadlab;
using namespace loadlab::app;

TEST_CASE("Lessons.EveryStepsScenarioRunsAndMatchesThePaper") {
  // The lessons the playground promises, each with at least one step.
  for (const char* name : {"wu_examples", "flb_table1", "notes_problems", "dlt_examples",
                           "loop_survey", "coscheduling", "bisection"}) {
    CAPTURE(name);
    const Lesson* l = find_lesson(name);
    REQUIRE(l != nullptr);
    CHECK_FALSE(l->steps.empty());
    CHECK_FALSE(l->citation.empty());
  }
  std::map<std::string, io::Json> runs;  // preset -> results (the "ui" does not change a run)
  std::set<std::string> names;
  for (const Lesson& l : lessons()) {
    CHECK(names.insert(l.name).second);
    for (std::size_t k = 0; k < l.steps.size(); ++k) {
      const LessonStep& s = l.steps[k];
      CAPTURE(l.name);
      CAPTURE(k);
      io::Json doc;
      REQUIRE_NOTHROW(doc = lesson_scenario(s));
      CHECK(doc["ui"].is_object());
      CHECK(read_ui_state(doc["ui"]).select == s.algorithm);
      auto it = runs.find(s.preset);
      if (it == runs.end()) {
        io::RunContext ctx;
        it = runs.emplace(s.preset, io::run_scenario(doc, ctx)["results"]).first;
      }
      const LessonCheck c = check_lesson_step(s, it->second);
      CAPTURE(c.line);
      REQUIRE(c.here.has_value());
      CHECK(c.agree);
      CHECK(c.line.find("paper: ") == 0);
    }
  }
}

TEST_CASE("Lessons.ComparisonSaysWhenNumbersDiffer") {
  LessonStep s;
  s.algorithm = "cwa";
  s.pointer = "/metrics/task_hops";
  s.paper = "21";
  s.quantity = "task-hops";
  const io::Json results = io::Json::parse(R"([{"algorithm":"cwa","metrics":{"task_hops":23}}])");
  LessonCheck c = check_lesson_step(s, results);
  REQUIRE(c.here.has_value());
  CHECK_FALSE(c.agree);
  CHECK(c.line == "paper: 21 task-hops - here: 23  (they differ)");
  s.tolerance = 2;
  CHECK(check_lesson_step(s, results).agree);
  // No result for the algorithm yet: nothing to compare.
  s.algorithm = "dem";
  c = check_lesson_step(s, results);
  CHECK_FALSE(c.here.has_value());
  CHECK_FALSE(c.agree);
  // Arrays compare element by element.
  s.algorithm = "gde";
  s.pointer = "/final_loads";
  s.paper = "[1, 2]";
  s.tolerance = 0;
  CHECK(
      check_lesson_step(s, io::Json::parse(R"([{"algorithm":"gde","final_loads":[1,2]}])")).agree);
  CHECK_FALSE(
      check_lesson_step(s, io::Json::parse(R"([{"algorithm":"gde","final_loads":[1,2,3]}])"))
          .agree);
  // An unknown preset is named in the error.
  s.preset = "no_such_preset";
  CHECK_THROWS_WITH_AS(lesson_scenario(s), doctest::Contains("no_such_preset"),
                       std::invalid_argument);
}

TEST_CASE("Lessons.TableErrorsNameTheField") {
  const io::Json good = io::Json::parse(R"([{"name": "x", "title": "X", "source": "wu1997",
    "steps": [{"preset": "wu_example1", "ui": {"select": "twa"}, "text": "t", "algorithm": "twa",
               "pointer": "/metrics/task_hops", "paper": 16, "tolerance": 0,
               "quantity": "task-hops"}]}])");
  const auto parsed = parse_lessons(good);
  REQUIRE(parsed.size() == 1);
  REQUIRE(parsed[0].steps.size() == 1);
  CHECK(parsed[0].citation.find("On Runtime Parallel Scheduling") != std::string::npos);
  CHECK(parsed[0].steps[0].differs.empty());
  auto error_of = [](const io::Json& table) {
    try {
      parse_lessons(table);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  io::Json bad = good;
  bad[0]["steps"][0].erase("pointer");
  CHECK(error_of(bad).find("lesson 0 (x), step 0: \"pointer\" must be a string") !=
        std::string::npos);
  bad = good;
  bad[0]["steps"][0]["paper"] = "16";
  CHECK(error_of(bad).find("\"paper\" must be a number") != std::string::npos);
  bad = good;
  bad[0]["source"] = "nobody2000";
  CHECK(error_of(bad).find("\"source\" \"nobody2000\"") != std::string::npos);
  bad = good;
  bad[0]["steps"][0]["tolerance"] = -1;
  CHECK(error_of(bad).find("\"tolerance\" must be >= 0") != std::string::npos);
  CHECK(error_of(io::Json::object()).find("must be an array") != std::string::npos);
}
