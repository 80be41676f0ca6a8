// The central gde and diffusion kernels on a thread pool (the benchmark's configuration: real
// model, no per-edge flows, the fused sweep driver of core/balance/iterative.h) give the serial
// driver's bits for 1, 2 and 4 threads: final loads, both histories, sweeps, also when the stop
// rule holds mid-run (after either sweep of a two-sweep pass) or initially.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <cstring>
#include <thread>

#include "core/balance/diffusion.h"
#include "core/balance/gde.h"
#include "same_bits.h"
#include "sim/programs/iterative_nodes.h"

using namespace loadlab;
using core::IterativeOptions;
using core::IterativeResult;

using loadlab::test::same_bits;

namespace {

IterativeResult run(const std::string& alg, const core::Topology& t, const core::LoadVector& w,
                    const IterativeOptions& o) {
  return alg == "gde" ? core::gde(t, w, o) : core::diffusion(t, w, o);
}

core::Topology random_graph(int n, util::Rng& rng) {
  std::vector<core::Edge> edges;
  for (int v = 1; v < n; ++v) edges.push_back({static_cast<int>(rng.below(v)), v});
  for (int k = 0; k < n / 3; ++k) {
    const int a = static_cast<int>(rng.below(n - 1));
    const int b =
        a + 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(std::min(40, n - 1 - a))));
    const core::Edge e{a, b};
    if (std::find(edges.begin(), edges.end(), e) == edges.end()) edges.push_back(e);
  }
  return core::Topology::custom(n, edges);
}

}  // namespace

TEST_CASE("IterativeThreads.CentralKernelsSameBitsForAnyThreadCount" * doctest::timeout(60)) {
  util::Rng rng(31);
  // Big enough for the pool to split (>= 4096 units); 71 x 73 has odd sides (an extra colour class
  // and nodes outside class 0), the random graph a Misra-Gries colouring and irregular degrees.
  const core::Topology tops[] = {core::Topology::torus(96, 96), core::Topology::torus(71, 73),
                                 core::Topology::mesh(80, 64), random_graph(6000, rng)};
  for (const core::Topology& t : tops) {
    const core::LoadVector w =
        core::generate_loads(core::LoadGenerator::Uniform, t.size(), 100, rng);
    for (const std::string alg : {"gde", "diffusion"})
      for (int stop_case = 0; stop_case < 3; ++stop_case) {
        IterativeOptions o;
        o.parameter = alg == "gde" ? 0.55 : 0.2;
        o.averaging = alg == "diffusion" && t.kind() == core::TopologyKind::Custom;
        o.record_flows = false;
        o.predict = false;
        o.max_sweeps = 40;
        o.stop.value = 0;  // never holds: all 40 sweeps
        const IterativeResult serial0 = run(alg, t, w, o);
        if (stop_case == 1)
          o.stop.value = serial0.history_max_minus_min[19];  // holds after sweep 21..40
        if (stop_case == 2) o.stop.value = 1e9;              // holds initially
        const IterativeResult serial = run(alg, t, w, o);
        if (stop_case == 1) {
          REQUIRE(serial.stop_rule_met);
          CHECK(serial.sweeps > 20);
          CHECK(serial.sweeps < o.max_sweeps);
        }
        if (stop_case == 2) CHECK(serial.sweeps_run == 0);
        for (int threads : {1, 2, 4}) {
          CAPTURE(alg);
          CAPTURE(t.size());
          CAPTURE(stop_case);
          CAPTURE(threads);
          const auto pool = sim::make_pool_parallel_for(threads);
          IterativeOptions p = o;
          p.parallel = pool.get();
          const IterativeResult r = run(alg, t, w, p);
          CHECK(same_bits(serial.final_loads, r.final_loads));
          CHECK(same_bits(serial.history_max_minus_min, r.history_max_minus_min));
          CHECK(same_bits(serial.history_std_dev, r.history_std_dev));
          CHECK(serial.initial_std_dev == r.initial_std_dev);
          CHECK(serial.sweeps == r.sweeps);
          CHECK(serial.sweeps_run == r.sweeps_run);
          CHECK(serial.stop_rule_met == r.stop_rule_met);
          CHECK(r.edge_flow.empty());
        }
      }
  }
}

