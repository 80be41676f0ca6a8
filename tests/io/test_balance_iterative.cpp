// The balance kind's gde, diffusion and gradient (course notes 003): the presets of Problems 2 and
// 3 (expected values from ERRATA.md 003), params errors naming the field, both engines.
#include <doctest/doctest.h>

#include "io/presets.h"
#include "io/scenario.h"

using namespace loadlab::io;

namespace {

Json scenario(const std::string& params_json, const std::string& algorithm = "gde") {
  return Json::parse(R"({"loadlab":1,"kind":"balance","topology":{"type":"mesh","rows":4,"cols":4},
                         "loads":{"generator":"uniform","mean":100},"algorithms":[")" +
                     algorithm + R"("],"params":{")" + algorithm + R"(":)" + params_json + "}}");
}

std::string balance_iterative_error_pointer(const Json& doc) {
  try {
    run_scenario(doc, RunContext{});
  } catch (const ScenarioError& e) {
    return e.pointer();
  }
  return "no error";
}

}  // namespace

TEST_CASE("BalanceIterative.Problem2Preset.Every7500") {
  const Json r = run_scenario(find_preset("notes_problem2").scenario, RunContext{})["results"][0];
  CHECK(r["verified"] == true);
  CHECK(r["sweeps"] == 1);
  for (const auto& x : r["final_loads"]) CHECK(x.get<double>() == 7500.0);
  CHECK(r["colouring"]["colours"] == 4);
}

TEST_CASE("BalanceIterative.Problem3Preset.TwentyTwoSweepsOnBothEngines") {
  const Json& sc = find_preset("notes_problem3").scenario;
  RunContext nodes;
  nodes.engine = "nodes";
  nodes.threads = 2;
  const Json c = run_scenario(sc, RunContext{})["results"][0];
  const Json n = run_scenario(sc, nodes)["results"][0];
  CHECK(c["sweeps"] == 22);
  CHECK(n["sweeps"] == 22);
  CHECK(c["final_loads"] == n["final_loads"]);
  CHECK(c["history"] == n["history"]);
  CHECK(n["engine"] == "nodes");
  CHECK(c["verified"] == true);
  CHECK(n["verified"] == true);
  CHECK(c["colouring"]["colour"].size() == 40);
}

TEST_CASE("BalanceIterative.ResultKeys") {
  const Json r = run_scenario(
      scenario(
          R"({"alpha":"optimal","model":"tasks","termination":"dijkstra_scholten","stop":{"relative":0.05}})",
          "diffusion"),
      RunContext{})["results"][0];
  for (const char* key : {"sweeps", "history", "final_loads", "predicted_rate", "measured_rate",
                          "verified", "termination", "transfers"})
    CHECK(r.contains(key));
  CHECK(r["verified"] == true);
  CHECK(r["termination"].contains("detected_at_sweep"));
  CHECK(r["termination"].contains("control_messages"));
  const Json g = run_scenario(scenario("{}", "gradient"), RunContext{})["results"][0];
  CHECK(g["pressure"].size() == 16);
  CHECK(g["predicted_rate"].is_null());
}

TEST_CASE("BalanceIterative.ParamsErrorsNameTheField") {
  CHECK(balance_iterative_error_pointer(scenario(R"({"lambda":1.5})")) == "/params/gde/lambda");
  CHECK(balance_iterative_error_pointer(scenario(R"({"lambda":0})")) == "/params/gde/lambda");
  CHECK(balance_iterative_error_pointer(scenario(R"({"lambda":"averaging"})")) ==
        "/params/gde/lambda");
  CHECK(balance_iterative_error_pointer(scenario(R"({"alpha":"fast"})", "diffusion")) ==
        "/params/diffusion/alpha");
  CHECK(balance_iterative_error_pointer(scenario(R"({"max_sweeps":1000000})")) ==
        "/params/gde/max_sweeps");
  CHECK(balance_iterative_error_pointer(
            scenario(R"({"stop":{"max_minus_min":1,"relative":0.1}})")) == "/params/gde/stop");
  CHECK(balance_iterative_error_pointer(scenario(R"({"stop":{"relative":-1}})")) ==
        "/params/gde/stop/relative");
  CHECK(balance_iterative_error_pointer(scenario(R"({"model":"integer"})")) == "/params/gde/model");
  CHECK(balance_iterative_error_pointer(scenario(R"({"termination":"yes"})")) ==
        "/params/gde/termination");
  CHECK(balance_iterative_error_pointer(scenario(R"({"alpha":0.5})")) == "/params/gde/alpha");
}

TEST_CASE("BalanceIterative.NotInTheDefaultSet") {
  const Json doc =
      Json::parse(R"({"loadlab":1,"kind":"balance","topology":{"type":"hypercube","dim":3},
                                   "loads":[19,11,2,9,0,9,10,4]})");
  const Json out = run_scenario(doc, RunContext{});
  for (const auto& r : out["results"]) {
    const std::string a = r["algorithm"];
    CHECK(a != "gde");
    CHECK(a != "diffusion");
    CHECK(a != "gradient");
  }
}
