// Dag narration (see narration.h). Only the trace is read: the pairs a step compared and the one
// it placed, so the numbers are the scheduler's own.
#include "core/dag/narration.h"

#include <algorithm>

#include "core/common/citations.h"

namespace loadlab::core {

namespace {

// Pseudo-code lines the captions light.
constexpr int kFlbChooseLine = 3, kListPlaceLine = 2;

std::string dag_pair_text(const TaskGraph& g, TaskId task, std::int32_t proc) {
  return g.name(task) + " on P" + std::to_string(proc);
}

// Whether the task sat in an EP list (FLB) when the step was taken.
bool dag_ep_task(const TraceStep& step, TaskId task) {
  for (const TraceReady& r : step.ready)
    if (r.task == task) return r.list >= 0;
  return false;
}

}  // namespace

std::vector<std::string> dag_pseudocode(std::string_view algorithm) {
  if (algorithm == "flb")
    return {"while tasks remain:   // procedure ScheduleTask",
            "  EP pair: the active processor p whose EP task t can start first, at "
            "max(EMT(t, p), PRT(p))",
            "  non-EP pair: the non-EP task with the smallest LMT on the processor that is free "
            "first",
            "  schedule the pair that starts earlier (the EP pair only if strictly earlier)",
            "  EP tasks of p whose LMT < PRT(p) move to the non-EP list",
            "  successors whose last message has arrived join the EP or non-EP lists"};
  return {"while tasks remain:",
          "  compare the ready (task, processor) pairs by the scheduler's priority",
          "  place the chosen task on its processor at its earliest start",
          "  successors whose predecessors are all placed become ready"};
}

Narration dag_narration(std::string_view algorithm, const TaskGraph& g,
                        const ScheduleTrace& trace) {
  Narration n;
  n.algorithm = std::string(algorithm);
  const bool flb = algorithm == "flb";
  n.citation =
      flb ? cite_full("radulescu1999", "Section 4.1") : cite_full("notes", "list scheduling");
  n.pseudocode = dag_pseudocode(algorithm);
  const std::size_t total = trace.steps.size();
  for (std::size_t k = 0; k < total && k < Narration::kMaxNarratedSteps; ++k) {
    const TraceStep& s = trace.steps[k];
    const ScheduleEntry& c = s.chosen;
    std::string text = "Step " + std::to_string(k) + ": ";
    if (flb) {
      std::string ep, non_ep;
      for (const TraceCandidate& x : s.candidates) {
        const std::string pair =
            dag_pair_text(g, x.task, x.proc) + " (could start at " + narration_number(x.est) + ")";
        (dag_ep_task(s, x.task) ? ep : non_ep) = pair;
      }
      text += "EP pair " + (ep.empty() ? std::string("none") : ep) + ", non-EP pair " +
              (non_ep.empty() ? std::string("none") : non_ep) + ": FLB schedules ";
    } else {
      const std::size_t shown = std::min<std::size_t>(s.candidates.size(), 4);
      if (!s.candidates.empty()) {
        text += std::to_string(s.candidates.size()) + " pair" +
                (s.candidates.size() == 1 ? "" : "s") + " compared (";
        for (std::size_t i = 0; i < shown; ++i)
          text += (i ? ", " : "") + dag_pair_text(g, s.candidates[i].task, s.candidates[i].proc) +
                  " at " + narration_number(s.candidates[i].est);
        if (shown < s.candidates.size()) text += ", ...";
        text += "); ";
      }
      text += n.algorithm + " places ";
    }
    text += dag_pair_text(g, c.task, c.proc) + " at [" + narration_number(c.start) + ", " +
            narration_number(c.finish) + "]";
    if (k + 1 == total) text += ": the last task, so the makespan is " + narration_number(c.finish);
    text += ".";
    n.steps.push_back({std::move(text), flb ? kFlbChooseLine : kListPlaceLine});
  }
  if (total > Narration::kMaxNarratedSteps)
    n.steps.push_back(
        {"... and " + std::to_string(total - Narration::kMaxNarratedSteps) + " more placements.",
         -1});
  return n;
}

}  // namespace loadlab::core
