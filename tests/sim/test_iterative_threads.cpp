// The central gde and diffusion kernels on a thread pool (the benchmark's configuration: real
// model, no per-edge flows, the pipelined sweep driver of core/balance/iterative.h) give the
// serial driver's bits for 1, 2 and 4 threads: final loads, both histories, sweeps, also when the
// stop rule holds mid-run (the speculative next sweep is dropped) or initially.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>

#include "core/balance/diffusion.h"
#include "core/balance/gde.h"
#include "sim/programs/iterative_nodes.h"

using namespace loadlab;
using core::IterativeOptions;
using core::IterativeResult;

namespace {

bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() &&
         (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

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
