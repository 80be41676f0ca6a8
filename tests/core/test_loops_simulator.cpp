// The virtual-time loop simulator against closed forms and hand-simulated runs.
#include <doctest/doctest.h>

#include <cmath>

#include "core/loops/simulator.h"
#include "core/verify/loop_verify.h"

using namespace loadlab::core;

namespace {

LoopParams loop_params(std::int64_t n, int p) {
  LoopParams s;
  s.iterations = n;
  s.processors = p;
  return s;
}

LoopRunResult sim(const char* name, const LoopParams& s, const std::vector<double>& costs,
                  const LoopMachine& m = {}) {
  return simulate_loop(*find_loop_technique(name), s, costs, m);
}

}  // namespace

TEST_CASE("LoopSim.StaticBlock.ClosedFormAndMetrics") {
  // N=10, P=4, cost 2: blocks 3,3,2,2 -> finish 6,6,4,4 (static pays no overhead h).
  // T = 6; mean 5; imbalance (6-5)/6 * 4/3 * 100 = 22.22%; cov = std(6,6,4,4)/5 = 1/5.
  LoopMachine m;
  m.overhead = 5;
  auto r = sim("static_block", loop_params(10, 4), std::vector<double>(10, 2.0), m);
  CHECK(r.parallel_time == doctest::Approx(6));
  CHECK(r.percent_imbalance == doctest::Approx(100.0 * 4 / 3 / 6));
  CHECK(r.cov == doctest::Approx(0.2));
  CHECK(r.num_chunks == 4);
  CHECK(r.synchronizations == 0);
}

TEST_CASE("LoopSim.Self.ClosedForm") {
  // Equal costs c, overhead h: T = ceil(N/P) * (h + c). N=10, P=4, c=1, h=0.5 -> 3 * 1.5 = 4.5.
  LoopMachine m;
  m.overhead = 0.5;
  auto r = sim("self", loop_params(10, 4), std::vector<double>(10, 1.0), m);
  CHECK(r.parallel_time == doctest::Approx(4.5));
  CHECK(r.num_chunks == 10);
  CHECK(r.synchronizations == 10);
  CHECK(r.finish == std::vector<double>{4.5, 4.5, 3.0, 3.0});
}

TEST_CASE("LoopSim.Chunk.ClosedForm") {
  // N = m*K*P: every processor takes m chunks of K: T = m * (h + K*c). N=120, P=4, K=5, c=2, h=1:
  // m = 6, T = 6 * 11 = 66, no imbalance.
  LoopParams s = loop_params(120, 4);
  s.chunk_size = 5;
  LoopMachine m;
  m.overhead = 1;
  auto r = sim("chunk", s, std::vector<double>(120, 2.0), m);
  CHECK(r.parallel_time == doctest::Approx(66));
  CHECK(r.percent_imbalance == doctest::Approx(0));
  CHECK(r.num_chunks == 24);
}

TEST_CASE("LoopSim.Gss.EqualCostsFinishTogether") {
  // GSS, N=100, P=4, unit costs, h=0 (hand-simulated): p0 takes 25, p1 19, p2 14, p3 11; then
  // p3@11 8, p2@14 6, p1@19 5, p3@19 3, p2@20 3, p3@22 2, p2@23 1, p1,p2,p3@24 1 each: everyone
  // ends at 25 = N/P, the GSS property (all processors finish within one iteration).
  auto r = sim("gss", loop_params(100, 4), std::vector<double>(100, 1.0));
  CHECK(r.parallel_time == doctest::Approx(25));
  CHECK(r.finish == std::vector<double>{25, 25, 25, 25});
  CHECK(r.num_chunks == 14);
}

TEST_CASE("LoopSim.DelaysAndSpeeds") {
  // Static block N=8, P=2, unit cost; p1 starts at 2 with speed 2: p0 ends at 4, p1 at 2 + 4/2 = 4.
  LoopMachine m;
  m.start_delays = {0, 2};
  m.speeds = {1, 2};
  auto r = sim("static_block", loop_params(8, 2), std::vector<double>(8, 1.0), m);
  CHECK(r.finish == std::vector<double>{4, 4});
  CHECK(r.chunks[1].start == doctest::Approx(2));
}

