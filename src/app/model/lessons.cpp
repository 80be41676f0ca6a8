#include "app/model/lessons.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "io/presets.h"

namespace loadlab::app {

namespace {

constexpr const char* kWu =
    "M.-Y. Wu, \"On Runtime Parallel Scheduling for Processor Load Balancing\", IEEE Transactions "
    "on Parallel and Distributed Systems, 1997";
constexpr const char* kFlb =
    "A. Radulescu and A. J. C. van Gemund, \"FLB: Fast Load Balancing for Distributed-Memory "
    "Machines\", International Conference on Parallel Processing, 1999";
constexpr const char* kNotes = "\"Task Scheduling & Load Balancing\", course notes";
constexpr const char* kLi =
    "X. Li, B. Veeravalli and C. C. Ko, \"Divisible Load Scheduling on a Hypercube Cluster with "
    "Finite-size Buffers and Granularity Constraints\", IEEE CCGrid, 2001";
constexpr const char* kSurvey =
    "E. N. Houstis, S. Kapidakis, E. P. Markatos and E. Gelenbe, \"Execution of "
    "Compute-Intensive Applications into Parallel Machines\", Information Sciences, 1996";

std::vector<Lesson> make_lessons() {
  std::vector<Lesson> all;
  // Wu (1997), Section 3: Examples 1-4 (the loads of Fig 1 and Example 1 as the three tables of
  // the examples determine them; the task-hop totals are the printed ones).
  all.push_back(
      {"wu_examples",
       "Wu (1997): the walking algorithms, Examples 1-4",
       kWu,
       {{"wu_example1", R"({"select":"twa","step":0})",
         "Example 1, the tree walking algorithm (TWA) on a 9-node tree. Each node sums the load W "
         "of its subtree and its quota Q (the average times the subtree's size); a subtree with "
         "more than its quota sends the surplus up, one with less receives it from its parent. "
         "Press > in the network view to follow the four communication steps.",
         "twa", "/metrics/task_hops", "16", 0, "task-hops", ""},
        {"wu_example3", R"({"select":"dem","step":0})",
         "Example 2, dimension exchange (DEM) on the 3-cube of Fig 1: in step k every pair of "
         "neighbours across dimension k averages its loads. The lit link colour is the dimension "
         "being exchanged. It moves tasks back and forth and ends unbalanced.",
         "dem", "/metrics/task_hops", "33", 0, "task-hops", ""},
        {"wu_example3", R"({"select":"dem","step":3})",
         "Example 2's final loads: DEM leaves 7, 8 and 9 tasks (8, 9, 8, 8, 7, 8, 8, 8): the "
         "difference between the most and the least loaded node is still 2.",
         "dem", "/metrics/max_minus_min", "2", 0, "tasks", ""},
        {"wu_example3", R"({"select":"cwa","step":0})",
         "Example 3, the cube walking algorithm (CWA) on the same cube: it first computes every "
         "sub-cube's load and quota, then moves only surpluses, one dimension per step (2, 1, 0).",
         "cwa", "/metrics/task_hops", "21", 0, "task-hops", ""},
        {"wu_example3", R"({"select":"optimal","step":0})",
         "The optimum of Section 2 (a min-cost flow): CWA's 21 task-hops are optimal here, DEM's "
         "33 are not.",
         "optimal", "/metrics/task_hops", "21", 0, "task-hops", ""},
        {"wu_example4", R"({"select":"mwa","step":0})",
         "Example 4, the mesh walking algorithm (MWA) on a 4x4 mesh: columns first (iteration 1), "
         "then rows (iteration 0).",
         "mwa", "/metrics/task_hops", "48", 0, "task-hops",
         "The printed iteration-0 table shows one column with the opposite sign of its "
         "definition; the corrected reading gives the paper's total of 48."}}});

  // FLB, Table 1: the execution trace on the example graph (Figure 1 is missing from the text;
  // the graph is the one that reproduces every row of Table 1).
  all.push_back(
      {"flb_table1",
       "FLB's Table 1: the execution trace on 2 processors",
       kFlb,
       {{"flb_table1", R"({"tab":"steps","step":1,"select":"flb"})",
         "FLB keeps two ready lists per processor (tasks whose enabling processor is that "
         "processor, and the rest) and at every step schedules the ready task that can start "
         "earliest. Step through the Steps tab: the table's rows appear one by one.",
         "flb", "/schedule/3/start", "5", 0, "(t2 starts on p0)",
         "The paper's Figure 1 is missing from the text: the graph used is the one that "
         "reproduces every row of Table 1."},
        {"flb_table1", R"({"tab":"gantt","select":"flb"})",
         "The finished schedule: t7 ends at 14 on p0 (the printed last row names it t0, a "
         "misprint).",
         "flb", "/makespan", "14", 0, "time units", ""},
        {"flb_table1", R"({"tab":"gantt","compare":true,"select":"etf"})",
         "ETF, which searches all ready tasks on all processors at every step, finds the same "
         "makespan at a higher cost.",
         "etf", "/makespan", "14", 0, "time units", ""},
        {"flb_table1", R"({"tab":"gantt","compare":true,"select":"mcp"})",
         "MCP (priorities by latest start time) finds 13, the optimum for this graph.", "mcp",
         "/makespan", "13", 0, "time units", ""}}});

  // The course notes: Problems 2 and 3 and the gradient model's pressure grid.
  all.push_back(
      {"notes_problems",
       "Course notes: dimension exchange, GDE and the pressure grid",
       kNotes,
       {{"notes_problem2", R"({"select":"gde","iterative_view":"network"})",
         "Problem 2: a 4-cube holding 1000 i tasks on node i. Averaging dimension exchange "
         "(lambda = 1/2) averages every pair across one dimension at a time: after one sweep of "
         "the four dimensions every processor holds exactly the average.",
         "gde", "/final_loads",
         "[7500,7500,7500,7500,7500,7500,7500,7500,7500,7500,7500,7500,7500,"
         "7500,7500,7500]",
         0.5, "tasks per node", ""},
        {"notes_problem3", R"({"select":"gde","iterative_view":"sweeps"})",
         "Problem 3: generalized dimension exchange on a 5x5 mesh with load 1000 (i + j). The "
         "edges are coloured in four classes; a sweep exchanges over each class in turn. With "
         "lambda = 1/2 it takes this many sweeps until max - min < 1.",
         "gde", "/sweeps", "22", 0, "sweeps",
         "The notes' colouring diagram is missing: the colouring used is horizontal edges with an "
         "even left column, odd, then vertical even and odd rows, processed in that order."},
        {"notes_pressure_grid", R"({"select":"gradient","iterative_view":"pressure"})",
         "The gradient model: lightly loaded nodes have pressure 0, every other node 1 + the "
         "smallest pressure among its neighbours. Tasks then flow down the pressure gradient to "
         "the nearest light node. The notes' 5x5 grid, row by row:",
         "gradient", "/pressure", "[1,2,3,2,3, 0,1,2,1,2, 1,2,1,0,1, 2,3,2,1,2, 3,2,1,0,1]", 0,
         "pressure per node", ""}}});

  // Li, Veeravalli & Ko (2001): Examples 1-4 on an 8-cube, E = 3, C = 2.
  all.push_back(
      {"dlt_examples",
       "Li, Veeravalli & Ko (2001): divisible load on a hypercube, Examples 1-4",
       kLi,
       {{"dlt_example1", R"({"select":"closed_form","dlt_view":"timing"})",
         "Example 1: 1000 units of load injected at node 0 of an 8-cube spread layer by layer "
         "(layer i holds the C(8, i) nodes at distance i); every node finishes at the same time "
         "T* = alpha_0 L_0 E.",
         "closed_form", "/finish_time", "273.8", 0.05, "time units",
         "The printed formula drops the factor E; the printed value 273.8 includes it."},
        {"dlt_example1", R"({"select":"closed_form","dlt_view":"loads"})",
         "The load that reaches layer 1 (its 8 nodes together).", "closed_form",
         "/received_per_layer/1", "908.7", 0.05, "load units",
         "The paper prints layer totals where recursions (1) and (3) give per-processor values: "
         "908.7 is 8 x 113.6."},
        {"dlt_example4", R"({"select":"algorithm_a","dlt_view":"loads"})",
         "Example 2, Algorithm A with granularity 2: no processor may receive less than 2 units, "
         "so the cube is cut at the last layer that still gets enough.",
         "algorithm_a", "/last_layer", "6", 0, "(last layer used)",
         "The example prints E = 2 and C = 3; the values are swapped (E = 3, C = 2 reproduce the "
         "printed results)."},
        {"dlt_example4", R"({"select":"ibs","dlt_view":"ibs"})",
         "Example 3, IBS with buffers of 10 units: the load is injected in rounds so that no "
         "buffer overflows (Table 2).",
         "ibs", "/finish_time", "301.5", 0.05, "time units",
         "Two buffer values of the printed Table 2 are typos (8.4 and 8.74 for 8.19 and 8.69)."},
        {"dlt_example4", R"({"select":"algorithm_a_prime","dlt_view":"loads"})",
         "Example 4, Algorithm A': finite buffers and granularity 2 together.", "algorithm_a_prime",
         "/finish_time", "301.55", 0.01, "time units",
         "As in Example 2, E and C are printed swapped."}}});

  // Houstis et al., Section 3: loop scheduling on a loop whose early iterations are expensive
  // (N = 1000 iterations, P = 4): the first chunk each technique hands out, from its rule.
  all.push_back(
      {"loop_survey",
       "Houstis et al. (1996): loop scheduling on a decreasing loop",
       kSurvey,
       {{"loop_decreasing", R"({"select":"static_block","loop_view":"schedule"})",
         "Static block scheduling gives each processor N / P adjacent iterations. The first "
         "processor gets all the expensive ones and finishes last.",
         "static_block", "/chunks/0/end", "250", 0, "iterations in the first chunk", ""},
        {"loop_decreasing", R"({"select":"self","loop_view":"schedule"})",
         "Self-scheduling: every idle processor takes one iteration from the central queue. "
         "Nearly perfect balance, one synchronization per iteration.",
         "self", "/num_chunks", "1000", 0, "chunks", ""},
        {"loop_decreasing", R"({"select":"gss","loop_view":"schedule"})",
         "Guided self-scheduling: each processor takes 1 / P of the remaining iterations; the "
         "first takes 1000 / 4.",
         "gss", "/chunks/0/end", "250", 0, "iterations in the first chunk", ""},
        {"loop_decreasing", R"({"select":"factoring","loop_view":"schedule"})",
         "Factoring: in each phase only half of the remaining iterations are divided equally, "
         "so the first chunks are 1000 / 2 / 4.",
         "factoring", "/chunks/0/end", "125", 0, "iterations in the first chunk", ""},
        {"loop_decreasing", R"({"select":"tss","loop_view":"schedule"})",
         "Trapezoid self-scheduling: the first chunk is N / (2P), and chunks shrink by a constant "
         "N / (8P^2).",
         "tss", "/chunks/0/end", "125", 0, "iterations in the first chunk", ""}}});

  // Houstis et al., Section 4.2: coscheduling's fragmentation example.
  all.push_back(
      {"coscheduling",
       "Houstis et al. (1996): coscheduling fragments processors",
       kSurvey,
       {{"os_coscheduling_fragmentation", R"({"select":"coscheduling","os_view":"chart"})",
         "A 10-processor machine runs a 10-process and a 5-process application, all processes "
         "of an application together. While the second runs, five processors stay idle: with "
         "100 units of work split over 5 processes that is 5 x 20 idle processor-time.",
         "coscheduling", "/idle", "100", 0, "idle processor-time", ""},
        {"os_coscheduling_fragmentation", R"({"select":"process_control","os_view":"compare"})",
         "Process control gives each application as many processors as it can use: nothing "
         "stays idle.",
         "process_control", "/idle", "0", 0, "idle processor-time", ""}}});

  // Mesh partitioning (Houstis et al., Section 2.3, Table 1): a 32x32 grid in 8 parts, where
  // the cut sizes follow from the grid by hand.
  all.push_back(
      {"bisection",
       "Houstis et al. (1996): partitioning a mesh by strips and by recursive bisection",
       kSurvey,
       {{"partition_grid", R"({"select":"strips_1xp","partition_view":"mesh"})",
         "1 x P strips: sort the elements by x and cut into 8 groups. Each of the 7 boundaries "
         "cuts 32 grid edges.",
         "strips_1xp", "/edge_cut", "224", 0, "cut edges (7 x 32)", ""},
        {"partition_grid", R"({"select":"orb_m","partition_view":"steps"})",
         "Orthogonal recursive bisection: halve along x (32 edges cut), halve both halves along "
         "y (2 x 16), then the four quarters along x again (4 x 16). The Steps tab shows each "
         "bisection.",
         "orb_m", "/edge_cut", "128", 0, "cut edges (32 + 32 + 64)", ""}}});
  return all;
}

bool lesson_numbers_agree(const io::Json& a, const io::Json& b, double tol) {
  if (a.is_number() && b.is_number())
    return std::abs(a.get<double>() - b.get<double>()) <= tol + 1e-9;
  if (a.is_array() && b.is_array() && a.size() == b.size()) {
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!lesson_numbers_agree(a[i], b[i], tol)) return false;
    return true;
  }
  if (a.is_boolean() && b.is_boolean()) return a == b;
  return false;
}

}  // namespace

