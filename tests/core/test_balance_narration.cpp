// The narration of Wu's worked examples (M.-Y. Wu, "On Runtime Parallel Scheduling for Processor
// Load Balancing", 1997) and of the course notes' Problems 2 and 3: the numbers each caption quotes
// are the paper's (subtree sums and quotas of Example 1's table, the subcube counts of Example 3,
// the row counts of Example 4, the task-hops), worked out by hand from the printed loads with the
// corrections of the seeds' errata, never copied from our output.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/balance/cwa.h"
#include "core/balance/dem.h"
#include "core/balance/gde.h"
#include "core/balance/mwa.h"
#include "core/balance/narration.h"
#include "core/balance/optimal.h"
#include "core/balance/twa.h"
#include "wu_examples.h"

using namespace loadlab::core;
using loadlab::test::example1_tree;
using loadlab::test::kExample1Loads;
using loadlab::test::kFigure1Loads;

namespace {

// Index of the first caption containing `text`, -1 if none.
int narr_test_find(const Narration& n, const std::string& text) {
  for (std::size_t k = 0; k < n.steps.size(); ++k)
    if (n.steps[k].text.find(text) != std::string::npos) return static_cast<int>(k);
  return -1;
}

void narr_test_lines_valid(const Narration& n) {
  for (const auto& s : n.steps) {
    CHECK(s.line >= -1);
    CHECK(s.line < static_cast<int>(n.pseudocode.size()));
    CHECK(!s.text.empty());
  }
}

const LoadVector kNarrExample4Loads = {7, 12, 6, 16, 17, 3, 0, 15, 2, 13, 5, 5, 5, 6, 4, 12};

}  // namespace

TEST_CASE("Narration.Twa.Example1.SubtreeSumsQuotasAndSends") {
  const Topology tree = example1_tree();
  const Narration n = narrate_balance(tree, twa(tree, kExample1Loads));
  CHECK(n.algorithm == "twa");
  CHECK(n.citation.find("Wu") != std::string::npos);
  CHECK(n.citation.find("1997") != std::string::npos);
  // One caption per view step: the exchange steps and the outcome.
  const BalanceResult r = twa(tree, kExample1Loads);
  REQUIRE(n.steps.size() == static_cast<std::size_t>(r.steps) + 1);
  narr_test_lines_valid(n);
  // T = 41 on 9 nodes: w_avg = 4, R = 5 (the table of Example 1).
  CHECK(n.steps[0].text.find("T = 41") != std::string::npos);
  CHECK(n.steps[0].text.find("w_avg = 4, R = 5") != std::string::npos);
  // W_3 = 11, Q_3 = 5: node 3 sends 6 up; W_1 = 4 + 5 + 11 = 20, Q_1 = 3 x 5 = 15: 5 up, after
  // it received node 3's tasks (data-flow order).
  const int s3 = narr_test_find(n,
                                "node 3: its subtree holds 11 tasks, its quota is 5, so it "
                                "sends 6 up to node 1");
  const int s1 = narr_test_find(n,
                                "node 1: its subtree holds 20 tasks, its quota is 15, so it "
                                "sends 5 up to node 0");
  CHECK(s3 >= 0);
  CHECK(s1 > s3);
  // W_5 = 2, Q_5 = 4: node 4 sends 2 down; W_6 = 3 + 3 + 5 = 11, Q_6 = 3 x 4 = 12: 1 down.
  CHECK(narr_test_find(n,
                       "node 5: its subtree holds 2 tasks, its quota is 4, so node 4 sends 2 "
                       "down to it") >= 0);
  const int s6 = narr_test_find(n,
                                "node 6: its subtree holds 11 tasks, its quota is 12, so "
                                "node 0 sends 1 down to it");
  CHECK(s6 > s1);  // node 0 holds 1 task until node 1's 5 arrive
  CHECK(narr_test_find(n,
                       "node 8: its subtree holds 5 tasks, its quota is 4, so it sends 1 up "
                       "to node 6") >= 0);
  // The outcome: [5,5,5,5,5,4,4,4,4], 16 task-hops.
  CHECK(n.steps.back().text.find("[5, 5, 5, 5, 5, 4, 4, 4, 4]") != std::string::npos);
  CHECK(n.steps.back().text.find("16 task-hops") != std::string::npos);
  CHECK(n.steps.back().text.find("fully balanced") != std::string::npos);
}

