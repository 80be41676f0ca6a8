// Paper 004 invariants on random parameters (../shared/seeds/004_11d6ddba309eeb28.txt): every
// solver's schedule passes the independent verifier, IBS takes at most d+1 iterations (Lemma 3),
// fills one layer per iteration but the last (Lemma 2), and the verifier rejects broken schedules.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "core/dlt/algorithm_a.h"
#include "core/dlt/algorithm_a_prime.h"
#include "core/dlt/closed_form.h"
#include "core/dlt/ibs.h"
#include "core/util/rng.h"
#include "core/verify/dlt_verify.h"

using namespace loadlab::core;
using loadlab::util::Rng;

namespace {

struct RandomCase {
  DltParams p;
  double buffer;
  double granularity;
};

// d <= 12; E, C spread over two decades; B from too small to never binding; δ around the mean
// share.
RandomCase random_case(Rng& rng) {
  RandomCase c;
  c.p.dim = static_cast<int>(rng.uniform_int(1, 12));
  c.p.E = std::exp(rng.uniform_real(std::log(0.1), std::log(10.0)));
  c.p.C = std::exp(rng.uniform_real(std::log(0.1), std::log(10.0)));
  c.p.load = rng.uniform_real(1.0, 10000.0);
  const double mean = c.p.load / std::ldexp(1.0, c.p.dim);
  c.buffer = mean * std::exp(rng.uniform_real(std::log(0.8), std::log(200.0)));
  c.granularity = mean * std::exp(rng.uniform_real(std::log(0.01), std::log(3.0)));
  return c;
}

std::string first_problem(const DltVerification& v) {
  return v.problems.empty() ? std::string() : v.problems.front();
}

}  // namespace

TEST_CASE("Dlt.Random.AllSolversVerify") {
  Rng rng(20240607);
  int ibs_ok = 0, ap_ok = 0, a_ok = 0, infeasible = 0;
  for (int n = 0; n < 1500; ++n) {
    const RandomCase c = random_case(rng);
    CAPTURE(n);
    CAPTURE(c.p.dim);
    CAPTURE(c.p.E);
    CAPTURE(c.p.C);
    CAPTURE(c.p.load);
    CAPTURE(c.buffer);
    CAPTURE(c.granularity);
    const DltResult cf = dlt_closed_form(c.p);
    const DltVerification vcf = verify_dlt_result(c.p, cf, {});
    REQUIRE_MESSAGE(vcf.ok, first_problem(vcf));

    DltConstraints g;
    g.granularity = c.granularity;
    const DltResult a = dlt_algorithm_a(c.p, c.granularity);
    const DltVerification va = verify_dlt_result(c.p, a, g);
    REQUIRE_MESSAGE(va.ok, first_problem(va));
    a_ok += a.feasible();

    DltConstraints b;
    b.buffer = c.buffer;
    const DltResult ibs = dlt_ibs(c.p, c.buffer);
    const DltVerification vi = verify_dlt_result(c.p, ibs, b);
    REQUIRE_MESSAGE(vi.ok, first_problem(vi));
    if (ibs.status == DltStatus::ok) {
      ++ibs_ok;
      // Lemma 3: at most d+1 iterations; Lemma 2: every iteration but the last fills layer q.
      CHECK(ibs.iterations.size() <= static_cast<std::size_t>(c.p.dim + 1));
      for (std::size_t k = 0; k + 1 < ibs.iterations.size(); ++k) {
        const auto& it = ibs.iterations[k];
        CHECK(it.buffers_left[static_cast<std::size_t>(it.q)] == 0.0);
        CHECK(it.remaining > 0);
      }
      // The iterations' loads add up to L, and no buffer ever goes negative.
      double total = 0;
      for (const auto& it : ibs.iterations) {
        total += it.X;
        for (double left : it.buffers_left) CHECK(left >= -1e-9 * c.buffer);
      }
      CHECK(total == doctest::Approx(c.p.load).epsilon(1e-9));
      // Buffers can only cost time: IBS is never faster than the unconstrained optimum.
      CHECK(ibs.schedule.finish_time >= cf.schedule.finish_time * (1 - 1e-9));
    } else {
      ++infeasible;
    }

    DltConstraints bg = b;
    bg.granularity = c.granularity;
    const DltResult ap = dlt_algorithm_a_prime(c.p, c.buffer, c.granularity);
    const DltVerification vap = verify_dlt_result(c.p, ap, bg);
    REQUIRE_MESSAGE(vap.ok, first_problem(vap));
    ap_ok += ap.feasible();
    if (ap.feasible()) CHECK(ap.iterations.size() <= static_cast<std::size_t>(c.p.dim + 1));
  }
  // The generator must exercise both outcomes, or the loop above proves little.
  CHECK(ibs_ok > 500);
  CHECK(infeasible > 10);
  CHECK(a_ok > 100);
  CHECK(ap_ok > 100);
  CHECK(a_ok < 1500);
}

