#include "app/balance/model_iterative.h"

#include <algorithm>
#include <cmath>

#include "core/balance/diffusion.h"
#include "core/balance/gde.h"
#include "core/balance/gradient.h"
#include "core/balance/termination.h"

namespace loadlab::app {

namespace {

core::IterativeResult run_prefix(const std::string& algorithm, const core::Topology& t,
                                 const core::LoadVector& loads, const core::IterativeOptions& o) {
  if (algorithm == "gde") return core::gde(t, loads, o);
  if (algorithm == "diffusion") return core::diffusion(t, loads, o);
  return core::gradient(t, loads, o);
}

}  // namespace

IterativeReplay replay_iterative(const core::Topology& topology, const core::LoadVector& loads,
                                 const io::Json& scenario, const core::IterativeResult& r,
                                 double budget) {
  IterativeReplay out;
  const int total = r.sweeps_run;
  try {
    core::IterativeOptions o =
        io::read_iterative_params(io::JsonReader(scenario, ""), r.algorithm, topology);
    const double average = loads.empty() ? 0
                                         : static_cast<double>(core::total_load(loads)) /
                                               static_cast<double>(loads.size());
    const double threshold = o.stop.threshold(average);
    const int k = o.termination_k;
    const bool termination = o.termination;
    // The same sweeps, nothing else: no prediction, flows, detection, and a stop rule that never
    // holds.
    o.predict = false;
    o.record_flows = false;
    o.termination = false;
    o.stop = core::StopRule{core::StopRule::Kind::MaxMinusMin, 0.0};
    if (r.parameter_source == "averaging")
      o.averaging = true;
    else if (std::isfinite(r.parameter))
      o.parameter = r.parameter;

    const double per_sweep =
        static_cast<double>(topology.size()) + static_cast<double>(topology.edge_count());
    const double all_cost = per_sweep * total * (total + 1.0) / 2.0;
    std::vector<int> chosen;
    if (all_cost <= budget) {
      for (int s = 0; s <= total; ++s) chosen.push_back(s);
      out.every_sweep = true;
    } else {
      // Evenly spaced snapshots whose runs fit the budget (each costs about total x per_sweep).
      const int count =
          static_cast<int>(std::clamp(budget / std::max(1.0, per_sweep * total), 0.0, 64.0));
      chosen.push_back(0);
      for (int i = 1; i < count; ++i)
        chosen.push_back(static_cast<int>(std::lround(static_cast<double>(total) * i / count)));
      out.note = count < 2 ? "sweeps not replayed (nodes x sweeps above the view's budget): "
                             "initial and final loads only"
                           : "every " + std::to_string(std::max(1, total / std::max(1, count))) +
                                 "th sweep shown (nodes x sweeps above the view's budget)";
    }
    chosen.erase(std::unique(chosen.begin(), chosen.end()), chosen.end());
    for (int s : chosen) {
      if (s == total && !out.every_sweep) break;  // the final loads come from the result
      std::vector<double> w;
      if (s == 0) {
        for (auto x : loads) w.push_back(static_cast<double>(x));
      } else {
        o.max_sweeps = s;
        w = run_prefix(r.algorithm, topology, loads, o).final_loads;
      }
      out.sweeps.push_back(s);
      out.loads.push_back(std::move(w));
    }
    if (!out.every_sweep) {
      out.sweeps.push_back(total);
      out.loads.push_back(r.final_loads);
    }
    if (topology.connected()) {
      std::vector<double> initial(loads.begin(), loads.end());
      int ecc = 0;
      for (const auto& node : core::make_ds_nodes(topology, initial, ecc))
        out.ds_parent.push_back(node.parent);
      if (termination && out.every_sweep) {
        core::DsMonitor ds(topology, initial, threshold, k);
        auto flags = [&] {
          std::vector<char> f;
          for (const auto& node : ds.nodes()) f.push_back(node.in_tree ? 1 : 0);
          return f;
        };
        out.ds_in_tree.push_back(flags());
        for (std::size_t i = 1; i < out.loads.size(); ++i) {
          ds.after_sweep(out.sweeps[i], out.loads[i]);
          out.ds_in_tree.push_back(flags());
        }
      }
    }
  } catch (const std::exception& e) {
    out = IterativeReplay{};
    out.sweeps = {total};
    out.loads = {r.final_loads};
    out.note = std::string("sweeps not replayed: ") + e.what();
  }
  return out;
}

GdeClassStep gde_class_step(const core::Topology& topology, const core::IterativeResult& r,
                            const IterativeReplay& replay, int sweep, int cls) {
  GdeClassStep out;
  out.sweep = sweep;
  out.cls = cls;
  const int classes = r.colouring.colours;
  if (r.algorithm != "gde" || classes <= 0 || cls < 0 || cls >= classes || sweep < 1) {
    out.note = "no colour class step";
    return out;
  }
  const auto it = std::find(replay.sweeps.begin(), replay.sweeps.end(), sweep - 1);
  if (it == replay.sweeps.end()) {
    out.note = "class steps need every sweep replayed";
    return out;
  }
  const core::ColourClasses all = core::colour_classes(topology, r.colouring);
  std::vector<double> w = replay.loads[static_cast<std::size_t>(it - replay.sweeps.begin())];
  const double lambda = r.parameter;
  std::vector<double> before;
  for (int c = 0; c <= cls; ++c) {
    if (c == cls) before = w;
    const auto& edges = all[static_cast<std::size_t>(c)];
    if (r.model == core::IterativeModel::Real) {
      // The core kernel on this class alone: the run's own operations, so the run's bits.
      core::gde_sweep_real(core::ColourClasses{edges}, lambda, w);
      continue;
    }
    // Tasks (core::gde): the heavier endpoint sends floor(lambda x difference) whole tasks.
    for (const core::ClassEdge& e : edges) {
      const auto wa = static_cast<std::int64_t>(w[static_cast<std::size_t>(e.a)]);
      const auto wb = static_cast<std::int64_t>(w[static_cast<std::size_t>(e.b)]);
      const auto t = static_cast<std::int64_t>(
          std::floor(lambda * static_cast<double>(wa > wb ? wa - wb : wb - wa)));
      if (t <= 0) continue;
      const std::int64_t signed_t = wa > wb ? -t : t;  // change of a
      w[static_cast<std::size_t>(e.a)] = static_cast<double>(wa + signed_t);
      w[static_cast<std::size_t>(e.b)] = static_cast<double>(wb - signed_t);
    }
  }
  out.changed.assign(w.size(), 0);
  for (std::size_t v = 0; v < w.size(); ++v) out.changed[v] = w[v] != before[v] ? 1 : 0;
  out.loads = std::move(w);
  return out;
}

std::vector<int> iterative_result_indices(const AppState& st) {
  std::vector<int> out;
  for (std::size_t i = 0; i < st.typed_results.size(); ++i)
    if (const auto* r = dynamic_cast<const io::IterativeRunResult*>(st.typed_results[i].get());
        r && !r->failed())
      out.push_back(static_cast<int>(i));
  return out;
}

double predicted_spread(const core::IterativeResult& r, int anchor, int s) {
  if (anchor < 1 || anchor > static_cast<int>(r.history_max_minus_min.size()) ||
      !std::isfinite(r.predicted_rate))
    return std::nan("");
  return r.history_max_minus_min[static_cast<std::size_t>(anchor - 1)] *
         std::pow(r.predicted_rate, s - anchor);
}

}  // namespace loadlab::app
