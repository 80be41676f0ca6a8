// Paper 000's worked examples, with the numbers of ERRATA.md 000 (never our own output).
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "core/balance/cwa.h"
#include "core/balance/dem.h"
#include "core/balance/mwa.h"
#include "core/balance/twa.h"
#include "core/metrics/balance_metrics.h"
#include "core/verify/balance_verify.h"
#include "wu_examples.h"

using namespace loadlab::core;
using loadlab::test::example1_tree;
using loadlab::test::kExample1Loads;
using loadlab::test::kFigure1Loads;

namespace {

struct Move {
  int from, to;
  std::int64_t count;
  friend bool operator==(const Move&, const Move&) = default;
};

// The transfers as an order-independent multiset of (from, to, count).
std::vector<Move> moves(const BalanceResult& r, int step = -1) {
  std::vector<Move> out;
  for (const Transfer& t : r.transfers)
    if (step < 0 || t.step == step) out.push_back({t.from, t.to, t.count});
  std::sort(out.begin(), out.end(), [](const Move& a, const Move& b) {
    return a.from != b.from ? a.from < b.from : a.to < b.to;
  });
  return out;
}

std::vector<Move> sorted(std::vector<Move> m) {
  std::sort(m.begin(), m.end(), [](const Move& a, const Move& b) {
    return a.from != b.from ? a.from < b.from : a.to < b.to;
  });
  return m;
}

}  // namespace

TEST_CASE("Twa.Example1.Table") {
  TwaTable table;
  const BalanceResult r = twa(example1_tree(), kExample1Loads, &table);
  CHECK(table.w_avg == 4);
  CHECK(table.remainder == 5);
  CHECK(table.n == std::vector<std::int64_t>{9, 3, 1, 1, 2, 1, 3, 1, 1});
  CHECK(table.W == std::vector<std::int64_t>{41, 20, 5, 11, 9, 2, 11, 3, 5});
  CHECK(table.Q == std::vector<std::int64_t>{41, 15, 5, 5, 9, 4, 12, 4, 4});
  CHECK(table.eta_L == std::vector<std::int64_t>{0, 5, 0, 6, 0, -2, -1, -1, 1});
  // eta^R_{i,j} = Q_c - W_c of child c; the printed columns for nodes 0, 1, 4, 6.
  auto eta_r = [&](int c) { return table.Q[c] - table.W[c]; };
  CHECK(std::vector<std::int64_t>{eta_r(1), eta_r(4), eta_r(6)} ==
        std::vector<std::int64_t>{-5, 0, 1});
  CHECK(std::vector<std::int64_t>{eta_r(2), eta_r(3)} == std::vector<std::int64_t>{0, -6});
  CHECK(eta_r(5) == 2);
  CHECK(std::vector<std::int64_t>{eta_r(7), eta_r(8)} == std::vector<std::int64_t>{1, -1});
}

TEST_CASE("Twa.Example1.TransfersAndTaskHops") {
  const Topology tree = example1_tree();
  const BalanceResult r = twa(tree, kExample1Loads);
  CHECK(moves(r) == sorted({{1, 0, 5}, {3, 1, 6}, {4, 5, 2}, {0, 6, 1}, {6, 7, 1}, {8, 6, 1}}));
  CHECK(r.final_loads == LoadVector{5, 5, 5, 5, 5, 4, 4, 4, 4});
  const BalanceMetrics m = compute_balance_metrics(r);
  CHECK(m.task_hops == 16);
  CHECK(m.messages == 6);
  CHECK(m.fully_balanced);
  // Theorem 2 with quotas [5,5,5,5,5,4,4,4,4]: node 0 lacks 4, node 1 one, node 5 two, node 6 one,
  // node 7 one = 9 tasks must leave home.
  CHECK(m.non_local_tasks == 9);
  const auto v = verify_balance(tree, kExample1Loads, r);
  CHECK_MESSAGE(v.ok, (v.errors.empty() ? "" : v.errors.front()));
}

TEST_CASE("Twa.Example1.DataFlowOrder") {
  // 3 -> 1 must precede 1 -> 0, which must precede 0 -> 6 (node 0 holds only 1 task at first).
  const BalanceResult r = twa(example1_tree(), kExample1Loads);
  auto step_of = [&](int from, int to) {
    for (const Transfer& t : r.transfers)
      if (t.from == from && t.to == to) return t.step;
    return -100;
  };
  CHECK(step_of(3, 1) < step_of(1, 0));
  CHECK(step_of(1, 0) < step_of(0, 6));
  CHECK(step_of(8, 6) < step_of(6, 7));
  CHECK(step_of(4, 5) == 0);
  // The leaf-to-leaf chain 3 -> 1 -> 0 -> 6 -> 7 takes 2m = 4 exchange steps (m = depth 2): node 6
  // forwards to 7 only after its receive from 0; comm steps 2m + 4 = 4m.
  const BalanceMetrics m = compute_balance_metrics(r);
  CHECK(m.exchange_steps == 4);
  CHECK(m.comm_steps == 8);
}

