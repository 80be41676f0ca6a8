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
// Every key but "select" belongs to a kind and lives in `other`: read by its views with ui_string /
// ui_bool / ui_int / ui_number and written by its module's save_ui with ui_put / save_tab; each
// kind's tab names are in its own folder.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>

#include "io/json_reader.h"

namespace loadlab::app {

struct UiState {
  std::optional<std::string> select;  ///< the algorithm to select (every kind has one)
  /// Every other key, kept as it was: the kinds' own (read with ui_string, ui_bool, ui_int,
  /// ui_number and written with ui_put by the kind that owns them) and keys no kind knows.
  io::Json other = io::Json::object();

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

/// The value under `key` of the state's other keys when it has the type asked for, else nullopt
/// (read leniently: a value of the wrong type is ignored, never an error).
std::optional<bool> ui_bool(const UiState& u, const char* key);
std::optional<int> ui_int(const UiState& u, const char* key);  ///< integers only
std::optional<double> ui_number(const UiState& u, const char* key);
/// Sets `key` of the state's other keys to the value, or removes it for nullopt.
void ui_put(UiState& u, const char* key, const std::optional<bool>& v);
void ui_put(UiState& u, const char* key, const std::optional<int>& v);
void ui_put(UiState& u, const char* key, const std::optional<double>& v);
void ui_put(UiState& u, const char* key, const std::optional<std::string>& v);

}  // namespace loadlab::app