TEST_CASE("Narration.Cwa.Example3.SubcubesWalkTheDimensions") {
  const Topology cube = Topology::hypercube(3);
  const Narration n = narrate_balance(cube, cwa(cube, kFigure1Loads));
  REQUIRE(n.steps.size() == 4);  // dimensions 2, 1, 0, then the outcome
  narr_test_lines_valid(n);
  // k = 2: nodes 0-3 hold 19 + 11 + 2 + 9 = 41, quota 4 x 8 = 32: 9 cross (0->4 x6, 1->5 x3).
  CHECK(n.steps[0].text.find("dimension 2") != std::string::npos);
  CHECK(n.steps[0].text.find("nodes 0–3 hold 41 tasks, their quota is 32, so they send 9 across "
                             "dimension 2 (0→4 ×6, 1→5 ×3)") != std::string::npos);
  // k = 1, loads then [13, 8, 2, 9, 6, 12, 10, 4]: nodes 0-1 hold 21 (quota 16), nodes 4-5 18.
  CHECK(n.steps[1].text.find("nodes 0–1 hold 21 tasks, their quota is 16, so they send 5 across "
                             "dimension 1 (0→2 ×5)") != std::string::npos);
  CHECK(n.steps[1].text.find("nodes 4–5 hold 18 tasks, their quota is 16, so they send 2 across "
                             "dimension 1 (5→7 ×2)") != std::string::npos);
  // k = 0, loads [8, 8, 7, 9, 6, 10, 10, 6]: 3->2 x1, 5->4 x2, 6->7 x2.
  CHECK(n.steps[2].text.find("node 3 holds 9 tasks, its quota is 8, so it sends 1 across "
                             "dimension 0 (3→2 ×1)") != std::string::npos);
  CHECK(n.steps[2].text.find("node 5 holds 10 tasks, its quota is 8, so it sends 2") !=
        std::string::npos);
  CHECK(n.steps[3].text.find("21 task-hops") != std::string::npos);
}

TEST_CASE("Narration.Dem.Example3Loads.PerDimensionAndNotFullyBalanced") {
  const Topology cube = Topology::hypercube(3);
  const Narration n = narrate_balance(cube, dem(cube, kFigure1Loads));
  REQUIRE(n.steps.size() == 4);
  narr_test_lines_valid(n);
  // 14 + 11 + 8 = 33 task-hops, dimension by dimension.
  CHECK(n.steps[0].text.find("dimension 0") != std::string::npos);
  CHECK(n.steps[0].text.find("move 14 tasks") != std::string::npos);
  CHECK(n.steps[1].text.find("move 11 tasks") != std::string::npos);
  CHECK(n.steps[2].text.find("move 8 tasks") != std::string::npos);
  // Pair (0, 1) on dimension 0: 19 and 11 differ by 8, node 0 sends 4.
  CHECK(n.steps[0].text.find("node 0 (19) and node 1 (11) differ by 8, so 0 sends 4") !=
        std::string::npos);
  CHECK(n.steps[3].text.find("[8, 9, 8, 8, 7, 8, 8, 8]") != std::string::npos);
  CHECK(n.steps[3].text.find("max − min = 2 (not fully balanced)") != std::string::npos);
  CHECK(n.steps[3].text.find("33 task-hops") != std::string::npos);
}

TEST_CASE("Narration.Mwa.Example4.RowsThenColumns") {
  const Topology mesh = Topology::mesh(4, 4);
  const Narration n = narrate_balance(mesh, mwa(mesh, kNarrExample4Loads));
  narr_test_lines_valid(n);
  // Rows hold 41, 35, 25, 27 (T = 128, w_avg = 8): prefixes 41, 76, 101 against 32, 64, 96.
  CHECK(narr_test_find(n,
                       "row 0 holds 41 tasks, its quota is 32, so row 0 sends 9 down to row 1 "
                       "(1→5 ×3, 3→7 ×6)") >= 0);
  CHECK(narr_test_find(n,
                       "rows 0–1 hold 76 tasks, their quota is 64, so row 1 sends 12 down to "
                       "row 2 (4→8 ×9, 7→11 ×3)") >= 0);
  CHECK(narr_test_find(n,
                       "rows 0–2 hold 101 tasks, their quota is 96, so row 2 sends 5 down to "
                       "row 3 (8→12 ×3, 9→13 ×2)") >= 0);
  // Iteration 0 in row 0 (after 1->5 x3 and 3->7 x6 it holds [7, 9, 6, 10]): node 0 holds 7 of
  // its 8, so node 1 sends it 1.
  CHECK(narr_test_find(n,
                       "in row 0, node 0 holds 7 tasks, its quota is 8, so node 1 sends 1 left "
                       "to node 0") >= 0);
  CHECK(narr_test_find(n, "MWA iteration 1") < narr_test_find(n, "MWA iteration 0"));
  CHECK(n.steps.back().text.find("48 task-hops") != std::string::npos);
}

