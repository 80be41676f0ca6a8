// Papers: the FLB paper (../shared/seeds/001_37b951120b5002ad.txt, Section 2: a task starts once
// its messages arrive, free on its own processor) for list scheduling; for the copies,
// Kruatrachue & Lewis 1988 (DSH) and Ahmad & Kwok 1998 (CPFD), as cited in dsh.cpp and cpfd.cpp.
#include "core/dag/narration_schedule.h"

#include <algorithm>
#include <limits>
#include <vector>

#include "core/common/citations.h"

namespace loadlab::core {

namespace {

std::string dag_narration_citation(const std::string& paper) {
  std::string out;
  for (const SourceRef& r : parse_sources(paper))
    if (r.citation) out += (out.empty() ? "" : "; ") + cite_full(*r.citation);
  return out;
}

}  // namespace

Narration narrate_dag_schedule(const TaskGraph& g, const std::string& algorithm,
                               const std::string& paper, const Schedule& s) {
  Narration n;
  n.algorithm = algorithm;
  n.citation = dag_narration_citation(paper);
  const bool copies = s.duplicate_count() > 0;
  n.pseudocode = {"repeat until every task is placed:", "  t = the next task by priority",
                  "  for each processor p: EST(t, p) = max(p free, last message of t at p)"};
  if (copies)
    n.pseudocode.push_back(
        "    copy the parent whose message arrives last onto p while t then starts earlier");
  n.pseudocode.push_back("  place t on the processor where it starts earliest");
  const int place_line = static_cast<int>(n.pseudocode.size()) - 1;

  // Every copy placed so far per task, for "arrives from": the earliest-delivering copy.
  std::vector<std::vector<const ScheduleEntry*>> placed(static_cast<std::size_t>(g.size()));
  std::vector<const ScheduleEntry*> pending;  // copies waiting for the task they serve
  std::size_t narrated = 0;
  for (const ScheduleEntry& e : s.entries) {
    if (e.task < 0 || e.task >= g.size()) continue;
    if (e.duplicate) {
      pending.push_back(&e);
      placed[static_cast<std::size_t>(e.task)].push_back(&e);
      continue;
    }
    placed[static_cast<std::size_t>(e.task)].push_back(&e);
    if (narrated == Narration::kMaxNarratedSteps) {
      n.steps.push_back({"... and the remaining tasks the same way; makespan " +
                             narration_number(s.makespan()) + ".",
                         place_line});
      ++narrated;
    }
    if (narrated > Narration::kMaxNarratedSteps) {
      pending.clear();
      continue;
    }
    std::string text = g.name(e.task) + " goes to P" + std::to_string(e.proc) + " at " +
                       narration_number(e.start) + " (ends " + narration_number(e.finish) + ")";
    // Which input arrived last, and from where.
    double last = -1;
    std::string why;
    for (auto ei : g.in_edges(e.task)) {
      const DagEdge& ed = g.edge(ei);
      const ScheduleEntry* from = nullptr;
      double at = std::numeric_limits<double>::infinity();
      for (const ScheduleEntry* c : placed[static_cast<std::size_t>(ed.from)]) {
        const double a = c->finish + (c->proc == e.proc ? 0.0 : ed.comm);
        if (a < at) at = a, from = c;
      }
      if (from && at > last) {
        last = at;
        why = from->proc == e.proc
                  ? "its last input, " + g.name(ed.from) + ", is on the same processor"
                  : "its last input, from " + g.name(ed.from) + " on P" +
                        std::to_string(from->proc) + ", arrives at " + narration_number(at);
      }
    }
    if (!why.empty()) text += ": " + why;
    if (!pending.empty()) {
      std::string list;
      for (const ScheduleEntry* c : pending)
        list += (list.empty() ? "" : ", ") + g.name(c->task) + " [" + narration_number(c->start) +
                ", " + narration_number(c->finish) + "]";
      text += ". First duplicates on P" + std::to_string(e.proc) + ": " + list +
              ", so their data need not travel";
    }
    text += ".";
    n.steps.push_back({std::move(text), pending.empty() || !copies ? place_line : place_line - 1});
    pending.clear();
    ++narrated;
  }
  return n;
}

}  // namespace loadlab::core
