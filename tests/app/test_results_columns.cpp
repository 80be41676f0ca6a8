// The results table's column memory (widgets/model_results_columns.h): columns and widths stay put
// from run to run of a kind.
#include <doctest/doctest.h>

#include "app/widgets/model_results_columns.h"

using loadlab::app::ResultsColumnMemory;
using Cols = std::vector<std::string>;

TEST_CASE("ResultsColumns.OrderIsKeptAcrossRuns") {
  ResultsColumnMemory m;
  CHECK(m.columns("balance", {"steps", "metrics.max_load"}) == Cols{"steps", "metrics.max_load"});
  // A run whose first result lacks "steps" (a failed row, another algorithm first) keeps the
  // order; a new key comes last; a run without a key keeps its column.
  CHECK(m.columns("balance", {"metrics.max_load", "steps", "metrics.cov"}) ==
        Cols{"steps", "metrics.max_load", "metrics.cov"});
  CHECK(m.columns("balance", {"metrics.cov"}) == Cols{"steps", "metrics.max_load", "metrics.cov"});
  // Another kind has its own.
  CHECK(m.columns("dag", {"makespan"}) == Cols{"makespan"});
  m.reset("balance");
  CHECK(m.columns("balance", {"metrics.cov"}) == Cols{"metrics.cov"});
}

TEST_CASE("ResultsColumns.WidthsNeverShrink") {
  ResultsColumnMemory m;
  CHECK(m.width("dag", "makespan", 4.0f) == 4.0f);
  CHECK(m.width("dag", "makespan", 6.5f) == 6.5f);
  CHECK(m.width("dag", "makespan", 3.0f) == 6.5f);  // a narrower run keeps the width
  CHECK(m.width("balance", "makespan", 3.0f) == 3.0f);
}
