// The "os" scenario kind: the documented example shape (docs/scenario-os.md) runs and verifies, the
// chart is decimated above its documented size, and bad fields are named by JSON pointer.
#include <doctest/doctest.h>

#include <string>

#include "expect_error.h"
#include "io/kinds/os.h"
#include "io/scenario.h"

using namespace loadlab::io;

using loadlab::io::testing::run_error_pointer;

namespace {

const char* kOs = R"({"loadlab": 1, "kind": "os", "seed": 3, "processors": 8,
  "jobs": [{"arrival": 0, "work": 40, "threads": 4, "speedup": {"model": "amdahl", "serial_fraction": 0.1},
            "barrier_every": 2},
           {"arrival": 1, "work": 24, "threads": 8, "speedup": {"model": "linear"}},
           {"arrival": 2, "work": 30, "threads": 6, "speedup": {"model": "downey", "A": 4, "sigma": 1.5}}],
  "costs": {"context_switch": 0.01, "cache_reload": 0.1, "migration": 0.5, "checkpoint": 0.05, "restart": 0.5},
  "params": {"central_queue": {"quantum": 0.5, "quantum_rule": "inverse_threads"},
             "process_control": {"allocation": "sqrt_work"},
             "checkpoint_restart": {"checkpoint_interval": 4}}})";

}  // namespace

TEST_CASE("OsScenario.AllPoliciesRunAndVerify") {
  const Json out = run_scenario(Json::parse(kOs), RunContext{});
  REQUIRE(out["results"].size() == 8);  // every policy when "algorithms" is absent
  for (const auto& r : out["results"]) {
    INFO(r["algorithm"].get<std::string>());
    CHECK(r["verified"] == true);
    CHECK(r["response_times"].size() == 3);
    CHECK(r["mean_response_time"].get<double>() > 0);
    CHECK(r["utilization"].get<double>() <= 1.0 + 1e-9);
    CHECK(r["fairness"].get<double>() <= 1.0 + 1e-9);
    CHECK(r["time_lost"].contains("barrier_spin"));
    CHECK(r["chart"]["decimated"] == false);
    CHECK(r["chart"]["intervals"].size() > 0);
  }
}

TEST_CASE("OsScenario.GeneratorIsSeeded") {
  const char* gen = R"({"loadlab": 1, "kind": "os", "seed": 11, "processors": 16,
    "jobs": {"generator": "poisson", "rate": 0.2, "count": 40,
             "work": {"profile": "exponential", "value": 20},
             "threads": {"profile": "uniform", "low": 1, "high": 16},
             "speedup": {"model": "amdahl", "serial_fraction": 0.05}, "barrier_every": 5},
    "algorithms": ["central_queue", "process_control"]})";
  const Json a = run_scenario(Json::parse(gen), RunContext{});
  const Json b = run_scenario(Json::parse(gen), RunContext{});
  CHECK(a == b);
  for (const auto& r : a["results"]) CHECK(r["verified"] == true);
  Json other = Json::parse(gen);
  other["seed"] = 12;
  CHECK(run_scenario(other, RunContext{}) != a);
}

TEST_CASE("OsScenario.ChartDecimatedAboveLimit") {
  Json s = Json::parse(R"({"loadlab": 1, "kind": "os", "processors": 4,
    "jobs": {"generator": "poisson", "rate": 1, "count": 200, "work": {"profile": "constant", "value": 20},
             "threads": {"profile": "constant", "value": 3}},
    "algorithms": ["central_queue"], "params": {"central_queue": {"quantum": 0.1}}})");
  const Json out = run_scenario(s, RunContext{});
  const auto& r = out["results"][0];
  CHECK(r["verified"] == true);
  CHECK(r["chart"]["decimated"] == true);
  CHECK(r["chart"]["intervals"].size() <= OsLimits::chart_intervals);
}

TEST_CASE("OsScenario.LockedJobsReportTheirSpinAndRemedy") {
  const char* locked = R"({"loadlab": 1, "kind": "os", "seed": 3, "processors": 2,
    "jobs": [{"work": 40, "threads": 2, "lock_every": 3, "lock_length": 1}],
    "algorithms": ["static_partition", "central_queue"],
    "params": {"central_queue": {"lock_remedy": "do_not_preempt"}}})";
  const Json out = run_scenario(Json::parse(locked), RunContext{});
  REQUIRE(out["results"].size() == 2);
  for (const auto& r : out["results"]) {
    CHECK(r["verified"] == true);
    CHECK(r["locks"]["acquired"] == 10);
  }
  // Two threads, a section of 1 after every 3: one collision at t = 3 (see the core test).
  CHECK(out["results"][0]["time_lost"]["lock_spin"].get<double>() == doctest::Approx(1));
  CHECK(out["results"][0]["makespan"].get<double>() == doctest::Approx(21));
}