TEST_CASE("Cwa.Example3.Transfers") {
  const Topology cube = Topology::hypercube(3);
  const BalanceResult r = cwa(cube, kFigure1Loads);
  // k = 2 is step 0, k = 1 step 1, k = 0 step 2.
  CHECK(moves(r, 0) == sorted({{0, 4, 6}, {1, 5, 3}}));
  CHECK(moves(r, 1) == sorted({{0, 2, 5}, {5, 7, 2}}));
  CHECK(moves(r, 2) == sorted({{3, 2, 1}, {5, 4, 2}, {6, 7, 2}}));
  CHECK(r.final_loads == LoadVector(8, 8));
  const BalanceMetrics m = compute_balance_metrics(r);
  CHECK(m.task_hops == 21);
  CHECK(m.comm_steps == 9);  // 3d
  // Lemma 4: nodes 2, 4, 7 lack 6 + 8 + 4 = 18 tasks.
  CHECK(m.non_local_tasks == 18);
  const auto v = verify_balance(cube, kFigure1Loads, r);
  CHECK_MESSAGE(v.ok, (v.errors.empty() ? "" : v.errors.front()));
}

TEST_CASE("Cwa.Example3.Tables") {
  std::vector<CwaTableRow> rows;
  cwa(Topology::hypercube(3), kFigure1Loads, &rows);
  auto row = [&](int k, int node) -> const CwaTableRow* {
    for (const auto& r : rows)
      if (r.k == k && r.node == node) return &r;
    return nullptr;
  };
  using V = std::vector<std::int64_t>;
  // k = 2: nodes 0..3 (columns d0, d1, d2 of the first table).
  struct Expect {
    int k, node;
    V w, delta, theta, gamma;
  };
  const std::vector<Expect> expected = {
      {2, 0, {19, 30, 41}, {11, 14, 9}, {6, 9, 9}, {5, 5, 0}},
      {2, 1, {11, 30, 41}, {3, 14, 9}, {3, 9, 9}, {0, 5, 0}},
      {2, 2, {2, 11, 41}, {-6, -5, 9}, {0, 0, 9}, {-6, -5, 0}},
      {2, 3, {9, 11, 41}, {1, -5, 9}, {0, 0, 9}, {1, -5, 0}},
      {1, 0, {13, 21}, {5, 5}, {5, 5}, {0, 0}},
      {1, 1, {8, 21}, {0, 5}, {0, 5}, {0, 0}},
      {1, 4, {6, 18}, {-2, 2}, {0, 2}, {-2, 0}},
      {1, 5, {12, 18}, {4, 2}, {2, 2}, {2, 0}},
      {0, 3, {9}, {1}, {1}, {0}},
      {0, 5, {10}, {2}, {2}, {0}},
      {0, 6, {10}, {2}, {2}, {0}},
  };
  for (const auto& e : expected) {
    CAPTURE(e.k);
    CAPTURE(e.node);
    const CwaTableRow* r = row(e.k, e.node);
    REQUIRE(r != nullptr);
    CHECK(r->w == e.w);
    CHECK(r->delta == e.delta);
    CHECK(r->theta == e.theta);
    CHECK(r->gamma == e.gamma);
  }
  // The tables list exactly the nodes with delta_i^k > 0.
  CHECK(rows.size() == expected.size());
}

TEST_CASE("Dem.Example2.TaskHopsAndFinalLoads") {
  const Topology cube = Topology::hypercube(3);
  const BalanceResult r = dem(cube, kFigure1Loads);
  std::int64_t per_step[3] = {0, 0, 0};
  for (const Transfer& t : r.transfers) per_step[t.step] += t.count;
  CHECK(per_step[0] == 14);
  CHECK(per_step[1] == 11);
  CHECK(per_step[2] == 8);
  CHECK(r.final_loads == LoadVector{8, 9, 8, 8, 7, 8, 8, 8});
  const BalanceMetrics m = compute_balance_metrics(r);
  CHECK(m.task_hops == 33);
  CHECK(m.max_minus_min == 2);
  CHECK_FALSE(m.fully_balanced);
  CHECK(m.comm_steps == 9);
  const auto v = verify_balance(cube, kFigure1Loads, r);
  CHECK_MESSAGE(v.ok, (v.errors.empty() ? "" : v.errors.front()));
}

