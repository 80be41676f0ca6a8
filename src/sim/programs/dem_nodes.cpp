// Dimension Exchange Method (integer version) as a node program.
// Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Section 3.2, Fig 7.
//
// Dimension k takes two supersteps: in 2k the node sends its current load to i xor 2^k; in 2k+1 it
// reads the partner's load and, if it holds more than one task more, sends floor(diff/2) tasks.
// The tasks arrive in 2k+2, where the node adds them before sending its load for dimension k+1.
//
// Supersteps: 2d. The paper charges 3d [16]: it counts the exchange of load values as two
// communication steps (one per direction) plus one for the tasks; a BSP superstep carries both
// directions of an exchange.
#include "sim/programs/balance_program.h"

namespace loadlab::sim::detail {

namespace {

struct DemNode : BalanceNodeBase {
  int d = 0;
  std::int64_t partner_load = 0;

  void step(Comm& c) {
    const std::int64_t s = c.superstep();
    for (const Message& m : c.inbox()) {
      if (m.tag == kTasks) load += m.tasks;
      if (m.tag == kLoad) partner_load = m.data[0];
    }
    const int k = static_cast<int>(s / 2);
    if (k < d) {
      const int partner = c.id() ^ (1 << k);
      if (s % 2 == 0) {
        c.send_word(partner, kLoad, load);
      } else if (load - partner_load > 1) {
        send_tasks(c, partner, 0, k, (load - partner_load) / 2, {});
      }
    }
    if (s >= 2 * d - 1) c.halt();
  }
};

}  // namespace

std::unique_ptr<BalancePrograms> make_dem_programs(const core::Topology& topology,
                                                   const core::LoadVector& loads) {
  if (topology.kind() != core::TopologyKind::Hypercube)
    throw std::invalid_argument("DEM needs a hypercube topology");
  const int d = topology.dim();
  std::vector<DemNode> nodes(static_cast<std::size_t>(topology.size()));
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    nodes[i].d = d;
    nodes[i].load = loads[i];
  }
  BalanceProgramsOf<DemNode>::Info info;
  info.algorithm = "dem";
  info.initial = loads;
  info.fixed_steps = d;
  info.info_steps = 2 * d;
  info.expected_supersteps = 2LL * d;
  return std::make_unique<BalanceProgramsOf<DemNode>>(std::move(nodes), std::move(info));
}

}  // namespace loadlab::sim::detail
