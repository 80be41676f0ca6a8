// The "dlt" scenario kind (paper 004): bad input names the field; a valid scenario runs every
// algorithm with the result keys of and the paper's numbers (Examples 3 and 4, ERRATA 004).
#include <doctest/doctest.h>

#include <string>

#include "expect_error.h"
#include "io/kinds/dlt.h"
#include "io/scenario.h"

using namespace loadlab::io;

namespace {

const char* kIssue = R"({"loadlab": 1, "kind": "dlt", "dim": 8, "E": 3, "C": 2, "load": 1000,
  "buffer": 10, "granularity": 2,
  "algorithms": ["closed_form", "algorithm_a", "ibs", "algorithm_a_prime"]})";

ScenarioError dlt_error_for(const std::string& patch) {
  return testing::patched_error(kIssue, patch);
}

}  // namespace

TEST_CASE("DltScenario.BadInput.NamesTheField") {
  struct Case {
    const char* patch;
    const char* pointer;
  };
  const Case cases[] = {
      {R"({"dim": null})", "/dim"},
      {R"({"dim": 0})", "/dim"},
      {R"({"dim": 25})", "/dim"},
      {R"({"dim": 2.5})", "/dim"},
      {R"({"dim": "8"})", "/dim"},
      {R"({"E": 0})", "/E"},
      {R"({"E": -3})", "/E"},
      {R"({"E": 1e9})", "/E"},
      {R"({"E": null})", "/E"},
      {R"({"C": 0})", "/C"},
      {R"({"C": "fast"})", "/C"},
      {R"({"load": 0})", "/load"},
      {R"({"load": -1000})", "/load"},
      {R"({"load": 1e300})", "/load"},
      {R"({"buffer": 0})", "/buffer"},
      {R"({"buffer": [10]})", "/buffer"},
      {R"({"granularity": -2})", "/granularity"},
      {R"({"granularity": true})", "/granularity"},
      {R"({"buffers": 10})", "/buffers"},
      {R"({"algorithms": ["ibs", "fifo"]})", "/algorithms/1"},
      {R"({"algorithms": "ibs"})", "/algorithms"},
      {R"({"buffer": null})", "/algorithms/2"},       // ibs needs "buffer"
      {R"({"granularity": null})", "/algorithms/1"},  // algorithm_a needs "granularity"
      {R"({"buffer": null, "algorithms": ["algorithm_a_prime"]})", "/algorithms/0"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.patch);
    const ScenarioError e = dlt_error_for(c.patch);
    CHECK(e.pointer() == c.pointer);
    CHECK(!e.reason().empty());
  }
  // The missing-field message says which field the algorithm needs.
  CHECK(dlt_error_for(R"({"buffer": null})").reason().find("\"buffer\"") != std::string::npos);
}

TEST_CASE("DltScenario.Run.IssueScenario") {
  const Json out = run_scenario(Json::parse(kIssue), RunContext{});
  CHECK(out["kind"] == "dlt");
  const Json& results = out["results"];
  REQUIRE(results.size() == 4);
  for (const Json& r : results) {
    CAPTURE(r["algorithm"].get<std::string>());
    for (const char* key : {"algorithm", "finish_time", "alpha", "load_per_processor",
                            "load_per_layer", "last_layer", "verified", "timing", "status"})
      CHECK(r.contains(key));
    CHECK(r["verified"] == true);
    CHECK(r["feasible"] == true);
    CHECK(r["alpha"].size() == 9);
    CHECK(r["load_per_processor"].size() == 9);
  }
  CHECK(results[0]["algorithm"] == "closed_form");
  CHECK(results[0]["finish_time"].get<double>() == doctest::Approx(273.77).epsilon(1e-4));
  // Example 3 (ERRATA 004): IBS with B = 10 takes 3 iterations, T* = 301.5.
  CHECK(results[2]["iterations"].size() == 3);
  CHECK(results[2]["finish_time"].get<double>() == doctest::Approx(301.5).epsilon(2e-4));
  CHECK(results[2]["timing"].size() == 9);
  // Example 4 with δ = 2: last layer 7, T* = 301.55.
  CHECK(results[3]["last_layer"] == 7);
  CHECK(results[3]["finish_time"].get<double>() == doctest::Approx(301.55).epsilon(2e-5));
  CHECK(results[1]["last_layer"] == 6);  // Example 2, δ = 2
}

TEST_CASE("DltScenario.Run.InfeasibleIsAnEntryNotAnError") {
  Json s = Json::parse(kIssue);
  s["load"] = 5000;  // the 256 buffers of 10 hold 2560
  s["algorithms"] = {"ibs", "algorithm_a_prime"};
  const Json out = run_scenario(s, RunContext{});
  for (const Json& r : out["results"]) {
    CHECK(r["feasible"] == false);
    CHECK(r["status"] == "not_enough_buffers");
    CHECK(r["error"].get<std::string>().find("not enough buffers") != std::string::npos);
    CHECK(r["finish_time"].is_null());
    CHECK(r["verified"] == true);
  }
}

TEST_CASE("DltScenario.DefaultAlgorithmsFollowTheFields") {
  Json s = Json::parse(kIssue);
  s.erase("algorithms");
  s.erase("granularity");
  const Json out = run_scenario(s, RunContext{});
  REQUIRE(out["results"].size() == 2);
  CHECK(out["results"][0]["algorithm"] == "closed_form");
  CHECK(out["results"][1]["algorithm"] == "ibs");
}
