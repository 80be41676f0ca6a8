// The OS-scheduling simulator (paper 002, Section 4) against closed forms worked out by hand, the
// independent checker on every policy, and determinism.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/os/model.h"
#include "core/os/registry.h"
#include "core/verify/os_verify.h"
#include "os_test_helpers.h"

using namespace loadlab::core;
using loadlab::test::os_run_checked;

namespace {

OsJob job(double arrival, double work, int threads, OsSpeedup s = {}, double barrier = 0) {
  OsJob j;
  j.arrival = arrival;
  j.work = work;
  j.threads = threads;
  j.speedup = s;
  j.barrier_every = barrier;
  return j;
}

// A mix with barriers, sublinear speedup and staggered arrivals (every policy's paths).
std::vector<OsJob> mix() {
  OsSpeedup am{OsSpeedupModel::Amdahl, 0.05, 1, 0};
  OsSpeedup dw{OsSpeedupModel::Downey, 0, 6, 0.5};
  return {job(0, 40, 4, am, 5), job(0, 10, 1),        job(1, 30, 8, dw, 3), job(2.5, 20, 2, {}, 4),
          job(3, 50, 6, am),    job(10, 5, 3, dw, 1), job(11, 12, 8, {}, 2)};
}

}  // namespace

TEST_CASE("Os.Speedup.ClosedForms") {
  CHECK(os_speedup({}, 7) == doctest::Approx(7));
  CHECK(os_speedup({OsSpeedupModel::Amdahl, 0.1, 1, 0}, 4) == doctest::Approx(1 / 0.325));
  // Downey with sigma = 0: S(n) = min(n, A).
  OsSpeedup d0{OsSpeedupModel::Downey, 0, 4, 0};
  CHECK(os_speedup(d0, 3) == doctest::Approx(3));
  CHECK(os_speedup(d0, 8) == doctest::Approx(4));
  // Downey high variance, sigma = 2, A = 4: S(2) = 2*4*3 / (2*(2+3) + 4) = 24/14.
  CHECK(os_speedup({OsSpeedupModel::Downey, 0, 4, 2}, 2) == doctest::Approx(24.0 / 14.0));
  // ... and S(n) = A from n = A + A*sigma - sigma = 10 on.
  CHECK(os_speedup({OsSpeedupModel::Downey, 0, 4, 2}, 12) == doctest::Approx(4));
}

TEST_CASE("Os.LinearJobAloneFinishesAtWorkOverP") {
  for (const auto& a : os_algorithm_table()) {
    const std::string name = a.name;
    CAPTURE(name);
    const auto r = os_run_checked(a.name, 4, {job(0, 100, 4)});
    CHECK(r.finish[0] == doctest::Approx(25.0));
    CHECK(r.utilization == doctest::Approx(1.0));
  }
}

TEST_CASE("Os.AmdahlJobAlone") {
  // W (f + (1 - f) / p) = 100 * (0.1 + 0.9 / 4) = 32.5 under every policy.
  for (const auto& a : os_algorithm_table()) {
    const std::string name = a.name;
    CAPTURE(name);
    const auto r = os_run_checked(a.name, 4, {job(0, 100, 4, {OsSpeedupModel::Amdahl, 0.1, 1, 0})});
    CHECK(r.finish[0] == doctest::Approx(32.5));
  }
}

TEST_CASE("Os.RoundRobin.OneProcessorEqualJobs") {
  // n jobs of work w, quantum q (w a multiple of q), all at t = 0: served 0, 1, ..., n-1, 0, ...;
  // job i ends in the last round at n*w - (n-1-i)*q.
  const int n = 3;
  const double w = 4, q = 1;
  std::vector<OsJob> jobs(n, job(0, w, 1));
  OsParams prm;
  prm.quantum = q;
  const auto r = os_run_checked("central_queue", 1, jobs, {}, prm);
  for (int i = 0; i < n; ++i)
    CHECK(r.finish[static_cast<std::size_t>(i)] == doctest::Approx(n * w - (n - 1 - i) * q));
  CHECK(r.mean_response_time == doctest::Approx(11.0));
  // With a context switch c before every slice (the jobs alternate), slice k (0-based) ends at
  // (k + 1)(q + c) and job i's last slice is k = n(w/q - 1) + i.
  OsCosts c;
  c.context_switch = 0.5;
  const auto rc = os_run_checked("central_queue", 1, jobs, c, prm);
  for (int i = 0; i < n; ++i)
    CHECK(rc.finish[static_cast<std::size_t>(i)] ==
          doctest::Approx((n * (w / q - 1) + i + 1) * (q + 0.5)));
  CHECK(rc.lost.context_switch == doctest::Approx(12 * 0.5));
}

