// experiments::run_wu_experiments: the evaluation of paper 000 (Section 5) as a library. Expected
// values come from the paper (Table I, Examples 1-4 as corrected in ERRATA.md 000) and its text
// (CWA is optimal on 4 nodes; CWA/MWA never beat the optimum), not from our own output.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>

#include "experiments/wu_experiments.h"

using namespace loadlab::experiments;

namespace {

WuOptions only(std::vector<WuExperiment> which, int cases, int fig_cases = 5) {
  WuOptions o;
  o.which = std::move(which);
  o.cases = cases;
  o.fig_cases = fig_cases;
  return o;
}

}  // namespace

TEST_CASE("WuExperiments.WorkedExamplesMatchPaper") {
  const WuResults r = run_wu_experiments(only({WuExperiment::Examples}, 1));
  REQUIRE(r.tables.size() == 1);
  const ExperimentTable& t = r.tables[0];
  CHECK(t.id == "examples");
  REQUIRE(t.rows.size() == 4);
  REQUIRE(t.row_labels.size() == 4);
  // ERRATA.md 000: TWA 16, DEM 33, CWA 21, MWA 48 task-hops; optimum 16, 21, 21, 48.
  const double ours[] = {16, 33, 21, 48}, optimum[] = {16, 21, 21, 48};
  for (std::size_t i = 0; i < 4; ++i) {
    CHECK(t.rows[i][std::size_t(t.column("paper_task_hops"))] == ours[i]);
    CHECK(t.rows[i][std::size_t(t.column("our_task_hops"))] == ours[i]);
    CHECK(t.rows[i][std::size_t(t.column("optimal_task_hops"))] == optimum[i]);
  }
}

TEST_CASE("WuExperiments.TableIWithinNoiseOfPrinted" * doctest::timeout(120)) {
  constexpr int kCases = 200;
  const WuResults r = run_wu_experiments(only({WuExperiment::TableI}, kCases));
  REQUIRE(r.tables.size() == 1);
  const ExperimentTable& t = r.tables[0];
  CHECK(t.id == "table1");
  CHECK(!t.distribution.empty());
  REQUIRE(t.rows.size() == 5 * 6);
  const int n = t.column("nodes"), paper = t.column("paper_percent"),
            ours = t.column("our_percent");
  REQUIRE((n >= 0 && paper >= 0 && ours >= 0));
  CHECK(t.columns[std::size_t(paper)].from_paper);
  for (std::size_t b = 0; b < 6; ++b) {
    // N = 4: four binomial standard deviations of both our 200 cases and the paper's 1000.
    const auto& r4 = t.rows[b];
    REQUIRE(r4[std::size_t(n)] == 4);
    const double p = wu_table1_printed(0, int(b)) / 100.0;
    const double band = 400.0 * std::sqrt(p * (1 - p) * (1.0 / kCases + 1.0 / 1000.0));
    CHECK(r4[std::size_t(paper)] == doctest::Approx(100 * p));
    CHECK(std::fabs(r4[std::size_t(ours)] - 100 * p) <= band);
    // N = 64: the paper found no fully balanced case at all.
    const auto& r64 = t.rows[4 * 6 + b];
    REQUIRE(r64[std::size_t(n)] == 64);
    CHECK(r64[std::size_t(ours)] == 0.0);
  }
}

TEST_CASE("WuExperiments.FiguresAgreeWithPaperText" * doctest::timeout(120)) {
  const WuResults r = run_wu_experiments(
      only({WuExperiment::Fig15, WuExperiment::Fig16, WuExperiment::Fig17}, 50, 5));
  REQUIRE(r.tables.size() == 4);  // figs 15-17 and the k-ary n-cube walk on tori
  const ExperimentTable* f15 = find_table(r, "fig15");
  REQUIRE(f15 != nullptr);
  REQUIRE(f15->rows.size() == 3 * 6);
  for (const auto& row : f15->rows) {
    const double cwa = row[std::size_t(f15->column("cwa_normalized_cost"))];
    const double dem = row[std::size_t(f15->column("dem_normalized_cost"))];
    if (std::isnan(cwa)) continue;
    // "The number of task-hops of CWA on four processors is the minimum" (Section 5, Lemma 5).
    if (row[0] == 4) CHECK(cwa == 0.0);
    CHECK(cwa >= 0.0);
    CHECK(dem >= 0.0);
  }
  for (const char* id : {"fig16", "fig17"}) {
    const ExperimentTable* t = find_table(r, id);
    REQUIRE(t != nullptr);
    CHECK(t->rows.size() == (std::string(id) == "fig16" ? 2u : 6u) * 6u);
    for (const auto& row : t->rows) CHECK(row.back() >= 0.0);  // never better than the optimum
  }
  // The k-ary n-cube walk on the tori among Fig 17's shapes (4x4, 8x4, 8x8, 16x8, 16x16).
  const ExperimentTable* tori = find_table(r, "kwa_tori");
  REQUIRE(tori != nullptr);
  CHECK(tori->rows.size() == 5u * 6u);
  for (const auto& row : tori->rows) CHECK(row.back() >= 0.0);
}

TEST_CASE("WuExperiments.CellsIndependentOfSelection" * doctest::timeout(120)) {
  const WuResults alone = run_wu_experiments(only({WuExperiment::Fig14}, 30));
  const WuResults with_table =
      run_wu_experiments(only({WuExperiment::TableI, WuExperiment::Fig14}, 30));
  const ExperimentTable* a = find_table(alone, "fig14");
  const ExperimentTable* b = find_table(with_table, "fig14");
  REQUIRE((a && b));
  CHECK(find_table(alone, "table1") == nullptr);
  CHECK(experiment_csv(*a) == experiment_csv(*b));
}

TEST_CASE("WuExperiments.CancelFromProgressStopsEarly") {
  std::atomic<bool> cancel{false};
  int calls = 0;
  WuOptions o = only({WuExperiment::TableI, WuExperiment::Fig16}, 1000, 100);
  o.cancel = &cancel;
  o.progress = [&](double) {
    ++calls;
    cancel.store(true);
  };
  const WuResults r = run_wu_experiments(o);
  CHECK(r.cancelled);
  CHECK(calls == 1);
  CHECK(r.tables.empty());

  calls = 0;
  const WuResults before = run_wu_experiments(o);  // already cancelled: no work at all
  CHECK(before.cancelled);
  CHECK(calls == 0);
}

TEST_CASE("WuExperiments.CancelFromAnotherThread" * doctest::timeout(30)) {
  std::atomic<bool> cancel{false};
  std::atomic<double> last{0.0};
  WuOptions o = only({WuExperiment::TableI}, 1'000'000);  // hours of work if not cancelled
  o.cancel = &cancel;
  o.progress = [&](double p) { last.store(p); };
  WuResults r;
  std::thread worker([&] { r = run_wu_experiments(o); });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  cancel.store(true);
  worker.join();
  CHECK(r.cancelled);
  CHECK(last.load() < 0.5);
}

TEST_CASE("WuExperiments.CsvAndBadOptions") {
  ExperimentTable t;
  t.columns = {{"nodes"}, {"value", 3}};
  t.rows = {{4, 0.5}, {8, std::nan("")}};
  CHECK(experiment_csv(t) == "nodes,value\n4,0.500\n8,\n");
  CHECK_THROWS_AS(run_wu_experiments(only({WuExperiment::TableI}, 0)), std::invalid_argument);
  CHECK_THROWS_AS(run_wu_experiments(only({WuExperiment::Fig16}, 10, 0)), std::invalid_argument);
}
