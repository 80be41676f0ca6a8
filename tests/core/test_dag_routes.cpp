// Per-link bandwidth over a topology: least-time routes turned into the machine's
// P x P bandwidth matrix (core::routed_bandwidth), and the verifier on a message between fast
// processors whose direct link is slow.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/dag/hetero_schedulers.h"
#include "core/dag/registry.h"
#include "core/verify/schedule_verify.h"

using namespace loadlab::core;

namespace {

// Index of link (a, b), a < b, in Topology::edges() order (the order "links" lists them in).
std::size_t link_index(const Topology& t, int a, int b) {
  const auto e = t.edges();
  for (std::size_t i = 0; i < e.size(); ++i)
    if (e[i].a == a && e[i].b == b) return i;
  FAIL("no such link");
  return 0;
}

double at(const std::vector<double>& m, int P, int p, int q) {
  return m[static_cast<std::size_t>(p * P + q)];
}

// Ring 0-1-2-3-0 whose link 0-1 has bandwidth 0.1 (10 time units per unit of data), the others 1.
std::vector<double> slow_ring() {
  const Topology ring = Topology::ring(4);
  std::vector<double> links(4, 1.0);
  links[link_index(ring, 0, 1)] = 0.1;
  return routed_bandwidth(ring, links);
}

}  // namespace

// By hand: 0 -> 1 directly costs 10 per unit, around 0-3-2-1 costs 3: the route goes the long way
// and the effective bandwidth is 1/3. 0 -> 2: 0-3-2 = 2 (0-1-2 = 11) -> 0.5. 1 -> 3: 1-2-3 = 2 ->
// 0.5. Neighbours over a fast link: exactly 1.
TEST_CASE("DagRoutes.Ring.SlowLinkIsRoutedAround") {
  const std::vector<double> m = slow_ring();
  REQUIRE(m.size() == 16);
  CHECK(at(m, 4, 0, 1) == doctest::Approx(1.0 / 3));
  CHECK(at(m, 4, 1, 0) == at(m, 4, 0, 1));
  CHECK(at(m, 4, 0, 2) == 0.5);
  CHECK(at(m, 4, 1, 3) == 0.5);
  CHECK(at(m, 4, 0, 3) == 1.0);
  CHECK(at(m, 4, 2, 3) == 1.0);
  for (int p = 0; p < 4; ++p) CHECK(at(m, 4, p, p) == 0.0);
  // Symmetric everywhere.
  for (int p = 0; p < 4; ++p)
    for (int q = 0; q < 4; ++q) CHECK(at(m, 4, p, q) == at(m, 4, q, p));
  // Made slower (0.5, i.e. 2 per unit), the direct link wins again: 2 < 3.
  const Topology ring = Topology::ring(4);
  std::vector<double> links(4, 1.0);
  links[link_index(ring, 0, 1)] = 0.5;
  CHECK(at(routed_bandwidth(ring, links), 4, 0, 1) == 0.5);
}

TEST_CASE("DagRoutes.Shapes.HopsAndUniformity") {
  // One bandwidth for every link: the route bandwidth is b / hops.
  const Topology cube = Topology::hypercube(3);
  const std::vector<double> m = routed_bandwidth(cube, {4.0});
  for (int p = 0; p < 8; ++p)
    for (int q = 0; q < 8; ++q)
      if (p != q) CHECK(at(m, 8, p, q) == doctest::Approx(4.0 / cube.distance(p, q)));
  // A complete network with equal links is a uniform machine: every scheduler runs.
  Machine c = Machine::identical(5);
  c.bandwidth = routed_bandwidth(Topology::complete(5), {2.0});
  CHECK(c.uniform());
  Machine r = Machine::identical(5);
  r.bandwidth = routed_bandwidth(Topology::ring(5), {2.0});
  CHECK(r.nonuniform_reason() == "machine.bandwidth is not uniform");
  // Mesh 2 x 3 with per-link values in edges() order.
  const Topology mesh = Topology::mesh(2, 3);
  std::vector<double> links(static_cast<std::size_t>(mesh.edge_count()), 2.0);
  const std::vector<double> mm = routed_bandwidth(mesh, links);
  CHECK(at(mm, 6, 0, 5) == doctest::Approx(2.0 / 3));  // three hops at 2
}

TEST_CASE("DagRoutes.Errors.NameTheField") {
  const Topology ring = Topology::ring(4);
  CHECK_THROWS_WITH_AS(routed_bandwidth(ring, {1, 1, 1}), doctest::Contains("links: has 3 entries"),
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(routed_bandwidth(ring, {1, 1, 1, 0}),
                       doctest::Contains("links/3: must be in"), std::invalid_argument);
  CHECK_THROWS_WITH_AS(routed_bandwidth(ring, {0.0}), doctest::Contains("links: must be in"),
                       std::invalid_argument);
  // Two links at the minimum bandwidth in a row: the route is slower than any matrix entry may be.
  CHECK_THROWS_WITH_AS(routed_bandwidth(Topology::line(3), {MachineLimits::min_bandwidth}),
                       doctest::Contains("links: the route from processor 0 to 2"),
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(routed_bandwidth(Topology::custom(3, {{0, 1}}), {1.0}),
                       doctest::Contains("topology: processors 0 and 2 are not connected"),
                       std::invalid_argument);
}

// The verifier charges a message its fastest route, neither the direct link nor a default
// bandwidth: processors 0 and 1 are fast (speed 4) but the link between them is slow; 2 and 3 are
// slow processors on fast links. Task a (cost 8) on 0 runs [0, 2]; its data (6) to b on processor 1
// travels 0-3-2-1 at 1 per unit and hop: 6 x 3 = 18 (the direct link would take 60, bandwidth 1
// would take 6).
TEST_CASE("DagRoutes.Verify.FastProcessorsOverASlowLink") {
  const TaskGraph g({8, 8}, {{0, 1, 6}});
  Machine m = Machine::identical(4);
  m.speeds = {4, 4, 1, 1};
  m.bandwidth = slow_ring();
  validate_machine(m, g);
  CHECK(m.comm(6, 0, 1) == doctest::Approx(18));
  CHECK_FALSE(verify_schedule(g, m, Schedule{4, {{0, 0, 0, 2}, {1, 1, 8, 10}}}).ok);  // as if bw 1
  CHECK_FALSE(verify_schedule(g, m, Schedule{4, {{0, 0, 0, 2}, {1, 1, 19.9, 21.9}}}).ok);
  CHECK(verify_schedule(g, m, Schedule{4, {{0, 0, 0, 2}, {1, 1, 20, 22}}}).ok);
  CHECK(verify_schedule(g, m, Schedule{4, {{0, 0, 0, 2}, {1, 1, 62, 64}}}).ok);  // late is fine
  // A slow processor one fast hop away: 0 -> 3 takes 6, b runs 8 there: [8, 16].
  CHECK(verify_schedule(g, m, Schedule{4, {{0, 0, 0, 2}, {1, 3, 8, 16}}}).ok);
  CHECK_FALSE(verify_schedule(g, m, Schedule{4, {{0, 0, 0, 2}, {1, 3, 7, 15}}}).ok);
  // Every heterogeneous scheduler keeps b on processor 0 ([2, 4]) or produces a valid schedule.
  for (const auto& a : dag_algorithms()) {
    if (!a.run_machine) continue;
    const std::string name = a.info.name;
    CAPTURE(name);
    const Schedule s = run_dag_algorithm(name, g, m);
    CHECK(verify_schedule(g, m, s).ok);
    CHECK(s.makespan() >= 4 - 1e-12);
  }
  CHECK(heft(g, m).makespan() == 4);
}
