// The dag descriptor table (the scheduler names are contracts). Papers 001 and 003; each
// scheduler's file cites its section.
#include "core/dag/registry.h"

#include <stdexcept>

#include "core/dag/hetero_schedulers.h"

namespace loadlab::core {

namespace {

using Trace = ScheduleTrace*;
using Opt = OptimalResult*;

Schedule run_flb(const TaskGraph& g, int p, const DagOptions&, Trace t, Opt) {
  return flb(g, p, t);
}
Schedule run_etf(const TaskGraph& g, int p, const DagOptions&, Trace t, Opt) {
  return etf(g, p, t);
}
Schedule run_mcp(const TaskGraph& g, int p, const DagOptions&, Trace t, Opt) {
  return mcp(g, p, false, t);
}
Schedule run_mcp_insertion(const TaskGraph& g, int p, const DagOptions&, Trace t, Opt) {
  return mcp(g, p, true, t);
}
Schedule run_fcp(const TaskGraph& g, int p, const DagOptions&, Trace t, Opt) {
  return fcp(g, p, t);
}
Schedule run_dsc(const TaskGraph& g, int, const DagOptions&, Trace, Opt) {
  return dsc(g);
}
Schedule run_llb(const TaskGraph& g, int p, const DagOptions&, Trace t, Opt) {
  // LLB on its own needs a clustering: the trivial one (each task its own cluster).
  std::vector<std::int32_t> single(g.size());
  for (TaskId i = 0; i < g.size(); ++i) single[i] = i;
  return llb(g, p, single, t);
}
Schedule run_dsc_llb(const TaskGraph& g, int p, const DagOptions&, Trace t, Opt) {
  return dsc_llb(g, p, t);
}
Schedule run_llb_least(const TaskGraph& g, int p, const DagOptions&, Trace t, Opt) {
  std::vector<std::int32_t> single(g.size());
  for (TaskId i = 0; i < g.size(); ++i) single[i] = i;
  return llb(g, p, single, t, LlbOrder::least_bottom_level);
}
Schedule run_dsc_llb_least(const TaskGraph& g, int p, const DagOptions&, Trace t, Opt) {
  return dsc_llb(g, p, t, LlbOrder::least_bottom_level);
}
Schedule run_hlfet_est(const TaskGraph& g, int p, const DagOptions&, Trace t, Opt) {
  return hlfet_est(g, p, t);
}
Schedule run_mcp_descendants(const TaskGraph& g, int p, const DagOptions&, Trace t, Opt) {
  return mcp_descendants(g, p, t);
}
Schedule run_hlfet(const TaskGraph& g, int p, const DagOptions&, Trace t, Opt) {
  return hlfet(g, p, t);
}
Schedule run_hlfet_comm(const TaskGraph& g, int p, const DagOptions&, Trace t, Opt) {
  return hlfet_comm(g, p, t);
}
Schedule run_dsh(const TaskGraph& g, int p, const DagOptions&, Trace t, Opt) {
  return dsh(g, p, t);
}
Schedule run_btdh(const TaskGraph& g, int p, const DagOptions&, Trace t, Opt) {
  return btdh(g, p, t);
}
Schedule run_cpfd(const TaskGraph& g, int p, const DagOptions&, Trace t, Opt) {
  return cpfd(g, p, t);
}
Schedule run_hlfnet(const TaskGraph& g, int p, const DagOptions&, Trace t, Opt) {
  return hlfnet(g, p, t);
}
Schedule run_scfet(const TaskGraph& g, int p, const DagOptions&, Trace t, Opt) {
  return scfet(g, p, t);
}
Schedule run_scfnet(const TaskGraph& g, int p, const DagOptions&, Trace t, Opt) {
  return scfnet(g, p, t);
}
Schedule run_random(const TaskGraph& g, int p, const DagOptions& o, Trace t, Opt) {
  return random_priority(g, p, o.seed, t);
}
Schedule run_coffman_graham(const TaskGraph& g, int p, const DagOptions&, Trace t, Opt) {
  return coffman_graham(g, p, t);
}
Schedule run_heft(const TaskGraph& g, int p, const DagOptions& o, Trace t, Opt) {
  // The identical-processor form is the mean rank; the other ranks differ there too (SAGA's
  // scales communication by (P-1)/(P+1)), so they take the machine form.
  if (o.heft_rank != HeftRank::mean) return heft(g, Machine::identical(p), o.heft_rank, t);
  return heft(g, p, t);
}
Schedule dag_run_optimal(const TaskGraph& g, int p, const DagOptions& o, Trace, Opt info) {
  OptimalResult r = optimal_schedule(g, p, o.optimal_node_budget, o.optimal_max_tasks);
  Schedule s = std::move(r.schedule);
  if (info) *info = std::move(r);
  return s;
}

Schedule run_heft_machine(const TaskGraph& g, const Machine& m, const DagOptions& o, Trace t, Opt) {
  return heft(g, m, o.heft_rank, t);
}
Schedule run_optimal_machine(const TaskGraph& g, const Machine& m, const DagOptions& o, Trace,
                             Opt info) {
  OptimalResult r = optimal_schedule(g, m, o.optimal_node_budget, o.optimal_max_tasks);
  Schedule s = std::move(r.schedule);
  if (info) *info = std::move(r);
  return s;
}
Schedule run_hybrid_machine(const TaskGraph& g, const Machine& m, const DagOptions& o, Trace t,
                            Opt) {
  return hybrid(g, m, o, t);
}
Schedule run_wba_machine(const TaskGraph& g, const Machine& m, const DagOptions& o, Trace t, Opt) {
  return wba(g, m, o.wba_alpha, o.seed, t);
}
template <Schedule (*F)(const TaskGraph&, const Machine&, ScheduleTrace*)>
Schedule run_hetero(const TaskGraph& g, const Machine& m, const DagOptions&, Trace t, Opt) {
  return F(g, m, t);
}

constexpr const char* kListRule =
    "repeat: t = highest-priority ready task; p = argmin_p EST(t, p); place t on p at EST";

}  // namespace

const std::vector<DagAlgorithm>& dag_algorithms() {
  static const std::vector<DagAlgorithm> rows = {
      {{"flb", "Fast Load Balancing", "radulescu1999 §4.1, Appendix, Table 1",
        "P identical processors",
        "Keeps the ready tasks in two kinds of sorted lists (tasks whose enabling processor is "
        "known, and the rest by their last message time) and the processors in two lists, so the "
        "ready task that can start earliest and its processor are found in O(log W + log P) "
        "instead of ETF's O(W P). Same choice as ETF up to tie-breaking, at a far lower cost.",
        "each step: min( EST(EP-type task on its EP), EST(non-EP task on earliest-idle proc) )\n"
        "EST(t, p) = max(PRT(p), EMT(t, p))",
        "O(V (log W + log P) + E)", false},
       true,
       false,
       run_flb,
       nullptr},
      {{"etf", "Earliest Task First", "radulescu1999 §3.2", "P identical processors",
        "Every ready task is tried on every processor; the pair with the earliest start time is "
        "scheduled, ties to the larger static bottom level.",
        "(t, p) = argmin over ready t, all p of EST(t, p)", "O(W (E + V) P)", false},
       true,
       true,
       run_etf,
       nullptr},
      {{"mcp", "Modified Critical Path", "radulescu1999 §3.1; notes list scheduling",
        "P identical processors",
        "Tasks in increasing ALAP (latest possible start) order; each is appended on the "
        "processor where it can start earliest. Ties go to the task whose child has the smallest "
        "ALAP, then the lower id: a cheap, deterministic stand-in for the paper's comparison of "
        "all descendants ('mcp_descendants'), which costs a graph walk per tied task.",
        "priority = ALAP(t) (smallest first);  p = argmin_p EST(t, p)", "O(V log V + (E + V) P)",
        false},
       true,
       false,
       run_mcp,
       nullptr},
      {{"mcp_insertion", "MCP with insertion", "radulescu1999 §3.1", "P identical processors",
        "MCP as originally published: a task may fill an idle gap on a processor instead of "
        "being appended at its end.",
        "priority = ALAP(t);  p, slot = earliest gap on any p that fits t after its messages",
        "O(V^2 (log V + P))", false},
       false,
       false,
       run_mcp_insertion,
       nullptr},
      {{"fcp", "Fast Critical Path", "radulescu1999 §4, §6.2 (its reference [7])",
        "P identical processors",
        "MCP's priorities, but only two processors are tried for each task: its enabling "
        "processor (where its last message comes from) and the processor that becomes idle "
        "earliest, which is proven sufficient.",
        "p = argmin over {EP(t), earliest-idle} of EST(t, p)", "O(V log P + E)", false},
       false,
       false,
       run_fcp,
       nullptr},
      {{"dsc", "Dominant Sequence Clustering", "radulescu1999 §3.3",
        "unbounded processors (one per cluster)",
        "Clusters tasks for an unbounded number of processors: tasks in decreasing top + bottom "
        "level; a task joins a predecessor's cluster (zeroing that edge) when it starts earlier "
        "there, else opens a new cluster. Uses as many processors as clusters.",
        "priority = tlevel(t) + blevel(t);  zero the edge that minimises tlevel(t)",
        "O((E + V) log V)", true},
       false,
       false,
       run_dsc,
       nullptr},
      {{"llb", "List-based Load Balancing", "radulescu1999 §3.3 (its reference [12])",
        "P identical processors",
        "Maps clusters onto P processors: the earliest-idle processor compares the best ready task "
        "of a cluster already mapped to it with the best task of an unmapped cluster and runs the "
        "one that starts earlier. On its own every task is its own cluster. Each candidate is the "
        "ready task with the largest bottom level (critical path first, as in LLB's own paper); "
        "the FLB paper's text says the least bottom level, offered as 'llb_least'.",
        "p = earliest idle;  t = earlier-starting of (mapped cluster's task, unmapped task)",
        "O(C log C + V)", false},
       false,
       false,
       run_llb,
       nullptr},
      {{"dsc_llb", "DSC followed by LLB", "radulescu1999 §3.3", "P identical processors",
        "The multi-step method: DSC clusters for unbounded processors, then LLB maps the clusters "
        "onto the P processors and orders their tasks. LLB takes the largest bottom level first "
        "(LLB's own paper); 'dsc_llb_least' follows the FLB paper's printed 'least bottom "
        "level'. The default stays largest-first because it is closer to the FLB paper's "
        "DSC-LLB figures (docs/scenario-dag.md).",
        "clusters = DSC(G);  schedule = LLB(G, P, clusters)", "O((E + V) log V + C log C)", false},
       true,
       false,
       run_dsc_llb,
       nullptr},
      {{"hlfet", "Highest Level First with Estimated Times", "notes Approximate Scheduling",
        "P identical processors",
        "List scheduling by static level sl (longest computation path to an exit, including the "
        "task), largest first; ties to the smaller t-level, a lower bound of the start fixed "
        "before scheduling so the list is static. The notes break ties by the earliest possible "
        "start in the partial schedule: 'hlfet_est'.",
        "priority = sl(t) (largest first);  p = argmin_p EST(t, p)", "O(V log V + (E + V) P)",
        false},
       false,
       false,
       run_hlfet,
       nullptr},
      {{"hlfnet", "Highest Level First with No Estimated Times", "notes Approximate Scheduling",
        "P identical processors",
        "HLFET with every task counted as one time unit when computing levels; the schedule "
        "itself uses the real costs.",
        "priority = number of tasks on the longest path to an exit", "O(V log V + (E + V) P)",
        false},
       false,
       false,
       run_hlfnet,
       nullptr},
      {{"scfet", "Smallest Co-level First with Estimated Times", "notes Approximate Scheduling",
        "P identical processors",
        "List scheduling by co-level (computation time of the longest path from an entry, "
        "including the task), smallest first; ties to the larger static level.",
        "priority = co-level(t) (smallest first);  p = argmin_p EST(t, p)",
        "O(V log V + (E + V) P)", false},
       false,
       false,
       run_scfet,
       nullptr},
      {{"scfnet", "Smallest Co-level First with No Estimated Times", "notes Approximate Scheduling",
        "P identical processors", "SCFET with unit task times when computing co-levels.",
        "priority = number of tasks on the longest path from an entry", "O(V log V + (E + V) P)",
        false},
       false,
       false,
       run_scfnet,
       nullptr},
      {{"random", "Random priorities", "notes Approximate Scheduling", "P identical processors",
        "The notes' baseline: a seeded random permutation ranks the tasks; ready tasks are "
        "scheduled in that order on their earliest-start processor.",
        kListRule, "O(V log V + (E + V) P)", false},
       false,
       false,
       run_random,
       nullptr},
      {{"coffman_graham", "Coffman-Graham",
        "notes Optimal Scheduling in Polynomial Time, steps 1-3",
        "P identical processors (optimal: unit tasks, no communication, P = 2)",
        "Labels tasks from the exits up: the next label goes to the task whose decreasing list of "
        "successor labels is lexicographically smallest. Tasks are then list-scheduled highest "
        "label first. Optimal for unit tasks without communication on two processors.",
        "label(t) = next label to the lexicographically smallest successor-label list\n"
        "schedule: highest label first among the tasks that can start earliest",
        "O(V^2 + E) labels, O(W (E + V) P) schedule", false},
       false,
       true,
       run_coffman_graham,
       nullptr},
      {{"heft", "Heterogeneous Earliest Finish Time", "topcuoglu2002 §4.1",
        "heterogeneous machines (speeds, bandwidth, etc); P identical processors",
        "Tasks in decreasing upward rank (mean execution time over the processors plus the "
        "largest mean communication + rank of a successor; on identical processors the bottom "
        "level), each to the processor where it finishes earliest, inserted into an idle gap "
        "when one fits. params.heft.rank chooses the averaging: mean (the paper's), saga (SAGA's "
        "mean over every link incl. self-links: communication x (P-1)/(P+1)), best or worst "
        "(Zhao & Sakellariou 2003).",
        "rank_u(t) = w-bar(t) + max_succ (c-bar(t, s) + rank_u(s));  p = argmin_p EFT(t, p) with "
        "insertion",
        "O(V^2 P)", false},
       false,
       false,
       run_heft,
       run_heft_machine},
      {{"cpop", "Critical Path on a Processor", "topcuoglu2002 §4.2",
        "heterogeneous machines (speeds, bandwidth, etc)",
        "Priority = upward + downward rank. The tasks whose priority equals the entry's lie on "
        "the critical path and all go to the one processor that runs them fastest in total; the "
        "other ready tasks, highest priority first, go to their earliest-finish processor "
        "(insertion).",
        "prio(t) = rank_u(t) + rank_d(t);  CP tasks -> argmin_p sum_{CP} w(t, p);  others: min EFT",
        "O(V^2 P)", false},
       false,
       false,
       nullptr,
       run_hetero<cpop>},
      {{"lookahead_heft", "Lookahead HEFT", "bittencourt2010 §III",
        "heterogeneous machines (speeds, bandwidth, etc)",
        "HEFT's order, but each processor is judged by placing the task there and then its "
        "children by HEFT's rule: the task goes where its children would finish earliest.",
        "p = argmin_p max_{c in children(t)} EFT(c | t on p)",
        "O(E V P): every child tried on every processor with insertion, per processor of t", false},
       false,
       false,
       nullptr,
       run_hetero<lookahead_heft>},
      {{"peft", "Predict Earliest Finish Time", "arabnejad2014 §4",
        "heterogeneous machines (speeds, bandwidth, etc)",
        "An optimistic cost table OCT(t, p) holds, for t on p, the longest of its successors' "
        "best remaining paths to an exit; tasks in decreasing mean OCT go to the processor "
        "minimising EFT + OCT, so a choice also looks at what it leaves for the successors.",
        "OCT(t, p) = max_s min_q (OCT(s, q) + w(s, q) + [q != p] c-bar(t, s));  "
        "p = argmin_p EFT(t, p) + OCT(t, p)",
        "O(V^2 P + E P)", false},
       false,
       false,
       nullptr,
       run_hetero<peft>},
      {{"dls", "Dynamic Level Scheduling", "sih1993 §III-IV",
        "heterogeneous machines (speeds, bandwidth, etc)",
        "At every step the (ready task, processor) pair with the largest dynamic level is "
        "scheduled: static level with median times, minus the start the pair can have, plus how "
        "much faster the processor is than the median for that task.",
        "DL(t, p) = SL*(t) - max(DA(t, p), TF(p)) + (E*(t) - E(t, p))", "O(V W P + E P)", false},
       false,
       true,
       nullptr,
       run_hetero<dls>},
      {{"bil", "Best Imaginary Level", "oh1996 §3",
        "heterogeneous machines (speeds, bandwidth, etc)",
        "BIL(t, p) is the best completion of the rest of the graph if t runs on p. With k ready "
        "tasks, the one whose k-th smallest imaginary makespan (start + BIL) is largest goes "
        "first, to the processor minimising it, slow processors charged extra when k > P.",
        "BIM(t, p) = max(DA, TF(p)) + BIL(t, p);  prio = k-th smallest BIM(t, .);\n"
        "p = argmin_p BIM(t, p) + w(t, p) max(k / P - 1, 0)",
        "O(V W P log P + E P)", false},
       false,
       true,
       nullptr,
       run_hetero<bil>},
      {{"hbmct", "Hybrid Balanced Minimum Completion Time", "sakellariou2004 §3-4",
        "heterogeneous machines (speeds, bandwidth, etc)",
        "Tasks in HEFT's upward-rank order are cut into groups of independent tasks (a task whose "
        "parent is in the current group opens the next). Each group in turn: every task on its "
        "fastest processor, then tasks move off the processor finishing last to the one where "
        "they finish earliest, while that lowers the group's finish time.",
        "groups = maximal runs of the rank_u list without an edge inside;  per group: p(t) = "
        "argmin_p w(t, p),\nrepeat: M = last to finish; move the first t on M (mean EST order) "
        "with FT(M - t) < FT(M) to argmin_j FT(j + t) < FT(M)",
        "O(E P + V W P) typical", false},
       false,
       true,
       nullptr,
       run_hetero<hbmct>},
      {{"min_min", "Min-Min", "braun2001 §2 (applied to the DAG's ready set)",
        "heterogeneous machines (speeds, bandwidth, etc)",
        "Batch mapping over the ready tasks: each task's best completion time over the "
        "processors is found, and the task whose best is smallest is mapped there; repeat. A "
        "task made ready by a mapping is a candidate at once (refresh per mapping); "
        "'min_min_batch' maps each batch completely first, as SAGA does.",
        "t = argmin_t min_p CT(t, p);  CT = max(data ready, proc free) + ETC(t, p)",
        "O(V W P + E P)", false},
       false,
       true,
       nullptr,
       run_hetero<min_min>},
      {{"max_min", "Max-Min", "braun2001 §2 (applied to the DAG's ready set)",
        "heterogeneous machines (speeds, bandwidth, etc)",
        "As Min-Min, but the ready task whose best completion time is largest goes first, so "
        "long tasks are not left to the end. Ready set refreshed after every mapping; "
        "'max_min_batch' refreshes it per batch, as SAGA does.",
        "t = argmax_t min_p CT(t, p)", "O(V W P + E P)", false},
       false,
       true,
       nullptr,
       run_hetero<max_min>},
      {{"sufferage", "Sufferage", "maheswaran1999 (applied to the DAG's ready set)",
        "heterogeneous machines (speeds, bandwidth, etc)",
        "The ready task that would suffer most if denied its best processor (second-best minus "
        "best completion time) is mapped to its best processor first.",
        "t = argmax_t (CT2(t) - CT1(t))", "O(V W P + E P)", false},
       false,
       true,
       nullptr,
       run_hetero<sufferage>},
      {{"mct", "Minimum Completion Time", "braun2001 §2 (tasks in topological order)",
        "heterogeneous machines (speeds, bandwidth, etc)",
        "Each task in turn goes to the processor where it completes earliest.",
        "p = argmin_p max(data ready, proc free) + ETC(t, p)", "O((V + E) P)", false},
       false,
       false,
       nullptr,
       run_hetero<mct>},
      {{"met", "Minimum Execution Time", "braun2001 §2 (tasks in topological order)",
        "heterogeneous machines (speeds, bandwidth, etc)",
        "Each task in turn goes to the processor where it runs fastest, ignoring load: a "
        "baseline that shows why load matters (identical processors: everything on one).",
        "p = argmin_p ETC(t, p)", "O((V + E) P)", false},
       false,
       false,
       nullptr,
       run_hetero<met>},
      {{"stone_mincut", "Stone's network-flow assignment",
        "stone1977 (min cut; P > 2: one processor against the rest); notes Terminology",
        "heterogeneous machines (speeds, bandwidth, etc)",
        "Chooses every task's processor to minimise total execution plus communication cost, "
        "the network-flow model the course notes name for task interaction graphs: exact on two "
        "processors as one minimum cut, greedily beyond (processor k against the later ones). It "
        "minimises cost, not length, so on identical processors everything shares one processor.",
        "P = 2: s = processor 0, t = processor 1; arc s->i = ETC(i, 1), i->t = ETC(i, 0),\n"
        "  i->j = comm(data, 0, 1), j->i = comm(data, 1, 0);  tasks on s's side of a min cut: 0\n"
        "P > 2: for k = 0..P-2: cut k against min_{q>k} ETC(i, q) on the unplaced tasks\n"
        "then tasks in topological order, each at max(data ready, processor free)",
        "P - 1 maximum flows (Dinic, O(V^2 E) each)", false},
       false,
       false,
       nullptr,
       run_hetero<stone_mincut>},
      {{"online_heft", "Online HEFT (tasks revealed as their parents finish)",
        "topcuoglu2002 (HEFT, run online)", "any machine (identical, speeds, bandwidth, ETC)",
        "HEFT without the future: a task is revealed only when its last parent finishes and is "
        "placed then, at its earliest finish with insertion. Its rank cannot see successors, so "
        "among tasks revealed together the one with the larger mean time goes first. Compare it "
        "with heft on the same scenario to see what knowing the graph is worth.",
        "on reveal (last parent finished): ready set += t\n"
        "repeat: t = earliest revealed (ties: larger mean ETC); p = argmin_p EFT(t, p) "
        "(insertion); place t",
        "O((V + E) P + V log V)", false},
       false,
       false,
       nullptr,
       run_hetero<online_heft>},
      {{"online_mct", "Online MCT (tasks revealed as their parents finish)",
        "braun2001 §2 (MCT, run online)", "any machine (identical, speeds, bandwidth, ETC)",
        "MCT without the future: each task, when its last parent finishes, goes to the processor "
        "where it would complete first, appended after what is already there.",
        "on reveal: p = argmin_p max(data ready(t, p), free(p)) + ETC(t, p); place t",
        "O((V + E) P + V log V)", false},
       false,
       false,
       nullptr,
       run_hetero<online_mct>},
      {{"olb", "Opportunistic Load Balancing", "braun2001 §2 (tasks in topological order)",
        "heterogeneous machines (speeds, bandwidth, etc)",
        "Each task in turn goes to the processor that becomes free first, ignoring how fast it "
        "runs there: the other baseline.",
        "p = argmin_p (p's last finish)", "O((V + E) P)", false},
       false,
       false,
       nullptr,
       run_hetero<olb>},
      {{"fastest_node", "Fastest Node", "saga (the library's baseline)",
        "heterogeneous machines (speeds, bandwidth, etc)",
        "Every task on the one fastest processor, in topological order: no communication, no "
        "parallelism; the makespan is the best sequential time. Fastest = largest speed (SAGA), "
        "or with an ETC matrix the least total time (SAGA has no ETC model).",
        "p* = argmin_p sum_t w(t, p);  every task on p*", "O(V P + E)", false},
       false,
       false,
       nullptr,
       run_hetero<fastest_node>},
      {{"mst", "Minimum Start Time", "saga (the library's rule); braun2001 §2 (immediate mode)",
        "heterogeneous machines (speeds, bandwidth, etc)",
        "Each task in topological order goes to the processor where it can start earliest, "
        "however long it runs there (MCT with the start instead of the completion). No original "
        "paper could be consulted: the rule is SAGA's.",
        "p = argmin_p max(data ready, proc free)", "O((V + E) P)", false},
       false,
       false,
       nullptr,
       run_hetero<mst>},
      {{"duplex", "Duplex", "braun2001 §2", "heterogeneous machines (speeds, bandwidth, etc)",
        "Runs Min-Min and Max-Min (on the DAG's ready set, as SAGA) and keeps the schedule of "
        "smaller makespan, Min-Min's when equal (as SAGA's code).",
        "schedule = argmin_makespan(Min-Min, Max-Min)", "O(V W P + E P)", false},
       false,
       true,
       nullptr,
       run_hetero<duplex>},
      {{"hybrid", "Hybrid (best of a portfolio)", "saga (HybridScheduler); topcuoglu2002",
        "heterogeneous machines (speeds, bandwidth, etc)",
        "Runs HEFT, CPOP and PEFT (or the schedulers named in params.hybrid.schedulers) and "
        "keeps the schedule of least makespan (the earlier on ties). SAGA's HybridScheduler "
        "keeps the best of any list the caller gives; it has no paper of its own and no "
        "default list.",
        "schedule = argmin_makespan(HEFT, CPOP, PEFT)", "the members' sum (default O(V^2 P))",
        false},
       false,
       false,
       nullptr,
       run_hybrid_machine},
      {{"dps", "Decisive Path Scheduling", "park1997",
        "heterogeneous machines (speeds, bandwidth, etc)",
        "Decisive path of t = longest entry-to-exit path through it, TL + BL (mean times, data / "
        "mean bandwidth). The queue follows the critical path from its entry, each task after "
        "its unqueued parents (larger DP first), then the rest by decreasing DP; each task in "
        "queue order goes to its earliest-finish processor, appended. SAGA's code instead orders "
        "by BL - TL (re-sorted after every placement) and inserts into idle gaps.",
        "DP(t) = TL(t) + BL(t);  queue = CP with parents first, then by DP;  p = argmin_p EFT",
        "O(E log E + (V + E) P)", false},
       false,
       false,
       nullptr,
       run_hetero<dps>},
      {{"msbc", "Multiple Strict Bound Constraints",
        "saga (the library's reading of a PACRIM 2005 paper, doi 10.1109/PACRIM.2005.1517309)",
        "heterogeneous machines (speeds, bandwidth, etc)",
        "Priority = SBCT (completion if every task ran as early as its parents' bounds allow, on "
        "its favourite processor) + ST (start with every task on its favourite processor) + "
        "static b-level; the ready task of largest priority goes where it starts earliest, "
        "inserted into a gap. The paper could not be consulted; SAGA's code computes its "
        "'static b-level' over the predecessors (a top level), ours is the static b-level.",
        "prio = SBCT(t) + ST(t) + SBL(t);  p = argmin_p EST(t, p) with insertion",
        "O(V log V + E P + V^2 P)", false},
       false,
       false,
       nullptr,
       run_hetero<msbc>},
      {{"wba", "Workflow-Based Allocation", "blythe2005 (rule as in the SAGA library)",
        "heterogeneous machines (speeds, bandwidth, etc)",
        "Randomised greedy: for every available task (parents allocated, taken as a batch) and "
        "processor, the increase of the current makespan if appended there; one pair is drawn "
        "(seeded) among those within alpha (params.wba.alpha, 0.5) of the smallest increase. SAGA "
        "draws with Python's unseeded random.",
        "I(t, p) = max(ECT(t, p) - makespan, 0);  draw among I <= I_min + alpha (I_max - I_min)",
        "O(V W P + E P)", false},
       false,
       true,
       nullptr,
       run_wba_machine},
      {{"optimal", "Optimal (branch and bound)",
        "radulescu1999 §2 (the task-graph model; the search is exact)",
        "small graphs (<= 24 tasks proven; larger return the heuristic bound); any machine",
        "Exact branch-and-bound over earliest-start list schedules, complete for semi-active "
        "schedules; stops after a node budget and then reports the best schedule found as not "
        "proven.",
        "DFS over (ready task, processor) decisions with non-decreasing starts;\n"
        "prune when max(current makespan, lower bound) >= best",
        "exponential; bounded by optimal_node_budget", false},
       false,
       false,
       dag_run_optimal,
       run_optimal_machine},
      {{"llb_least", "LLB, least bottom level first", "radulescu1999 §3.3 (as printed)",
        "P identical processors",
        "LLB with the rule as the FLB paper prints it: of the ready tasks of clusters mapped to "
        "the earliest-idle processor, and of the unmapped clusters, each candidate is the one "
        "with the least bottom level. 'llb' ranks the largest first (LLB's own paper).",
        "p = earliest idle;  candidates = least-blevel mapped / unmapped task;  earlier start wins",
        "O(C log C + V)", false},
       false,
       false,
       run_llb_least,
       nullptr},
      {{"dsc_llb_least", "DSC followed by LLB (least bottom level first)",
        "radulescu1999 §3.3 (as printed)", "P identical processors",
        "DSC clusters, then LLB with the FLB paper's printed rule (least bottom level first). "
        "'dsc_llb' (largest first) stays the default: on the FLB paper's LU, Laplace, Stencil and "
        "FFT graphs it is closer to the DSC-LLB figures the paper reports (docs/scenario-dag.md).",
        "clusters = DSC(G);  schedule = LLB_least(G, P, clusters)", "O((E + V) log V + C log C)",
        false},
       false,
       false,
       run_dsc_llb_least,
       nullptr},
      {{"min_min_batch", "Min-Min (ready set per batch)",
        "braun2001 §2 (batches of the DAG's ready set, as in the SAGA library)",
        "heterogeneous machines (speeds, bandwidth, etc)",
        "Min-Min run batch by batch: the batch is the ready set when it opens, mapped completely "
        "(smallest best completion time first) before the tasks it made ready are considered. "
        "'min_min' refreshes after every mapping.",
        "batch = ready set;  while batch: t = argmin_t min_p CT(t, p), map t;  refresh",
        "O(V W P + E P)", false},
       false,
       true,
       nullptr,
       run_hetero<min_min_batch>},
      {{"max_min_batch", "Max-Min (ready set per batch)",
        "braun2001 §2 (batches of the DAG's ready set, as in the SAGA library)",
        "heterogeneous machines (speeds, bandwidth, etc)",
        "Max-Min run batch by batch: the batch is the ready set when it opens, mapped completely "
        "(largest best completion time first) before the tasks it made ready are considered. "
        "'max_min' refreshes after every mapping.",
        "batch = ready set;  while batch: t = argmax_t min_p CT(t, p), map t;  refresh",
        "O(V W P + E P)", false},
       false,
       true,
       nullptr,
       run_hetero<max_min_batch>},
      {{"hlfet_est", "HLFET, ties by earliest start", "notes Approximate Scheduling (as printed)",
        "P identical processors",
        "HLFET with the notes' tie rule: among the ready tasks of the largest static level, the "
        "one that can start earliest in the schedule built so far goes first (then the lower id). "
        "'hlfet' uses the static t-level instead.",
        "top = max sl over ready;  t = argmin_{sl(t) = top} min_p EST(t, p);  p = argmin_p EST",
        "O(V log V + V k P), k = tied ready tasks", false},
       false,
       false,
       run_hlfet_est,
       nullptr},
      {{"mcp_descendants", "MCP, ties by descendants", "radulescu1999 §3.1 (as printed)",
        "P identical processors",
        "MCP with the paper's tie rule: tasks of equal ALAP are ordered by the increasing list of "
        "the ALAPs of the task and all its descendants, compared lexicographically (then the "
        "lower id). 'mcp' breaks ties by the smallest child ALAP, in O(E).",
        "priority = (ALAP(t), sorted ALAPs of t and its descendants);  p = argmin_p EST(t, p)",
        "O(V log V + (E + V) P) + O(V + E) per tied task", false},
       false,
       true,
       run_mcp_descendants,
       nullptr},
      {{"hlfet_comm", "HLFET with communication",
        "notes Approximate Scheduling (with communication)", "P identical processors",
        "The notes' first rule for graphs with communication: HLFET, but the distance to an exit "
        "counts the messages on the way, i.e. the b-level, largest first (ties to the smaller "
        "t-level). 'hlfet' ranks by computation only.",
        "priority = b-level(t) (largest first);  p = argmin_p EST(t, p)", "O(V log V + (E + V) P)",
        false},
       false,
       false,
       run_hlfet_comm,
       nullptr},
      {{"dsh", "Duplication Scheduling Heuristic", "kruatrachue1988; radulescu1999 §1",
        "P identical processors",
        "HLFET's order (largest static level first). On each processor the task's start is "
        "found; then copies of the ancestors whose messages hold it back are run in the idle slot "
        "before it, while that makes it start earlier. The task goes where it starts earliest; "
        "the extra copies are drawn as duplicates. Without copies it is exactly 'hlfet'.",
        "priority = sl(t);  for each p: while the latest-arriving parent u is not on p and a copy "
        "of u\n(itself copied the same way) in the slot lowers EST(t, p): copy u;  p = argmin "
        "EST",
        "O(V P D), D = copies tried per (task, processor) (at most 64)", false},
       false,
       true,
       run_dsh,
       nullptr},
      {{"btdh", "Bottom-up Top-down Duplication Heuristic", "chung1992; kwok1999 §6.4",
        "P identical processors",
        "DSH's order and placement, but the copying does not stop when a copy makes the task "
        "start later: it follows what holds the task back (a parent's message, or the copy "
        "before it) up through the ancestors, copying each, and keeps the set of copies that "
        "gave the earliest start. It finds chains DSH gives up on; it may also copy more.",
        "priority = sl(t);  for each p: D = {};  repeat: walk back from t along the message or "
        "copy that holds it,\nadd the first ancestor not on p to D (laid out in topological "
        "order);  keep the D with the least EST(t, p)",
        "O(V P D^2), D = copies tried per (task, processor) (at most 64)", false},
       false,
       true,
       run_btdh,
       nullptr},
      {{"cpfd", "Critical Path Fast Duplication", "ahmad1998; radulescu1999 §1",
        "P identical processors (the paper: unbounded)",
        "Tasks in the CPN-dominant order (the critical path from its entry, each critical task "
        "after its unlisted ancestors, then the rest by b-level). On each processor holding a "
        "parent, and on an empty one (none left: the one idle earliest), the task's very "
        "important parent (its message arrives last) is copied into idle time, itself "
        "recursively, while that makes the task start earlier; the task goes where it starts "
        "earliest.",
        "order = CPN-dominant sequence;  for p in parents' processors + an empty one: copy VIP(t) "
        "recursively\nwhile EST(t, p) drops;  p = argmin EST (insertion into idle gaps)",
        "O(V P D (log V + D)), D = copies tried per (task, processor) (at most 64)", false},
       false,
       true,
       run_cpfd,
       nullptr},
  };
  return rows;
}

const DagAlgorithm* find_dag_algorithm(std::string_view name) {
  for (const auto& a : dag_algorithms())
    if (name == a.info.name) return &a;
  return nullptr;
}

const std::vector<AlgorithmInfo>& dag_algorithm_table() {
  static const std::vector<AlgorithmInfo> table = [] {
    std::vector<AlgorithmInfo> t;
    for (const auto& a : dag_algorithms()) t.push_back(a.info);
    return attach_algorithm_guides("dag", std::move(t));
  }();
  return table;
}

const std::vector<std::string>& dag_algorithm_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const auto& a : dag_algorithms()) n.emplace_back(a.info.name);
    return n;
  }();
  return names;
}

