// Captions of an online run (online.h): at each decision, the clock, the task revealed and which
// parents' finish revealed it, where the scheduler put it, what else waits, and the next reveal it
// could not know about. The model is online.cpp's; the rules are HEFT's (Topcuoglu, Hariri & Wu,
// IEEE TPDS 13(3), 2002) and MCT's (Braun et al., JPDC 61(6), 2001) run without the future.
#include <algorithm>

#include "core/common/citations.h"
#include "core/dag/online.h"

namespace loadlab::core {

namespace {

constexpr int kOnlineRevealLine = 0, kOnlinePlaceLine = 2;

std::string online_display_name(std::string_view algorithm) {
  if (algorithm == "online_heft") return "online HEFT";
  if (algorithm == "online_mct") return "online MCT";
  return std::string(algorithm);
}

std::string online_name_list(const TaskGraph& g, const std::vector<TaskId>& tasks,
                             std::size_t max_shown = 5) {
  std::string out;
  for (std::size_t i = 0; i < tasks.size() && i < max_shown; ++i)
    out += (i == 0 ? "" : i + 1 == tasks.size() ? " and " : ", ") + g.name(tasks[i]);
  if (tasks.size() > max_shown) out += " and " + std::to_string(tasks.size() - max_shown) + " more";
  return out;
}

}  // namespace

Narration online_narration(std::string_view algorithm, const TaskGraph& g, const Schedule& s,
                           const std::vector<OnlineArrival>& arrivals) {
  Narration n;
  n.algorithm = std::string(algorithm);
  n.citation = algorithm == "online_mct" ? cite_full("braun2001", "Section 2, run online")
                                         : cite_full("topcuoglu2002", "HEFT, run online");
  n.pseudocode = {
      "when a task's last parent finishes (entry tasks: at 0), reveal it",
      "take the earliest revealed task (online HEFT: ties to the larger mean time)",
      "put it on the processor where it finishes first (online HEFT: with insertion; online "
      "MCT: appended)",
      "nothing below the revealed tasks is known: no rank sees successors"};
  std::vector<const ScheduleEntry*> entry(static_cast<std::size_t>(g.size()), nullptr);
  for (const auto& e : s.entries)
    if (!e.duplicate && e.task >= 0 && e.task < g.size())
      entry[static_cast<std::size_t>(e.task)] = &e;
  const std::string who = online_display_name(algorithm);
  const std::size_t total = std::min(arrivals.size(), Narration::kMaxNarratedSteps);
  double previous = -1;
  for (std::size_t k = 0; k < total; ++k) {
    const OnlineArrival& a = arrivals[k];
    if (a.task < 0 || a.task >= g.size()) continue;
    const OnlineFrame f = online_frame(g, arrivals, static_cast<int>(k));
    std::string text = "t = " + narration_number(a.released) + ": " + g.name(a.task);
    std::vector<TaskId> last_parents;
    for (auto pe : g.in_edges(a.task)) {
      const TaskId p = g.edge(pe).from;
      const ScheduleEntry* pe_entry = entry[static_cast<std::size_t>(p)];
      if (pe_entry && pe_entry->finish >= a.released) last_parents.push_back(p);
    }
    std::sort(last_parents.begin(), last_parents.end());
    if (g.in_degree(a.task) == 0)
      text += " is revealed at the start (no parents)";
    else if (a.released == previous)
      text += " was revealed at this time too";
    else
      text += std::string(" is revealed (") + (last_parents.size() == 1 ? "parent " : "parents ") +
              online_name_list(g, last_parents) + " finished)";
    previous = a.released;
    if (const ScheduleEntry* e = entry[static_cast<std::size_t>(a.task)])
      text += "; " + who + " puts it on P" + std::to_string(e->proc) + " at [" +
              narration_number(e->start) + ", " + narration_number(e->finish) + "]";
    if (!f.waiting.empty())
      text += "; " + online_name_list(g, f.waiting) + (f.waiting.size() == 1 ? " waits" : " wait");
    if (f.next_task >= 0)
      text += " — it cannot know that " + g.name(f.next_task) + " arrives at " +
              narration_number(f.next_release);
    else if (f.waiting.empty() && k + 1 == arrivals.size())
      text += ": the last task";
    text += ".";
    n.steps.push_back({std::move(text),
                       g.in_degree(a.task) == 0 || k == 0 ? kOnlineRevealLine : kOnlinePlaceLine});
  }
  if (arrivals.size() > Narration::kMaxNarratedSteps)
    n.steps.push_back({"... and " + std::to_string(arrivals.size() - Narration::kMaxNarratedSteps) +
                           " more decisions.",
                       -1});
  return n;
}

}  // namespace loadlab::core
