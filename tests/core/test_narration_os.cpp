// OS narration on the coscheduling example of Houstis, Kapidakis, Markatos & Gelenbe's survey
// (1996, Section 4.2): "a 10-processor system, and two applications: the one has 10 processes while
// the other has 5 processes. When the second application runs, only five processors are used
// effectively. The other five may ... be idle". Quantum 1, no costs, linear speedup.
#include <doctest/doctest.h>

#include <string>

#include "core/os/narration.h"

using namespace loadlab::core;

namespace {

OsJob os_narration_job(double work, int threads) {
  OsJob j;
  j.work = work;
  j.threads = threads;
  return j;
}

bool os_says(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("Narration.Os.CoschedulingFragmentation") {
  const std::vector<OsJob> jobs{os_narration_job(20, 10), os_narration_job(10, 5)};
  OsParams prm;
  prm.quantum = 1;
  const OsRunResult run = simulate_os("coscheduling", 10, jobs, {}, prm);
  const Narration n = os_narration("coscheduling", 10, jobs, run);
  CHECK(n.citation.find("Houstis") != std::string::npos);
  REQUIRE(n.steps.size() >= 3);
  // t = 0: the 10-process application's row runs on every processor, the other waits.
  CAPTURE(n.steps[0].text);
  CHECK(os_says(n.steps[0].text, "t = 0"));
  CHECK(os_says(n.steps[0].text, "P0–P9 run job 0"));
  CHECK(os_says(n.steps[0].text, "Waiting: job 1"));
  CHECK(!os_says(n.steps[0].text, "fragmentation"));
  // t = 1: the row switches; the 5-process application runs and five processors stand idle.
  CAPTURE(n.steps[1].text);
  CHECK(os_says(n.steps[1].text, "t = 1"));
  CHECK(os_says(n.steps[1].text, "P0–P4 run job 1"));
  CHECK(os_says(n.steps[1].text, "5 of 10 processors idle (P5–P9)"));
  CHECK(os_says(n.steps[1].text, "fragmentation"));
  CHECK(n.pseudocode[static_cast<std::size_t>(n.steps[1].line)].find("switch") !=
        std::string::npos);
  // Every processor is busy whenever job 0's row runs.
  CHECK(!os_says(n.steps[2].text, "idle"));
}

TEST_CASE("Narration.Os.SpaceSharingHasNoFragmentationHere") {
  // The same two applications under equipartition: 5 + 5 processors, nobody idle at t = 0.
  const std::vector<OsJob> jobs{os_narration_job(20, 10), os_narration_job(10, 5)};
  const OsRunResult run = simulate_os("dynamic_space_sharing", 10, jobs, {}, {});
  const Narration n = os_narration("dynamic_space_sharing", 10, jobs, run);
  REQUIRE(!n.steps.empty());
  CAPTURE(n.steps[0].text);
  CHECK(os_says(n.steps[0].text, "run job 0"));
  CHECK(os_says(n.steps[0].text, "run job 1"));
  CHECK(!os_says(n.steps[0].text, "idle"));
  for (const char* p :
       {"central_queue", "affinity_queues", "coscheduling", "static_partition", "process_control",
        "dynamic_space_sharing", "checkpoint_restart", "migration"})
    CHECK(!os_pseudocode(p).empty());
}
