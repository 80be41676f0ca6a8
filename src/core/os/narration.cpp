// OS narration, in the terms of Houstis, Kapidakis, Markatos & Gelenbe, "Execution of
// Compute-Intensive Applications into Parallel Machines" (1996), Section 4. Built from the run's
// interval log alone (what each processor did when), so it narrates every policy the same way and
// its numbers are the run's: at each decision time, which processors serve which job, who waits,
// and the processors left idle while jobs are in the system.
#include "core/os/narration.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "core/common/citations.h"
namespace loadlab::core {

namespace {

// Pseudo-code lines the captions point at (the same three roles in every policy's code).
constexpr int kOsPlaceLine = 0, kOsSwitchLine = 1, kOsFinishLine = 2;

std::string os_num(double x) {
  return narration_number(x);
}

// "P0–P4, P7" from a sorted list of processors.
std::string os_processor_ranges(const std::vector<int>& ps) {
  std::string out;
  for (std::size_t i = 0; i < ps.size();) {
    std::size_t j = i;
    while (j + 1 < ps.size() && ps[j + 1] == ps[j] + 1) ++j;
    if (!out.empty()) out += ", ";
    out += "P" + std::to_string(ps[i]);
    if (j > i) out += "–P" + std::to_string(ps[j]);
    i = j + 1;
  }
  return out;
}

std::string os_job_list(const std::vector<int>& js) {
  std::string out;
  for (std::size_t i = 0; i < js.size() && i < 8; ++i)
    out += (i ? ", " : "") + std::to_string(js[i]);
  if (js.size() > 8) out += ", …";
  return out;
}

}  // namespace

std::vector<std::string> os_pseudocode(std::string_view p) {
  if (p == "central_queue")
    return {"an arriving job's threads join the one central ready queue",
            "each quantum, an idle processor runs the thread at the head of the queue",
            "a finished job leaves; its processors take the next threads"};
  if (p == "affinity_queues")
    return {"an arriving thread joins the queue of the processor it last ran on",
            "each quantum, a processor runs its own queue's head (warm cache), else steals",
            "a finished job leaves; its processors serve their queues"};
  if (p == "coscheduling")
    return {"an arriving job takes the first row of the matrix with enough free columns",
            "each quantum, all processors switch together to the next row (the gang runs)",
            "a finished job frees its columns; columns a row leaves empty stay idle"};
  if (p == "static_partition")
    return {"an arriving job waits for a fixed partition of processors",
            "its threads run on that partition to completion (no time sharing)",
            "a finished job frees its partition for the next waiting job"};
  if (p == "process_control")
    return {"on arrival, the processors are re-divided among the jobs (allocation rule)",
            "each job runs as many processes as processors it holds",
            "on completion, the freed processors are re-divided"};
  if (p == "dynamic_space_sharing")
    return {"on arrival, every job gets an equal share (equipartition); processors move",
            "a job runs on its share; a job that cannot use its share gives it back",
            "on completion, the freed processors go to the other jobs"};
  if (p == "checkpoint_restart")
    return {"an arriving job gets free processors; running jobs checkpoint periodically",
            "to reclaim a processor, its process is stopped and restarted from the checkpoint",
            "a finished job frees its processors"};
  if (p == "migration")
    return {"an arriving job gets free processors",
            "to reclaim a processor, its process migrates (pays the migration cost)",
            "a finished job frees its processors"};
  return {};
}

Narration os_narration(std::string_view policy, int processors, const std::vector<OsJob>& jobs,
                       const OsRunResult& run) {
  Narration n;
  n.algorithm = std::string(policy);
  n.citation = cite_full("houstis1996", "Section 4");
  n.pseudocode = os_pseudocode(policy);
  const auto P = static_cast<std::size_t>(processors);

  // Per processor, its intervals by start.
  std::vector<std::vector<const OsInterval*>> by_proc(P);
  std::vector<double> times;
  for (const OsInterval& iv : run.intervals) {
    if (iv.processor < 0 || static_cast<std::size_t>(iv.processor) >= P || !(iv.end > iv.start))
      continue;
    by_proc[static_cast<std::size_t>(iv.processor)].push_back(&iv);
    times.push_back(iv.start);
  }
  for (auto& v : by_proc)
    std::sort(v.begin(), v.end(),
              [](const OsInterval* a, const OsInterval* b) { return a->start < b->start; });
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    times.push_back(jobs[j].arrival);
    if (j < run.finish.size()) times.push_back(run.finish[j]);
  }
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());

  std::vector<std::size_t> cursor(P, 0);
  std::vector<int> seen_job(jobs.size(), 0);  // 1 once it has run on some processor
  std::string last_state;
  std::size_t s = 0;
  for (; s < times.size() && n.steps.size() + 1 < Narration::kMaxNarratedSteps; ++s) {
    const double t = times[s];
    std::map<int, std::vector<int>> serving;  // job -> processors computing / switching for it
    std::vector<int> idle;
    std::map<int, std::vector<int>> overhead;  // job -> processors paying a cost (not compute)
    for (std::size_t p = 0; p < P; ++p) {
      auto& v = by_proc[p];
      while (cursor[p] < v.size() && v[cursor[p]]->end <= t) ++cursor[p];
      const OsInterval* cur =
          cursor[p] < v.size() && v[cursor[p]]->start <= t ? v[cursor[p]] : nullptr;
      if (!cur)
        idle.push_back(static_cast<int>(p));
      else if (cur->kind == OsSegment::Compute || cur->kind == OsSegment::Spin)
        serving[cur->job].push_back(static_cast<int>(p));
      else
        overhead[cur->job].push_back(static_cast<int>(p));
    }
    std::vector<int> arrived, finished, waiting, started;
    int in_system = 0;
    std::int64_t unplaced = 0;  // threads of jobs in the system that hold no processor
    for (std::size_t j = 0; j < jobs.size(); ++j) {
      const double fin = j < run.finish.size() ? run.finish[j] : 0;
      const int jj = static_cast<int>(j);
      if (jobs[j].arrival == t) arrived.push_back(jj);
      if (fin == t) finished.push_back(jj);
      if (jobs[j].arrival <= t && t < fin) {
        ++in_system;
        if (!serving.count(jj) && !overhead.count(jj)) waiting.push_back(jj);
        const auto held = static_cast<std::int64_t>((serving.count(jj) ? serving[jj].size() : 0) +
                                                    (overhead.count(jj) ? overhead[jj].size() : 0));
        unplaced += std::max<std::int64_t>(0, jobs[j].threads - held);
        if ((serving.count(jj) || overhead.count(jj)) && !seen_job[j]) {
          started.push_back(jj);
          seen_job[j] = 1;
        }
      }
    }
    std::string text = "t = " + os_num(t) + ": ";
    int line = kOsSwitchLine;
    if (!arrived.empty())
      text += (arrived.size() == 1 ? "job " : "jobs ") + os_job_list(arrived) + " arrive" +
              (arrived.size() == 1 ? "s" : "") + " (" +
              std::to_string(jobs[static_cast<std::size_t>(arrived[0])].threads) +
              (arrived.size() == 1 ? " threads" : " threads, …") + "); ";
    if (!finished.empty()) {
      text += (finished.size() == 1 ? "job " : "jobs ") + os_job_list(finished) + " finish" +
              (finished.size() == 1 ? "es" : "") + "; ";
      line = kOsFinishLine;
    }
    if (!started.empty()) {
      text += (started.size() == 1 ? "job " : "jobs ") + os_job_list(started) + " start" +
              (started.size() == 1 ? "s" : "") + " running; ";
    }
    // An arrival is a placement decision; a first run without one is a dispatch (a switch).
    if (!arrived.empty()) line = kOsPlaceLine;
    std::string running;
    for (const auto& [job, ps] : serving)
      running += (running.empty() ? "" : "; ") + os_processor_ranges(ps) + " run job " +
                 std::to_string(job);
    for (const auto& [job, ps] : overhead)
      running += (running.empty() ? "" : "; ") + os_processor_ranges(ps) +
                 " pay an overhead (switch, reload, migration or checkpoint) for job " +
                 std::to_string(job);
    text += running.empty() ? "no processor is busy" : running;
    if (!waiting.empty())
      text +=
          ". Waiting: job" + std::string(waiting.size() == 1 ? " " : "s ") + os_job_list(waiting);
    // The state part of the caption: a moment that changes nothing visible is not a decision.
    std::string state = running + "|" + os_job_list(waiting) + "|" + os_processor_ranges(idle);
    if (arrived.empty() && finished.empty() && started.empty() && state == last_state) continue;
    last_state = std::move(state);
    if (!idle.empty() && in_system > 0 && unplaced > 0) {
      text += ". " + std::to_string(idle.size()) + " of " + std::to_string(P) +
              " processors idle (" + os_processor_ranges(idle) + ") while " +
              std::to_string(unplaced) + (unplaced == 1 ? " thread" : " threads") +
              " of the jobs in the system cannot run on them: fragmentation";
    } else if (!idle.empty() && in_system > 0) {
      text += ". " + std::to_string(idle.size()) + " of " + std::to_string(P) +
              " processors idle (" + os_processor_ranges(idle) +
              "): every thread in the system already has a processor";
    } else if (!idle.empty()) {
      text += ". No job in the system: all idle";
    }
    n.steps.push_back({std::move(text), line});
  }
  if (s < times.size())
    n.steps.push_back({std::to_string(times.size() - s) +
                           " more moments follow (not narrated); the last job ends at " +
                           os_num(run.makespan),
                       -1});
  return n;
}

}  // namespace loadlab::core