TEST_CASE("Dem.Example2.ExactTransfers") {
  // By hand from Fig 7: dim 0 pairs (19,11) (2,9) (0,9) (10,4) -> 0->1 x4, 3->2 x3, 5->4 x4, 6->7
  // x3; loads 15 15 5 6 4 5 7 7; dim 1 pairs (15,5) (15,6) (4,7) (5,7) -> 0->2 x5, 1->3 x4, 6->4
  // x1, 7->5 x1; loads 10 11 10 10 5 6 6 6; dim 2 pairs (10,5) (11,6) (10,6) (10,6) -> 0->4 x2,
  // 1->5 x2, 2->6 x2, 3->7 x2.
  const BalanceResult r = dem(Topology::hypercube(3), kFigure1Loads);
  CHECK(moves(r, 0) == sorted({{0, 1, 4}, {3, 2, 3}, {5, 4, 4}, {6, 7, 3}}));
  CHECK(moves(r, 1) == sorted({{0, 2, 5}, {1, 3, 4}, {6, 4, 1}, {7, 5, 1}}));
  CHECK(moves(r, 2) == sorted({{0, 4, 2}, {1, 5, 2}, {2, 6, 2}, {3, 7, 2}}));
}

namespace {
// Example 4 (ERRATA 000): 4 x 4 mesh, row-major.
const LoadVector kExample4Loads = {7, 12, 6, 16, 17, 3, 0, 15, 2, 13, 5, 5, 5, 6, 4, 12};
}  // namespace

TEST_CASE("Mwa.Example4.RowTable") {
  MwaTable t;
  mwa(Topology::mesh(4, 4), kExample4Loads, &t);
  using V = std::vector<std::int64_t>;
  CHECK(t.w_avg == 8);
  CHECK(t.remainder == 0);
  CHECK(t.row_w == V{41, 35, 25, 27});
  CHECK(t.row_delta == V{9, 3, -7, -5});
  CHECK(t.row_W == V{41, 76, 101, 128});
  CHECK(t.row_eta_L == V{0, -9, -12, -5});
  CHECK(t.row_eta_R == V{9, 12, 5, 0});
}

TEST_CASE("Mwa.Example4.ThetaTables") {
  MwaTable t;
  mwa(Topology::mesh(4, 4), kExample4Loads, &t);
  using V = std::vector<std::int64_t>;
  // Iteration 1 sends in one direction only (every eta_{i,0,L} <= 0): rows 0, 1, 2 downwards.
  REQUIRE(t.passes.size() == 3);
  const V delta[3] = {{-1, 4, -2, 8}, {9, -2, -8, 13}, {3, 5, -3, 0}};
  const V eta[3] = {{9, 9, 6, 6}, {12, 3, 3, 3}, {5, 2, 0, 0}};
  const V gamma[3] = {{0, 1, 0, 2}, {0, 0, 2, 10}, {0, 0, -3, 0}};
  const V theta[3] = {{0, 3, 0, 6}, {9, 0, 0, 3}, {3, 2, 0, 0}};
  for (int row = 0; row < 3; ++row) {
    CAPTURE(row);
    const MwaRowPass& p = t.passes[row];
    CHECK(p.row == row);
    CHECK(p.dir == 'R');
    CHECK(p.delta == delta[row]);
    CHECK(p.eta == eta[row]);
    CHECK(p.gamma == gamma[row]);
    CHECK(p.theta == theta[row]);
  }
}

TEST_CASE("Mwa.Example4.Iteration0Eta") {
  MwaTable t;
  mwa(Topology::mesh(4, 4), kExample4Loads, &t);
  using V = std::vector<std::int64_t>;
  // Printed table; ERRATA 000: its eta_{i,0,L} column has the opposite sign of the definition.
  const V printed_L = {0, -1, 0, -2, 0, 0, -2, -10, 0, 0, 3, 0, 0, 0, 0, -4};
  const V printed_R = {-1, 0, -2, 0, 0, -2, -10, 0, 0, 3, 0, 0, 0, 0, -4, 0};
  V flipped;
  for (auto x : printed_L) flipped.push_back(-x);
  CHECK(t.eta_L0 == flipped);
  CHECK(t.eta_R0 == printed_R);
}

TEST_CASE("Mwa.Example4.TransfersAndTaskHops") {
  const Topology mesh = Topology::mesh(4, 4);
  const BalanceResult r = mwa(mesh, kExample4Loads);
  CHECK(moves(r) == sorted({{1, 5, 3},
                            {3, 7, 6},
                            {4, 8, 9},
                            {7, 11, 3},
                            {8, 12, 3},
                            {9, 13, 2},
                            {1, 0, 1},
                            {3, 2, 2},
                            {6, 5, 2},
                            {7, 6, 10},
                            {9, 10, 3},
                            {15, 14, 4}}));
  CHECK(r.final_loads == LoadVector(16, 8));
  const BalanceMetrics m = compute_balance_metrics(r);
  CHECK(m.task_hops == 48);
  // Rows pass tasks down in a chain (3 steps), then row 1 needs 7 -> 6 -> 5 (2 steps).
  CHECK(m.exchange_steps == 5);
  CHECK(m.comm_steps <= 3 * (4 + 4));
  // Lemma 4: deficits 1+2 + 5+8 + 6+3+3 + 3+2+4 = 37.
  CHECK(m.non_local_tasks == 37);
  const auto v = verify_balance(mesh, kExample4Loads, r);
  CHECK_MESSAGE(v.ok, (v.errors.empty() ? "" : v.errors.front()));
}
