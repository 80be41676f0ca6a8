// Guides of the balance, dynamic, dlt, loop, os and partition kinds, and the join into the
// descriptor tables. Numbers are what `loadlab run` prints for the named preset.
#include "core/common/algorithm_guides.h"

#include <string_view>

#include "core/common/algorithm_info.h"

namespace loadlab::core {

// clang-format off
const std::vector<AlgorithmGuide>& algorithm_guides_general() {
  static const std::vector<AlgorithmGuide> rows = {
      // balance
      {"balance", "twa", "The network is a tree (or a line) and every node can take part in one reduction and one broadcast: the moves are optimal in task-hops and in messages (Wu, Theorem 3).",
       "The network has cycles: a spanning tree ignores the shortcuts, so tasks travel further than on the network itself. Example 1 shows the optimal 16 task-hops on a tree.",
       "wu_example1"},
      {"balance", "cwa", "The network is a hypercube: d exchange steps fully balance it with the fewest non-local tasks (on the random 6-cube: 0 spread, 122 non-local tasks, 196 task-hops).",
       "Task-hops matter more than non-local tasks: on the random 6-cube the optimum needs 156 task-hops against CWA's 196. It does not run on other networks.",
       "wu_random_cube"},
      {"balance", "mwa", "The network is a 2-D mesh: scans along rows and columns fully balance it with the minimal number of non-local tasks (Example 4: 37 non-local tasks, 48 task-hops, as the optimum).",
       "Communication steps are costly: Example 4 takes 21 communication steps against the optimum's 3, because the scans are sequential along rows and columns.",
       "wu_example4"},
      {"balance", "kwa", "The network is a torus or a ring, where MWA and CWA do not run: it walks the dimensions like them and on each ring takes the circulation a ring's optimum takes (on Example 4's mesh it is MWA: 48 task-hops, the optimum's).",
       "Task-hops matter on a hypercube: on the random 6-cube it needs 206 against CWA's 196 and the optimum's 156, since which nodes send at one level shapes the next.",
       "wu_example4"},
      {"balance", "dem", "A quick hypercube exchange is enough: each dimension's pair averages its loads, no global quota is computed, and the messages are local.",
       "Exact balance is needed: integer halving leaves a spread (2 on the random 6-cube) and moves more tasks than CWA (158 against 122 non-local tasks).",
       "wu_random_cube"},
      {"balance", "optimal", "You need the yardstick: the minimum task-hops any algorithm can reach (156 on the random 6-cube), computed as a min-cost flow.",
       "The network is large: the flow is solved centrally over the whole network, and a real machine would need global knowledge to follow it.",
       "wu_random_cube"},
      {"balance", "gde", "Only neighbours may talk and no node knows the global load: averaging along one colour class of edges at a time converges on any network (the notes' Problems 2 and 3).",
       "The mesh is large and the load smooth: convergence is geometric and slow; Problem 3's 5 x 5 mesh needs 22 sweeps to bring the spread down to 1.",
       "notes_problem3"},
      {"balance", "diffusion", "Every node can exchange with all neighbours at once: each step moves a fraction of every load difference, with no edge colouring (7 sweeps on the random 6-cube).",
       "Exact integer balance is needed quickly: diffusion only approaches the average, and the rate worsens with the network's diameter.",
       "wu_random_cube"},
      {"balance", "gradient", "Nodes only know whether they are lightly loaded: the pressure field sends surplus along shortest paths to the nearest light node.",
       "A balanced end state is expected soon: on the random 6-cube it runs 99 sweeps where diffusion needs 7.",
       "wu_random_cube"},
      // dynamic
      {"dynamic", "none", "As the baseline: every other strategy is measured against it (on the hot-spot mesh it finishes at 81.4 against 19.8 for the gradient model).",
       "There is any imbalance: tasks born on a hot node all wait there.", "dynamic_hotspot_mesh"},
      {"dynamic", "random", "The load is uniform and messages are expensive: placing a new task on a random neighbour costs no probe messages (0 messages on the branch-and-bound ring).",
       "Load is concentrated: random moves ignore where the idle nodes are and add task-hops (65 on the ring against 15 for sender probing).",
       "dynamic_bnb_ring"},
      {"dynamic", "sender", "Load is moderate and arrivals are spread out: a busy node probes a few neighbours and finds a light one (20.5 on the branch-and-bound ring).",
       "Bursts hit a few nodes while all others are busy too: probes fail and the burst stays put (191 on the bursty hypercube against 49 for receiver-initiated).",
       "dynamic_bursts_hypercube"},
      {"dynamic", "receiver", "The system is heavily loaded in bursts: idle nodes ask for work, so the cost is paid when there is capacity (49.3 on the bursty hypercube).",
       "Work appears as a slowly growing tree: the round-based policy sees no imbalance early and never moves a task on the branch-and-bound ring (64.5, like no balancing).",
       "dynamic_bursts_hypercube"},
      {"dynamic", "receiver_min_cost", "As receiver-initiated, when the survey's cost function (3) should be minimised literally (50.4 on the bursty hypercube).",
       "As receiver-initiated: on the branch-and-bound ring it moves nothing (64.5).", "dynamic_bursts_hypercube"},
      {"dynamic", "work_stealing", "Work appears unpredictably and idle nodes are the scarce signal: an idle node steals from a neighbour (19.0 on the branch-and-bound ring, 49.0 on the bursty hypercube).",
       "Steal messages are expensive and load is nearly balanced: idle nodes keep asking (188 messages on the ring).",
       "dynamic_bnb_ring"},
      {"dynamic", "symmetric", "Both overloaded and idle nodes should act: pushing on arrival and pulling when idle finishes the branch-and-bound ring in 17.2 against 20.5 for the sender rule alone.",
       "Messages cost: idle nodes keep polling (624 messages on the ring, 1,746 on the hot-spot mesh, against 188 and 491 for work stealing).",
       "dynamic_bnb_ring"},
      {"dynamic", "work_stealing_global", "Thieves should not collide on one victim and moves are cheap: one shared target spreads the requests (17.1 on the branch-and-bound ring against 19.0 for random victims, with fewer messages, 149 against 188).",
       "Distance matters: victims are any node, so stolen tasks travel far (52 task-hops on the ring against 18, 276 on the hot-spot mesh against 124).",
       "dynamic_bnb_ring"},
      {"dynamic", "gradient", "Completion time is all that counts: the pressure field pulls tasks to light nodes fastest (15.1 on the branch-and-bound ring, 19.8 on the hot-spot mesh).",
       "Messages or moves cost: on the bursty hypercube it sends 15,572 messages and moves 1,113 task-hops, ten times the others.",
       "dynamic_bursts_hypercube"},
      {"dynamic", "rips", "The application alternates computing and scheduling anyway: each system phase balances exactly with a parallel algorithm (TWA, CWA or MWA) and few messages (129 on the bursty hypercube).",
       "Tasks arrive continuously and must start at once: work waits for the next system phase (61.1 on the bursty hypercube against 49.0 for work stealing).",
       "dynamic_bursts_hypercube"},
      // dlt
      {"dlt", "closed_form", "Buffers are unlimited and the load can be split arbitrarily: the layer fractions give the minimum finish time (Example 1).",
       "Processors have finite buffers or the load has a granularity: the fractions may overflow a buffer or be smaller than one unit (Examples 3-4).",
       "dlt_example1"},
      {"dlt", "algorithm_a", "The load has a minimum unit: dropping the deepest layers until every share is at least one unit keeps the schedule feasible (273.9 against the closed form's 273.8 on Examples 3-4).",
       "Buffers are finite: Algorithm A ignores them.", "dlt_example4"},
      {"dlt", "ibs", "Buffers are finite: the incremental balancing strategy fills buffers layer by layer and is optimal under that limit (Example 3).",
       "Buffers are large: it costs more rounds than the closed form for the same result, and it ignores granularity.",
       "dlt_example4"},
      {"dlt", "algorithm_a_prime", "Both limits hold, finite buffers and a granularity: Example 4 (finish 301.6).",
       "Neither limit binds: the closed form is simpler and as fast.", "dlt_example4"},
      // loop
      {"loop", "static_block", "Iterations cost the same and overhead matters: 4 chunks, no synchronization.",
       "Costs vary across the loop: on the decreasing loop the first block is the heaviest (437.5, 57% imbalance).", "loop_decreasing"},
      {"loop", "cyclic", "Costs vary smoothly with the index: dealing iterations round-robin evens them out (250.8 on the decreasing loop, the best).",
       "Neighbouring iterations share data: each processor touches every P-th iteration, so locality is lost.", "loop_decreasing"},
      {"loop", "block_cyclic", "A compromise between locality and balance is wanted: blocks keep neighbours together, dealing them evens the costs (274.4).",
       "Costs vary within a block size: the imbalance grows with the block (11.9% on the decreasing loop).", "loop_decreasing"},
      {"loop", "self", "Iterations are long compared with the scheduling overhead: perfect balance.",
       "The overhead per chunk is not negligible: 1000 synchronizations make the decreasing loop take 375 (overhead 0.5 each).", "loop_decreasing"},
      {"loop", "chunk", "A good chunk size is known: few synchronizations and a small end imbalance (254.4 with 32 chunks).",
       "The right K is unknown: too large a K leaves a processor with the last big chunk, too small pays self-scheduling's overhead.", "loop_decreasing"},
      {"loop", "gss", "Costs are uniform or increasing: large chunks first, small at the end, with few synchronizations.",
       "Early iterations are the expensive ones: the first chunk (1/P of the loop) is the heaviest, and the decreasing loop takes 438 (56% imbalance).", "loop_decreasing"},
      {"loop", "agss", "Costs vary regularly: the interleaved first half spreads them, guided chunks finish the rest (276.2).",
       "Costs are irregular at a fine grain: the static half cannot adapt (11.4% imbalance on the decreasing loop).", "loop_decreasing"},
      {"loop", "factoring", "Costs vary unpredictably: each batch hands out half of what remains, so early chunks are not too large (254.1 on the decreasing loop, 0.07% imbalance).",
       "Overhead per chunk is large and costs are uniform: static block needs 4 chunks where factoring needs 32.", "loop_decreasing"},
      {"loop", "fac2", "As factoring (the same batches): 254.1 on the decreasing loop.",
       "As factoring: more chunks than a static split when costs are uniform.", "loop_decreasing"},
      {"loop", "tapering", "The cost profile is known and its variation small: chunks adapt to the mean and deviation.",
       "Early iterations are the expensive ones: with a small deviation the first chunks are large, and the decreasing loop takes 419.9 (53% imbalance).", "loop_decreasing"},
      {"loop", "tss", "A fixed, small number of chunks is wanted: chunk sizes fall linearly (13 chunks, 252.4).",
       "Costs are very irregular: the linear decrease does not follow them.", "loop_decreasing"},
      {"loop", "affinity", "Iterations reuse data left in a processor's cache: each processor works on its own block first and steals only when idle (259.2).",
       "Data locality does not matter: the steals cost more chunks (68) than factoring's 32 for a similar finish.", "loop_decreasing"},
      {"loop", "fsc", "The overhead h and the cost deviation are known: the one chunk size that balances them (25 chunks, 254.7).",
       "Costs drift along the loop: one size cannot fit both ends.", "loop_decreasing"},
      {"loop", "weighted_factoring", "Processors differ in speed: chunks are scaled by each processor's weight (253.7 on the decreasing loop).",
       "Speeds are unknown or change: the weights are fixed in advance.", "loop_decreasing"},
      {"loop", "factoring_prob", "Costs are independent and random with a known mean and deviation: the batch is as large as probability allows.",
       "Costs follow a trend: on the decreasing loop the first batch is most of the loop and it takes 419.9 (53% imbalance).", "loop_decreasing"},
      // os
      {"os", "central_queue", "Jobs are sequential or rarely synchronize: one queue keeps every processor busy.",
       "Jobs synchronize often: their processes spin at barriers while a partner waits in the queue (1,724 time units of spinning on the mixed stream).", "os_mixed"},
      {"os", "affinity_queues", "Cache reloads are expensive: a process returns to the processor it ran on (0.9 units of cache reload on the mixed stream, against 328 for a central queue).",
       "Jobs synchronize: affinity does nothing for barriers (2,470 units of spinning).", "os_mixed"},
      {"os", "coscheduling", "Jobs synchronize often: all their processes run together, so nobody spins (2 units of spinning on the mixed stream).",
       "Jobs do not fill the machine's rows: a 10-process and a 5-process job on 10 processors leave a third of the machine idle (makespan 30 against 20 for process control).", "os_coscheduling_fragmentation"},
      {"os", "static_partition", "Jobs arrive rarely and want dedicated processors: no switching, no spinning (mean response 22.6 on the mixed stream).",
       "Load changes: a partition given at arrival is not reclaimed when others finish (fragmentation 0.32).", "os_mixed"},
      {"os", "process_control", "Applications can change their number of threads: each runs as many as it has processors, so neither spinning nor switching (mean response 17.1, the best on the mixed stream).",
       "Applications cannot adapt their threads: the policy needs their cooperation.", "os_coscheduling_fragmentation"},
      {"os", "dynamic_space_sharing", "Jobs come and go and the machine should stay divided fairly: equipartition at every arrival and departure (fragmentation 0.07).",
       "Jobs keep more threads than processors: they time-share inside their partition and spin (2,764 units on the mixed stream).", "os_mixed"},
      {"os", "checkpoint_restart", "Processors must be reclaimed for their owners and processes cannot move: restart from the last checkpoint.",
       "Work is lost at every reclaim: the slowest response on the mixed stream (113.8).", "os_mixed"},
      {"os", "migration", "Processors must be reclaimed and processes can move with their state: less work lost than checkpoint-restart (response 99.6 against 113.8).",
       "Migration is expensive on the machine: each move pays the migration cost.", "os_mixed"},
      {"os", "pool_allocation", "The machine is built of pools (NUMA) or is a hypercube, and where a job runs matters: placed in one pool, jobs on os_pools answer in 25.6 against 27.9 scattered.",
       "Jobs are larger than a pool or arrive in odd sizes: subcube blocks wait for an aligned hole (29.5 on os_pools, the slowest placement there).", "os_pools"},
      // partition
      {"partition", "strips_1xp", "The domain is long and thin: cuts across the long side are short, and it is among the fastest methods.",
       "The domain is square: strips cut far more edges (224 on the 32 x 32 grid against 128 for P x Q).", "partition_grid"},
      {"partition", "strips_pxq", "The domain is a rectangle: a lattice of P x Q pieces cuts 128 edges on the 32 x 32 grid, the best there.",
       "The mesh has holes and uneven weights: straight cuts ignore them (240 cut edges on the mesh with holes against METIS's 210).", "partition_grid"},
      {"partition", "orb_m", "Coordinates exist: recursive cuts at the weighted median, in well under a millisecond (222 cut edges on the mesh with holes, close to METIS's 210).",
       "The domain is tilted against the axes: cuts parallel to the axes are longer than needed (the inertia axis follows the shape).", "partition_holes_hot"},
      {"partition", "orb_i", "Coordinates exist and the domain is elongated in a direction that is not an axis: cuts follow its principal axis.",
       "The pieces are nearly round: the principal axis is ill-defined (311 cut edges on the mesh with holes against ORB-M's 222).", "partition_holes_hot"},
      {"partition", "orb_e", "There are no coordinates: the Fiedler vector gives an order from the graph alone.",
       "Speed matters: 155 ms on the 32 x 32 grid against under 1 ms for geometric ORB, and 174 cut edges against 128 there.", "partition_grid"},
      {"partition", "orb_kl", "A geometric cut is close but not locally optimal: Kernighan-Lin refines each bisection (311 down to 298 cut edges on the mesh with holes).",
       "The starting cut is far from good: local moves do not fix a bad global shape (still 298 against METIS's 210).", "partition_holes_hot"},
      {"partition", "ggp", "P-way geometric partitioning with coordinates: 128 cut edges on the 32 x 32 grid.",
       "Irregular meshes: 290 cut edges on the mesh with holes against METIS's 210.", "partition_grid"},
      {"partition", "orb_sa", "Time is available and the cut should improve beyond a greedy refinement.",
       "Time matters: 49 ms on the grid, with a worse cut (145) than plain ORB there.", "partition_grid"},
      {"partition", "sa", "The objective includes the network distances: annealing the hop-weighted cut reaches 131 on the grid against 160 for ORB.",
       "Balance must be exact: annealing trades a little balance (imbalance 1.023 on the grid).", "partition_grid"},
      {"partition", "cm", "A banded order is wanted quickly: the fastest method (under 0.05 ms).",
       "Cut quality matters: 324 cut edges on the 32 x 32 grid and 694 on the mesh with holes, the worst of the table.", "partition_grid"},
      {"partition", "metis", "The mesh is large and irregular: the multilevel k-way baseline of the field (210 cut edges on the mesh with holes, the best).",
       "The build has no METIS library (the browser build): the method is refused.", "partition_holes_hot"},
      {"partition", "multilevel", "The mesh is irregular and METIS is unavailable: coarsen, bisect, refine (218 cut edges on the mesh with holes against METIS's 210).",
       "Time matters: 211 ms on the mesh with holes against METIS's 40 ms.", "partition_holes_hot"},
  };
  return rows;
}
// clang-format on

std::vector<AlgorithmInfo> attach_algorithm_guides(std::string_view kind,
                                                   std::vector<AlgorithmInfo> rows) {
  for (auto& r : rows)
    for (const auto* table : {&algorithm_guides_general(), &algorithm_guides_dag()})
      for (const auto& g : *table)
        if (kind == g.kind && std::string_view(r.name) == g.name) {
          r.good_when = g.good_when;
          r.bad_when = g.bad_when;
          r.example = g.example;
        }
  return rows;
}

}  // namespace loadlab::core
