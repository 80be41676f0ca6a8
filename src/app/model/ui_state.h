// The view state a scenario may carry under its common key "ui" (docs/scenario-format.md), read
// leniently (a field of the wrong type is ignored, as the views always did: "ui" never makes a
// scenario invalid) and written back, so view state and a share link's "ui" round-trip.
//
//   dag:     {"tab": "graph"|"gantt"|"steps"|"adversary", "compare": bool, "comm": bool, "zoom": k,
//             "step": k, "adversary": {a, b, iterations, seed, ...} (dag/model_adversary.h)}
//   loop:    {"loop_view": "schedule"|"side_by_side"|"machine", "measure": bool, "select": name}
//   dlt:     {"dlt_view": "timing"|"loads"|"ibs", "ibs_step": k, "select": name}
//   balance: {"select": name, "step": k, "zoom": z, "pan": [x, y],
//             "iterative_view": "network"|"sweeps"|"convergence"|"pressure"}
//   dynamic: {"dynamic_view": "chart"|"tasks"|"compare"|"network", "select": name}
//   partition: {"partition_view": "mesh"|"compare"|"network"|"steps", "select": name}
//   os:      {"os_view": "chart"|"response"|"compare"|"load", "select": name}
// The kinds' own tab keys ("loop_view", "dlt_view", ...) live in `other` (plain strings, read by
// their views with ui_string and written by their modules with save_tab).
#pragma once

#include <initializer_list>
#include <optional>
#include <string>

#include "io/json_reader.h"

namespace loadlab::app {

struct UiState {
  std::optional<std::string> tab;       ///< dag tab
  std::optional<bool> compare;          ///< dag Gantt: all algorithms stacked
  std::optional<bool> comm;             ///< dag graph: communication costs on edges
  std::optional<bool> measure;          ///< loop: start "Run on my machine"
  std::optional<double> zoom;           ///< dag graph zoom after fitting, clamped to [1, 1000]
  std::optional<int> step;              ///< dag Steps tab: 1-based step
  std::optional<int> ibs_step;          ///< dlt IBS step
  std::optional<std::string> select;    ///< the algorithm to select
  io::Json other = io::Json::object();  ///< keys the app does not know, kept as they were

  bool operator==(const UiState&) const = default;
};

/// Reads `ui` (a scenario's "ui" value; anything but an object gives an empty state).
UiState read_ui_state(const io::Json& ui);
/// The "ui" object for a state (only the fields that are set, plus `other`).
io::Json ui_state_json(const UiState& state);

/// Index of `name` in `names`, or -1 (no value or unknown name).
int ui_tab_index(const std::optional<std::string>& name, std::initializer_list<const char*> names);

/// The string under `key` of the state's other keys, or nullopt (absent or not a string).
std::optional<std::string> ui_string(const UiState& u, const char* key);
/// The name of tab `shown` (TabRequest::shown), or nullopt when none is shown.
std::optional<std::string> ui_tab_name(int shown, std::initializer_list<const char*> names);
/// Records tab `shown` under `key` of the state's other keys (the newer kinds' one plain key).
void save_tab(UiState& u, const char* key, int shown, std::initializer_list<const char*> names);

/// Tab names in tab order, per kind.
inline constexpr std::initializer_list<const char*> kDagTabs = {"graph", "gantt", "steps",
                                                                "adversary"};
inline constexpr std::initializer_list<const char*> kLoopTabs = {"schedule", "side_by_side",
                                                                 "machine"};
inline constexpr std::initializer_list<const char*> kDltTabs = {"timing", "loads", "ibs"};
inline constexpr std::initializer_list<const char*> kIterativeTabs = {"network", "sweeps",
                                                                      "convergence", "pressure"};
inline constexpr std::initializer_list<const char*> kDynamicTabs = {"chart",   "tasks",  "compare",
                                                                    "network", "phases", "threads"};
inline constexpr std::initializer_list<const char*> kPartitionTabs = {"mesh", "compare", "network",
                                                                      "steps"};
inline constexpr std::initializer_list<const char*> kOsTabs = {"chart", "response", "compare",
                                                               "load"};

}  // namespace loadlab::app
