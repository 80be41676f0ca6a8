// Dispatch to the per-algorithm node programs and the shared run loop.
#include "sim/programs/balance_nodes.h"

#include <algorithm>
#include <stdexcept>

#include "sim/programs/balance_program.h"

namespace loadlab::sim {

const std::vector<std::string>& node_balance_algorithms() {
  static const std::vector<std::string> names{"twa", "cwa", "mwa", "dem"};
  return names;
}

NodeBalanceRun run_balance_nodes(const std::string& algorithm, const core::Topology& topology,
                                 const core::LoadVector& loads, int threads,
                                 const std::atomic<bool>* cancel,
                                 const std::function<void(double)>& progress) {
  if (static_cast<int>(loads.size()) != topology.size())
    throw std::invalid_argument("loads: expected one entry per node");
  core::average_load(loads);  // same load checks (and messages) as the centralized code
  if (algorithm == "twa") return detail::run_twa_nodes(topology, loads, threads, cancel, progress);
  if (algorithm == "cwa") return detail::run_cwa_nodes(topology, loads, threads, cancel, progress);
  if (algorithm == "mwa") return detail::run_mwa_nodes(topology, loads, threads, cancel, progress);
  if (algorithm == "dem") return detail::run_dem_nodes(topology, loads, threads, cancel, progress);
  throw std::invalid_argument("no node program for algorithm \"" + algorithm +
                              "\" (have twa, cwa, mwa, dem)");
}

namespace detail {

RunStatus drive(BspEngine& engine, std::int64_t expected_supersteps,
                const std::atomic<bool>* cancel, const std::function<void(double)>& progress) {
  RunControl control;
  control.cancel = cancel;
  if (progress) {
    const double expected = static_cast<double>(std::max<std::int64_t>(expected_supersteps, 1));
    control.progress = [&](const SuperstepStats& s) {
      progress(std::min(1.0, static_cast<double>(s.superstep + 1) / expected));
    };
  }
  const RunStatus status = engine.run(control);
  if (status == RunStatus::Finished && progress) progress(1.0);
  return status;
}

}  // namespace detail
}  // namespace loadlab::sim
