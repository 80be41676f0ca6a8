// Dijkstra-Scholten termination detection for the iterative balancers, as one node's state machine
// (used by the central driver and, unchanged, by the per-node programs in src/sim/programs).
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Termination Detection".
//
// The notes' scheme: a diffusion tree is set up before the exchange (here: breadth-first from node
// 0, each node's parent its lowest-numbered neighbour one hop closer to the root); a node is
// passive when its load index stayed within epsilon of a reference value for k exchanges (sweeps);
// a passive node whose tree children have all left the tree leaves it too (a "detach" signal to its
// parent); a node whose load moves again becomes active and rejoins ("attach", passed up until it
// reaches a node still in the tree); global termination is detected when the tree has collapsed to
// the root. Our additions, because in load balancing "nothing changes" is only approximate:
//  - a detach carries the lowest and highest reference load of the subtree, and the root declares
//    termination only when (highest - lowest) + 2 epsilon < the stop rule's threshold, so detection
//    implies the stop rule holds up to signals still in flight (epsilon = threshold / 8);
//  - after detection the root sends "stop after sweep s + e" down the tree (e = the root's
//    eccentricity, so every node has it in time) and all nodes stop after the same sweep, which
//    keeps the exchange conservative.
// Timing: control messages produced after sweep s are read after sweep s + 1 (one hop per sweep).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/model/topology.h"

namespace loadlab::core {

struct DsMessage {
  enum Kind : int { Attach = 0, Detach = 1, Stop = 2 };
  int from = 0;
  int to = 0;
  int kind = Attach;
  double lo = 0, hi = 0;  ///< Detach: subtree's reference loads
  int stop_at = -1;       ///< Stop: last sweep
};

struct DsConfig {
  double epsilon = 0;
  double threshold = 0;  ///< the stop rule's bound on max - min
  int k = 3;
  int eccentricity = 0;  ///< of the root
};

/// One node's Dijkstra-Scholten state.
struct DsNode {
  int id = 0;
  int parent = -1;            ///< -1 for the root
  std::vector<int> children;  ///< tree children, ascending
  std::vector<double> child_lo, child_hi;
  int engaged = 0;  ///< tree children still in the tree
  bool in_tree = true;
  int stable = 0;
  double ref = 0;
  bool detected = false;
  int detected_at = -1;
  int stop_at = -1;

  /// After sweep `sweep` (1-based) with this node's load and the control messages sent to it after
  /// the previous sweep (sender order); appends what it sends.
  void after_sweep(int sweep, double load, std::span<const DsMessage> inbox,
                   std::vector<DsMessage>& out, const DsConfig& config);
};

/// The breadth-first tree from node 0 and the nodes' initial states. Throws std::invalid_argument
/// for a disconnected topology. `eccentricity` receives the root's eccentricity.
std::vector<DsNode> make_ds_nodes(const Topology& topology, const std::vector<double>& initial,
                                  int& eccentricity);

/// The whole network's detection, sweep by sweep (the central driver's view).
class DsMonitor {
 public:
  DsMonitor(const Topology& topology, const std::vector<double>& initial, double threshold, int k);
  /// Feeds the loads after sweep `sweep` (1-based); returns true when every node must stop now.
  bool after_sweep(int sweep, const std::vector<double>& loads);
  std::int64_t control_messages() const { return messages_; }
  int detected_at() const { return nodes_[0].detected_at; }
  int stop_at() const { return nodes_[0].stop_at; }
  const DsConfig& config() const { return config_; }
  const std::vector<DsNode>& nodes() const { return nodes_; }

 private:
  std::vector<DsNode> nodes_;
  DsConfig config_;
  std::vector<std::vector<DsMessage>> inbox_;
  std::int64_t messages_ = 0;
};

}  // namespace loadlab::core