TEST_CASE("Os.Leutenegger.QuantumInverseToThreads") {
  // One processor, a 1-thread and a 4-thread job of equal work: with quantum / threads each job
  // gets the same processor time per round, so they progress alike; with a fixed quantum the
  // 4-thread job gets 4 slices per round and finishes first.
  const std::vector<OsJob> jobs = {job(0, 8, 1), job(0, 8, 4)};
  OsParams fixed;
  fixed.quantum = 0.5;
  OsParams inv = fixed;
  inv.quantum_inverse_threads = true;
  const auto a = os_run_checked("central_queue", 1, jobs, {}, fixed);
  const auto b = os_run_checked("central_queue", 1, jobs, {}, inv);
  CHECK(a.finish[1] < a.finish[0]);
  CHECK(std::fabs(b.finish[1] - b.finish[0]) <= 0.5 + 1e-9);
  CHECK(b.finish[0] == doctest::Approx(16).epsilon(0.05));
}

TEST_CASE("Os.Coscheduling.NoBarrierSpin") {
  // Three 3-thread jobs with barriers on 4 processors: gang scheduling runs siblings together, so
  // no thread ever waits at a barrier; a central queue (9 threads on 4 processors) breaks the gangs
  // up and threads spin.
  const std::vector<OsJob> jobs = {job(0, 20, 3, {}, 1), job(0, 20, 3, {}, 1),
                                   job(0, 20, 3, {}, 1)};
  OsParams prm;
  prm.quantum = 0.7;
  const auto co = os_run_checked("coscheduling", 4, jobs, {}, prm);
  const auto cq = os_run_checked("central_queue", 4, jobs, {}, prm);
  CHECK(co.lost.barrier_spin == 0.0);
  CHECK(cq.lost.barrier_spin > 0.0);
  // One job per row (3 + 3 > 4), each row keeps 3 processors busy: 60 / 3.
  CHECK(co.makespan == doctest::Approx(20.0));
}

TEST_CASE("Os.Coscheduling.Fragmentation") {
  // The survey's example: 10 processors, a 10-process and a 5-process application. Rows alternate,
  // so while the 5-process row runs, 5 processors are idle: 5 / 10 of half the time until the
  // 5-process job ends.
  const std::vector<OsJob> jobs = {job(0, 100, 10), job(0, 10, 5)};
  OsParams prm;
  prm.quantum = 1;
  const auto r = os_run_checked("coscheduling", 10, jobs, {}, prm);
  // Job 1 needs 2 time units of its row, so it ends at 4 (slots [1,2) and [3,4)); job 0 ran in
  // [0,1) and [2,3) and then alone: it ends at 4 + (100 - 20) / 10 = 12. Idle: 5 processors for 2.
  CHECK(r.finish[1] == doctest::Approx(4));
  CHECK(r.finish[0] == doctest::Approx(12));
  CHECK(r.fragmentation == doctest::Approx(10.0 / 120.0));
  // Alternate scheduling: job 0's processes 5..9 also run in job 1's slots, so they are done at
  // 4 + (10 - 4) = 10 while processes 0..4 still end at 12 (its work is split per process, so the
  // idle time only moves to the end).
  OsParams fill = prm;
  fill.fill_idle = true;
  const auto f = os_run_checked("coscheduling", 10, jobs, {}, fill);
  double end5 = 0, end0 = 0;
  for (const auto& x : f.intervals) {
    if (x.processor == 5) end5 = std::max(end5, x.end);
    if (x.processor == 0) end0 = std::max(end0, x.end);
  }
  CHECK(end5 == doctest::Approx(10));
  CHECK(end0 == doctest::Approx(12));
}

