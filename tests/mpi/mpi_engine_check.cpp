// Run under `mpirun -np K` (K = 1..4, tests/mpi/mpi_test.sh): the MPI transport must give exactly
// what the thread engine gives, on every topology kind, for any rank count.
//
// Programs: neighbour-averaging diffusion (floating point: any change of inbox order changes bits),
// an order probe that logs every inbox it sees (several messages per sender with varying lengths,
// task counts, nodes that halt and are woken by mail), and paper 000's balance programs on the
// topologies they support. Reference: sim::BspEngine with 1 thread in this same process (its own
// tests establish it against hand-derived and centralized results). Also checked: more ranks than
// nodes is refused, and a node program's error reaches every rank instead of leaving one waiting.
#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/model/topology.h"
#include "core/util/rng.h"
#include "mpi/mpi_balance.h"
#include "mpi/mpi_engine.h"
#include "mpi/partition.h"
#include "sim/bsp_engine.h"
#include "sim/programs/balance_nodes.h"
#include "sim/programs/diffusion.h"

namespace {

using loadlab::core::Topology;
namespace sim = loadlab::sim;
namespace mpi = loadlab::mpi;

int g_rank = 0;
int g_failures = 0;

void expect(bool ok, const std::string& what) {
  if (ok) return;
  ++g_failures;
  std::fprintf(stderr, "[rank %d] FAIL: %s\n", g_rank, what.c_str());
}

// Logs every inbox it receives; sends 0..2 messages per neighbour with lengths 0..3 and some tasks;
// halts on some supersteps so that mail has to wake it.
struct ProbeNode {
  std::int64_t rounds = 0;
  std::vector<std::int64_t> log;
  void step(sim::Comm& c) {
    const std::int64_t s = c.superstep();
    log.push_back(-1000 - s);
    for (const sim::Message& m : c.inbox()) {
      log.insert(log.end(), {m.from, m.tag, m.tasks, static_cast<std::int64_t>(m.data.size())});
      log.insert(log.end(), m.data.begin(), m.data.end());
    }
    if (s < rounds) {
      for (int nb : c.neighbours()) {
        const int copies = static_cast<int>((c.id() * 7 + nb * 3 + s) % 3);
        for (int j = 0; j < copies; ++j) {
          std::vector<std::int64_t> data(static_cast<std::size_t>((c.id() + nb + j + s) % 4));
          for (std::size_t i = 0; i < data.size(); ++i)
            data[i] = c.id() * 1000 + nb * 10 + static_cast<std::int64_t>(i) + s * 100000;
          c.send(nb, j, data, (c.id() + j) % 2);
        }
      }
    }
    if ((c.id() + s) % 3 == 0 || s >= rounds) c.halt();
  }
};

// Sends to a non-neighbour from the last node in superstep 1.
struct BadNode {
  void step(sim::Comm& c) {
    if (c.superstep() == 1 && c.id() == c.node_count() - 1) c.send_word(c.id(), 0, 1);
    if (c.superstep() >= 2) c.halt();
  }
};

void same_counters(const sim::BspEngine& t, const mpi::MpiBspEngine& m, const std::string& label) {
  expect(t.supersteps() == m.supersteps(), label + ": supersteps");
  expect(t.executed_supersteps() == m.executed_supersteps(), label + ": executed supersteps");
  expect(t.messages() == m.messages(), label + ": messages");
  expect(t.tasks_moved() == m.tasks_moved(), label + ": tasks moved");
  expect(t.words() == m.words(), label + ": words");
  expect(t.trace().size() == m.trace().size(), label + ": trace length");
  for (std::size_t i = 0; i < t.trace().size() && i < m.trace().size(); ++i) {
    const auto &a = t.trace()[i], &b = m.trace()[i];
    expect(a.messages == b.messages && a.tasks == b.tasks && a.words == b.words &&
               a.stepped_nodes == b.stepped_nodes && a.active_nodes == b.active_nodes,
           label + ": trace row " + std::to_string(i));
  }
}

void check_diffusion(const Topology& topo, const std::string& name) {
  loadlab::util::Rng rng(7);
  const double alpha = sim::diffusion_alpha(topo);
  std::vector<sim::DiffusionNode> nodes(static_cast<std::size_t>(topo.size()));
  for (auto& n : nodes) n = {static_cast<double>(rng.next_u64() % 1000) / 7.0, alpha, 9};
  sim::NodeArray<sim::DiffusionNode> ref(nodes), dist(nodes);
  sim::BspEngine t(topo, ref);
  t.run();
  mpi::MpiBspEngine m(MPI_COMM_WORLD, topo, dist);
  m.run();
  for (int v = m.lo(); v < m.hi(); ++v)
    expect(ref.node(v).value == dist.node(v).value,
           name + " diffusion: node " + std::to_string(v) + " value differs");
  same_counters(t, m, name + " diffusion");
}

void check_probe(const Topology& topo, const std::string& name) {
  std::vector<ProbeNode> nodes(static_cast<std::size_t>(topo.size()));
  for (auto& n : nodes) n.rounds = 6;
  sim::NodeArray<ProbeNode> ref(nodes), dist(nodes);
  sim::BspEngine t(topo, ref);
  t.run();
  mpi::MpiBspEngine m(MPI_COMM_WORLD, topo, dist);
  m.run();
  for (int v = m.lo(); v < m.hi(); ++v)
    expect(ref.node(v).log == dist.node(v).log,
           name + " probe: node " + std::to_string(v) + " saw different inboxes");
  same_counters(t, m, name + " probe");
}

void check_balance(const std::string& alg, const Topology& topo, const std::string& name) {
  loadlab::util::Rng rng(11);
  std::vector<std::int64_t> loads(static_cast<std::size_t>(topo.size()));
  for (auto& w : loads) w = static_cast<std::int64_t>(rng.next_u64() % 40);
  const sim::NodeBalanceRun a = sim::run_balance_nodes(alg, topo, loads, 1);
  const sim::NodeBalanceRun b = mpi::run_balance_mpi(MPI_COMM_WORLD, alg, topo, loads);
  const std::string label = name + " " + alg;
  expect(a.result.final_loads == b.result.final_loads, label + ": final loads");
  expect(a.result.transfers == b.result.transfers, label + ": transfers");
  expect(a.result.steps == b.result.steps && a.result.info_steps == b.result.info_steps,
         label + ": steps");
  expect(a.supersteps == b.supersteps && a.executed_supersteps == b.executed_supersteps,
         label + ": supersteps");
  expect(a.messages == b.messages && a.tasks_moved == b.tasks_moved, label + ": messages/tasks");
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  try {
    loadlab::util::Rng tree_rng(3);
    const std::vector<std::pair<std::string, Topology>> topologies = {
        {"tree", Topology::random_tree(23, tree_rng)},
        {"hypercube", Topology::hypercube(5)},
        {"mesh", Topology::mesh(5, 7)},
        {"torus", Topology::torus(4, 5)},
        {"ring", Topology::ring(11)},
        {"line", Topology::line(13)},
        {"complete", Topology::complete(7)},
        {"custom", Topology::custom(10, {{0, 1},
                                         {1, 2},
                                         {2, 3},
                                         {3, 4},
                                         {4, 5},
                                         {5, 6},
                                         {6, 7},
                                         {7, 8},
                                         {8, 9},
                                         {0, 9},
                                         {0, 5},
                                         {2, 7},
                                         {3, 9}})}};
    for (const auto& [name, topo] : topologies) {
      check_diffusion(topo, name);
      check_probe(topo, name);
    }
    check_balance("twa", topologies[0].second, "tree");
    check_balance("twa", topologies[5].second, "line");
    check_balance("cwa", topologies[1].second, "hypercube");
    check_balance("dem", topologies[1].second, "hypercube");
    check_balance("mwa", topologies[2].second, "mesh");
    check_balance("cwa", Topology::hypercube(2), "hypercube(2)");  // ranks may equal nodes

    // Sub-cubes: with 2^k ranks every block of a hypercube is an aligned sub-cube.
    const auto b = mpi::rank_blocks(Topology::hypercube(5), ranks);
    for (int r = 0; r < ranks; ++r) {
      const int size = b[static_cast<std::size_t>(r) + 1] - b[static_cast<std::size_t>(r)];
      expect(size > 0 && (size & (size - 1)) == 0 && b[static_cast<std::size_t>(r)] % size == 0,
             "hypercube block " + std::to_string(r) + " is not an aligned sub-cube");
    }

    // The split itself, for every rank count up to N: contiguous, non-empty, covering; aligned
    // sub-cubes (sizes within a factor 2) on a cube; sizes within 1 elsewhere.
    for (const Topology& t : {Topology::hypercube(4), Topology::line(10), Topology::mesh(3, 5)})
      for (int k = 1; k <= t.size(); ++k) {
        const auto bb = mpi::rank_blocks(t, k);
        const std::string label =
            "rank_blocks(" + std::to_string(t.size()) + " nodes, " + std::to_string(k) + " ranks)";
        expect(bb.size() == static_cast<std::size_t>(k) + 1 && bb.front() == 0 &&
                   bb.back() == t.size(),
               label + ": does not cover the nodes");
        int lo = t.size(), hi = 0;
        for (int r = 0; r < k; ++r) {
          const int size = bb[static_cast<std::size_t>(r) + 1] - bb[static_cast<std::size_t>(r)];
          lo = std::min(lo, size);
          hi = std::max(hi, size);
          if (t.kind() == loadlab::core::TopologyKind::Hypercube)
            expect(
                size > 0 && (size & (size - 1)) == 0 && bb[static_cast<std::size_t>(r)] % size == 0,
                label + ": block " + std::to_string(r) + " is not an aligned sub-cube");
          for (int v = bb[static_cast<std::size_t>(r)]; v < bb[static_cast<std::size_t>(r) + 1];
               ++v)
            expect(mpi::block_owner(bb, v) == r, label + ": owner of " + std::to_string(v));
        }
        expect(lo >= 1, label + ": empty block");
        expect(t.kind() == loadlab::core::TopologyKind::Hypercube ? hi <= 2 * lo : hi - lo <= 1,
               label + ": unbalanced");
      }

    // More ranks than nodes: refused (identically on every rank, before any communication).
    if (ranks > 1) {
      const Topology tiny = Topology::line(ranks - 1);
      std::vector<sim::DiffusionNode> nodes(static_cast<std::size_t>(tiny.size()));
      sim::NodeArray<sim::DiffusionNode> progs(nodes);
      bool refused = false;
      try {
        mpi::MpiBspEngine m(MPI_COMM_WORLD, tiny, progs);
      } catch (const std::invalid_argument& e) {
        refused = std::string(e.what()).find("MPI ranks") != std::string::npos;
      }
      expect(refused, "more ranks than nodes was not refused");
    }

    // A node program's error stops every rank (the owner of node N-1 sees the real message).
    {
      const Topology ring = Topology::ring(9);
      sim::NodeArray<BadNode> progs(std::vector<BadNode>(9));
      mpi::MpiBspEngine m(MPI_COMM_WORLD, ring, progs);
      std::string caught;
      try {
        m.run();
      } catch (const std::exception& e) {
        caught = e.what();
      }
      const bool owner = m.hi() == 9;
      expect(owner ? caught.find("not a neighbour") != std::string::npos
                   : caught.find("another MPI rank") != std::string::npos,
             "node program error not reported on this rank: '" + caught + "'");
    }
  } catch (const std::exception& e) {
    expect(false, std::string("exception: ") + e.what());
  }
  int total = 0;
  MPI_Allreduce(&g_failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (g_rank == 0)
    std::printf("mpi_engine_check: %d ranks, %s\n", ranks, total == 0 ? "all equal" : "FAILED");
  MPI_Finalize();
  return total == 0 ? 0 : 1;
}
