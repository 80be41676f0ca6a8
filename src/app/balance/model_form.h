// The scenario panel's editable fields, turned into scenario JSON on Apply and filled back from a
// loaded scenario (so an opened link shows its own settings).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/model/topology.h"
#include "io/json_reader.h"

namespace loadlab::app {

struct ScenarioForm {
  int topology = 1;  ///< index into kTopologies
  int dim = 3;       ///< hypercube dimension
  int rows = 4, cols = 4;
  int nodes = 16;        ///< ring / line / complete / random tree
  int k = 2, depth = 3;  ///< k-ary tree
  int load_mode = 0;     ///< 0 explicit list, 1.. generators
  std::string explicit_loads = "19 11 2 9 0 9 10 4";
  int mean = 10;
  int seed = 42;
  std::string tree_parents = "-1 0 1 1 0 4 0 6 6";
  bool algorithm_checked[64] = {};
  /// The topology the algorithm ticks were last made consistent with (-1: none yet); a change of
  /// topology ticks the new family's own algorithm (natural_balance_algorithms).
  int consistent_topology = -1;

  /// Builds a balance scenario from the fields; throws io::ScenarioError naming the bad field.
  io::Json to_json(const std::vector<std::string>& algorithms) const;
  /// Fills the fields from a scenario (unknown shapes leave the previous values).
  void from_json(const io::Json& scenario, const std::vector<std::string>& algorithms);

  /// The network the topology fields describe, or nullopt with the reason (field-named). Builds
  /// it: for big networks prefer node_count() and family_sample().
  std::optional<core::Topology> topology_of(std::string* error = nullptr) const;
  /// Nodes of the described network, computed from the fields (no network is built); -1 if the
  /// fields are invalid (validation names them).
  std::int64_t node_count() const;
  /// A small network of the same family (what the algorithms' applies_to checks look at), so the
  /// picker's reasons cost nothing for a 2^20-node network; nullopt if the fields are invalid.
  std::optional<core::Topology> family_sample() const;
  /// Makes the fields describe a valid scenario after an edit: explicit loads
  /// are resized to the topology's node count, algorithms the topology does not support are
  /// unchecked, and after a change of topology its natural algorithm is ticked (kept ticks that
  /// still apply stay). Returns one human note per change (shown in the form and the status
  /// line); empty if none.
  std::vector<std::string> make_consistent(const std::vector<std::string>& algorithms);
  /// Per algorithm (same order as `algorithms`): "" if it runs on the form's topology, else the
  /// core table's reason. Cached until the topology fields change.
  const std::vector<std::string>& unavailable_reasons(const std::vector<std::string>& algorithms);

 private:
  std::string reasons_key_;
  std::vector<std::string> reasons_;
};

/// The algorithms written for a topology family (kTopologies index), best first: Wu's walking
/// algorithms TWA on trees and lines, CWA on hypercubes, MWA on meshes, then diffusion, which
/// runs anywhere. make_consistent ticks the first that applies when the topology changes.
std::vector<std::string> natural_balance_algorithms(int topology);

/// Why `algorithm` cannot run on `topology` (the core table's own reason), or "" if it can.
std::string balance_algorithm_unavailable(const std::string& algorithm,
                                          const core::Topology& topology);

/// Explicit loads resized to `nodes` entries: the old list repeated (so the load pattern and the
/// mean stay recognisable), or truncated. An empty list gives zeros.
std::vector<std::int64_t> resize_loads(const std::vector<std::int64_t>& loads, int nodes);

/// Lists with more entries than this become the uniform generator (with the old mean) instead.
inline constexpr int kMaxExplicitLoads = 1024;

inline constexpr const char* kTopologies[] = {
    "tree", "hypercube", "mesh", "torus", "ring", "line", "complete", "kary tree", "random tree"};
inline constexpr const char* kLoadModes[] = {"explicit list", "uniform", "multinomial", "hot_spot",
                                             "ramp"};

/// The balance view's state in "ui": {"select": name, "step": k, "zoom": z, "pan": [x, y]}.
struct BalanceUi {
  std::optional<std::string> select;
  std::optional<int> step;
  std::optional<float> zoom;
  std::optional<float> pan_x, pan_y;
};
BalanceUi read_balance_ui(const io::Json& ui);

}  // namespace loadlab::app
