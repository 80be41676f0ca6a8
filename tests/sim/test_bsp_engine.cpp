// BSP engine: delivery semantics, determinism across thread counts, counters, cancellation.
#include <doctest/doctest.h>

#include <atomic>
#include <cmath>
#include <stdexcept>
#include <thread>
#include <vector>

#include "core/model/topology.h"
#include "core/util/rng.h"
#include "sim/bsp_engine.h"
#include "sim/programs/diffusion.h"

using loadlab::core::Topology;
using namespace loadlab::sim;

namespace {

// Records what it receives; in superstep s < rounds sends (id, s, k) to every neighbour k times.
struct EchoNode {
  int rounds = 2;
  int copies = 1;
  std::vector<std::vector<std::int64_t>> seen;  // per superstep: flattened (from, tag, data...)
  void step(Comm& c) {
    std::vector<std::int64_t> row;
    for (const Message& m : c.inbox()) {
      row.push_back(m.from);
      row.push_back(m.tag);
      for (auto w : m.data) row.push_back(w);
    }
    seen.push_back(std::move(row));
    if (c.superstep() >= rounds) {
      c.halt();
      return;
    }
    for (int nb : c.neighbours())
      for (int k = 0; k < copies; ++k) {
        const std::int64_t d[2] = {c.id(), c.superstep() * 10 + k};
        c.send(nb, k, d, 0);
      }
  }
};

struct BadNode {
  void step(Comm& c) {
    if (c.id() == 0) c.send_word(2, 0, 1);  // 0 and 2 are not neighbours on a line
    c.halt();
  }
};

// Sends one task to the right neighbour on a line every superstep, forever (until cancelled).
struct ForeverNode {
  void step(Comm& c) {
    if (c.id() + 1 < c.node_count()) c.send_word(c.id() + 1, 0, 0, 1);
  }
};

}  // namespace

TEST_CASE("Bsp.Delivery.NextSuperstepSortedBySender" * doctest::timeout(30)) {
  // Hand-derived: on a ring of 5, node 0's neighbours are 1 and 4. In superstep 1 it receives from
  // node 1 (tags 0,1) then node 4 (tags 0,1), each with data (sender, 0*10+k).
  const Topology ring = Topology::ring(5);
  for (int threads : {1, 2, 3, 8}) {
    std::vector<EchoNode> nodes(5, EchoNode{1, 2, {}});
    NodeArray<EchoNode> progs(nodes);
    BspEngine engine(ring, progs, {threads, true, true});
    CHECK(engine.run() == RunStatus::Finished);
    const auto& seen = progs.node(0).seen;
    REQUIRE(seen.size() == 2);
    CHECK(seen[0].empty());
    CHECK(seen[1] == std::vector<std::int64_t>{1, 0, 1, 0, 1, 1, 1, 1, 4, 0, 4, 0, 4, 1, 4, 1});
    CHECK(engine.executed_supersteps() == 2);
    CHECK(engine.supersteps() == 1);
    CHECK(engine.messages() == 5 * 2 * 2);
    CHECK(engine.words() == 5 * 2 * 2 * 2);
  }
}

TEST_CASE("Bsp.SendToNonNeighbourThrows" * doctest::timeout(30)) {
  const Topology line = Topology::line(4);
  for (int threads : {1, 2}) {
    NodeArray<BadNode> progs(std::vector<BadNode>(4));
    BspEngine engine(line, progs, {threads, true, true});
    CHECK_THROWS_AS(engine.step(), std::logic_error);
    CHECK_THROWS_AS(engine.step(), std::logic_error);  // failed engine stays failed
  }
}

TEST_CASE("Bsp.ProgramCountMustMatchTopology") {
  NodeArray<BadNode> progs(std::vector<BadNode>(3));
  const Topology line = Topology::line(4);
  CHECK_THROWS_AS(BspEngine(line, progs), std::invalid_argument);
}

TEST_CASE("Bsp.Diffusion.SameBitsForAnyThreadCount" * doctest::timeout(120)) {
  loadlab::util::Rng rng(7);
  const Topology topo = Topology::torus(13, 17);  // odd sizes: uneven blocks per thread
  std::vector<double> init(static_cast<std::size_t>(topo.size()));
  for (auto& x : init) x = rng.uniform_real(0, 100);
  const DiffusionRun ref = run_diffusion(topo, init, 25, 1);
  CHECK(ref.supersteps == 25);
  CHECK(ref.messages == 25LL * topo.size() * 4);
  for (int threads : {2, 4, 8}) {
    const DiffusionRun r = run_diffusion(topo, init, 25, threads);
    CHECK(r.values == ref.values);  // bitwise equal doubles
    CHECK(r.messages == ref.messages);
  }
}

TEST_CASE("Bsp.Diffusion.OneRoundByHand" * doctest::timeout(30)) {
  // Line 0-1-2 with values 3, 0, 6; alpha = 1/3 (max degree 2).
  // x0 = 3 + (0-3)/3 = 2; x1 = 0 + (3+6)/3 = 3; x2 = 6 + (0-6)/3 = 4.
  const DiffusionRun r = run_diffusion(Topology::line(3), {3, 0, 6}, 1, 2);
  CHECK(r.values[0] == doctest::Approx(2));
  CHECK(r.values[1] == doctest::Approx(3));
  CHECK(r.values[2] == doctest::Approx(4));
}

