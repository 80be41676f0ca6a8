// The worked examples of the seed papers as scenarios. Values from the papers and ERRATA.md.
#include "io/presets.h"

namespace loadlab::io {

namespace {

Preset make(const char* name, const char* title, const char* json) {
  return {name, title, Json::parse(json)};
}

}  // namespace

const std::vector<Preset>& presets() {
  static const std::vector<Preset> all = {
      // Paper 000 (Wu), Example 1 per ERRATA: the preorder tree with subtree sizes
      // [9,3,1,1,2,1,3,1,1].
      make(
          "wu_example1", "Wu, Example 1: TWA on a 9-node tree",
          R"json({"loadlab":1,"kind":"balance","name":"Wu, Example 1: TWA on a 9-node tree","seed":1,
               "topology":{"type":"tree","parents":[-1,0,1,1,0,4,0,6,6]},
               "loads":[1,4,5,11,7,2,3,3,5],"algorithms":["twa","optimal"]})json"),
      // Paper 000, Figure 1 / Example 3 loads per ERRATA.
      make(
          "wu_example3", "Wu, Example 3: CWA and DEM on a 3-cube",
          R"json({"loadlab":1,"kind":"balance","name":"Wu, Example 3: CWA and DEM on a 3-cube","seed":42,
               "topology":{"type":"hypercube","dim":3},"loads":[19,11,2,9,0,9,10,4],
               "algorithms":["cwa","dem","optimal"]})json"),
      // Paper 000, Example 4 per ERRATA (row-major 4x4 mesh).
      make("wu_example4", "Wu, Example 4: MWA on a 4x4 mesh",
           R"json({"loadlab":1,"kind":"balance","name":"Wu, Example 4: MWA on a 4x4 mesh","seed":1,
               "topology":{"type":"mesh","rows":4,"cols":4},
               "loads":[7,12,6,16,17,3,0,15,2,13,5,5,5,6,4,12],"algorithms":["mwa","optimal"]})json"),
      make("wu_random_cube", "Wu: a random 6-cube (average load 20)",
           R"json({"loadlab":1,"kind":"balance","name":"Random 6-cube","seed":7,
               "topology":{"type":"hypercube","dim":6},"loads":{"generator":"multinomial","mean":20},
               "algorithms":["cwa","dem","optimal"]})json"),
      // Course notes 003, Problem 2 (ERRATA.md 003): every processor holds 7500 after one sweep.
      make(
          "notes_problem2", "Notes, Problem 2: averaging dimension exchange on a 4-cube",
          R"json({"loadlab":1,"kind":"balance","name":"Notes, Problem 2: GDE (lambda = 1/2) on a 4-cube","seed":1,
               "topology":{"type":"hypercube","dim":4},
               "loads":[0,1000,2000,3000,4000,5000,6000,7000,8000,9000,10000,11000,12000,13000,14000,15000],
               "algorithms":["gde"],"params":{"gde":{"lambda":0.5,"max_sweeps":1}}})json"),
      // Course notes 003, Problem 3 (ERRATA.md 003): 22 sweeps with lambda = 1/2 until max - min
      // < 1.
      make(
          "notes_problem3", "Notes, Problem 3: GDE on a 5x5 mesh (22 sweeps)",
          R"json({"loadlab":1,"kind":"balance","name":"Notes, Problem 3: GDE on a 5x5 mesh, load 1000 (i + j)","seed":1,
               "topology":{"type":"mesh","rows":5,"cols":5},
               "loads":[0,1000,2000,3000,4000,1000,2000,3000,4000,5000,2000,3000,4000,5000,6000,
                        3000,4000,5000,6000,7000,4000,5000,6000,7000,8000],
               "algorithms":["gde"],"params":{"gde":{"lambda":0.5,"stop":{"max_minus_min":1}}}})json"),
      // Course notes 003, the gradient model's 5 x 5 pressure grid: light (empty) nodes where
      // the notes' grid has pressure 0, every other node equally loaded; one sweep.
      make(
          "notes_pressure_grid", "Notes, the gradient model's pressure grid on a 5x5 mesh",
          R"json({"loadlab":1,"kind":"balance","name":"Notes, gradient model: the pressure grid on a 5x5 mesh","seed":1,
               "topology":{"type":"mesh","rows":5,"cols":5},
               "loads":[10,10,10,10,10, 0,10,10,10,10, 10,10,10,0,10, 10,10,10,10,10, 10,10,10,0,10],
               "algorithms":["gradient"],"params":{"gradient":{"max_sweeps":1}},
               "ui":{"iterative_view":"pressure"}})json"),
      // Paper 001 (FLB), the Figure 1 graph as reconstructed in ERRATA, on P = 2.
      make(
          "flb_table1", "FLB, Table 1: the 8-task example graph on 2 processors",
          R"json({"loadlab":1,"kind":"dag","name":"FLB, Table 1 example (graph reconstructed from the printed trace)","processors":2,
               "graph":{"tasks":[{"id":"t0","cost":2},{"id":"t1","cost":2},{"id":"t2","cost":2},
                                 {"id":"t3","cost":3},{"id":"t4","cost":3},{"id":"t5","cost":3},
                                 {"id":"t6","cost":2},{"id":"t7","cost":2}],
                        "edges":[{"from":"t0","to":"t1","cost":1},{"from":"t0","to":"t2","cost":4},
                                 {"from":"t0","to":"t3","cost":1},{"from":"t1","to":"t4","cost":2},
                                 {"from":"t1","to":"t5","cost":1},{"from":"t1","to":"t6","cost":2},
                                 {"from":"t3","to":"t5","cost":1},{"from":"t2","to":"t6","cost":1},
                                 {"from":"t4","to":"t7","cost":1},{"from":"t5","to":"t7","cost":3},
                                 {"from":"t6","to":"t7","cost":2}]},
               "algorithms":["flb","etf","mcp","optimal"]})json"),
      // the same graph opened on the dag view's Adversary tab, set up to search for the
      // instance where FLB does worst against ETF (core/dag/adversary.h; press Start).
      make("adversary_flb_etf", "Adversary: FLB vs ETF (simulated annealing over the graph)",
           R"json({"loadlab":1,"kind":"dag","name":"Adversary: FLB vs ETF","processors":2,
               "graph":{"tasks":[{"id":"t0","cost":2},{"id":"t1","cost":2},{"id":"t2","cost":2},
                                 {"id":"t3","cost":3},{"id":"t4","cost":3},{"id":"t5","cost":3},
                                 {"id":"t6","cost":2},{"id":"t7","cost":2}],
                        "edges":[{"from":"t0","to":"t1","cost":1},{"from":"t0","to":"t2","cost":4},
                                 {"from":"t0","to":"t3","cost":1},{"from":"t1","to":"t4","cost":2},
                                 {"from":"t1","to":"t5","cost":1},{"from":"t1","to":"t6","cost":2},
                                 {"from":"t3","to":"t5","cost":1},{"from":"t2","to":"t6","cost":1},
                                 {"from":"t4","to":"t7","cost":1},{"from":"t5","to":"t7","cost":3},
                                 {"from":"t6","to":"t7","cost":2}]},
               "algorithms":["flb","etf"],
               "ui":{"tab":"adversary","adversary":{"a":"flb","b":"etf","iterations":5000,"seed":1,
                     "pairwise":["flb","etf","mcp","heft"],"pair_iterations":300}}})json"),
      // Random costs (core/dag/stochastic.h): the FLB example graph's costs as distributions
      // with the same means, planned on mean + std (SHEFT, Tang et al. 2011), and each schedule
      // executed 2,000 times with drawn costs.
      make(
          "dag_stochastic_example",
          "Stochastic task graph: random costs, planned on mean + std, 2,000 executions",
          R"json({"loadlab":1,"kind":"dag","name":"Stochastic task graph (SHEFT plan: mean + std)","seed":3,
               "processors":3,"machine":{"speeds":[1,1.5,2]},
               "graph":{"tasks":[{"id":"t0","cost":{"distribution":"uniform","low":1,"high":3}},
                                 {"id":"t1","cost":{"distribution":"exponential","mean":2}},
                                 {"id":"t2","cost":{"distribution":"normal","mean":2,"std":0.5}},
                                 {"id":"t3","cost":{"distribution":"uniform","low":2,"high":4}},
                                 {"id":"t4","cost":{"distribution":"samples","values":[1,2,6]}},
                                 {"id":"t5","cost":3},
                                 {"id":"t6","cost":{"distribution":"exponential","mean":2}},
                                 {"id":"t7","cost":{"distribution":"normal","mean":2,"std":1}}],
                        "edges":[{"from":"t0","to":"t1","cost":1},
                                 {"from":"t0","to":"t2","cost":{"distribution":"uniform","low":2,"high":6}},
                                 {"from":"t0","to":"t3","cost":1},{"from":"t1","to":"t4","cost":2},
                                 {"from":"t1","to":"t5","cost":1},
                                 {"from":"t1","to":"t6","cost":{"distribution":"exponential","mean":2}},
                                 {"from":"t3","to":"t5","cost":1},{"from":"t2","to":"t6","cost":1},
                                 {"from":"t4","to":"t7","cost":1},{"from":"t5","to":"t7","cost":3},
                                 {"from":"t6","to":"t7","cost":2}]},
               "algorithms":["heft","cpop","peft","dls"],
               "params":{"stochastic":{"plan":"quantile","k":1,"samples":2000}}})json"),
      // Online scheduling (tasks revealed when their parents finish) against offline HEFT on a
      // graph where knowing the future is worth 3 time units: 12 offline, 15 online
      // (tests/io/test_dag_online_preset.cpp works both by hand).
      make(
          "dag_online_example",
          "Online task graph: tasks revealed as their parents finish, HEFT with and without the "
          "future",
          R"json({"loadlab":1,"kind":"dag","name":"Online vs offline HEFT: a hidden chain","seed":1,
               "processors":2,
               "graph":{"tasks":[{"id":"a","cost":1},{"id":"b","cost":3},{"id":"c","cost":3},
                                 {"id":"d","cost":10},{"id":"e","cost":1}],
                        "edges":[{"from":"a","to":"b","cost":0},{"from":"a","to":"c","cost":0},
                                 {"from":"a","to":"e","cost":0},{"from":"e","to":"d","cost":0}]},
               "algorithms":["online_heft","heft","online_mct"],
               "ui":{"tab":"steps"}})json"),
      // Paper 002 (survey) Section 3.1: a loop whose early iterations are expensive.
      make(
          "loop_decreasing", "Loop scheduling: 1000 iterations of decreasing cost on 4 processors",
          R"json({"loadlab":1,"kind":"loop","name":"Decreasing-cost loop","iterations":1000,"processors":4,
               "cost":{"profile":"decreasing","value":1},"overhead":0.5,
               "algorithms":["static_block","cyclic","self","chunk","gss","factoring","fac2","tss","affinity"]})json"),
      // Paper 002 (survey) Section 4: the OS layer; docs/scenario-os.md.
      make(
          "os_mixed",
          "OS scheduling: time sharing, coscheduling and space sharing on 16 processors",
          R"json({"loadlab":1,"kind":"os","name":"OS scheduling: a Poisson stream of parallel jobs","seed":5,
               "processors":16,"jobs":{"generator":"poisson","rate":0.12,"count":60,
               "work":{"profile":"exponential","value":100},"threads":{"profile":"uniform","low":2,"high":16},
               "speedup":{"model":"amdahl","serial_fraction":0.05},"barrier_every":5},
               "costs":{"context_switch":0.01,"cache_reload":0.05,"migration":0.5,"checkpoint":0.1,"restart":0.5},
               "algorithms":["central_queue","affinity_queues","coscheduling","static_partition","process_control",
                             "dynamic_space_sharing","checkpoint_restart","migration"]})json"),
      // Paper 002 Section 4.2: the Medusa example (10 processors, applications of 10 and 5
      // processes).
      make(
          "os_coscheduling_fragmentation",
          "Coscheduling fragmentation: 10- and 5-process jobs on 10 processors",
          R"json({"loadlab":1,"kind":"os","name":"Coscheduling fragmentation (Houstis et al. 1996, Section 4.2)","processors":10,
               "jobs":[{"arrival":0,"work":100,"threads":10},{"arrival":0,"work":100,"threads":5}],
               "algorithms":["coscheduling","central_queue","process_control"],
               "params":{"coscheduling":{"quantum":1}}})json"),
      // The survey, Section 4.2: spin locks when a lock holder is descheduled; the form's "lock
      // holder preempted" setting switches between the remedies.
      make(
          "os_spin_locks", "Spin locks: a descheduled lock holder, and the do-not-preempt bit",
          R"json({"loadlab":1,"kind":"os","name":"Spin locks under time sharing (Houstis et al. 1996, Section 4.2)","seed":5,
               "processors":16,"jobs":{"generator":"poisson","rate":0.256,"count":60,
               "work":{"profile":"exponential","value":50},"threads":{"profile":"uniform","low":2,"high":16},
               "lock_every":0.5,"lock_length":0.1},
               "costs":{"context_switch":0.01},
               "algorithms":["central_queue","affinity_queues","coscheduling","process_control"],
               "params":{"central_queue":{"quantum":1},"affinity_queues":{"quantum":1,"lock_remedy":"do_not_preempt"},
                         "coscheduling":{"quantum":1}}})json"),
      // The survey, Section 4.4: processor pools and subcube allocation; the form's placement
      // setting switches between pools, subcubes and scattered processors.
      make(
          "os_pools", "Processor pools: 32 processors in pools of 8, remote memory 50 % slower",
          R"json({"loadlab":1,"kind":"os","name":"Processor pools and subcubes (Houstis et al. 1996, Section 4.4)","seed":3,
               "processors":32,"jobs":{"generator":"poisson","rate":0.12,"count":80,
               "work":{"profile":"exponential","value":100},"threads":{"profile":"uniform","low":1,"high":12}},
               "costs":{"remote":0.5},
               "algorithms":["pool_allocation","static_partition"],
               "params":{"pool_allocation":{"placement":"pools","pool_size":8}}})json"),
      // Paper 004, Example 1 (E = 3, C = 2 per ERRATA's reading of Examples 2 and 4).
      make(
          "dlt_example1", "Divisible load, Example 1: closed form on an 8-cube",
          R"json({"loadlab":1,"kind":"dlt","name":"Li et al., Example 1","dim":8,"E":3,"C":2,"load":1000,
               "algorithms":["closed_form"]})json"),
      make(
          "dlt_example4", "Divisible load, Examples 3-4: finite buffers and granularity",
          R"json({"loadlab":1,"kind":"dlt","name":"Li et al., Examples 3-4","dim":8,"E":3,"C":2,"load":1000,
               "buffer":10,"granularity":2,"algorithms":["closed_form","algorithm_a","ibs","algorithm_a_prime"]})json"),
      make("dynamic_hotspot_mesh", "Dynamic: a hot spot on a 4x4 mesh (every strategy)",
           R"json({"loadlab":1,"kind":"dynamic","name":"Hot spot on a mesh","seed":1,
               "topology":{"type":"mesh","rows":4,"cols":4},
               "workload":{"initial":{"generator":"hot_spot","mean":4,"hot_node":5},
                           "duration":{"profile":"exponential","value":1},
                           "arrivals":{"process":"hot_spot","rate":0.1,"until":20,"node":5,"fraction":0.8}},
               "costs":{"hop":0.1,"message":0.02,"system_phase":0.3},
               "algorithms":["none","random","sender","receiver","work_stealing","gradient","rips"],
               "params":{"rips":{"inner":"mwa"}}})json"),
      make("dynamic_bursts_hypercube", "Dynamic: bursty arrivals on a 4-cube",
           R"json({"loadlab":1,"kind":"dynamic","name":"Bursts on a hypercube","seed":2,
               "topology":{"type":"hypercube","dim":4},
               "workload":{"initial":{"generator":"uniform","mean":2},
                           "duration":{"profile":"bimodal","value":1},
                           "arrivals":{"process":"bursts","period":5,"size":30,"nodes":1,"until":30}},
               "costs":{"hop":0.1,"message":0.02,"system_phase":0.3},
               "algorithms":["none","random","receiver","work_stealing","rips"],
               "params":{"rips":{"inner":"cwa"}}})json"),
      make("dynamic_bnb_ring", "Dynamic: a branch-and-bound tree on a ring of 8",
           R"json({"loadlab":1,"kind":"dynamic","name":"Branch and bound on a ring","seed":3,
               "topology":{"type":"ring","nodes":8},
               "workload":{"initial":[1,0,0,0,0,0,0,0],
                           "duration":{"profile":"uniform","value":1},
                           "spawn":{"shape":"fixed","m":3,"prune":0.35,"max_depth":7}},
               "costs":{"hop":0.1,"message":0.02,"system_phase":0.3},
               "algorithms":["none","random","work_stealing","gradient","rips"],
               "params":{"work_stealing":{"victim":"round_robin"},"rips":{"inner":"optimal"}}})json"),
      make(
          "partition_grid", "Partition: Table 1 methods on a 32x32 grid, mapped onto a 3-cube",
          R"json({"loadlab":1,"kind":"partition","name":"Houstis et al. (1996), Table 1 on a grid","seed":1,
               "mesh":{"generator":"grid","rows":32,"cols":32},"parts":8,
               "topology":{"type":"hypercube","dim":3},
               "algorithms":["strips_1xp","strips_pxq","orb_m","orb_i","orb_e","orb_kl","ggp","orb_sa","sa","cm"],
               "params":{"sa":{"sweeps":20},"orb_sa":{"sweeps":20}}})json"),
      make("partition_holes_hot", "Partition: a mesh with holes and a hot region on a 4x4 torus",
           R"json({"loadlab":1,"kind":"partition","name":"Holes, hot region, 16 parts","seed":2,
               "mesh":{"generator":"with_holes","rows":40,"cols":40,"holes":4,"weights":"hot_region"},
               "parts":16,"topology":{"type":"torus","rows":4,"cols":4},
               "algorithms":["strips_pxq","orb_i","orb_kl","ggp","cm"]})json"),
      // One "big" scenario per kind (the gallery): sizes where the algorithms' differences
      // show, running in about a second natively (big_os: a few seconds, the OS simulator's log).
      make(
          "big_balance", "Big: CWA, DEM and the optimum on a 12-cube (4,096 nodes)",
          R"json({"loadlab":1,"kind":"balance","name":"Big: CWA, DEM and the optimum on a 12-cube (4,096 nodes)",
               "seed":11,"topology":{"type":"hypercube","dim":12},"loads":{"generator":"multinomial","mean":100},
               "algorithms":["cwa","dem","optimal"]})json"),
      make(
          "big_dag", "Big: LU decomposition, 1,953 tasks on 8 processors",
          R"json({"loadlab":1,"kind":"dag","name":"Big: LU decomposition, 1,953 tasks on 8 processors","seed":1,
               "processors":8,"graph":{"generator":"lu","size":62,"ccr":1},
               "algorithms":["flb","etf","mcp","dsc_llb"]})json"),
      make(
          "big_loop", "Big: a Mandelbrot loop of 10,000 rows on 16 processors",
          R"json({"loadlab":1,"kind":"loop","name":"Big: a Mandelbrot loop of 10,000 rows on 16 processors",
               "iterations":10000,"processors":16,"cost":{"profile":"mandelbrot","value":1,"width":64,"max_iter":256},
               "overhead":0.5,
               "algorithms":["static_block","cyclic","self","chunk","gss","factoring","fac2","tss","affinity"]})json"),
      make(
          "big_dlt", "Big: divisible load on a 20-cube (1,048,576 processors)",
          R"json({"loadlab":1,"kind":"dlt","name":"Big: divisible load on a 20-cube (1,048,576 processors)",
               "dim":20,"E":3,"C":2,"load":1000000,"buffer":1000,"granularity":1,
               "algorithms":["closed_form","algorithm_a","ibs","algorithm_a_prime"]})json"),
      make(
          "big_dynamic", "Big: a hot spot on a 16x16 mesh (every strategy)",
          R"json({"loadlab":1,"kind":"dynamic","name":"Big: a hot spot on a 16x16 mesh (every strategy)","seed":4,
               "topology":{"type":"mesh","rows":16,"cols":16},
               "workload":{"initial":{"generator":"hot_spot","mean":4,"hot_node":136},
                           "duration":{"profile":"exponential","value":1},
                           "arrivals":{"process":"hot_spot","rate":1,"until":50,"node":136,"fraction":0.8}},
               "costs":{"hop":0.1,"message":0.02,"system_phase":0.3},
               "algorithms":["none","random","sender","receiver","work_stealing","gradient","rips"],
               "params":{"rips":{"inner":"mwa"}}})json"),
      make(
          "big_partition", "Big: a 256x256 grid in 64 parts on a 6-cube",
          R"json({"loadlab":1,"kind":"partition","name":"Big: a 256x256 grid in 64 parts on a 6-cube","seed":1,
               "mesh":{"generator":"grid","rows":256,"cols":256},"parts":64,
               "topology":{"type":"hypercube","dim":6},
               "algorithms":["strips_pxq","orb_m","orb_i","orb_kl","ggp","cm"]})json"),
      make("big_os", "Big: 80 parallel jobs on 32 processors",
           R"json({"loadlab":1,"kind":"os","name":"Big: 80 parallel jobs on 32 processors","seed":9,
               "processors":32,"jobs":{"generator":"poisson","rate":0.15,"count":80,
               "work":{"profile":"exponential","value":100},"threads":{"profile":"uniform","low":2,"high":32},
               "speedup":{"model":"amdahl","serial_fraction":0.05},"barrier_every":5},
               "costs":{"context_switch":0.01,"cache_reload":0.05,"migration":0.5,"checkpoint":0.1,"restart":0.5},
               "algorithms":["central_queue","affinity_queues","coscheduling","static_partition","process_control",
                             "dynamic_space_sharing","checkpoint_restart","migration"]})json"),
  };
  return all;
}

const Preset& find_preset(const std::string& name) {
  for (const auto& p : presets())
    if (p.name == name) return p;
  std::string list;
  for (const auto& p : presets()) list += (list.empty() ? "" : ", ") + p.name;
  throw ScenarioError("", "unknown preset '" + name + "' (known: " + list + ")");
}

}  // namespace loadlab::io
