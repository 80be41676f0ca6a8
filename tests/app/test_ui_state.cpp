// The view state a scenario carries under "ui" (src/app/model/ui_state.h): read leniently, written
// back unchanged, so a share link's view state round-trips.
#include <doctest/doctest.h>

#include "app/model/ui_state.h"

using namespace loadlab::app;
using loadlab::io::Json;

TEST_CASE("UiState.EveryFieldRoundTripsThroughUiJson") {
  const Json ui = Json::parse(R"({"tab": "steps", "compare": true, "comm": false, "zoom": 12.5,
      "step": 3, "loop_view": "machine", "measure": true, "select": "gss", "dlt_view": "ibs",
      "ibs_step": 2, "future_key": {"x": 1}})");
  const UiState s = read_ui_state(ui);
  CHECK(s.tab == "steps");
  CHECK(s.compare == true);
  CHECK(s.comm == false);
  CHECK(s.zoom == 12.5);
  CHECK(s.step == 3);
  CHECK(ui_string(s, "loop_view") == "machine");  // a kind's own tab key, kept in `other`
  CHECK(s.measure == true);
  CHECK(s.select == "gss");
  CHECK(ui_string(s, "dlt_view") == "ibs");
  CHECK_FALSE(ui_string(s, "future_key"));  // not a string
  CHECK(s.ibs_step == 2);
  CHECK(ui_state_json(s) == ui);                // JSON -> state -> JSON
  CHECK(read_ui_state(ui_state_json(s)) == s);  // state -> JSON -> state
}

TEST_CASE("UiState.WrongTypesAreIgnoredNotErrors") {
  const UiState s = read_ui_state(Json::parse(
      R"({"tab": 2, "compare": "yes", "zoom": "big", "step": 1.5, "select": 7, "measure": 1})"));
  CHECK_FALSE(s.tab);
  CHECK_FALSE(s.compare);
  CHECK_FALSE(s.zoom);
  CHECK_FALSE(s.step);
  CHECK_FALSE(s.select);
  CHECK_FALSE(s.measure);
  CHECK(read_ui_state(Json::array()) == UiState{});
  CHECK(read_ui_state(Json()) == UiState{});
}

TEST_CASE("UiState.ZoomIsClampedToTheViewsRange") {
  CHECK(read_ui_state(Json{{"zoom", 0.1}}).zoom == 1.0);
  CHECK(read_ui_state(Json{{"zoom", 5000}}).zoom == 1000.0);
}

TEST_CASE("UiState.TabNamesMapToTabIndices") {
  CHECK(ui_tab_index(std::string("graph"), kDagTabs) == 0);
  CHECK(ui_tab_index(std::string("steps"), kDagTabs) == 2);
  CHECK(ui_tab_index(std::string("side_by_side"), kLoopTabs) == 1);
  CHECK(ui_tab_index(std::string("ibs"), kDltTabs) == 2);
  CHECK(ui_tab_index(std::string("nope"), kDltTabs) == -1);
  CHECK(ui_tab_index(std::nullopt, kDagTabs) == -1);
}