TEST_CASE("Os.StaticPartition.FreedProcessorsWaitForArrivals") {
  // Two 4-thread linear jobs on 4 processors: equal shares 2 + 2; the short one leaves at 5 and
  // its processors stay idle, the long one ends at 40 / 2 = 20. Process control gives it all 4
  // after the departure: 5 + (40 - 10) / 4 = 12.5.
  const std::vector<OsJob> jobs = {job(0, 40, 4), job(0, 10, 4)};
  const auto s = os_run_checked("static_partition", 4, jobs);
  CHECK(s.finish[1] == doctest::Approx(5));
  CHECK(s.finish[0] == doctest::Approx(20));
  const auto pc = os_run_checked("process_control", 4, jobs);
  CHECK(pc.finish[0] == doctest::Approx(12.5));
}

TEST_CASE("Os.AllocationRules") {
  // 6 processors, two 6-thread jobs of work 1 and 16 arriving together: sqrt(work) weights 1 : 4.
  // With one processor each guaranteed, the other 4 split 0.8 : 3.2, and largest remainder rounds
  // the shares 1.8 and 4.2 to 2 and 4.
  const std::vector<OsJob> jobs = {job(0, 1, 6), job(0, 16, 6)};
  OsParams prm;
  prm.allocation = OsAllocation::SqrtWork;
  const auto r = os_run_checked("static_partition", 6, jobs, {}, prm);
  CHECK(r.finish[0] == doctest::Approx(0.5));
  CHECK(r.finish[1] == doctest::Approx(4.0));
  prm.allocation = OsAllocation::Equal;
  const auto e = os_run_checked("static_partition", 6, jobs, {}, prm);
  CHECK(e.finish[1] == doctest::Approx(16.0 / 3));
}

TEST_CASE("Os.AllocationRules.AverageParallelismExact") {
  // Houstis et al. 1996, Section 4.4: Eager et al. "give each application a number of processors
  // equal to its average parallelism". 16 processors; jobs of work 12 with 8 threads and Downey
  // speedup (sigma 0: S(n) = min(n, A)), A = 2 and 3, arrive at 0; a linear 4-thread job of work 4
  // arrives at 1. Exact rule: the first two get 2 and 3 processors (finish 12/2 = 6, 12/3 = 4),
  // 11 stay free, and the third (A = S(4) = 4) gets 4 at once: 1 + 4/4 = 2. The proportional
  // rule water-fills all 16 between the first two (weights 2 : 3, capped at 8 threads: 8 + 8), so
  // the third must wait for a departure.
  OsSpeedup a2{OsSpeedupModel::Downey, 0, 2, 0}, a3{OsSpeedupModel::Downey, 0, 3, 0};
  const std::vector<OsJob> jobs = {job(0, 12, 8, a2), job(0, 12, 8, a3), job(1, 4, 4)};
  OsParams prm;
  prm.allocation = OsAllocation::AverageParallelismExact;
  const auto x = os_run_checked("static_partition", 16, jobs, {}, prm);
  CHECK(x.finish[0] == doctest::Approx(6));
  CHECK(x.finish[1] == doctest::Approx(4));
  CHECK(x.finish[2] == doctest::Approx(2));
  prm.allocation = OsAllocation::AverageParallelism;
  const auto w = os_run_checked("static_partition", 16, jobs, {}, prm);
  CHECK(w.finish[0] == doctest::Approx(6));
  CHECK(w.finish[2] > 4);
  CHECK(os_allocation_names()[static_cast<std::size_t>(OsAllocation::AverageParallelismExact)] ==
        "average_parallelism_exact");
}

TEST_CASE("Os.Affinity.FewerCacheReloadsThanCentralQueue") {
  std::vector<OsJob> jobs;
  for (int i = 0; i < 6; ++i) jobs.push_back(job(0, 10, 1));
  OsCosts c;
  c.cache_reload = 0.2;
  const auto cq = os_run_checked("central_queue", 4, jobs, c);
  const auto aq = os_run_checked("affinity_queues", 4, jobs, c);
  CHECK(aq.lost.cache_reload < cq.lost.cache_reload);
}