TEST_CASE("Bsp.Diffusion.ConvergesAndConservesOnTorus" * doctest::timeout(120)) {
  const Topology topo = Topology::torus(8, 8);
  std::vector<double> init(64, 0.0);
  init[0] = 64.0;
  const DiffusionRun r = run_diffusion(topo, init, 400, 2);
  double sum = 0;
  for (double x : r.values) {
    sum += x;
    CHECK(x == doctest::Approx(1.0).epsilon(1e-3));
  }
  CHECK(sum == doctest::Approx(64.0));
}

TEST_CASE("Bsp.LinkTrafficAndTransfers" * doctest::timeout(30)) {
  // Line of 4, each node sends one task right per superstep for exactly 3 supersteps, then stops.
  struct Node {
    void step(Comm& c) {
      if (c.superstep() < 3 && c.id() + 1 < c.node_count()) c.send_word(c.id() + 1, 0, 0, 2);
      if (c.superstep() >= 2) c.halt();
    }
  };
  const Topology line = Topology::line(4);
  for (int threads : {1, 2, 4}) {
    NodeArray<Node> progs(std::vector<Node>(4));
    BspEngine engine(line, progs, {threads, true, true});
    CHECK(engine.run() == RunStatus::Finished);
    CHECK(engine.supersteps() == 3);
    CHECK(engine.tasks_moved() == 3 * 3 * 2);
    const auto traffic = engine.link_traffic();
    REQUIRE(traffic.size() == 3);
    for (int k = 0; k < 3; ++k) {
      CHECK(traffic[k].from == k);
      CHECK(traffic[k].to == k + 1);
      CHECK(traffic[k].messages == 3);
      CHECK(traffic[k].tasks == 6);
    }
    REQUIRE(engine.trace().size() == 4);
    CHECK(engine.trace()[0].transfers ==
          std::vector<LinkTransfer>{{0, 1, 2}, {1, 2, 2}, {2, 3, 2}});
    CHECK(engine.trace()[3].messages == 0);
  }
}

TEST_CASE("Bsp.StepwiseMatchesRun" * doctest::timeout(60)) {
  const Topology topo = Topology::hypercube(5);
  std::vector<EchoNode> nodes(32, EchoNode{4, 1, {}});
  NodeArray<EchoNode> a(nodes), b(nodes);
  BspEngine ea(topo, a, {3, true, true});
  BspEngine eb(topo, b, {1, true, true});
  int steps = 0;
  while (ea.step()) {
    ++steps;
    if (!ea.finished()) CHECK(!ea.in_flight().empty());
  }
  CHECK(steps == 5);
  CHECK(eb.run() == RunStatus::Finished);
  for (int v = 0; v < 32; ++v) CHECK(a.node(v).seen == b.node(v).seen);
}

TEST_CASE("Bsp.Cancellation" * doctest::timeout(60)) {
  const Topology topo = Topology::line(1000);
  NodeArray<ForeverNode> progs(std::vector<ForeverNode>(1000));
  BspEngine engine(topo, progs, {2, false, false});
  std::atomic<bool> cancel{false};
  std::int64_t calls = 0;
  RunControl ctl;
  ctl.cancel = &cancel;
  ctl.progress = [&](const SuperstepStats& s) {
    ++calls;
    if (s.superstep == 9) cancel.store(true);
  };
  CHECK(engine.run(ctl) == RunStatus::Cancelled);
  CHECK(calls == 10);
  CHECK(engine.executed_supersteps() == 10);
  // Cancelled from another thread while running.
  std::atomic<bool> cancel2{false};
  RunControl ctl2;
  ctl2.cancel = &cancel2;
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    cancel2.store(true);
  });
  CHECK(engine.run(ctl2) == RunStatus::Cancelled);
  stopper.join();
  CHECK(!engine.finished());
  ctl2.max_supersteps = 3;
  cancel2.store(false);
  const auto before = engine.executed_supersteps();
  CHECK(engine.run(ctl2) == RunStatus::StepLimit);
  CHECK(engine.executed_supersteps() == before + 3);
}

TEST_CASE("Bsp.MillionNodesFitInMemory" * doctest::timeout(300)) {
  // 2^20 logical nodes on 2 threads; two rounds of diffusion on a ring (~250 MB peak).
  const int n = 1 << 20;
  const Topology ring = Topology::ring(n);
  std::vector<double> init(static_cast<std::size_t>(n), 0.0);
  init[0] = 3.0;
  const DiffusionRun r = run_diffusion(ring, init, 2, 2);
  CHECK(r.messages == 2LL * n * 2);
  // alpha = 1/3: after one round 1, 1, 1 on nodes n-1, 0, 1; after two the mass reaches +-2
  // (node 2 holds 0 + 1/3 * (x1 + x3 - 2 x2) = 1/3) and node 3 is still empty.
  double sum = 0;
  for (double x : r.values) sum += x;
  CHECK(sum == doctest::Approx(3.0));
  CHECK(r.values[2] == doctest::Approx(1.0 / 3));
  CHECK(r.values[n - 2] == doctest::Approx(1.0 / 3));
  CHECK(r.values[3] == 0.0);
}

TEST_CASE("Bsp.MoreThreadsThanNodes" * doctest::timeout(30)) {
  const DiffusionRun a = run_diffusion(Topology::line(3), {3, 0, 6}, 5, 1);
  const DiffusionRun b = run_diffusion(Topology::line(3), {3, 0, 6}, 5, 8);
  CHECK(a.values == b.values);
}