TEST_CASE("Dlt.Random.IbsMatchesClosedFormWhenBuffersDoNotBind") {
  Rng rng(7);
  for (int n = 0; n < 200; ++n) {
    RandomCase c = random_case(rng);
    const DltResult cf = dlt_closed_form(c.p);
    // Bigger than the root's optimal share, so no buffer is ever the limit.
    const double buffer = cf.schedule.load_per_processor[0] * 1.01;
    const DltResult ibs = dlt_ibs(c.p, buffer);
    REQUIRE(ibs.status == DltStatus::ok);
    CHECK(ibs.iterations.size() == 1);
    CHECK(ibs.schedule.finish_time == doctest::Approx(cf.schedule.finish_time).epsilon(1e-12));
  }
}

TEST_CASE("Dlt.Verify.RejectsBrokenSchedules") {
  const DltParams p{6, 2.0, 1.5, 500.0};
  const DltResult r = dlt_ibs(p, 12.0);
  REQUIRE(r.status == DltStatus::ok);
  DltConstraints con;
  con.buffer = 12.0;
  REQUIRE(verify_dlt_schedule(p, r.schedule, con).ok);

  SUBCASE("load lost between layers") {
    DltSchedule s = r.schedule;
    s.received[3] *= 1.01;
    CHECK(!verify_dlt_schedule(p, s, con).ok);
  }
  SUBCASE("buffer exceeded") {
    con.buffer = 9.0;
    CHECK(!verify_dlt_schedule(p, r.schedule, con).ok);
  }
  SUBCASE("fraction below granularity") {
    con.granularity = r.schedule.load_per_processor[6] * 1.5;
    CHECK(!verify_dlt_schedule(p, r.schedule, con).ok);
  }
  SUBCASE("unequal finish times") {
    // Moving load from the last layer's processors to layer 5 keeps the sum but breaks (2).
    const DltResult cf = dlt_closed_form(p);
    DltSchedule s = cf.schedule;
    s.alpha[5] += 0.05;
    s.load_per_processor[5] = s.alpha[5] * s.received[5];
    CHECK(!verify_dlt_schedule(p, s, {}).ok);
  }
  SUBCASE("wrong finish time") {
    DltSchedule s = r.schedule;
    s.finish_time *= 0.9;
    CHECK(!verify_dlt_schedule(p, s, con).ok);
  }
  SUBCASE("wrong timing bar") {
    DltSchedule s = r.schedule;
    s.timing[2].forward_end += 1.0;
    CHECK(!verify_dlt_schedule(p, s, con).ok);
  }
  SUBCASE("infeasibility claimed when the load fits") {
    CHECK(!verify_dlt_infeasible(p, DltStatus::not_enough_buffers, con).ok);
  }
}

TEST_CASE("Dlt.Params.Rejected") {
  CHECK_THROWS_AS(dlt_closed_form({0, 1, 1, 1}), std::invalid_argument);
  CHECK_THROWS_AS(dlt_closed_form({DltLimits::max_dim + 1, 1, 1, 1}), std::invalid_argument);
  CHECK_THROWS_AS(dlt_closed_form({4, -1, 1, 1}), std::invalid_argument);
  CHECK_THROWS_AS(dlt_closed_form({4, 1, 0, 1}), std::invalid_argument);
  CHECK_THROWS_AS(dlt_closed_form({4, 1, 1, std::nan("")}), std::invalid_argument);
  CHECK_THROWS_AS(dlt_ibs({4, 1, 1, 1}, 0.0), std::invalid_argument);
  CHECK_THROWS_AS(dlt_algorithm_a({4, 1, 1, 1}, -2.0), std::invalid_argument);
  CHECK_THROWS_AS(dlt_closed_form({4, DltLimits::min_rate / 2, 1, 1}), std::invalid_argument);
}

TEST_CASE("Dlt.Limits.CornersVerify") {
  // Every corner of the documented parameter box: the solvers stay finite and verifiable.
  for (int d : {DltLimits::min_dim, 12, DltLimits::max_dim})
    for (double E : {DltLimits::min_rate, DltLimits::max_rate})
      for (double C : {DltLimits::min_rate, DltLimits::max_rate})
        for (double L : {DltLimits::min_amount, DltLimits::max_amount}) {
          const DltParams p{d, E, C, L};
          CAPTURE(d);
          CAPTURE(E);
          CAPTURE(C);
          CAPTURE(L);
          const DltResult cf = dlt_closed_form(p);
          const DltVerification v = verify_dlt_result(p, cf, {});
          CHECK_MESSAGE(v.ok, first_problem(v));
          // Buffers of twice the mean share: IBS must iterate, and everything must still add up.
          DltConstraints con;
          con.buffer = std::min(DltLimits::max_amount, 2 * L / std::ldexp(1.0, d));
          if (*con.buffer < DltLimits::min_amount) continue;
          const DltResult ibs = dlt_ibs(p, *con.buffer);
          const DltVerification vi = verify_dlt_result(p, ibs, con);
          CHECK_MESSAGE(vi.ok, first_problem(vi));
          CHECK(ibs.iterations.size() <= static_cast<std::size_t>(d + 1));
        }
}