bool dag_algorithm_unbounded(const std::string& name) {
  const DagAlgorithm* a = find_dag_algorithm(name);
  return a && a->info.unbounded;
}

Schedule run_dag_algorithm(const std::string& name, const TaskGraph& g, int processors,
                           const DagOptions& opts, ScheduleTrace* trace,
                           OptimalResult* optimal_info) {
  const DagAlgorithm* a = find_dag_algorithm(name);
  if (!a) throw std::invalid_argument("unknown task-graph scheduler '" + name + "'");
  if (a->run) return a->run(g, processors, opts, trace, optimal_info);
  return a->run_machine(g, Machine::identical(processors), opts, trace, optimal_info);
}

std::string dag_algorithm_refusal(std::string_view name, const Machine& m) {
  const DagAlgorithm* a = find_dag_algorithm(name);
  if (!a || a->run_machine) return {};
  std::string why = m.nonuniform_reason();
  if (why.empty()) return {};
  return std::string(name) + " is defined for identical processors; " + why;
}

Schedule run_dag_algorithm(const std::string& name, const TaskGraph& g, const Machine& m,
                           const DagOptions& opts, ScheduleTrace* trace,
                           OptimalResult* optimal_info) {
  const DagAlgorithm* a = find_dag_algorithm(name);
  if (!a) throw std::invalid_argument("unknown task-graph scheduler '" + name + "'");
  if (a->run && m.uniform()) {
    if (m.trivial()) return a->run(g, m.processors, opts, trace, optimal_info);
    const TaskGraph scaled = uniform_graph(g, m);
    return a->run(scaled, m.processors, opts, trace, optimal_info);
  }
  if (!a->run_machine) throw std::invalid_argument(dag_algorithm_refusal(name, m));
  return a->run_machine(g, m, opts, trace, optimal_info);
}

}  // namespace loadlab::core
