// Neighbour averaging on the BSP engine (see diffusion.h).
#include "sim/programs/diffusion.h"

#include <algorithm>
#include <stdexcept>
#include "core/util/bit_cast.h"

namespace loadlab::sim {

void DiffusionNode::step(Comm& comm) {
  if (comm.superstep() > 0) {
    // Summed in inbox order (sender id): the same bits for every thread count.
    double flow = 0;
    for (const Message& m : comm.inbox()) flow += util::bit_cast<double>(m.data[0]) - value;
    value += alpha * flow;
  }
  if (comm.superstep() >= rounds) {
    comm.halt();
    return;
  }
  const std::int64_t word = util::bit_cast<std::int64_t>(value);
  for (int nb : comm.neighbours()) comm.send_word(nb, 0, word);
}

double diffusion_alpha(const core::Topology& topology) {
  int max_degree = 0;
  for (int v = 0; v < topology.size(); ++v) max_degree = std::max(max_degree, topology.degree(v));
  return 1.0 / (max_degree + 1);
}

DiffusionRun run_diffusion(const core::Topology& topology, const std::vector<double>& initial,
                           std::int64_t rounds, int threads, const RunControl& control) {
  if (static_cast<int>(initial.size()) != topology.size())
    throw std::invalid_argument("run_diffusion: one initial value per node expected");
  const double alpha = diffusion_alpha(topology);
  std::vector<DiffusionNode> nodes(initial.size());
  for (std::size_t v = 0; v < nodes.size(); ++v) nodes[v] = {initial[v], alpha, rounds};
  NodeArray<DiffusionNode> programs(std::move(nodes));
  BspOptions opts;
  opts.threads = threads;
  opts.record_trace = false;
  BspEngine engine(topology, programs, opts);
  DiffusionRun out;
  out.status = engine.run(control);
  out.supersteps = engine.supersteps();
  out.messages = engine.messages();
  out.values.reserve(initial.size());
  for (const auto& n : programs.nodes()) out.values.push_back(n.value);
  return out;
}

}  // namespace loadlab::sim
