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
  CHECK(ui_string(s, "tab") == "steps");
  CHECK(ui_bool(s, "compare") == true);
  CHECK(ui_bool(s, "comm") == false);
  CHECK(ui_number(s, "zoom") == 12.5);
  CHECK(ui_int(s, "step") == 3);
  CHECK(ui_string(s, "loop_view") == "machine");  // a kind's own tab key, kept in `other`
  CHECK(ui_bool(s, "measure") == true);
  CHECK(s.select == "gss");
  CHECK(ui_string(s, "dlt_view") == "ibs");
  CHECK_FALSE(ui_string(s, "future_key"));  // not a string
  CHECK(ui_int(s, "ibs_step") == 2);
  CHECK(ui_state_json(s) == ui);                // JSON -> state -> JSON
  CHECK(read_ui_state(ui_state_json(s)) == s);  // state -> JSON -> state
}

TEST_CASE("UiState.WrongTypesAreIgnoredNotErrors") {
  const UiState s = read_ui_state(Json::parse(
      R"({"tab": 2, "compare": "yes", "zoom": "big", "step": 1.5, "select": 7, "measure": 1})"));
  CHECK_FALSE(ui_string(s, "tab"));
  CHECK_FALSE(ui_bool(s, "compare"));
  CHECK_FALSE(ui_number(s, "zoom"));
  CHECK_FALSE(ui_int(s, "step"));
  CHECK_FALSE(s.select);
  CHECK_FALSE(ui_bool(s, "measure"));
  CHECK(ui_number(s, "step") == 1.5);  // a number, not an integer
  CHECK(read_ui_state(Json::array()) == UiState{});
  CHECK(read_ui_state(Json()) == UiState{});
}

TEST_CASE("UiState.PutSetsAndRemovesAKindsKey") {
  UiState s = read_ui_state(Json{{"step", 4}, {"zoom", 2.0}, {"select", "cwa"}});
  ui_put(s, "step", std::optional<int>(7));
  ui_put(s, "zoom", std::optional<double>());  // nullopt: the key goes
  ui_put(s, "tab", std::optional<std::string>("gantt"));
  ui_put(s, "compare", std::optional<bool>(false));
  CHECK(ui_state_json(s) ==
        Json{{"step", 7}, {"select", "cwa"}, {"tab", "gantt"}, {"compare", false}});
}

TEST_CASE("UiState.TabNamesMapToTabIndices") {
  const std::initializer_list<const char*> tabs = {"graph", "gantt", "steps"};
  CHECK(ui_tab_index(std::string("graph"), tabs) == 0);
  CHECK(ui_tab_index(std::string("steps"), tabs) == 2);
  CHECK(ui_tab_index(std::string("nope"), tabs) == -1);
  CHECK(ui_tab_index(std::nullopt, tabs) == -1);
  CHECK(ui_tab_name(1, tabs) == "gantt");
  CHECK_FALSE(ui_tab_name(3, tabs));
}
