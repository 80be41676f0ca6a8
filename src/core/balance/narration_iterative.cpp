// Narration of the iterative neighbour methods: generalized dimension exchange (one caption per
// colour class of each sweep), diffusion and the gradient model (one per sweep). Source: CSE
// 4351/5351 course notes 7, "Task Scheduling & Load Balancing", Overview of Techniques.
//
// The records are the per-sweep spread history and, in the tasks model, every move (step = sweep
// * classes + class for GDE, the sweep otherwise); the real model's loads are not kept per sweep,
// so its captions quote the spread after the sweep.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "core/balance/narration.h"

namespace loadlab::core {

namespace {

std::string narr_real(double v) {
  return narration_number(v, 6);
}

// Where each recorded step's transfers begin in r.transfers (sorted by step), steps 0..steps.
std::vector<std::size_t> narr_step_starts(const IterativeResult& r, int steps) {
  std::vector<std::size_t> start(static_cast<std::size_t>(steps) + 1, r.transfers.size());
  for (std::size_t i = r.transfers.size(); i-- > 0;) {
    const int st = r.transfers[i].step;
    if (st >= 0 && st <= steps) start[static_cast<std::size_t>(st)] = i;
  }
  for (int k = steps - 1; k >= 0; --k)  // a step without transfers starts where the next does
    start[static_cast<std::size_t>(k)] =
        std::min(start[static_cast<std::size_t>(k)], start[static_cast<std::size_t>(k) + 1]);
  return start;
}

// What moved in recorded step `step` of a tasks-model run ("12 tasks over 5 links"), or "".
std::string narr_task_moves(const IterativeResult& r, const std::vector<std::size_t>& starts,
                            int step) {
  if (r.model != IterativeModel::Tasks || r.transfers_truncated) return "";
  if (step + 1 >= static_cast<int>(starts.size())) return "";
  std::int64_t tasks = 0, links = 0;
  const Transfer* largest = nullptr;
  for (std::size_t i = starts[static_cast<std::size_t>(step)];
       i < starts[static_cast<std::size_t>(step) + 1]; ++i) {
    const Transfer& t = r.transfers[i];
    if (t.step != step) continue;
    tasks += t.count;
    ++links;
    if (!largest || t.count > largest->count) largest = &t;
  }
  if (links == 0) return "; no whole task moves";
  return "; " + std::to_string(tasks) + " tasks move over " + std::to_string(links) +
         " links (largest " + std::to_string(largest->from) + "→" + std::to_string(largest->to) +
         " ×" + std::to_string(largest->count) + ")";
}

std::string narr_spread_after(const IterativeResult& r, int sweep) {
  const auto idx = static_cast<std::size_t>(sweep - 1);
  if (idx >= r.history_max_minus_min.size()) return "";
  const double before = sweep == 1 ? r.initial_max_minus_min : r.history_max_minus_min[idx - 1];
  std::string s =
      "; max − min " + narr_real(before) + " → " + narr_real(r.history_max_minus_min[idx]);
  if (sweep == r.sweeps && r.stop_rule_met && std::isfinite(r.stop_threshold))
    s += ", below the stop threshold " + narr_real(r.stop_threshold) + ": the stop rule holds";
  return s;
}

std::string narr_outcome_iterative(const char* name, const IterativeResult& r) {
  std::string s = std::string(name) + " stopped after sweep " + std::to_string(r.sweeps_run);
  if (r.stop_rule_met)
    s += "; the stop rule (max − min < " + narr_real(r.stop_threshold) + ") held after sweep " +
         std::to_string(r.sweeps);
  else if (r.stalled)
    s += ": a sweep moved nothing (a fixed point)";
  else
    s += " without meeting the stop rule (the sweep limit)";
  if (r.termination.enabled && r.termination.detected)
    s += "; termination detected at sweep " + std::to_string(r.termination.detected_at_sweep);
  return s + ".";
}

}  // namespace

int iterative_narration_step(const IterativeResult& r, int sweep, int cls) {
  if (sweep <= 0) return 0;
  const int classes = r.algorithm == "gde" ? std::max(1, r.colouring.colours) : 1;
  if (cls < 0 || cls >= classes) cls = classes - 1;
  return (sweep - 1) * classes + cls + 1;
}

Narration narrate_iterative(const Topology& topology, const IterativeResult& r) {
  Narration n;
  n.algorithm = r.algorithm;
  n.citation = balance_citation(r.algorithm);
  n.pseudocode = balance_pseudocode(r.algorithm);
  const bool gde = r.algorithm == "gde";
  if (!gde && r.algorithm != "diffusion" && r.algorithm != "gradient")
    throw std::invalid_argument("narration: '" + r.algorithm + "' is not an iterative method");
  const std::int64_t total = total_load(r.initial_loads);
  const std::string average =
      narr_real(topology.size() ? static_cast<double>(total) / topology.size() : 0.0);
  std::string first = "Initial loads: " + std::to_string(total) + " tasks on " +
                      std::to_string(topology.size()) + " nodes (average " + average +
                      "), max − min = " + narr_real(r.initial_max_minus_min) +
                      "; stop when max − " + "min < " + narr_real(r.stop_threshold) + ".";
  const char* title = gde ? "GDE" : r.algorithm == "diffusion" ? "Diffusion" : "Gradient model";
  if (gde)
    first += " " + std::to_string(r.colouring.colours) + " colour classes (" + r.colouring.method +
             " colouring), λ = " + narr_real(r.parameter) + " (" + r.parameter_source + ").";
  else if (r.algorithm == "diffusion")
    first += std::isnan(r.parameter)
                 ? " α per link = 1 / (max degree of its ends + 1) (averaging)."
                 : " α = " + narr_real(r.parameter) + " (" + r.parameter_source + ").";
  else {
    int light = 0;
    for (int p : r.pressure) light += p == 0;
    first += " " + std::to_string(light) + " lightly loaded nodes start at pressure 0.";
  }
  n.steps.push_back({first, 0});
  const int classes = gde ? std::max(1, r.colouring.colours) : 1;
  std::vector<std::int64_t> class_edges(static_cast<std::size_t>(classes), 0);
  if (gde)
    for (int c : r.colouring.colour)
      if (c >= 0 && c < classes) ++class_edges[static_cast<std::size_t>(c)];
  const std::size_t cap = Narration::kMaxNarratedSteps;
  const int recorded = static_cast<int>(
      std::min<std::int64_t>(std::int64_t{r.sweeps_run} * classes, static_cast<std::int64_t>(cap)));
  const std::vector<std::size_t> starts =
      r.model == IterativeModel::Tasks ? narr_step_starts(r, recorded) : std::vector<std::size_t>{};
  for (int s = 1; s <= r.sweeps_run; ++s) {
    for (int c = 0; c < classes; ++c) {
      if (n.steps.size() >= cap) {
        n.steps.push_back({"Later sweeps continue the same way (not narrated one by one). " +
                               narr_outcome_iterative(title, r),
                           -1});
        return n;
      }
      const int record = (s - 1) * classes + c;
      std::string text;
      int line = 2;
      if (gde) {
        text = "GDE sweep " + std::to_string(s) + ", colour class " + std::to_string(c) + " of " +
               std::to_string(classes) + ": each of its " +
               std::to_string(class_edges[static_cast<std::size_t>(c)]) +
               " edges moves λ = " + narr_real(r.parameter) +
               " of the difference between its two ends from the heavier to the lighter" +
               (r.parameter == 0.5 ? " (both ends end at their average)" : "");
        text += narr_task_moves(r, starts, record);
        if (c == classes - 1) text += narr_spread_after(r, s);
        line = 3;
      } else if (r.algorithm == "diffusion") {
        text = "Diffusion sweep " + std::to_string(s) +
               ": every node at once moves α of each difference to its lighter neighbours";
        text += narr_task_moves(r, starts, s - 1) + narr_spread_after(r, s);
      } else {
        text = "Gradient sweep " + std::to_string(s) +
               ": pressures recomputed; each node above the threshold sends toward a neighbour " +
               "one pressure level lower (min(w_i − L, (w_i − w_j) / 2))";
        text += narr_task_moves(r, starts, s - 1) + narr_spread_after(r, s);
        line = 3;
      }
      if (s == r.sweeps_run && c == classes - 1) text += ". " + narr_outcome_iterative(title, r);
      n.steps.push_back({text + (text.back() == '.' ? "" : "."), line});
    }
  }
  if (r.sweeps_run == 0) n.steps.back().text += " " + narr_outcome_iterative(title, r);
  return n;
}

}  // namespace loadlab::core
