// Installs a scenario in an AppState and runs it on the calling thread, as the app's worker
// would: for the tests of the views' headless models.
#pragma once

#include <doctest/doctest.h>

#include <utility>

#include "app/balance/model_scene.h"
#include "app/model/app_state.h"
#include "io/scenario.h"

namespace loadlab::app::testing {

inline void run_in_state(AppState& s, const io::Json& doc) {
  REQUIRE_FALSE(set_scenario(s, doc, derive_balance_scene));
  io::RunContext ctx;
  auto typed = io::run_parsed(*s.parsed, ctx);
  io::Json entries = io::Json::array();
  for (const auto& r : typed) entries.push_back(r->to_json());
  set_results(s, std::move(typed), std::move(entries));
}

}  // namespace loadlab::app::testing
