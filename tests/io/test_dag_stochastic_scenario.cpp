// Stochastic costs in the dag scenario: distribution objects in place of numbers on tasks and
// edges, params.stochastic (plan = mean | quantile with k, samples, bins), each result's
// makespan_distribution, and errors that name the field.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "io/scenario.h"

using namespace loadlab::io;

namespace {

// A chain a -> b -> c of uniform(2, 8) tasks (mean 5, std sqrt(3)) and a free edge of random
// data, on one processor: the makespan is the sum of the three costs.
Json stoch_chain_scenario() {
  return Json::parse(R"({"loadlab": 1, "kind": "dag", "processors": 1, "seed": 4,
    "graph": {"tasks": [{"id": "a", "cost": {"distribution": "uniform", "low": 2, "high": 8}},
                        {"id": "b", "cost": {"distribution": "uniform", "low": 2, "high": 8}},
                        {"id": "c", "cost": {"distribution": "uniform", "low": 2, "high": 8}}],
              "edges": [{"from": "a", "to": "b", "cost": {"distribution": "exponential", "mean": 3}},
                        {"from": "b", "to": "c", "cost": 1}]},
    "algorithms": ["heft", "mcp"],
    "params": {"stochastic": {"samples": 20000}}})");
}

std::string stoch_error_pointer(const Json& doc) {
  try {
    run_scenario(doc, {});
  } catch (const ScenarioError& e) {
    return e.pointer();
  }
  return "";
}

}  // namespace

TEST_CASE("DagStochastic.MakespanDistributionOfAChain") {
  const Json out = run_scenario(stoch_chain_scenario(), {});
  REQUIRE(out["results"].size() == 2);
  for (const auto& r : out["results"]) {
    CAPTURE(r["algorithm"]);
    CHECK(r["verified"] == true);
    CHECK(r["makespan"].get<double>() == doctest::Approx(15.0));  // planned on the means
    const Json& d = r["makespan_distribution"];
    CHECK(d["samples"] == 20000);
    CHECK(d["plan"] == "mean");
    // Same processor: the messages are free, so the makespan is the sum of three uniform(2, 8):
    // mean 15, std 3 (each 6 / sqrt(12)); the sample mean is within 4 standard errors.
    CHECK(std::abs(d["mean"].get<double>() - 15.0) < 4 * 3.0 / std::sqrt(20000.0));
    CHECK(d["std"].get<double>() == doctest::Approx(3.0).epsilon(0.05));
    CHECK(d["p5"].get<double>() <= d["p50"].get<double>());
    CHECK(d["p50"].get<double>() <= d["p95"].get<double>());
    CHECK(d["min"].get<double>() >= 6.0);
    CHECK(d["max"].get<double>() <= 24.0);
    CHECK(d["histogram"]["counts"].size() == 20);
    CHECK(d["histogram"]["edges"].size() == 21);
    CHECK(d["finish"].size() == 3);
  }
}

TEST_CASE("DagStochastic.QuantilePlanAndDeterminism") {
  Json doc = stoch_chain_scenario();
  doc["params"]["stochastic"] = {{"plan", "quantile"}, {"k", 2}, {"samples", 300}, {"bins", 5}};
  const Json a = run_scenario(doc, {});
  // Planned on mean + 2 std = 5 + 2 sqrt(3) per task.
  CHECK(a["results"][0]["makespan"].get<double>() == doctest::Approx(3 * (5 + 2 * std::sqrt(3.0))));
  CHECK(a["results"][0]["makespan_distribution"]["k"] == 2.0);
  CHECK(a["results"][0]["makespan_distribution"]["histogram"]["counts"].size() == 5);
  const Json b = run_scenario(doc, {});
  CHECK(a["results"][0]["makespan_distribution"] == b["results"][0]["makespan_distribution"]);
  doc["seed"] = 5;
  const Json c = run_scenario(doc, {});
  CHECK(a["results"][0]["makespan_distribution"]["mean"] !=
        c["results"][0]["makespan_distribution"]["mean"]);
}

