// Dispatch to the per-algorithm node programs; the session and the blocking entry point.
#include "sim/programs/balance_nodes.h"

#include <algorithm>
#include <stdexcept>

#include "core/balance/registry.h"
#include "sim/programs/balance_program.h"

namespace loadlab::sim {

const std::vector<std::string>& node_balance_algorithms() {
  // The balance table's rows flagged node_program, in its order: no second list of names.
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const auto& a : core::balance_algorithms())
      if (a.node_program) out.emplace_back(a.info.name);
    return out;
  }();
  return names;
}

std::vector<std::int64_t> detail::BalancePrograms::export_outcome(int) const {
  throw std::logic_error("these node programs cannot be distributed across processes");
}

void detail::BalancePrograms::import_outcome(int, std::span<const std::int64_t>) {
  throw std::logic_error("these node programs cannot be distributed across processes");
}

void detail::BalancePrograms::collect_result(NodeBalanceRun&) const {
  throw std::logic_error("these node programs cannot be distributed across processes");
}

std::unique_ptr<detail::BalancePrograms> detail::make_balance_programs(
    const std::string& algorithm, const core::Topology& topology, const core::LoadVector& loads) {
  if (static_cast<int>(loads.size()) != topology.size())
    throw std::invalid_argument("loads: expected one entry per node");
  core::average_load(loads);  // same load checks (and messages) as the centralized code
  if (algorithm == "twa") return detail::make_twa_programs(topology, loads);
  if (algorithm == "cwa") return detail::make_cwa_programs(topology, loads);
  if (algorithm == "mwa") return detail::make_mwa_programs(topology, loads);
  if (algorithm == "dem") return detail::make_dem_programs(topology, loads);
  std::string have;
  for (const auto& n : node_balance_algorithms()) have += (have.empty() ? "" : ", ") + n;
  throw std::invalid_argument("no node program for algorithm \"" + algorithm + "\" (have " + have +
                              ")");
}

NodeBalanceSession::NodeBalanceSession(const std::string& algorithm, const core::Topology& topology,
                                       const core::LoadVector& loads, int threads)
    : programs_(detail::make_balance_programs(algorithm, topology, loads)) {
  BspOptions opts;
  opts.threads = threads;
  engine_ = std::make_unique<BspEngine>(topology, *programs_, opts);
}

NodeBalanceSession::~NodeBalanceSession() = default;

bool NodeBalanceSession::step() {
  return engine_->step();
}

RunStatus NodeBalanceSession::run(const RunControl& control) {
  return engine_->run(control);
}

bool NodeBalanceSession::finished() const {
  return engine_->finished();
}

core::LoadVector NodeBalanceSession::loads() const {
  core::LoadVector w(static_cast<std::size_t>(programs_->size()));
  for (int v = 0; v < programs_->size(); ++v) w[static_cast<std::size_t>(v)] = programs_->load(v);
  return w;
}

NodeBalanceRun NodeBalanceSession::result() const {
  NodeBalanceRun out;
  out.status = engine_->finished() ? RunStatus::Finished : RunStatus::Cancelled;
  programs_->collect(*engine_, out);
  return out;
}

std::int64_t NodeBalanceSession::expected_supersteps() const {
  return programs_->expected_supersteps();
}

NodeBalanceRun run_balance_nodes(const std::string& algorithm, const core::Topology& topology,
                                 const core::LoadVector& loads, int threads,
                                 const std::atomic<bool>* cancel,
                                 const std::function<void(double)>& progress) {
  NodeBalanceSession session(algorithm, topology, loads, threads);
  RunControl control;
  control.cancel = cancel;
  double last = 0;
  if (progress) {
    const double expected =
        static_cast<double>(std::max<std::int64_t>(session.expected_supersteps(), 1));
    control.progress = [&last, &progress, expected](const SuperstepStats& s) {
      // The bound may be loose (or exceeded by the final receive-only superstep): clamp, and
      // never go backwards.
      last = std::max(last, std::min(0.99, static_cast<double>(s.superstep + 1) / expected));
      progress(last);
    };
  }
  const RunStatus status = session.run(control);
  NodeBalanceRun out = session.result();
  out.status = status;
  if (status == RunStatus::Finished && progress) progress(1.0);
  return out;
}

}  // namespace loadlab::sim
