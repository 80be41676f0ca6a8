// Descriptor table of the dynamic kind (read by io, CLI, UI and tests) and the dispatcher.
#include "core/dynamic/registry.h"

#include <stdexcept>

namespace loadlab::core {

const std::vector<AlgorithmInfo>& dynamic_algorithm_table() {
  static const std::vector<AlgorithmInfo> table = attach_algorithm_guides(
      "dynamic",
      {
          {"none", "No balancing", "wu1997 §1 (the baseline)", "any topology",
           "Every task runs on the node where it appears.",
           "node(task) = node where the task appears", "O(1) per task", false},
          {"random", "Randomized allocation", "notes Randomized allocation", "any topology",
           "A new task goes to a random neighbour; while the node it reaches is above the "
           "threshold it "
           "moves again, at most transfer_limit times.",
           "move while load(node) > threshold and transfers < transfer_limit",
           "O(transfer_limit) per task", false},
          {"sender", "Sender-initiated probing",
           "wu1997 §6 (threshold probing of Eager et al., its reference [6])", "any topology",
           "A node above the threshold when a task appears probes up to probe_limit random "
           "neighbours "
           "and "
           "pushes its newest task to the first one below the threshold.",
           "probe while load > T, send if load(probed) < T", "O(probe_limit) messages per task",
           false},
          {"receiver", "Receiver-initiated, load-imbalance based",
           "houstis1996 §2.5, cost function (3)", "any topology (≤ 4096 nodes)",
           "Loads are broadcast; receivers (L_r < L_A) request work from senders (L_s > L_A) whose "
           "decision variable π_sr exceeds θ_r, never more than L_A − L_r; senders send at most "
           "what "
           "is "
           "requested. Reports cost function (3) but does not minimise it: π_sr is a heuristic "
           "(relative excess over distance); 'receiver_min_cost' minimises it.",
           "Σ_s W_sr ≤ L_A − L_r;  C = 1/M Σ_r (L_r + Σ_s π_sr f(W_sr) − L_A)^M + 1/M Σ_s (L_s + "
           "Σ_r "
           "π_sr g(W_sr) − L_A)^M",
           "O(|S|·|R|) per round", false},
          {"work_stealing", "Work stealing", "notes Work-stealing",
           "any topology (victims: neighbours)",
           "An idle node asks a victim (random, or its round-robin target variable) for work and "
           "receives "
           "half (or one) of the victim's queued tasks.",
           "idle v: u = victim(v) (random neighbour, or v's round-robin target);\n"
           "move half of u's queued tasks (steal = one: a single task) from u to v",
           "O(1) per steal", false},
          {"gradient", "Gradient model", "notes gradient model; wu1997 §6 (Lin and Keller)",
           "any topology",
           "Light nodes have pressure 0, others 1 + the minimum neighbour pressure, maintained as "
           "loads "
           "change; overloaded nodes push tasks downhill to the nearest light node.",
           "p(v) = 0 if load ≤ low_mark else 1 + min_{u∈N(v)} p(u)",
           "O(degree) per pressure change", false},
          {"rips", "Runtime incremental parallel scheduling",
           "wu1997 §1, §6 (Shu & Wu, its reference [11])",
           "inner: twa on trees, cwa/dem on hypercubes, mwa on meshes, optimal anywhere",
           "System phases (when every node is idle, or on imbalance, any idle node, or a period) "
           "balance "
           "all ready tasks with a walking algorithm or the min-cost-flow optimum; user phases run "
           "them. "
           "New tasks wait for the next system phase.",
           "system phase: run_balance(inner, ready loads); user phase: execute",
           "one balance per phase", false},
          {"receiver_min_cost", "Receiver-initiated, minimising cost function (3)",
           "houstis1996 §2.5, cost function (3) minimised", "any topology (≤ 4096 nodes)",
           "The receiver rounds (broadcast, L_A, senders and receivers, requests, senders send at "
           "most what is asked), but each round requests the whole numbers of tasks W_sr that "
           "minimise the survey's cost function (3) with f(W) = f·W, g(W) = g·W: one task at a "
           "time "
           "from the sender whose cost falls most to the receiver whose cost rises least, while C "
           "still falls. Exact, because (3) is convex and separable in what each node sends or "
           "receives. Same settings as receiver (theta unused).",
           "min over W: 1/M Σ_r (L_r + (1+f) Σ_s W_sr − L_A)^M + 1/M Σ_s (L_s − (1−g) Σ_r W_sr − "
           "L_A)^M\n"
           "s.t. Σ_s W_sr ≤ ⌊L_A − L_r⌋,  Σ_r W_sr ≤ ⌊L_s − L_A⌋",
           "O(T log N) per round (T tasks moved)", false},
          {"symmetric", "Symmetric initiation",
           "notes Initiation rule (symmetrical policies); wu1997 §6 (Eager et al.)", "any topology",
           "Both halves of the initiation rule at once: a node above the threshold when a task "
           "appears probes neighbours and pushes a task to one below it (as 'sender'), and a node "
           "whose load falls below the threshold polls neighbours and pulls the oldest queued task "
           "of one above it, waiting 'backoff' after probe_limit failed polls.",
           "on a new task: if load > T, probe ≤ probe_limit neighbours, push to one with load < T\n"
           "on idle or a task's end: if load < T, poll ≤ probe_limit neighbours, pull from one "
           "with "
           "load > T; all polls failed: wait backoff",
           "O(probe_limit) messages per task", false},
          {"work_stealing_global", "Work stealing with a global target",
           "notes Work-stealing (global target variable)", "any topology (victims: every node)",
           "An idle node asks the node named by one target variable shared by all nodes, which "
           "then "
           "moves on to the next node, so consecutive thieves never collide on one victim; the "
           "victim "
           "sends half (or one) of its queued tasks over the hop distance.",
           "idle v: u = target; target = next node after u (skipping v);\n"
           "move half of u's queued tasks (steal = one: a single task) from u to v, over dist(u, "
           "v) "
           "hops",
           "O(1) per steal (plus a distance)", false},
      });
  return table;
}

std::unique_ptr<DynamicStrategy> make_named_strategy(const std::string& algorithm,
                                                     const DynamicParams& params,
                                                     const Topology& topology) {
  if (algorithm == "none") return make_none_strategy();
  if (algorithm == "random") return make_random_strategy(params.random);
  if (algorithm == "sender") return make_sender_strategy(params.sender);
  if (algorithm == "receiver") return make_receiver_strategy(params.receiver);
  if (algorithm == "receiver_min_cost") return make_receiver_min_cost_strategy(params.receiver);
  if (algorithm == "work_stealing") return make_work_stealing_strategy(params.work_stealing);
  if (algorithm == "work_stealing_global")
    return make_work_stealing_global_strategy(params.work_stealing_global);
  if (algorithm == "symmetric") return make_symmetric_strategy(params.symmetric);
  if (algorithm == "gradient") return make_gradient_strategy(params.gradient);
  if (algorithm == "rips") return make_rips_strategy(params.rips, topology);
  throw std::invalid_argument("unknown dynamic strategy '" + algorithm + "'");
}

DynamicRunResult run_dynamic(const std::string& algorithm, const Topology& topology,
                             const DynamicWorkload& workload, const DynamicCosts& costs,
                             const DynamicParams& params, const DynamicRunOptions& options) {
  const std::unique_ptr<DynamicStrategy> strategy =
      make_named_strategy(algorithm, params, topology);
  // Each strategy draws from its own stream, so adding one never changes another's run.
  std::uint64_t salt = workload.seed;
  for (char c : algorithm) salt = salt * 131 + static_cast<unsigned char>(c);
  DynamicSim sim(topology, workload, costs, options, util::splitmix64(salt));
  return sim.run(*strategy, algorithm);
}

}  // namespace loadlab::core
