// The descriptor every algorithm of every scenario kind has: one row in its kind's table.
//
// Each kind keeps exactly one table of these in core (e.g. core/balance/registry.cpp,
// core/dag/registry.cpp, core/loops/techniques.cpp, ...). The CLI, io validation, the node
// simulation, the playground's pickers and help panel, and the property tests all read that
// table, so adding an algorithm is: its own file + one row + its test.
#pragma once

#include <string_view>
#include <vector>

namespace loadlab::core {

struct AlgorithmInfo {
  const char* name;   ///< the scenario name (a contract: never renamed), e.g. "cwa"
  const char* title;  ///< human title, e.g. "Cube walking algorithm"
  const char*
      paper;  ///< citation key + place, e.g. "wu1997 §3.2, Fig 10" (core/common/citations.h)
  const char* applies_to;   ///< what it runs on, e.g. "hypercube" or "any topology"
  const char* description;  ///< one paragraph for the help panel: the idea
  const char* formula;      ///< formula or pseudocode sketch (may be multi-line)
  const char* complexity;   ///< e.g. "O(d · N)"; "" if the paper gives none
  bool unbounded = false;   ///< may use more processors than given (DAG clustering)
  // Filled from core/common/algorithm_guides*.cpp by the kind's table (attach_algorithm_guides).
  const char* good_when = "";  ///< when it is the right choice, naming what shows it
  const char* bad_when = "";   ///< when it is not, naming what shows it
  const char* example = "";    ///< a preset (loadlab preset NAME) that shows it
};

/// Fills good_when / bad_when / example of `rows` (the table of `kind`) from the guide tables.
/// Rows without a guide keep "" (core_tests fail on them).
std::vector<AlgorithmInfo> attach_algorithm_guides(std::string_view kind,
                                                   std::vector<AlgorithmInfo> rows);

/// The row called `name` in `table`, or nullptr.
inline const AlgorithmInfo* find_algorithm(const std::vector<AlgorithmInfo>& table,
                                           std::string_view name) {
  for (const auto& a : table)
    if (name == a.name) return &a;
  return nullptr;
}

}  // namespace loadlab::core
