// Dynamic narration on a case small enough to work out by hand: two neighbouring nodes, eight
// unit tasks on node 0, nothing on node 1. Under work stealing (the course notes "Task Scheduling &
// Load Balancing": an idle processor steals work; here half of the victim's queue) node 1 is idle
// at once and asks node 0, which runs one task and holds q = 7, so it gives ⌈7/2⌉ = 4. Under RIPS
// (Wu 1997) the first system phase sees loads 8 and 0 and balances them to 4 and 4: 4 tasks move
// one hop, 4 task-hops.
#include <doctest/doctest.h>

#include <string>

#include "core/dynamic/narration.h"
#include "core/dynamic/registry.h"

using namespace loadlab::core;

namespace {

DynamicWorkload dyn_two_node_workload() {
  DynamicWorkload w;
  w.initial = {8, 0};
  w.duration.profile = "constant";
  w.duration.value = 1;
  return w;
}

bool dyn_says(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("Narration.Dynamic.WorkStealingHalf") {
  const Topology t = Topology::line(2);
  DynamicCosts c;
  c.hop = 0.1;
  DynamicParams prm;
  const DynamicRunResult run = run_dynamic("work_stealing", t, dyn_two_node_workload(), c, prm);
  CHECK(dynamic_narrated_node(run, 2) == 0);  // tie: both took part in the one steal
  const Narration n = dynamic_narration("work_stealing", prm, run, 1);
  CHECK(n.citation.find("notes") != std::string::npos);
  bool stole = false;
  for (const auto& s : n.steps)
    if (dyn_says(s.text, "steals")) {
      CAPTURE(s.text);
      stole = true;
      CHECK(dyn_says(s.text, "node 1 is idle and steals half of node 0's queue: 4 tasks"));
      CHECK(dyn_says(s.text, "arriving at 0.1"));
      CHECK(n.pseudocode[static_cast<std::size_t>(s.line)].find("half") != std::string::npos);
    }
  CHECK(stole);
  // Node 1 runs its 4 stolen tasks from 0.1 to 4.1.
  bool ran = false;
  for (const auto& s : n.steps) ran = ran || dyn_says(s.text, "t = 0.1: node 1 starts running");
  CHECK(ran);
}

TEST_CASE("Narration.Dynamic.RipsSystemPhase") {
  const Topology t = Topology::line(2);
  DynamicParams prm;
  const DynamicRunResult run = run_dynamic("rips", t, dyn_two_node_workload(), {}, prm);
  const Narration n = dynamic_narration("rips", prm, run, 0);
  bool phase = false;
  for (const auto& s : n.steps)
    if (dyn_says(s.text, "RIPS system phase 1:")) {
      CAPTURE(s.text);
      phase = true;
      CHECK(dyn_says(s.text, "8 ready tasks, from 0 to 8 per node"));
      CHECK(dyn_says(s.text, "node 0 has 8"));
      CHECK(dyn_says(s.text, "4 task-hops"));
    }
  CHECK(phase);
  for (const char* a :
       {"none", "random", "sender", "receiver", "work_stealing", "gradient", "rips"})
    CHECK(!dynamic_pseudocode(a).empty());
}
