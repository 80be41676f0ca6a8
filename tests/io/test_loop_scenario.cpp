// The "loop" scenario kind: the documented example (docs/scenario-loop.md) runs, results are
// verified, bad fields are named.
#include <doctest/doctest.h>

#include <string>

#include "expect_error.h"
#include "io/scenario.h"

using namespace loadlab::io;

using loadlab::io::testing::run_error_pointer;

namespace {

const char* kLoop = R"({"loadlab": 1, "kind": "loop", "iterations": 100, "processors": 4,
  "cost": {"profile": "constant", "value": 1}, "overhead": 0,
  "algorithms": ["static_block", "cyclic", "block_cyclic", "self", "chunk", "gss", "agss",
                 "factoring", "fac2", "tapering", "tss", "affinity"]})";

}  // namespace

TEST_CASE("LoopScenario.IssueExampleRuns") {
  Json out = run_scenario(Json::parse(kLoop), RunContext{});
  REQUIRE(out["results"].size() == 12);
  for (const auto& r : out["results"]) {
    INFO(r["algorithm"].get<std::string>());
    CHECK(r["verified"] == true);
    // Unit costs, no overhead, 100 iterations on 4 processors (hand-simulated):
    //  - block_cyclic and chunk use the default B = K = ceil(100/32) = 4: 25 pieces, thread 0 gets
    //    7 of them -> 28;
    //  - tss (13,12,11,11,10,9,8,8,7,6,5): p0 13, p1 12, p2 11, p3 11; p2@11 10, p3@11 9, p1@12 8,
    //    p0@13 8; p1@20 7 -> 27;
    //  - all others end at 25 = N/P (static blocks of 25, even dealing, or GSS-like finishing
    //    within one iteration).
    const std::string name = r["algorithm"];
    const double want = name == "block_cyclic" || name == "chunk" ? 28 : name == "tss" ? 27 : 25;
    CHECK(r["parallel_time"].get<double>() == doctest::Approx(want));
    CHECK(r["formula"].is_string());
    CHECK(r.contains("percent_imbalance"));
    CHECK(r.contains("cov"));
    const auto& c = r["chunks"];
    CHECK(r["num_chunks"].get<std::size_t>() == c.size());
    for (const char* k : {"begin", "end", "thread", "start", "finish"}) CHECK(c[0].contains(k));
  }
  // GSS on N=100, P=4 hands out 14 chunks (25, 19, 14, 11, 8, 6, 5, 3, 3, 2, 1, 1, 1, 1).
  CHECK(out["results"][5]["num_chunks"] == 14);
  CHECK(out["results"][5]["chunks"][1]["end"] == 44);
}

TEST_CASE("LoopScenario.ChunkTableCapped") {
  Json s = Json::parse(kLoop);
  s["algorithms"] = {"self"};
  s["chunks_listed"] = 10;
  Json out = run_scenario(s, RunContext{});
  const auto& r = out["results"][0];
  CHECK(r["chunks"].size() == 10);
  CHECK(r["num_chunks"] == 100);
  CHECK(r["chunks_truncated"] == true);
  CHECK(r["verified"] == true);
}

TEST_CASE("LoopScenario.OptionalParameters") {
  Json s = Json::parse(kLoop);
  s.merge_patch(Json::parse(R"({"cost": {"profile": "bimodal", "p_high": 0.2},
    "overhead": 0.5, "chunk_size": 7, "block_size": 3, "start_delays": [0, 1, 2, 3],
    "speeds": [1, 1, 2, 2], "affinity_cost": 0.25, "seed": 9,
    "algorithms": ["chunk", "weighted_factoring", "fsc", "affinity"]})"));
  Json a = run_scenario(s, RunContext{}), b = run_scenario(s, RunContext{});
  CHECK(a == b);  // deterministic by seed
  for (const auto& r : a["results"]) CHECK(r["verified"] == true);
  CHECK(a["results"][0]["chunks"][0]["end"] == 7);
}

TEST_CASE("LoopScenario.BadFieldsAreNamed") {
  CHECK(run_error_pointer(kLoop, R"({"iterations": -1})") == "/iterations");
  CHECK(run_error_pointer(kLoop, R"({"iterations": 10000001})") == "/iterations");
  CHECK(run_error_pointer(kLoop, R"({"processors": 0})") == "/processors");
  CHECK(run_error_pointer(kLoop, R"({"processors": 1025})") == "/processors");
  CHECK(run_error_pointer(kLoop, R"({"cost": {"profile": "zigzag"}})") == "/cost/profile");
  CHECK(run_error_pointer(kLoop, R"({"cost": {"colour": 1}})") == "/cost/colour");
  CHECK(run_error_pointer(kLoop, R"({"overhead": -2})") == "/overhead");
  CHECK(run_error_pointer(kLoop, R"({"speeds": [1, 2]})") == "/speeds");
  CHECK(run_error_pointer(kLoop, R"({"speeds": [1, 2, 0, 1]})") == "/speeds/2");
  CHECK(run_error_pointer(kLoop, R"({"start_delays": "soon"})") == "/start_delays");
  CHECK(run_error_pointer(kLoop, R"({"chunk_size": 0})") == "/chunk_size");
  CHECK(run_error_pointer(kLoop, R"({"algorithms": ["gss", "lottery"]})") == "/algorithms/1");
  CHECK(run_error_pointer(kLoop, R"({"typo": 1})") == "/typo");
  CHECK(run_error_pointer(
            kLoop, R"({"cost": {"profile": "mandelbrot", "width": 65536, "max_iter": 1000000}})") ==
        "/cost/width");
}

TEST_CASE("LoopScenario.EmptyLoopAndMoreProcessorsThanIterations") {
  Json s = Json::parse(kLoop);
  s["iterations"] = 0;
  const Json out = run_scenario(s, RunContext{});
  for (const auto& r : out["results"]) {
    CHECK(r["verified"] == true);
    CHECK(r["parallel_time"] == 0.0);
  }
  s["iterations"] = 3;
  s["processors"] = 8;
  const Json out2 = run_scenario(s, RunContext{});
  for (const auto& r : out2["results"]) CHECK(r["verified"] == true);
}