TEST_CASE("Narration.Optimal.TaskHopsOfTheExamples") {
  // The optimum equals TWA on Example 1 (16), CWA on Example 3 (21) and MWA on Example 4 (48).
  const struct {
    Topology topo;
    LoadVector loads;
    const char* hops;
  } cases[] = {{example1_tree(), kExample1Loads, "over 16 task-hops"},
               {Topology::hypercube(3), kFigure1Loads, "over 21 task-hops"},
               {Topology::mesh(4, 4), kNarrExample4Loads, "over 48 task-hops"}};
  for (const auto& c : cases) {
    const Narration n = narrate_balance(c.topo, optimal(c.topo, c.loads));
    narr_test_lines_valid(n);
    CHECK(n.steps[0].text.find(c.hops) != std::string::npos);
  }
  // Example 3: surplus nodes 0 (+11), 1 (+3), 3 (+1), 5 (+1), 6 (+2) against w_avg = 8.
  const Narration n3 =
      narrate_balance(Topology::hypercube(3), optimal(Topology::hypercube(3), kFigure1Loads));
  CHECK(n3.steps[0].text.find("0 (+11)") != std::string::npos);
  CHECK(n3.steps[0].text.find("4 (-8)") != std::string::npos);
}

TEST_CASE("Narration.Gde.Problem2.OneSweepBalancesTheCube") {
  const Topology cube = Topology::hypercube(4);
  LoadVector w;
  for (int i = 0; i < 16; ++i) w.push_back(1000 * i);
  IterativeOptions o;
  o.parameter = 0.5;
  o.max_sweeps = 1;
  o.stop.value = 0;
  const IterativeResult r = gde(cube, w, o);
  const Narration n = narrate_iterative(cube, r);
  narr_test_lines_valid(n);
  // Step 0 (initial: max - min = 15000), then the four dimensions of sweep 1.
  REQUIRE(n.steps.size() == 5);
  CHECK(n.steps[0].text.find("max − min = 15000") != std::string::npos);
  CHECK(n.steps[0].text.find("4 colour classes") != std::string::npos);
  CHECK(n.steps[3].text.find("GDE sweep 1, colour class 2 of 4: each of its 8 edges") !=
        std::string::npos);
  // Every processor holds 7500 after the sweep: max - min 0.
  CHECK(n.steps[4].text.find("→ 0. ") != std::string::npos);
  CHECK(iterative_narration_step(r, 1, 2) == 3);
  CHECK(iterative_narration_step(r, 1, -1) == 4);
  CHECK(iterative_narration_step(r, 0, -1) == 0);
}

TEST_CASE("Narration.Gde.Problem2.TasksModelCountsTheMoves") {
  // Loads 1000 i: across dimension 0 every pair differs by 1000 and moves 500 (8 pairs: 4000
  // tasks); then the pairs across dimension 1 differ by 2000 and move 1000 each (8000 tasks).
  const Topology cube = Topology::hypercube(4);
  LoadVector w;
  for (int i = 0; i < 16; ++i) w.push_back(1000 * i);
  IterativeOptions o;
  o.parameter = 0.5;
  o.model = IterativeModel::Tasks;
  o.max_sweeps = 1;
  o.stop.value = 0;
  const Narration n = narrate_iterative(cube, gde(cube, w, o));
  REQUIRE(n.steps.size() == 5);
  CHECK(n.steps[1].text.find("4000 tasks move over 8 links") != std::string::npos);
  CHECK(n.steps[2].text.find("8000 tasks move over 8 links") != std::string::npos);
}

TEST_CASE("Narration.Gde.Problem3.StopsAfterSweep22") {
  const Topology mesh = Topology::mesh(5, 5);
  LoadVector w;
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j) w.push_back(1000 * (i + j));
  IterativeOptions o;
  o.parameter = 0.5;
  const IterativeResult r = gde(mesh, w, o);
  const Narration n = narrate_iterative(mesh, r);
  narr_test_lines_valid(n);
  REQUIRE(n.steps.size() == 22 * 4 + 1);
  CHECK(n.steps.back().text.find("held after sweep 22") != std::string::npos);
  CHECK(n.steps.back().text.find("the stop rule holds") != std::string::npos);
  CHECK(narr_test_find(n, "the stop rule holds") == 22 * 4);
}

TEST_CASE("Narration.Pseudocode.EveryBalanceAlgorithm") {
  for (const char* a : {"twa", "cwa", "dem", "mwa", "optimal", "gde", "diffusion", "gradient"}) {
    CHECK(balance_pseudocode(a).size() >= 3);
    CHECK(!balance_citation(a).empty());
  }
  CHECK(balance_pseudocode("nope").empty());
  CHECK_THROWS_AS(
      narrate_balance(Topology::line(2), BalanceResult{"gde", {1, 1}, {1, 1}, {}, 0, 0}),
      std::invalid_argument);
}
