// The node simulation's algorithms (src/app/nodes, sim::node_balance_algorithms) are the balance
// table's rows flagged node_program: no second list. The flag is checked against the programs
// themselves: every flagged row builds a node session on a topology it supports, and a row
// without the flag is refused by sim.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "core/balance/registry.h"
#include "sim/programs/balance_nodes.h"

using namespace loadlab;

TEST_CASE("NodePrograms.NamesAreTheBalanceTableRowsFlaggedNodeProgram") {
  std::vector<std::string> flagged;
  for (const auto& a : core::balance_algorithms())
    if (a.node_program) flagged.emplace_back(a.info.name);
  CHECK(sim::node_balance_algorithms() == flagged);
  // Paper 000's four algorithms (Sections 3.1-3.3) have node programs.
  CHECK(flagged == std::vector<std::string>{"twa", "cwa", "mwa", "dem"});
}

TEST_CASE("NodePrograms.TheFlagMatchesTheProgramsSimHas") {
  const std::vector<core::Topology> topologies = {
      core::Topology::line(8), core::Topology::hypercube(3), core::Topology::mesh(2, 4)};
  const core::LoadVector loads{19, 11, 2, 9, 0, 9, 10, 4};
  for (const auto& a : core::balance_algorithms()) {
    INFO(a.info.name);
    int built = 0, refused = 0;
    for (const auto& t : topologies) {
      if (!a.unsupported || !a.unsupported(t).empty()) continue;
      try {
        sim::NodeBalanceSession session(a.info.name, t, loads, 1);
        ++built;
      } catch (const std::invalid_argument&) {
        ++refused;
      }
    }
    if (a.node_program) {
      CHECK(built > 0);
      CHECK(refused == 0);
    } else {
      CHECK(built == 0);
    }
  }
}
