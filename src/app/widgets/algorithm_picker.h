// The algorithm picker the per-kind forms share: two columns of checkboxes in the kind's table
// order (io::algorithm_names_of), an optional "all" button and preset buttons; writes the checked
// names, in table order, to the scenario's "algorithms" array.
#pragma once

#include <imgui.h>

#include <functional>
#include <string>
#include <vector>

#include "io/json_reader.h"

namespace loadlab::app {

struct AlgorithmPreset {
  const char* label;
  std::vector<std::string> algorithms;
};

struct AlgorithmPickerOptions {
  std::function<ImU32(const std::string&)> colour;         ///< check mark colour (optional)
  std::function<const char*(const std::string&)> tooltip;  ///< hover text or nullptr (optional)
  bool all_button = false;
  std::vector<AlgorithmPreset> presets;
  const char* none_checked_note = nullptr;  ///< shown when nothing is checked
};

/// Tooltip for the last item when hovered: the algorithm's title, idea, paper (and "F1: more"),
/// from the kind's core descriptor table.
void algorithm_tooltip(const std::string& kind, const std::string& algorithm);

/// Draws the picker for `kind`'s algorithms over doc["algorithms"]; true if it changed.
bool algorithm_picker(io::Json& doc, const std::string& kind, const AlgorithmPickerOptions& opt);

}  // namespace loadlab::app
