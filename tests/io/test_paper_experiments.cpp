// The playground's experiments panel runs experiments::run_paper_experiments: its quick set must
// give the claims `loadlab reproduce <paper> --quick` prints (the CLI test counts 11 FLB and 7 loop
// claims in the CSV files), each with a verdict and the figures plotted, stop when cancelled and
// name the field of a bad request.
#include <doctest/doctest.h>

#include <atomic>
#include <cmath>
#include <stdexcept>
#include <string>

#include "experiments/flb_experiments.h"
#include "experiments/loop_claims.h"
#include "experiments/paper_experiments.h"

using namespace loadlab::experiments;

TEST_CASE("paper experiments: the FLB quick set has the CLI's claims, a verdict each, and plots") {
  PaperRunOptions o;
  o.paper = "flb";
  double last = 0;
  int calls = 0;
  o.progress = [&](double p) {
    CHECK(p >= last);
    last = p;
    ++calls;
  };
  const PaperRun run = run_paper_experiments(o);
  REQUIRE_FALSE(run.cancelled);
  // Fig 3's classes + the ten claims of Section 6.2, as `reproduce flb --quick` prints.
  REQUIRE(run.claims.size() == 11);
  CHECK(last == doctest::Approx(1.0));
  CHECK(calls >= 8);  // one per (problem, CCR) run
  for (const auto& c : run.claims) {
    CHECK_FALSE(c.id.empty());
    CHECK(c.source.year == 1999);
    const std::string line = claim_verdict_line(c);
    CHECK(
        (line.find(": HOLDS") != std::string::npos || line.find(": DIFFERS") != std::string::npos));
  }
  // Fig 2, then per CCR Fig 3 and Fig 4 for the four problems.
  REQUIRE(run.plots.size() == 11);
  int with_claims = 0;
  for (const auto& p : run.plots) {
    REQUIRE_FALSE(p.plot.series.empty());
    for (const auto& s : p.plot.series) {
      CHECK(s.x.size() == 2);  // P = 2 and 8
      CHECK(s.y.size() == s.x.size());
      for (double y : s.y) CHECK(std::isfinite(y));
    }
    with_claims += !p.claim_ids.empty();
  }
  CHECK(with_claims == 10);  // every Fig 3 and Fig 4 names the claims it checks

  // The CLI may split the runs across processes: the same records computed out of order give the
  // same verdicts.
  const FlbSweep sweep = flb_sweep(true);
  std::vector<std::vector<double>> records(flb_run_count(sweep));
  for (std::size_t u = records.size(); u-- > 0;) records[u] = flb_run_record(sweep, u, 1);
  const FlbResults again = flb_aggregate(sweep, records);
  REQUIRE(again.claims.size() == run.claims.size());
  for (std::size_t i = 0; i < run.claims.size(); ++i) {
    CHECK(again.claims[i].id == run.claims[i].id);
    CHECK(again.claims[i].verdict == run.claims[i].verdict);
  }
  CHECK(again.verified == again.runs);
  CHECK(again.runs == 4 * 2 * 2 * 5);  // problems x CCRs x P x algorithms
}

TEST_CASE("paper experiments: the loops quick set equals reproduce loops --quick (20 loops)") {
  PaperRunOptions o;
  o.paper = "loops";
  const PaperRun run = run_paper_experiments(o);
  LoopClaimOptions lo;
  lo.cases = 20;  // reproduce loops --quick
  const auto direct = judge_loop_claims(lo);
  REQUIRE(run.claims.size() == 7);
  REQUIRE(direct.size() == run.claims.size());
  for (std::size_t i = 0; i < direct.size(); ++i) {
    CHECK(run.claims[i].id == direct[i].id);
    CHECK(run.claims[i].verdict == direct[i].verdict);
    CHECK(run.claims[i].measured == direct[i].measured);
  }
  // One bar chart per claim with a measured number; each names its claim.
  CHECK_FALSE(run.plots.empty());
  for (const auto& p : run.plots) {
    CHECK_FALSE(p.categories.empty());
    REQUIRE(p.claim_ids.size() == 1);
    REQUIRE(p.plot.series.size() == 1);
    CHECK(p.plot.series[0].y.size() == p.categories.size());
  }
}

TEST_CASE("paper experiments: cancel, unknown papers and the list") {
  std::atomic<bool> stop{true};
  PaperRunOptions o;
  o.paper = "flb";
  o.cancel = &stop;
  const PaperRun run = run_paper_experiments(o);
  CHECK(run.cancelled);
  CHECK(run.claims.empty());
  CHECK(run.plots.empty());

  o.paper = "nope";
  o.cancel = nullptr;
  CHECK_THROWS_WITH_AS(run_paper_experiments(o), doctest::Contains("paper"), std::invalid_argument);
  CHECK(paper_experiment_list().size() == 4);
  for (const auto& p : paper_experiment_list()) {
    CHECK(find_paper_experiment(p.id) == &p);
    CHECK(std::string(p.citation).find('(') != std::string::npos);  // the year
  }
}