TEST_CASE("Os.MigrationVersusCheckpointRestart") {
  // A long 4-thread job alone takes all 4 processors; a second job arrives and takes 2 of them:
  // 2 threads move. Migration pays 2 x migration; restart pays 2 x restart plus the work since the
  // last checkpoint.
  const std::vector<OsJob> jobs = {job(0, 80, 4), job(7, 8, 2)};
  OsCosts c;
  c.migration = 0.5;
  c.restart = 0.5;
  c.checkpoint = 0.1;
  OsParams prm;
  prm.quantum = 1;
  prm.checkpoint_interval = 5;
  const auto m = os_run_checked("migration", 4, jobs, c, prm);
  const auto k = os_run_checked("checkpoint_restart", 4, jobs, c, prm);
  CHECK(m.lost.migration ==
        doctest::Approx(2 * 0.5 + 2 * 0.5));  // away at 7, back at the departure
  CHECK(m.lost.rollback == 0.0);
  CHECK(k.lost.restart > 0.0);
  CHECK(k.lost.checkpoint > 0.0);
  // At 7 each moved thread loses what it did since the checkpoint at 5 (paid until 5.1): 1.9
  // each; the move back at the departure loses more.
  CHECK(k.lost.rollback >= 2 * 1.9 - 1e-9);
  CHECK(k.lost.restart >= 2 * 0.5 - 1e-9);
  CHECK(k.makespan > m.makespan);
}

TEST_CASE("Os.AllPoliciesVerifiedOnAMix") {
  OsCosts c;
  c.context_switch = 0.01;
  c.cache_reload = 0.05;
  c.migration = 0.2;
  c.checkpoint = 0.05;
  c.restart = 0.3;
  OsParams prm;
  prm.quantum = 0.5;
  prm.checkpoint_interval = 3;
  for (const auto& a : os_algorithm_table()) {
    const std::string name = a.name;
    CAPTURE(name);
    for (int p : {1, 3, 8}) {
      CAPTURE(p);
      auto jobs = mix();
      for (auto& j : jobs) j.threads = std::min(j.threads, p);
      const auto r = os_run_checked(a.name, p, jobs, c, prm);
      // Rolled-back work is lost time, not busy time.
      CHECK(r.busy + r.idle + r.lost.total() == doctest::Approx(p * r.makespan));
    }
  }
}

TEST_CASE("Os.DeterministicBySeed") {
  OsGenerator g;
  g.rate = 0.5;
  g.count = 60;
  g.work.profile = "exponential";
  g.work.value = 8;
  g.threads.profile = "uniform";
  g.threads.low = 1;
  g.threads.high = 8;
  g.speedup = {OsSpeedupModel::Amdahl, 0.1, 1, 0};
  g.barrier_every = 2;
  const auto jobs = generate_os_jobs(g, 8, 7);
  const auto again = generate_os_jobs(g, 8, 7);
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    CHECK(jobs[i].arrival == again[i].arrival);
    CHECK(jobs[i].threads == again[i].threads);
  }
  CHECK(generate_os_jobs(g, 8, 8)[5].work != jobs[5].work);
  OsCosts c;
  c.cache_reload = 0.05;
  for (const auto& a : os_algorithm_table()) {
    const auto r1 = os_run_checked(a.name, 8, jobs, c);
    const auto r2 = simulate_os(a.name, 8, jobs, c, {});
    CHECK(r1.events == r2.events);
    CHECK(r1.mean_response_time == r2.mean_response_time);
    // Printed so a WebAssembly run of core_tests can be compared with the native one.
    char line[200];
    std::snprintf(line, sizeof line, "fingerprint %s: events %lld mean_response %.17g", a.name,
                  static_cast<long long>(r1.events), r1.mean_response_time);
    MESSAGE(line);
  }
}

TEST_CASE("Os.EventLimitStopsTheRun") {
  OsSimOptions opt;
  opt.max_events = 100;
  OsParams prm;
  prm.quantum = 0.001;
  CHECK_THROWS_AS(simulate_os("central_queue", 1, {job(0, 10, 1), job(0, 10, 1)}, {}, prm, opt),
                  OsLimitError);
}
