// The survey's OS mechanisms (Houstis et al. 1996, Sections 4.2, 4.4, 4.5.2): spin locks and the
// remedies for a preempted holder, Sevcik's and Eager et al.'s allocation rules, and the memory
// transfer of a migration. Expected values are worked out by hand or follow from each remedy's
// definition; every run also passes the independent checker.
#include <doctest/doctest.h>

#include <numeric>
#include <string>

#include "core/os/engine.h"
#include "core/os/model.h"
#include "core/os/policies.h"
#include "core/os/registry.h"
#include "core/verify/os_verify.h"
#include "os_test_helpers.h"

using namespace loadlab::core;
using loadlab::test::os_run_checked;

namespace {

OsJob os_mech_job(double work, int threads, double lock_every, double lock_length) {
  OsJob j;
  j.work = work;
  j.threads = threads;
  j.lock_every = lock_every;
  j.lock_length = lock_length;
  return j;
}

// A seeded Poisson stream on 16 processors: work exp(50), threads U[2,16], at an offered load.
std::vector<OsJob> os_mech_stream(double load, std::uint64_t seed, double lock_every = 0,
                                  double lock_length = 0) {
  OsGenerator g;
  g.count = 60;
  g.rate = load * 16 / 50;
  g.work.profile = "exponential";
  g.work.value = 50;
  g.threads.profile = "uniform";
  g.threads.low = 2;
  g.threads.high = 16;
  g.lock_every = lock_every;
  g.lock_length = lock_length;
  return generate_os_jobs(g, 16, seed);
}

// Where locks matter: a section of 0.1 after every 0.5 of work, at load 0.8.
std::vector<OsJob> os_mech_locked_stream() {
  return os_mech_stream(0.8, 5, 0.5, 0.1);
}

std::vector<std::int32_t> os_mech_allocate(OsAllocation rule, int P, const OsJob& j, int n) {
  const std::vector<OsJob> jobs(static_cast<std::size_t>(n), j);
  os_detail::Engine e(P, jobs, {}, {});
  std::vector<std::int32_t> ids(static_cast<std::size_t>(n));
  std::iota(ids.begin(), ids.end(), 0);
  return os_detail::allocate(e, ids, rule, P);
}

}  // namespace

TEST_CASE("Os.Locks.LoneThreadNeverWaits") {
  // Sections start after 1.5, 3.5, 5.5, 7.5 and 9.5 of its 10 units of work (the last one ends
  // the job): five sections, nobody to wait for.
  const auto r = os_run_checked("static_partition", 1, {os_mech_job(10, 1, 1.5, 0.5)});
  CHECK(r.makespan == doctest::Approx(10));
  CHECK(r.lost.lock_spin == 0.0);
  CHECK(r.locks.acquired == 5);
}

TEST_CASE("Os.Locks.TwoThreadsCollideOnceThenAlternate") {
  // Two threads of 20 work each, a section of 1 after every 3. Both want the lock at t = 3:
  // thread 0 gets it, thread 1 spins until 4 and from then on lags by exactly one unit, so its
  // sections (5-6 after 8-9, ...) never meet thread 0's again. Thread 0 ends at 20, thread 1 at
  // 21; one unit of spinning in all; ten sections.
  const auto r = os_run_checked("static_partition", 2, {os_mech_job(40, 2, 3, 1)});
  CHECK(r.makespan == doctest::Approx(21));
  CHECK(r.lost.lock_spin == doctest::Approx(1));
  CHECK(r.locks.acquired == 10);
}

TEST_CASE("Os.Locks.SerialisedSectionsBoundTheMakespan") {
  // Four threads whose work is nothing but sections of 1: the lock serialises all 40 units, and
  // a release hands the lock to the next spinning sibling in slot order, so the sections go round
  // robin and thread i ends at 37 + i. Each spins its elapsed time less its 10 units of work:
  // 27 + 28 + 29 + 30 = 114.
  const auto r = os_run_checked("static_partition", 4, {os_mech_job(40, 4, 1e-9, 1)});
  CHECK(r.makespan == doctest::Approx(40).epsilon(1e-6));
  CHECK(r.lost.lock_spin == doctest::Approx(114).epsilon(1e-6));
  CHECK(r.locks.acquired == 40);
}

TEST_CASE("Os.Locks.RemediesForAPreemptedHolder") {
  const auto jobs = os_mech_locked_stream();
  OsCosts costs;
  costs.context_switch = 0.01;
  OsParams prm;
  prm.quantum = 1;
  const auto none = os_run_checked("central_queue", 16, jobs, costs, prm);
  CHECK(none.locks.holder_preempted > 0);
  CHECK(none.lost.lock_spin > 0);

  // A warned thread only enters a section it can finish in its slice, and a section (0.1) fits a
  // slice (1): no holder is ever descheduled.
  prm.lock_remedy = OsLockRemedy::TwoMinuteWarning;
  const auto warn = os_run_checked("central_queue", 16, jobs, costs, prm);
  CHECK(warn.locks.warnings_heeded > 0);
  CHECK(warn.locks.holder_preempted == 0);

  // The bit extends a holder's slice to the end of its section: never descheduled either.
  prm.lock_remedy = OsLockRemedy::DoNotPreempt;
  const auto dnp = os_run_checked("central_queue", 16, jobs, costs, prm);
  CHECK(dnp.locks.preemptions_deferred > 0);
  CHECK(dnp.locks.holder_preempted == 0);

  // Activations don't prevent the preemption; a waiting sibling finishes the section instead.
  prm.lock_remedy = OsLockRemedy::SchedulerActivations;
  const auto act = os_run_checked("central_queue", 16, jobs, costs, prm);
  CHECK(act.locks.finished_by_sibling > 0);

  for (const auto* r : {&warn, &dnp, &act}) {
    CHECK(r->lost.lock_spin < none.lost.lock_spin);
    CHECK(r->mean_response_time < none.mean_response_time);
  }
}

