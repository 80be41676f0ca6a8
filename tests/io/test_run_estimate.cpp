// The run-time estimate (io/run_estimate.h): sizes counted from the instance and the cost
// order applied to them. Mesh sizes are counted by hand: an r x c mesh has r*c nodes and
// r*(c-1) + c*(r-1) links.
#include <doctest/doctest.h>

#include <cmath>

#include "io/kinds/os.h"
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

TEST_CASE("RunEstimate.LoopDltAndOsAreCovered") {
  // Loop: n iterations (linear), a Mandelbrot profile adds n x width x max_iter / 30.
  const io::Json loop = {
      {"loadlab", 1},          {"kind", "loop"},  {"seed", 1},
      {"iterations", 1000000}, {"processors", 4}, {"cost", {{"profile", "constant"}, {"value", 1}}},
      {"algorithms", {"gss"}}};
  const auto l = io::parse_scenario(loop, io::RunContext{});
  CHECK(run_size(*l) == doctest::Approx(1e6));
  const RunEstimate le = estimate_run(*l);
  CHECK(le.known);
  CHECK(le.seconds < 1.0);  // a million iterations of GSS is not a long run
  io::Json mandel = loop;
  mandel["iterations"] = 1000;
  mandel["cost"] = {{"profile", "mandelbrot"}, {"value", 1}, {"width", 1000}, {"max_iter", 1000}};
  const auto m = io::parse_scenario(mandel, io::RunContext{});
  CHECK(run_size(*m) == doctest::Approx(1000 + 1e9 / 30));

  // Dlt: the d + 1 layers of the d-cube, whatever the load.
  const io::Json dlt = {{"loadlab", 1}, {"kind", "dlt"}, {"dim", 24},
                        {"E", 3},       {"C", 2},        {"load", 1e15}};
  const auto d = io::parse_scenario(dlt, io::RunContext{});
  CHECK(run_size(*d) == doctest::Approx(25));
  CHECK(estimate_run(*d).known);
  CHECK(estimate_run(*d).seconds < 1.0);

  // Os: each policy sized by its own event estimate; a long job stream with a short quantum is
  // over the long-run threshold (and space sharing, which does not slice time, is cheaper).
  io::Json os = {{"loadlab", 1},
                 {"kind", "os"},
                 {"seed", 5},
                 {"processors", 16},
                 {"jobs",
                  {{"generator", "poisson"},
                   {"rate", 0.12},
                   {"count", 60},
                   {"work", {{"profile", "exponential"}, {"value", 100}}},
                   {"threads", {{"profile", "uniform"}, {"low", 2}, {"high", 16}}}}},
                 {"algorithms", {"central_queue", "static_partition"}}};
  const auto o = io::parse_scenario(os, io::RunContext{});
  const RunEstimate small = estimate_run(*o);
  CHECK(small.known);
  CHECK(small.slowest == "central_queue");
  CHECK(small.seconds < kLongRunSeconds);
  // The whole run is the policies one after the other, each at its own event count (the
  // scenario reader's core::estimate_os_events), not the largest count times the policies.
  const auto& typed = dynamic_cast<const OsScenario&>(*o);
  double events = 0;
  for (const auto& a : typed.algorithms)
    events += core::estimate_os_events(a, typed.processors, typed.jobs, typed.params.at(a));
  CHECK(small.seconds == doctest::Approx(1.3e-6 * events));
  CHECK(small.seconds < 1.3e-6 * run_size(*o) * 2);
}