TEST_CASE("LoopSim.AffinityCost") {
  // self, N=4, P=2, unit cost, a=10 per away iteration (homes: 0,1 -> p0; 2,3 -> p1):
  // p0 runs 0 [0,1]; p1 runs 1 (away) [0,11]; p0 runs 2 (away) [1,12]; p1 runs 3 [11,12]. T = 12.
  LoopMachine m;
  m.affinity_cost = 10;
  auto r = sim("self", loop_params(4, 2), std::vector<double>(4, 1.0), m);
  CHECK(r.parallel_time == doctest::Approx(12));
  REQUIRE(r.chunks.size() == 4);
  CHECK(r.chunks[1].finish == doctest::Approx(11));
  CHECK(r.chunks[2].thread == 0);
  CHECK(r.chunks[2].finish == doctest::Approx(12));
}

TEST_CASE("LoopSim.EmptyLoopAndSingleProcessor") {
  auto r = sim("gss", loop_params(0, 3), {});
  CHECK(r.parallel_time == 0);
  CHECK(r.chunks.empty());
  CHECK(r.percent_imbalance == 0);
  auto one = sim("factoring", loop_params(7, 1), std::vector<double>(7, 3.0));
  CHECK(one.parallel_time == doctest::Approx(21));
  CHECK(one.percent_imbalance == 0);
}

TEST_CASE("LoopSim.AllTechniques.VerifiedWithTimes") {
  CostProfile prof;
  prof.profile = "exponential";
  for (const auto& t : loop_techniques()) {
    for (int p : {1, 3, 8}) {
      for (std::int64_t n : {0, 2, 5, 257}) {
        auto costs = iteration_costs(prof, n, 5);
        LoopParams s = loop_params(n, p);
        auto [mu, sd] = mean_and_sd(costs);
        s.mean_cost = mu, s.sd_cost = sd, s.overhead = 0.1;
        LoopMachine m;
        m.overhead = 0.1;
        m.start_delays.assign(static_cast<std::size_t>(p), 0.0);
        m.start_delays[0] = 3;
        auto r = simulate_loop(t, s, costs, m);
        const auto v = verify_loop(n, p, r.chunks);
        INFO(t.name, " P=", p, " N=", n, ": ", v.message);
        CHECK(v.ok);
        double total = 0;
        for (double x : costs) total += x;
        // Work is conserved: busy time = work + h per synchronization (speeds 1, no affinity cost).
        double busy = 0;
        for (double b : r.busy) busy += b;
        CHECK(busy == doctest::Approx(total + 0.1 * static_cast<double>(r.synchronizations)));
      }
    }
  }
}

TEST_CASE("LoopSim.DeterministicBySeed") {
  CostProfile prof;
  prof.profile = "uniform";
  const auto a = iteration_costs(prof, 500, 42), b = iteration_costs(prof, 500, 42);
  const auto c = iteration_costs(prof, 500, 43);
  CHECK(a == b);
  CHECK(a != c);
  auto ra = sim("affinity", loop_params(500, 4), a), rb = sim("affinity", loop_params(500, 4), b);
  CHECK(ra.parallel_time == rb.parallel_time);
  REQUIRE(ra.chunks.size() == rb.chunks.size());
  for (std::size_t i = 0; i < ra.chunks.size(); ++i) {
    CHECK(ra.chunks[i].begin == rb.chunks[i].begin);
    CHECK(ra.chunks[i].thread == rb.chunks[i].thread);
  }
}

TEST_CASE("LoopSim.Profiles") {
  CostProfile inc;
  inc.profile = "increasing";
  inc.value = 2;
  auto c = iteration_costs(inc, 4, 1);  // 2*2*(i+0.5)/4 = 0.5, 1.5, 2.5, 3.5
  CHECK(c == std::vector<double>{0.5, 1.5, 2.5, 3.5});
  inc.profile = "decreasing";
  CHECK(iteration_costs(inc, 4, 1) == std::vector<double>{3.5, 2.5, 1.5, 0.5});
  CostProfile bi;
  bi.profile = "bimodal";
  auto b = iteration_costs(bi, 2000, 3);
  int heavy = 0;
  for (double x : b) {
    CHECK((x == 1.0 || x == 10.0));
    heavy += x == 10.0;
  }
  CHECK(heavy > 120);  // p = 0.1 of 2000, expected 200
  CHECK(heavy < 280);
  // Mandelbrot: the middle row crosses the set (max_iter pixels), the top row escapes at once.
  CHECK(mandelbrot_row(50, 101, 64, 100) > 10 * mandelbrot_row(0, 101, 64, 100));
  CHECK(mandelbrot_row(0, 101, 64, 100) >= 64);  // every pixel takes at least one step
}
