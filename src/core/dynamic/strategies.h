// The dynamic load-balancing strategies (one file each) and their settings.
#pragma once

#include <memory>
#include <string>

#include "core/dynamic/simulator.h"

namespace loadlab::core {

/// random (003, "Randomized allocation"): a new task goes to a random neighbour; repeated while
/// the node it reached is above `threshold`, at most `transfer_limit` transfers in all.
struct RandomParams {
  double threshold = 2;
  int transfer_limit = 1;
};

/// sender (sender-initiated, 000 §6 citing Eager et al.): a node above `threshold` when a task
/// appears probes up to `probe_limit` random neighbours and pushes the task to the first one whose
/// load is below the threshold.
struct SenderParams {
  double threshold = 2;
  int probe_limit = 3;
};

/// receiver (002 §2.5): load broadcast, L_A, S, R, π_sr, θ_r, requests W_sr bounded by L_A - L_r,
/// senders send at most what is requested; cost function (3) with f(W) = f·W, g(W) = g·W and M.
struct ReceiverParams {
  double theta = 0;   ///< θ_r (the same for every receiver)
  double f = 1;       ///< receiving cost per task
  double g = 1;       ///< sending cost per task
  int M = 2;          ///< even exponent of (3)
  double period = 0;  ///< > 0: a round every `period`; 0: at start and whenever a node idles
};

/// work_stealing (003): an idle node asks a victim (random neighbour, or the next one of its
/// round-robin `target` variable) for work; the victim sends half (or one) of its queue.
struct StealParams {
  std::string victim = "random";  ///< "random" | "round_robin" (| "global": work_stealing_global)
  std::string amount = "half";    ///< "half" | "one"
  double backoff = 1;             ///< wait after a failed steal before asking the next victim
};

/// symmetric (003, initiation rule; Eager et al. via 000 §6): the sender rule above, plus a
/// receiver rule: a node below `threshold` polls up to `probe_limit` random neighbours, one at a
/// time, and a polled node above the threshold sends its oldest queued task; after a failed
/// sequence the node waits `backoff`.
struct SymmetricParams {
  double threshold = 2;
  int probe_limit = 3;
  double backoff = 1;
};

/// gradient (003, "gradient model"): pressure 0 at light nodes (load <= low_mark), else 1 + the
/// minimum neighbour pressure; nodes above high_mark push tasks down the pressure surface.
struct GradientParams {
  std::int64_t low_mark = 1;
  std::int64_t high_mark = 2;
};

/// rips (000 §1, §6; Shu & Wu [11]): system phases balance the ready tasks with a walking algorithm
/// (or the optimum), user phases run them; new tasks wait for the next system phase.
struct RipsParams {
  std::string inner;                 ///< twa | cwa | mwa | dem | optimal ("" = by topology)
  std::string trigger = "all_idle";  ///< all_idle | any_idle | imbalance | period
  double imbalance = 2;              ///< imbalance trigger: max - min ready load above this
  double period = 10;                ///< period trigger
};

struct DynamicParams {
  RandomParams random;
  SenderParams sender;
  ReceiverParams receiver;
  StealParams work_stealing;
  StealParams work_stealing_global;  ///< victim is always the global target
  SymmetricParams symmetric;
  GradientParams gradient;
  RipsParams rips;
};

std::unique_ptr<DynamicStrategy> make_none_strategy();
std::unique_ptr<DynamicStrategy> make_random_strategy(const RandomParams& p);
std::unique_ptr<DynamicStrategy> make_sender_strategy(const SenderParams& p);
std::unique_ptr<DynamicStrategy> make_receiver_strategy(const ReceiverParams& p);
/// receiver_min_cost: the receiver rounds with each round's W_sr minimising cost function (3)
/// (theta unused).
std::unique_ptr<DynamicStrategy> make_receiver_min_cost_strategy(const ReceiverParams& p);
std::unique_ptr<DynamicStrategy> make_work_stealing_strategy(const StealParams& p);
/// work_stealing with one target variable shared by all nodes (003): p.victim is ignored.
std::unique_ptr<DynamicStrategy> make_work_stealing_global_strategy(StealParams p);
std::unique_ptr<DynamicStrategy> make_symmetric_strategy(const SymmetricParams& p);
std::unique_ptr<DynamicStrategy> make_gradient_strategy(const GradientParams& p);
std::unique_ptr<DynamicStrategy> make_rips_strategy(const RipsParams& p, const Topology& topo);

/// The walking algorithm RIPS uses by default on a topology: twa on trees, cwa on hypercubes,
/// mwa on meshes, else optimal.
std::string rips_default_inner(const Topology& topo);

}  // namespace loadlab::core