TEST_CASE("IterativeThreads.PhasesRunInOrderWithTheSideTask" * doctest::timeout(60)) {
  // Phase p's units read phase p - 1's output: any overlap between phases would show.
  for (int threads : {1, 2, 4}) {
    const auto pool = sim::make_pool_parallel_for(threads);
    const std::int64_t n = 50'000;
    std::vector<std::int64_t> a(n, 1), b(n, 0), c(n, 0);
    std::int64_t side_sum = 0;
    pool->run_phases(
        {n, 0, n, n},
        [&](int phase, std::int64_t lo, std::int64_t hi) {
          for (std::int64_t i = lo; i < hi; ++i) {
            if (phase == 0) b[i] = a[i] + a[(i * 7919) % n];
            if (phase == 2) c[i] = b[(i * 104729) % n] + 1;
            if (phase == 3) a[i] = c[(i * 31) % n] * 2;
          }
        },
        [&] {
          for (std::int64_t i = 0; i < n; ++i) side_sum += 1;
        });
    CHECK(side_sum == n);
    CHECK(std::count(b.begin(), b.end(), 2) == n);
    CHECK(std::count(c.begin(), c.end(), 3) == n);
    CHECK(std::count(a.begin(), a.end(), 6) == n);
  }
}

TEST_CASE("IterativeThreads.WaitersBlockThroughASlowPhaseAndWakeInOrder" * doctest::timeout(60)) {
  // One slow chunk in phase 0 (20 ms, far beyond the spin and yield budget) makes the other
  // threads block on the phase gate: no chunk of phase 1 may start before phase 0's last ends,
  // and every waiter must be woken (a lost wake-up would hang until the timeout).
  using clock = std::chrono::steady_clock;
  for (int threads : {2, 4}) {
    const auto pool = sim::make_pool_parallel_for(threads);
    const std::int64_t n = 200'000;
    std::atomic<std::int64_t> phase0_end{0}, phase1_start{INT64_MAX}, units{0};
    const auto t0 = clock::now();
    auto now_ns = [&] {
      return std::chrono::duration_cast<std::chrono::nanoseconds>(clock::now() - t0).count();
    };
    for (int rep = 0; rep < 3; ++rep) {
      phase0_end = 0;
      phase1_start = INT64_MAX;
      units = 0;
      pool->run_phases(
          {n, n},
          [&](int phase, std::int64_t lo, std::int64_t hi) {
            if (phase == 1) {
              std::int64_t s = now_ns(), cur = phase1_start.load();
              while (s < cur && !phase1_start.compare_exchange_weak(cur, s)) {
              }
            }
            if (phase == 0 && lo == 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
            units += hi - lo;
            if (phase == 0) {
              std::int64_t e = now_ns(), cur = phase0_end.load();
              while (e > cur && !phase0_end.compare_exchange_weak(cur, e)) {
              }
            }
          },
          nullptr);
      CHECK(units.load() == 2 * n);
      CHECK(phase1_start.load() >= phase0_end.load());
    }
  }
}

TEST_CASE("IterativeThreads.ColouringAndClassesBuiltInParallelEqualTheSerialOnes" *
          doctest::timeout(120)) {
  // Above 2^16 nodes the classes are built by node blocks on the pool; every class must list the
  // same edges in the same (edge index) order as the serial construction.
  std::vector<core::Topology> topologies;
  topologies.push_back(core::Topology::torus(256, 257));  // odd width: an extra wrap class
  topologies.push_back(core::Topology::hypercube(17));
  topologies.push_back(core::Topology::mesh(300, 250));
  topologies.push_back(core::Topology::ring(70001));  // odd: the wrap edge's own class
  topologies.push_back(core::Topology::line(70000));
  for (const core::Topology& t : topologies) {
    const core::EdgeColouring colouring = core::natural_edge_colouring(t);
    CHECK(core::check_edge_colouring(t, colouring).empty());
    for (int threads : {2, 3}) {
      const auto pool = sim::make_pool_parallel_for(threads);
      const core::EdgeColouring by_blocks = core::natural_edge_colouring(t, pool.get());
      CHECK(by_blocks.colours == colouring.colours);
      CHECK(by_blocks.method == colouring.method);
      CHECK(by_blocks.colour == colouring.colour);
    }
    const core::ColourClasses serial = core::colour_classes(t, colouring);
    // Independent check of the serial classes: edge order, colour and endpoints from edges().
    const std::vector<core::Edge> edges = t.edges();
    std::size_t listed = 0;
    for (std::size_t c = 0; c < serial.size(); ++c) {
      int previous = -1;
      for (const core::ClassEdge& e : serial[c]) {
        REQUIRE(e.edge > previous);
        previous = e.edge;
        REQUIRE(colouring.colour[static_cast<std::size_t>(e.edge)] == static_cast<int>(c));
        REQUIRE(edges[static_cast<std::size_t>(e.edge)].a == e.a);
        REQUIRE(edges[static_cast<std::size_t>(e.edge)].b == e.b);
      }
      listed += serial[c].size();
    }
    CHECK(listed == edges.size());
    for (int threads : {2, 3}) {
      const auto pool = sim::make_pool_parallel_for(threads);
      const core::ColourClasses parallel = core::colour_classes(t, colouring, pool.get());
      REQUIRE(parallel.size() == serial.size());
      for (std::size_t c = 0; c < serial.size(); ++c) {
        REQUIRE(parallel[c].size() == serial[c].size());
        for (std::size_t i = 0; i < serial[c].size(); ++i) {
          const core::ClassEdge &x = parallel[c][i], &y = serial[c][i];
          REQUIRE((x.a == y.a && x.b == y.b && x.edge == y.edge));
        }
      }
    }
  }
}

TEST_CASE("IterativeThreads.BlockedGridSweepsGiveTheClassListBits" * doctest::timeout(120)) {
  // Meshes and tori take the temporally blocked sweep (core/balance/gde_grid.h) whenever a pool
  // is given, including 1 thread; the class-list sweep without a pool is the reference. Every
  // parity of rows and cols (the wrap classes differ), sizes down to 3 x 3 and up to many bands.
  util::Rng rng(77);
  std::vector<core::Topology> tops;
  for (int rows : {3, 4, 5, 6, 7, 8, 9, 13})
    for (int cols : {3, 4, 5, 8, 11}) {
      tops.push_back(core::Topology::torus(rows, cols));
      tops.push_back(core::Topology::mesh(rows, cols));
    }
  tops.push_back(core::Topology::torus(130, 67));
  tops.push_back(core::Topology::mesh(257, 40));
  for (const core::Topology& t : tops) {
    const core::LoadVector w =
        core::generate_loads(core::LoadGenerator::Uniform, t.size(), 1000, rng);
    IterativeOptions o;
    o.parameter = 0.6;
    o.record_flows = false;
    o.predict = false;
    o.max_sweeps = 25;
    o.stop.value = 0;
    const IterativeResult serial = core::gde(t, w, o);
    for (int threads : {1, 2, 3}) {
      CAPTURE(t.rows());
      CAPTURE(t.cols());
      CAPTURE(static_cast<int>(t.kind()));
      CAPTURE(threads);
      const auto pool = sim::make_pool_parallel_for(threads);
      IterativeOptions p = o;
      p.parallel = pool.get();
      const IterativeResult r = core::gde(t, w, p);
      CHECK(same_bits(serial.final_loads, r.final_loads));
      CHECK(same_bits(serial.history_max_minus_min, r.history_max_minus_min));
      CHECK(same_bits(serial.history_std_dev, r.history_std_dev));
      CHECK(serial.sweeps_run == r.sweeps_run);
    }
  }
}

TEST_CASE("IterativeThreads.TwoSweepGridDiffusionGivesTheSerialBits" * doctest::timeout(120)) {
  // Meshes and tori take two diffusion sweeps per pass (core/balance/diffusion_grid.h) whenever a
  // pool is given; the general kernel without a pool is the reference. Every parity of rows and
  // cols, bands down to one row, an odd max_sweeps (the last pass is a single sweep) and a stop
  // rule that holds after the first or the second sweep of a pass (the pass is redone as one).
  util::Rng rng(78);
  std::vector<core::Topology> tops;
  for (int rows : {3, 4, 5, 7, 8, 13})
    for (int cols : {3, 4, 5, 11}) {
      tops.push_back(core::Topology::torus(rows, cols));
      tops.push_back(core::Topology::mesh(rows, cols));
    }
  tops.push_back(core::Topology::torus(130, 67));
  tops.push_back(core::Topology::mesh(257, 40));
  for (const core::Topology& t : tops)
    for (int stop_case = 0; stop_case < 3; ++stop_case) {
      const core::LoadVector w =
          core::generate_loads(core::LoadGenerator::Uniform, t.size(), 1000, rng);
      IterativeOptions o;
      o.parameter = 0.2;
      o.averaging = stop_case == 2 && t.kind() == core::TopologyKind::Torus;  // uniform 1/5
      o.record_flows = false;
      o.predict = false;
      o.max_sweeps = 25;
      o.stop.value = 0;
      const IterativeResult all = core::diffusion(t, w, o);
      if (stop_case > 0)
        o.stop.value = all.history_max_minus_min[static_cast<std::size_t>(8 + stop_case)];
      const IterativeResult serial = core::diffusion(t, w, o);
      if (stop_case > 0) CHECK(serial.sweeps == 10 + stop_case);  // odd (11) and even (12)
      for (int threads : {1, 2, 3}) {
        CAPTURE(t.rows());
        CAPTURE(t.cols());
        CAPTURE(static_cast<int>(t.kind()));
        CAPTURE(stop_case);
        CAPTURE(threads);
        const auto pool = sim::make_pool_parallel_for(threads);
        IterativeOptions p = o;
        p.parallel = pool.get();
        const IterativeResult r = core::diffusion(t, w, p);
        CHECK(same_bits(serial.final_loads, r.final_loads));
        CHECK(same_bits(serial.history_max_minus_min, r.history_max_minus_min));
        CHECK(same_bits(serial.history_std_dev, r.history_std_dev));
        CHECK(serial.sweeps == r.sweeps);
        CHECK(serial.sweeps_run == r.sweeps_run);
      }
    }
}
