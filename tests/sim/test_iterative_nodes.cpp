// The node programs of gde, diffusion and gradient give the central functions' results for 1, 2
// and 4 threads (real model to the last bit), with and without Dijkstra-Scholten termination.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <tuple>

#include "core/balance/diffusion.h"
#include "core/balance/gde.h"
#include "core/balance/gradient.h"
#include "core/verify/iterative_verify.h"
#include "same_bits.h"
#include "sim/programs/iterative_nodes.h"

using namespace loadlab;
using core::IterativeModel;
using core::IterativeOptions;
using core::IterativeResult;

using loadlab::test::same_bits;

namespace {

IterativeResult iterative_nodes_central(const std::string& alg, const core::Topology& t,
                                        const core::LoadVector& w, const IterativeOptions& o) {
  if (alg == "gde") return core::gde(t, w, o);
  if (alg == "diffusion") return core::diffusion(t, w, o);
  return core::gradient(t, w, o);
}

void iterative_nodes_check_same(const IterativeResult& c, const IterativeResult& n) {
  CHECK(same_bits(c.final_loads, n.final_loads));
  CHECK(same_bits(c.history_max_minus_min, n.history_max_minus_min));
  CHECK(same_bits(c.history_std_dev, n.history_std_dev));
  CHECK(same_bits(c.edge_flow, n.edge_flow));
  CHECK(c.sweeps == n.sweeps);
  CHECK(c.sweeps_run == n.sweeps_run);
  CHECK(c.stop_rule_met == n.stop_rule_met);
  CHECK(c.stalled == n.stalled);
  CHECK(c.pressure == n.pressure);
  auto sorted = [](std::vector<core::Transfer> v) {
    std::stable_sort(v.begin(), v.end(), [](const auto& a, const auto& b) {
      return std::tie(a.step, a.from, a.to) < std::tie(b.step, b.from, b.to);
    });
    return v;
  };
  CHECK(sorted(c.transfers) == n.transfers);
  CHECK(c.termination.detected == n.termination.detected);
  CHECK(c.termination.detected_at_sweep == n.termination.detected_at_sweep);
  CHECK(c.termination.control_messages == n.termination.control_messages);
}

}  // namespace

TEST_CASE("IterativeNodes.SameAsCentralForAnyThreadCount") {
  util::Rng rng(9);
  std::vector<core::Edge> edges;
  for (int v = 1; v < 23; ++v) edges.push_back({static_cast<int>(rng.below(v)), v});
  for (core::Edge extra : {core::Edge{0, 22}, core::Edge{3, 17}, core::Edge{5, 11}})
    if (std::find(edges.begin(), edges.end(), extra) == edges.end()) edges.push_back(extra);
  const core::Topology tops[] = {core::Topology::mesh(5, 5), core::Topology::torus(4, 6),
                                 core::Topology::hypercube(4), core::Topology::custom(23, edges)};
  for (const core::Topology& t : tops) {
    const core::LoadVector w =
        core::generate_loads(core::LoadGenerator::Uniform, t.size(), 100, rng);
    for (const std::string alg : {"gde", "diffusion", "gradient"})
      for (IterativeModel model : {IterativeModel::Real, IterativeModel::Tasks})
        for (bool termination : {false, true}) {
          IterativeOptions o;
          o.model = model;
          o.parameter = alg == "gde" ? 0.6 : 0.2;
          o.averaging = alg == "diffusion" && t.size() == 23;
          o.termination = termination && alg != "gradient";
          o.max_sweeps = 300;
          const IterativeResult c = iterative_nodes_central(alg, t, w, o);
          CHECK(core::verify_iterative(t, w, c).ok);
          for (int threads : {1, 2, 4}) {
            CAPTURE(alg);
            CAPTURE(t.size());
            CAPTURE(static_cast<int>(model));
            CAPTURE(termination);
            CAPTURE(threads);
            const sim::NodeIterativeRun n = sim::run_iterative_nodes(alg, t, w, o, threads);
            iterative_nodes_check_same(c, n.result);
          }
        }
  }
}

TEST_CASE("IterativeNodes.Problem3OnNodes") {
  const core::Topology mesh = core::Topology::mesh(5, 5);
  core::LoadVector w;
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j) w.push_back(1000 * (i + j));
  IterativeOptions o;
  o.parameter = 0.5;
  CHECK(sim::run_iterative_nodes("gde", mesh, w, o, 2).result.sweeps == 22);
}
