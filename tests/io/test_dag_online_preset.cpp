// The dag_online_example preset: offline HEFT against online HEFT and MCT on a graph where
// knowing the future is worth 3 time units, and each online result's "online" record.
#include <doctest/doctest.h>

#include <string>

#include "io/presets.h"
#include "io/scenario.h"

using namespace loadlab::io;

TEST_CASE("DagOnlinePreset.OfflineTwelveOnlineFifteen") {
  // a(1) -> b(3), c(3), e(1); e -> d(10); no data; P = 2.
  // Offline HEFT, ranks a 12, e 11, d 10, b 3, c 3: a P0 [0,1], e P0 [1,2], d P0 [2,12],
  // b P1 [1,4], c P1 [4,7]: makespan 12.
  // Online HEFT: b, c, e are revealed at 1 and the heavier go first: b P0 [1,4], c P1 [1,4],
  // e P0 [4,5]; d is revealed at 5: P0 [5,15]: 15. Online MCT takes b, c, e in id order with
  // the same placements: 15.
  const Json out = run_scenario(find_preset("dag_online_example").scenario, RunContext{});
  const Json& res = out["results"];
  REQUIRE(res.size() == 3);
  // Online HEFT first: the playground opens on the first result.
  CHECK(res[0]["algorithm"] == "online_heft");
  CHECK(res[1]["algorithm"] == "heft");
  CHECK(res[1]["makespan"].get<double>() == doctest::Approx(12));
  CHECK_FALSE(res[1].contains("online"));
  for (int i : {0, 2}) {
    CAPTURE(res[i]["algorithm"]);
    CHECK(res[i]["verified"] == true);
    CHECK(res[i]["makespan"].get<double>() == doctest::Approx(15));
    const Json& arr = res[i]["online"]["arrivals"];
    REQUIRE(arr.size() == 5);
    // Decisions in time: a at 0; b, c, e at 1; d at 5 (e's finish).
    const char* order[] = {"a", "b", "c", "e", "d"};
    const double at[] = {0, 1, 1, 1, 5};
    for (int k = 0; k < 5; ++k) {
      CHECK(arr[k]["task"] == order[k]);
      CHECK(arr[k]["released"].get<double>() == doctest::Approx(at[k]));
    }
  }
}
