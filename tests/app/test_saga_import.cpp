// File > Import of a SAGA problem instance: the dag importer keeps its network, so the scenario it
// opens has the instance's nodes as processors with their speeds and link speeds.
#include <doctest/doctest.h>

#include "app/dag/model_import.h"
#include "io/kinds/dag.h"
#include "io/scenario.h"

using namespace loadlab;
using io::Json;

TEST_CASE("SagaImport.NetworkBecomesTheMachine") {
  // Two nodes of speeds 1 and 4 joined by a link of speed 2 (self-links as pydantic writes them);
  // two tasks a -> b with 6 units of data.
  const std::string text = R"({"name": "two", "task_graph": {
      "tasks": [{"name": "a", "cost": 4}, {"name": "b", "cost": 8}],
      "dependencies": [{"source": "a", "target": "b", "size": 6}]},
    "network": {"nodes": [{"name": "n1", "speed": 1}, {"name": "n2", "speed": 4}],
      "edges": [{"source": "n1", "target": "n2", "speed": 2},
                {"source": "n1", "target": "n1", "speed": null},
                {"source": "n2", "target": "n2", "speed": null}]}})";
  const Json doc = Json::parse(text);
  const auto wrapped = app::wrap_graph_file_as_scenario("two.json", text, &doc);
  REQUIRE(wrapped);
  CHECK((*wrapped)["processors"] == 2);
  CHECK((*wrapped)["machine"]["speeds"] == Json::array({1.0, 4.0}));
  CHECK((*wrapped)["machine"]["bandwidth"][0][1] == 2.0);
  // The file's node names stay with their processors (a later export writes them back).
  CHECK((*wrapped)["machine"]["names"] == Json::array({"n1", "n2"}));
  const io::ScenarioPtr sc =
      app::open_graph_file_as_scenario("two.json", text, &doc, io::RunContext{});
  const auto* dag = dynamic_cast<const io::DagScenario*>(sc.get());
  REQUIRE(dag != nullptr);
  CHECK(dag->processors == 2);
  // b on the fast node takes 8 / 4 = 2; a's 6 units cross the link at speed 2 in 3.
  CHECK(dag->machine.exec(*dag->graph, 1, 1) == 2);
  CHECK(dag->machine.comm(6, 0, 1) == 3);
}
