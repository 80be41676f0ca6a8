// The scenario panel's editable fields, turned into scenario JSON on Apply and filled back from a
// loaded scenario (so an opened link shows its own settings).
#pragma once

#include <string>

#include "io/json_reader.h"

namespace loadlab::app {

struct ScenarioForm {
  int topology = 1;  ///< index into kTopologies
  int dim = 3;       ///< hypercube dimension
  int rows = 4, cols = 4;
  int nodes = 16;            ///< ring / line / complete / random tree
  int k = 2, depth = 3;      ///< k-ary tree
  int load_mode = 0;         ///< 0 explicit list, 1.. generators
  std::string explicit_loads = "19 11 2 9 0 9 10 4";
  int mean = 10;
  int seed = 42;
  std::string tree_parents = "-1 0 1 1 0 4 0 6 6";
  bool algorithm_checked[64] = {};

  /// Builds a balance scenario from the fields; throws io::ScenarioError naming the bad field.
  io::Json to_json(const std::vector<std::string>& algorithms) const;
  /// Fills the fields from a scenario (unknown shapes leave the previous values).
  void from_json(const io::Json& scenario, const std::vector<std::string>& algorithms);
};

inline constexpr const char* kTopologies[] = {"tree", "hypercube", "mesh", "torus", "ring", "line", "complete", "kary tree", "random tree"};
inline constexpr const char* kLoadModes[] = {"explicit list", "uniform", "multinomial", "hot_spot", "ramp"};

}  // namespace loadlab::app
