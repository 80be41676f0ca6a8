// The ScenarioError a bad scenario must raise (the test FAILs when none is thrown), for the io
// tests that check which field an error names.
#pragma once

#include <doctest/doctest.h>

#include <string>

#include "io/scenario.h"

namespace loadlab::io::testing {

/// The error validate_scenario raises for `scenario`.
inline ScenarioError validation_error(const Json& scenario, const RunContext& ctx = RunContext{}) {
  try {
    validate_scenario(scenario, ctx);
  } catch (const ScenarioError& e) {
    return e;
  }
  FAIL("expected a ScenarioError for " << scenario.dump());
  return ScenarioError("", "");
}

/// The error for the valid scenario `base` with a JSON merge patch applied (null deletes a key).
inline ScenarioError patched_error(const char* base, const std::string& patch,
                                   const RunContext& ctx = RunContext{}) {
  Json s = Json::parse(base);
  s.merge_patch(Json::parse(patch));
  return validation_error(s, ctx);
}

/// The error load_scenario_text raises for `text`.
inline ScenarioError text_error(const std::string& text) {
  try {
    load_scenario_text(text, RunContext{});
  } catch (const ScenarioError& e) {
    return e;
  }
  FAIL("expected a ScenarioError for " << text);
  return ScenarioError("", "");
}

/// The field run_scenario names for the valid scenario `base` with a JSON merge patch applied
/// (null deletes a key), or "<no error>": for errors found while running, not only parsing.
inline std::string run_error_pointer(const char* base, const std::string& patch) {
  Json s = Json::parse(base);
  s.merge_patch(Json::parse(patch));
  try {
    run_scenario(s, RunContext{});
  } catch (const ScenarioError& e) {
    return e.pointer();
  }
  return "<no error>";
}

}  // namespace loadlab::io::testing