TEST_CASE("OsScenario.BadFieldsAreNamed") {
  CHECK(run_error_pointer(kOs, R"({"processors": 0})") == "/processors");
  CHECK(run_error_pointer(kOs, R"({"processors": 100000})") == "/processors");
  CHECK(run_error_pointer(kOs, R"({"jobs": []})") == "/jobs");
  CHECK(run_error_pointer(kOs, R"({"jobs": [{"work": -1}]})") == "/jobs/0/work");
  CHECK(run_error_pointer(kOs, R"({"jobs": [{"work": 1, "threads": 9}]})") == "/jobs/0/threads");
  CHECK(run_error_pointer(kOs, R"({"jobs": [{"work": 1, "speedup": {"model": "gustafson"}}]})") ==
        "/jobs/0/speedup/model");
  CHECK(run_error_pointer(
            kOs,
            R"({"jobs": [{"work": 1, "speedup": {"model": "amdahl", "serial_fraction": 2}}]})") ==
        "/jobs/0/speedup/serial_fraction");
  CHECK(run_error_pointer(kOs,
                          R"({"jobs": [{"work": 1, "speedup": {"model": "downey", "A": 4}}]})") ==
        "/jobs/0/speedup/sigma");
  CHECK(run_error_pointer(kOs, R"({"jobs": [{"work": 1e9, "barrier_every": 1}]})") ==
        "/jobs/0/barrier_every");
  CHECK(run_error_pointer(kOs, R"({"jobs": [{"work": 1, "colour": 3}]})") == "/jobs/0/colour");
  CHECK(run_error_pointer(kOs, R"({"jobs": {"generator": "poisson", "rate": 1, "count": 1000000,
                          "work": {"profile": "constant"}}})") == "/jobs/count");
  CHECK(run_error_pointer(kOs, R"({"jobs": {"generator": "uniform", "rate": 1, "count": 1,
                          "work": {"profile": "constant"}}})") == "/jobs/generator");
  CHECK(run_error_pointer(kOs, R"({"jobs": {"generator": "poisson", "rate": 1, "count": 1,
                          "work": {"profile": "zipf"}}})") == "/jobs/work/profile");
  CHECK(run_error_pointer(kOs, R"({"costs": {"cache_reload": -1}})") == "/costs/cache_reload");
  CHECK(run_error_pointer(kOs, R"({"costs": {"tlb": 1}})") == "/costs/tlb");
  CHECK(run_error_pointer(kOs, R"({"params": {"central_queue": {"quantum": 0}}})") ==
        "/params/central_queue/quantum");
  CHECK(run_error_pointer(kOs, R"({"params": {"central_queue": {"allocation": "equal"}}})") ==
        "/params/central_queue/allocation");
  CHECK(run_error_pointer(kOs, R"({"params": {"static_partition": {"allocation": "random"}}})") ==
        "/params/static_partition/allocation");
  CHECK(run_error_pointer(kOs, R"({"params": {"round_robin": {}}})") == "/params/round_robin");
  // Spin locks and the OS mechanisms' settings.
  CHECK(run_error_pointer(kOs, R"({"jobs": [{"work": 1, "lock_every": 0.5}]})") ==
        "/jobs/0/lock_length");
  CHECK(run_error_pointer(kOs, R"({"jobs": [{"work": 1, "lock_length": 0.5}]})") ==
        "/jobs/0/lock_every");
  CHECK(run_error_pointer(kOs, R"({"jobs": [{"work": 1, "lock_every": -1, "lock_length": 1}]})") ==
        "/jobs/0/lock_every");
  CHECK(run_error_pointer(kOs, R"({"jobs": [{"work": 1e9, "lock_every": 1, "lock_length": 1}]})") ==
        "/jobs/0/lock_every");
  CHECK(run_error_pointer(kOs, R"({"params": {"central_queue": {"lock_remedy": "yield"}}})") ==
        "/params/central_queue/lock_remedy");
  CHECK(run_error_pointer(
            kOs, R"({"params": {"static_partition": {"lock_remedy": "do_not_preempt"}}})") ==
        "/params/static_partition/lock_remedy");
  CHECK(run_error_pointer(kOs, R"({"params": {"migration": {"transfer": "teleport"}}})") ==
        "/params/migration/transfer");
  CHECK(run_error_pointer(kOs, R"({"params": {"migration": {"dirty_fraction": 1.5}}})") ==
        "/params/migration/dirty_fraction");
  CHECK(run_error_pointer(kOs, R"({"params": {"central_queue": {"transfer": "precopy"}}})") ==
        "/params/central_queue/transfer");
  CHECK(run_error_pointer(kOs, R"({"processors": 6, "jobs": [{"work": 1}],
                          "algorithms": ["pool_allocation"],
                          "params": {"pool_allocation": {"placement": "subcube"}}})") ==
        "/params/pool_allocation/placement");
  CHECK(run_error_pointer(kOs, R"({"algorithms": ["pool_allocation"],
                          "params": {"pool_allocation": {"pool_size": 0}}})") ==
        "/params/pool_allocation/pool_size");
  CHECK(run_error_pointer(kOs, R"({"costs": {"remote": -0.5}})") == "/costs/remote");
  CHECK(run_error_pointer(kOs, R"({"algorithms": ["gang"]})") == "/algorithms/0");
  // Too many slices for the event limit: refused before the run, naming the quantum.
  CHECK(run_error_pointer(
            kOs, R"({"jobs": [{"work": 1e8, "threads": 8}], "algorithms": ["central_queue"],
                          "params": {"central_queue": {"quantum": 1e-3}}})") ==
        "/params/central_queue/quantum");
}
