// The run-time estimate (io/run_estimate.h): sizes counted from the instance and the cost
// order applied to them. Mesh sizes are counted by hand: an r x c mesh has r*c nodes and
// r*(c-1) + c*(r-1) links.
#include <doctest/doctest.h>

#include <cmath>

#include "io/run_estimate.h"
#include "io/scenario.h"

using namespace loadlab;
using namespace loadlab::io;

namespace {

io::ScenarioPtr balance_mesh(int side, const std::vector<std::string>& algorithms) {
  io::Json sc = {{"loadlab", 1},
                 {"kind", "balance"},
                 {"seed", 1},
                 {"topology", {{"type", "mesh"}, {"rows", side}, {"cols", side}}},
                 {"loads", {{"generator", "uniform"}, {"mean", 10}}},
                 {"algorithms", algorithms}};
  return io::parse_scenario(sc, io::RunContext{});
}

double mesh_size(double side) {
  return side * side + 2 * side * (side - 1);
}

}  // namespace

TEST_CASE("RunEstimate.SizeIsNodesPlusLinks") {
  CHECK(run_size(*balance_mesh(32, {"mwa"})) == doctest::Approx(mesh_size(32)));
  CHECK(run_size(*balance_mesh(64, {"mwa"})) == doctest::Approx(mesh_size(64)));
}

TEST_CASE("RunEstimate.OrderIsRightOnTwoSizes") {
  // The optimum is fitted as n^1.5 and the walking algorithms as n log n: from a 32x32 to a
  // 64x64 mesh the predictions grow by exactly those ratios, computed here from the sizes alone.
  const double s1 = mesh_size(32), s2 = mesh_size(64);
  const auto opt1 = estimate_run(*balance_mesh(32, {"optimal"}));
  const auto opt2 = estimate_run(*balance_mesh(64, {"optimal"}));
  REQUIRE(opt1.known);
  REQUIRE(opt2.known);
  CHECK(opt2.seconds / opt1.seconds == doctest::Approx(std::pow(s2 / s1, 1.5)).epsilon(1e-9));
  const auto mwa1 = estimate_run(*balance_mesh(32, {"mwa"}));
  const auto mwa2 = estimate_run(*balance_mesh(64, {"mwa"}));
  CHECK(mwa2.seconds / mwa1.seconds ==
        doctest::Approx(s2 * std::log2(s2) / (s1 * std::log2(s1))).epsilon(1e-9));
  // On the same mesh the optimum is the slow one, and a run of both is their sum.
  const auto both = estimate_run(*balance_mesh(64, {"mwa", "optimal"}));
  CHECK(both.slowest == "optimal");
  CHECK(both.seconds == doctest::Approx(opt2.seconds + mwa2.seconds));
  CHECK(estimate_run(*balance_mesh(64, {"optimal"}), kWebSlowdown).seconds ==
        doctest::Approx(opt2.seconds * kWebSlowdown));
}

TEST_CASE("RunEstimate.CostOrders") {
  CHECK(cost_units(CostOrder::linear, 1000) == 1000);
  CHECK(cost_units(CostOrder::n_log_n, 1024) == doctest::Approx(10240));
  CHECK(cost_units(CostOrder::n_1_5, 10000) == doctest::Approx(1e6));
  CHECK(cost_units(CostOrder::quadratic, 300) == doctest::Approx(90000));
  CHECK_FALSE(estimate_algorithm_seconds("no_such_kind", "x", 100).has_value());
}

TEST_CASE("RunEstimate.TextIsRounded") {
  CHECK(estimate_text(0.3) == "under a second");
  CHECK(estimate_text(2.6) == "about 3 s");
  CHECK(estimate_text(23) == "about 25 s");
  CHECK(estimate_text(130) == "about 2 min");
  CHECK(estimate_text(7200) == "about 2 h");
}
