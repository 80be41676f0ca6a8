// A balance scenario with iterative algorithms, run into an AppState, and its first iterative
// result: shared by the iterative view tests (test_iterative_view.cpp, test_network_canvas.cpp).
#pragma once

#include <doctest/doctest.h>

#include "app/balance/model_iterative.h"
#include "io/kinds/balance_iterative.h"
#include "run_in_state.h"

namespace loadlab::app::testing {

inline AppState run_state(const io::Json& scenario) {
  AppState st;
  run_in_state(st, scenario);
  return st;
}

inline const core::IterativeResult& first_iterative(const AppState& st) {
  const auto idx = iterative_result_indices(st);
  REQUIRE_FALSE(idx.empty());
  return dynamic_cast<const io::IterativeRunResult&>(
             *st.typed_results[static_cast<std::size_t>(idx.front())])
      .result;
}

}  // namespace loadlab::app::testing