TEST_CASE("Os.Locks.EveryPolicyRunsLockedJobs") {
  const auto jobs = os_mech_locked_stream();
  for (const auto& a : os_algorithm_table()) {
    INFO(a.name);
    const auto r = os_run_checked(a.name, 16, jobs);
    CHECK(r.locks.acquired > 0);
  }
}

TEST_CASE("Os.Allocation.EfficiencyKneeAndSevcikSizes") {
  // Amdahl f: S(n)^2 / n = n / (f n + 1 - f)^2 peaks at n = (1 - f) / f, 9 for f = 0.1; its
  // efficiency 1 / (f n + 1 - f) is >= 0.9 up to n = 2.1.
  OsJob am;
  am.threads = 32;
  am.speedup = {OsSpeedupModel::Amdahl, 0.1, 1, 0};
  CHECK(os_detail::os_efficiency_knee(am) == 9);
  CHECK(os_detail::os_efficient_size(am) == 2);
  // Linear: S^2 / n = n grows, efficiency is 1: both are all its threads.
  OsJob lin;
  lin.threads = 12;
  CHECK(os_detail::os_efficiency_knee(lin) == 12);
  CHECK(os_detail::os_efficient_size(lin) == 12);
  // Downey sigma = 0: S = min(n, A); S^2 / n = n up to A, A^2 / n after; 8 / 9 < 0.9.
  OsJob dw;
  dw.threads = 32;
  dw.speedup = {OsSpeedupModel::Downey, 0, 8, 0};
  CHECK(os_detail::os_efficiency_knee(dw) == 8);
  CHECK(os_detail::os_efficient_size(dw) == 8);
}

TEST_CASE("Os.Allocation.SevcikFollowsTheLoad") {
  OsJob am;
  am.work = 100;
  am.threads = 32;
  am.speedup = {OsSpeedupModel::Amdahl, 0.1, 1, 0};
  CHECK(os_mech_allocate(OsAllocation::Sevcik, 32, am, 1) == std::vector<std::int32_t>{32});
  CHECK(os_mech_allocate(OsAllocation::Sevcik, 32, am, 16) == std::vector<std::int32_t>(16, 2));
  // Three jobs: 2 each first, the other 26 shared equally (8 2/3 each), remainders in list order.
  CHECK(os_mech_allocate(OsAllocation::Sevcik, 32, am, 3) == std::vector<std::int32_t>{11, 11, 10});
  // Eager et al.: a lone job gets its knee, not the machine.
  CHECK(os_mech_allocate(OsAllocation::EfficiencyKnee, 32, am, 1) == std::vector<std::int32_t>{9});
}

TEST_CASE("Os.Migration.EachTransferStopsForItsShare") {
  OsCosts c;
  c.migration = 2;
  OsParams p;
  CHECK(os_detail::migration_stall(p, c) == 2);
  p.transfer = OsMigrationTransfer::Precopy;
  p.dirty_fraction = 0.1;
  CHECK(os_detail::migration_stall(p, c) == doctest::Approx(0.2));
  p.transfer = OsMigrationTransfer::CopyOnReference;
  p.touched_fraction = 0.3;
  CHECK(os_detail::migration_stall(p, c) == doctest::Approx(0.6));

  const auto jobs = os_mech_stream(0.7, 9);
  OsParams full;
  const auto f = os_run_checked("migration", 16, jobs, c, full);
  const auto pre = os_run_checked("migration", 16, jobs, c, p);
  CHECK(f.lost.migration > 0);
  CHECK(pre.lost.migration < f.lost.migration);
}

TEST_CASE("Os.Pools.PlacementDecidesLocality") {
  // 8 processors in pools of 4; linear jobs, one thread per processor at rate 1; remote access
  // makes a spread job 1.5 times slower. A and B have 3 threads and 30 work (10 per thread), C has
  // 2 threads and 20 work; all arrive at 0, in that order.
  OsJob a;
  a.work = 30;
  a.threads = 3;
  OsJob c2;
  c2.work = 20;
  c2.threads = 2;
  const std::vector<OsJob> jobs = {a, a, c2};
  OsCosts costs;
  costs.remote = 0.5;
  OsParams prm;
  prm.pool_size = 4;

  // Pools: A and B each fill most of a pool (best fit) and finish at 10; C finds one free
  // processor per pool, spans both and runs 1.5 x 10 = 15; a third of that is remote access.
  prm.placement = OsPlacement::Pools;
  const auto pools = os_run_checked("pool_allocation", 8, jobs, costs, prm);
  CHECK(pools.finish == std::vector<double>{10, 10, 15});
  CHECK(pools.lost.remote_access == doctest::Approx(2 * 5));

  // Subcubes: A and B take the aligned blocks [0, 4) and [4, 8); C needs an aligned pair and
  // waits for A's block: it starts at 10 and ends at 20, never remote.
  prm.placement = OsPlacement::Subcube;
  const auto cubes = os_run_checked("pool_allocation", 8, jobs, costs, prm);
  CHECK(cubes.finish == std::vector<double>{10, 10, 20});
  CHECK(cubes.lost.remote_access == 0.0);

  // Scattered: A takes 0-2, B takes 3-5 (both pools: 15, a third remote for 3 threads), C takes
  // 6-7 (one pool: 10).
  prm.placement = OsPlacement::Scattered;
  const auto spread = os_run_checked("pool_allocation", 8, jobs, costs, prm);
  CHECK(spread.finish == std::vector<double>{10, 15, 10});
  CHECK(spread.lost.remote_access == doctest::Approx(3 * 5));
}
