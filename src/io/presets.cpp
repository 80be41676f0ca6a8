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
      // Paper 000 (Wu), Example 1 per ERRATA: the preorder tree with subtree sizes [9,3,1,1,2,1,3,1,1].
      make("wu_example1", "Wu, Example 1: TWA on a 9-node tree",
           R"json({"loadlab":1,"kind":"balance","name":"Wu, Example 1: TWA on a 9-node tree","seed":1,
               "topology":{"type":"tree","parents":[-1,0,1,1,0,4,0,6,6]},
               "loads":[1,4,5,11,7,2,3,3,5],"algorithms":["twa","optimal"]})json"),
      // Paper 000, Figure 1 / Example 3 loads per ERRATA.
      make("wu_example3", "Wu, Example 3: CWA and DEM on a 3-cube",
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
      // Paper 001 (FLB), the Figure 1 graph as reconstructed in ERRATA, on P = 2.
      make("flb_table1", "FLB, Table 1: the 8-task example graph on 2 processors",
           R"json({"loadlab":1,"kind":"dag","name":"FLB, Table 1 example (ERRATA reconstruction)","processors":2,
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
      // Paper 002 (survey) Section 3.1: a loop whose early iterations are expensive.
      make("loop_decreasing", "Loop scheduling: 1000 iterations of decreasing cost on 4 processors",
           R"json({"loadlab":1,"kind":"loop","name":"Decreasing-cost loop","iterations":1000,"processors":4,
               "cost":{"profile":"decreasing","value":1},"overhead":0.5,
               "algorithms":["static_block","cyclic","self","chunk","gss","factoring","fac2","tss","affinity"]})json"),
      // Paper 004, Example 1 (E = 3, C = 2 per ERRATA's reading of Examples 2 and 4).
      make("dlt_example1", "Divisible load, Example 1: closed form on an 8-cube",
           R"json({"loadlab":1,"kind":"dlt","name":"Li et al., Example 1","dim":8,"E":3,"C":2,"load":1000,
               "algorithms":["closed_form"]})json"),
      make("dlt_example4", "Divisible load, Examples 3-4: finite buffers and granularity",
           R"json({"loadlab":1,"kind":"dlt","name":"Li et al., Examples 3-4","dim":8,"E":3,"C":2,"load":1000,
               "buffer":10,"granularity":2,"algorithms":["closed_form","algorithm_a","ibs","algorithm_a_prime"]})json"),
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
