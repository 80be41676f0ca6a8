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
  const char* name;         ///< the scenario name (a contract: never renamed), e.g. "cwa"
  const char* title;        ///< human title, e.g. "Cube walking algorithm"
  const char* paper;        ///< seed file + section/figure, e.g. "000 §4, Fig 10"
  const char* applies_to;   ///< what it runs on, e.g. "hypercube" or "any topology"
  const char* description;  ///< one paragraph for the help panel: the idea
  const char* formula;      ///< formula or pseudocode sketch (may be multi-line)
  const char* complexity;   ///< e.g. "O(d · N)"; "" if the paper gives none
  bool unbounded = false;   ///< may use more processors than given (DAG clustering)
};

/// The row called `name` in `table`, or nullptr.
inline const AlgorithmInfo* find_algorithm(const std::vector<AlgorithmInfo>& table,
                                           std::string_view name) {
  for (const auto& a : table)
    if (name == a.name) return &a;
  return nullptr;
}

}  // namespace loadlab::core