TEST_CASE("DagStochastic.ConstantCostsGiveTheDeterministicMakespan") {
  // A generator graph with settings asked: every cost a constant, on a machine with speeds.
  const Json doc = Json::parse(R"({"loadlab": 1, "kind": "dag", "processors": 3,
    "graph": {"generator": "fork_join", "width": 4, "stages": 2},
    "machine": {"speeds": [1, 2, 0.5]},
    "algorithms": ["heft", "cpop", "peft", "dls"],
    "params": {"stochastic": {"samples": 10}}})");
  const Json out = run_scenario(doc, {});
  for (const auto& r : out["results"]) {
    CAPTURE(r["algorithm"]);
    CHECK(r["verified"] == true);
    const Json& d = r["makespan_distribution"];
    CHECK(d["mean"].get<double>() == r["makespan"].get<double>());
    CHECK(d["p95"].get<double>() == r["makespan"].get<double>());
    CHECK(d["std"].get<double>() == 0.0);
  }
  // Without settings and without distributions, no distribution is computed.
  Json plain = doc;
  plain.erase("params");
  CHECK_FALSE(run_scenario(plain, {})["results"][0].contains("makespan_distribution"));
}

TEST_CASE("DagStochastic.ErrorsNameTheField") {
  Json d = stoch_chain_scenario();
  auto with_cost = [&](const char* cost) {
    Json x = stoch_chain_scenario();
    x["graph"]["tasks"][1]["cost"] = Json::parse(cost);
    return stoch_error_pointer(x);
  };
  CHECK(with_cost(R"({"distribution": "uniform", "low": 5, "high": 2})") ==
        "/graph/tasks/1/cost/high");
  CHECK(with_cost(R"({"distribution": "uniform", "low": -1, "high": 2})") ==
        "/graph/tasks/1/cost/low");
  CHECK(with_cost(R"({"distribution": "normal", "mean": 5, "std": -1})") ==
        "/graph/tasks/1/cost/std");
  CHECK(with_cost(R"({"distribution": "normal", "mean": 5})") == "/graph/tasks/1/cost/std");
  CHECK(with_cost(R"({"distribution": "exponential", "mean": -2})") == "/graph/tasks/1/cost/mean");
  CHECK(with_cost(R"({"distribution": "samples", "values": []})") == "/graph/tasks/1/cost/values");
  CHECK(with_cost(R"({"distribution": "samples", "values": [1, -3]})") ==
        "/graph/tasks/1/cost/values/1");
  CHECK(with_cost(R"({"distribution": "samples", "values": [1, 1e13]})") ==
        "/graph/tasks/1/cost/values/1");
  CHECK(with_cost(R"({"distribution": "gamma", "mean": 1})") == "/graph/tasks/1/cost/distribution");
  CHECK(with_cost(R"({"distribution": "uniform", "low": 1, "high": 2, "mode": 1})") ==
        "/graph/tasks/1/cost/mode");
  {
    Json x = stoch_chain_scenario();
    x["graph"]["edges"][1]["cost"] = {{"distribution", "normal"}, {"mean", 1}, {"std", -2}};
    CHECK(stoch_error_pointer(x) == "/graph/edges/1/cost/std");
  }
  d["params"]["stochastic"] = {{"plan", "median"}};
  CHECK(stoch_error_pointer(d) == "/params/stochastic/plan");
  d["params"]["stochastic"] = {{"k", 1}};  // k without plan quantile
  CHECK(stoch_error_pointer(d) == "/params/stochastic/k");
  d["params"]["stochastic"] = {{"samples", 100001}};
  CHECK(stoch_error_pointer(d) == "/params/stochastic/samples");
  d["params"]["stochastic"] = {{"bins", 0}};
  CHECK(stoch_error_pointer(d) == "/params/stochastic/bins");
  d["params"]["stochastic"] = {{"seeds", 3}};
  CHECK(stoch_error_pointer(d) == "/params/stochastic/seeds");
  {
    // 100000 samples x (2 x 5000 tasks): beyond the work limit.
    Json big = Json::parse(R"({"loadlab": 1, "kind": "dag", "processors": 2,
      "graph": {"generator": "layered", "n": 5000}, "algorithms": ["heft"],
      "params": {"stochastic": {"samples": 100000}}})");
    CHECK(stoch_error_pointer(big) == "/params/stochastic/samples");
  }
  {
    // One value over the per-cost limit of 100,000.
    Json many = stoch_chain_scenario();
    many["graph"]["tasks"][0]["cost"] = {{"distribution", "samples"},
                                         {"values", std::vector<double>(100001, 1.0)}};
    CHECK(stoch_error_pointer(many) == "/graph/tasks/0/cost/values");
    many["graph"]["tasks"][0]["cost"]["values"] = std::vector<double>(100000, 1.0);
    many["algorithms"] = {"mcp"};
    many["params"]["stochastic"]["samples"] = 10;
    CHECK(run_scenario(many, {})["results"][0]["verified"] == true);
  }
  {
    Json etc = stoch_chain_scenario();
    etc["machine"] = {{"etc", {{1}, {1}, {1}}}};
    CHECK(stoch_error_pointer(etc) == "/machine/etc");
  }
}
