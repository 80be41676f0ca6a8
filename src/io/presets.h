// Named example scenarios: the papers' worked examples, ready to open in the playground
// (File > Examples) or print with `loadlab preset <name>`. Names are a stable interface.
#pragma once

#include <string>
#include <vector>

#include "io/json_reader.h"

namespace loadlab::io {

struct Preset {
  std::string name;   ///< stable identifier, e.g. "wu_example3"
  std::string title;  ///< one line for menus
  Json scenario;
};

/// Every preset, in menu order.
const std::vector<Preset>& presets();

/// The preset with this name; throws ScenarioError("", ...) listing the names if unknown.
const Preset& find_preset(const std::string& name);

}  // namespace loadlab::io