const std::vector<Lesson>& lessons() {
  static const std::vector<Lesson> all = make_lessons();
  return all;
}

const Lesson* find_lesson(const std::string& name) {
  for (const auto& l : lessons())
    if (l.name == name) return &l;
  return nullptr;
}

io::Json lesson_scenario(const LessonStep& step) {
  for (const auto& p : io::presets())
    if (p.name == step.preset) {
      io::Json doc = p.scenario;
      doc["ui"] = io::Json::parse(step.ui);
      return doc;
    }
  throw std::invalid_argument("lesson: no preset named \"" + step.preset + "\"");
}

std::string lesson_value_text(const io::Json& v) {
  if (v.is_number()) {
    const double x = v.get<double>();
    char buf[48];
    if (std::abs(x - std::round(x)) < 1e-9 && std::abs(x) < 1e15)
      std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(std::llround(x)));
    else
      std::snprintf(buf, sizeof buf, "%.4g", x);
    return buf;
  }
  if (v.is_array()) {
    std::string s = "[";
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (i == 12) {
        s += ", ...";
        break;
      }
      s += (i ? ", " : "") + lesson_value_text(v[i]);
    }
    return s + "]";
  }
  return v.dump();
}

LessonCheck check_lesson_step(const LessonStep& step, const io::Json& results) {
  LessonCheck c;
  c.paper = io::Json::parse(step.paper);
  if (results.is_array())
    for (const auto& r : results) {
      if (!r.is_object() || r.value("algorithm", "") != step.algorithm) continue;
      const io::Json::json_pointer ptr(step.pointer);
      if (r.contains(ptr)) c.here = r.at(ptr);
      break;
    }
  c.agree = c.here && lesson_numbers_agree(c.paper, *c.here, step.tolerance);
  c.line = "paper: " + lesson_value_text(c.paper) + " " + step.quantity +
           " - here: " + (c.here ? lesson_value_text(*c.here) : std::string("(running...)"));
  if (c.here && !c.agree) c.line += "  (they differ)";
  return c;
}

}  // namespace loadlab::app
