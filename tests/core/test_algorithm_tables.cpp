// The descriptor tables of the balance, dag, loop and dlt kinds (one per kind, in core): every row
// is documented, names are unique, the derived name lists follow the tables, and the default sets
// (what runs when a scenario names no algorithm) are exactly the ones the CLI's outputs rely on.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "core/balance/registry.h"
#include "core/dag/registry.h"
#include "core/dlt/registry.h"
#include "core/loops/registry.h"
#include "core/loops/technique.h"

using namespace loadlab::core;

namespace {

void check_rows(const std::vector<AlgorithmInfo>& table, const char* kind) {
  CAPTURE(kind);
  REQUIRE(!table.empty());
  std::set<std::string> names;
  for (const auto& a : table) {
    CAPTURE(a.name);
    REQUIRE(a.name != nullptr);
    CHECK(std::string(a.name).size() > 0);
    CHECK(names.insert(a.name).second);  // unique
    for (const char* field : {a.title, a.paper, a.applies_to, a.description, a.formula})
      CHECK((field != nullptr && std::string(field).size() > 0));
    CHECK(a.complexity != nullptr);
    // A help paragraph, not a label.
    CHECK(std::string(a.description).size() >= 40);
  }
}

std::vector<std::string> names_of(const std::vector<AlgorithmInfo>& table) {
  std::vector<std::string> out;
  for (const auto& a : table) out.emplace_back(a.name);
  return out;
}

}  // namespace

TEST_CASE("AlgorithmTables.EveryRowIsDocumentedAndUnique") {
  check_rows(balance_algorithm_table(), "balance");
  check_rows(dag_algorithm_table(), "dag");
  check_rows(loop_algorithm_table(), "loop");
  check_rows(dlt_algorithm_table(), "dlt");
}

TEST_CASE("AlgorithmTables.Balance.NamesAndDispatchComeFromTheTable") {
  CHECK(balance_algorithm_names() == names_of(balance_algorithm_table()));
  for (const auto& a : balance_algorithms()) {
    CAPTURE(a.info.name);
    CHECK(find_balance_algorithm(a.info.name) == &a);
    // A default-set algorithm must run without settings (run_balance, both engines' fallback).
    if (a.default_set) CHECK((a.run != nullptr && a.unsupported != nullptr));
  }
  CHECK(find_balance_algorithm("nope") == nullptr);
  CHECK_THROWS_AS(balance_unsupported_reason("nope", Topology::hypercube(2)),
                  std::invalid_argument);
}

TEST_CASE("AlgorithmTables.Balance.DefaultSetIsTodaysFive") {
  // Scenarios that name no algorithm run these (where the topology allows); a new row must not
  // join, or existing scenarios' outputs change.
  std::vector<std::string> defaults;
  for (const auto& a : balance_algorithms())
    if (a.default_set) defaults.emplace_back(a.info.name);
  CHECK(defaults == std::vector<std::string>{"twa", "cwa", "mwa", "dem", "optimal"});
}

TEST_CASE("AlgorithmTables.Balance.TopologyRulesMatchThePaper") {
  // Paper 000: TWA on trees (a line is a tree), CWA and DEM on hypercubes, MWA on meshes.
  const Topology cube = Topology::hypercube(3);
  const Topology mesh = Topology::mesh(2, 3);
  const Topology line = Topology::line(4);
  CHECK(balance_unsupported_reason("cwa", cube).empty());
  CHECK(balance_unsupported_reason("dem", cube).empty());
  CHECK(!balance_unsupported_reason("twa", cube).empty());
  CHECK(!balance_unsupported_reason("mwa", cube).empty());
  CHECK(balance_unsupported_reason("mwa", mesh).empty());
  CHECK(!balance_unsupported_reason("cwa", mesh).empty());
  CHECK(balance_unsupported_reason("twa", line).empty());
  CHECK(balance_unsupported_reason("optimal", mesh).empty());
  CHECK_THROWS_AS(run_balance("cwa", mesh, LoadVector(6, 1)), UnsupportedTopology);
}

TEST_CASE("AlgorithmTables.Dag.NamesTraitsAndDefaultSet") {
  CHECK(dag_algorithm_names() == names_of(dag_algorithm_table()));
  std::vector<std::string> defaults, unbounded, quadratic;
  for (const auto& a : dag_algorithms()) {
    CHECK((a.run != nullptr || a.run_machine != nullptr));
    if (a.default_set) defaults.emplace_back(a.info.name);
    if (a.info.unbounded) unbounded.emplace_back(a.info.name);
    if (a.quadratic) quadratic.emplace_back(a.info.name);
  }
  CHECK(defaults == std::vector<std::string>{"flb", "etf", "mcp", "dsc_llb"});
  // Only DSC clusters onto an unbounded number of processors (paper 001 §3.3).
  CHECK(unbounded == std::vector<std::string>{"dsc"});
  CHECK(dag_algorithm_unbounded("dsc"));
  CHECK(!dag_algorithm_unbounded("flb"));
  CHECK(quadratic == std::vector<std::string>{"etf", "coffman_graham", "dls", "bil", "hbmct",
                                              "min_min", "max_min", "sufferage", "duplex", "wba",
                                              "min_min_batch", "max_min_batch", "mcp_descendants",
                                              "dsh", "btdh", "cpfd"});
  CHECK(find_dag_algorithm("nope") == nullptr);
}

TEST_CASE("AlgorithmTables.Loop.FollowsTheTechniques") {
  const auto& table = loop_algorithm_table();
  REQUIRE(table.size() == loop_techniques().size());
  for (std::size_t i = 0; i < table.size(); ++i) {
    CHECK(std::string(table[i].name) == loop_techniques()[i].name);
    CHECK(std::string(table[i].formula) == loop_techniques()[i].formula);
  }
}

TEST_CASE("AlgorithmTables.Dlt.NeedsFollowThePaper") {
  CHECK(names_of(dlt_algorithm_table()) ==
        std::vector<std::string>{"closed_form", "algorithm_a", "ibs", "algorithm_a_prime"});
  // Paper 004: Algorithm A handles granularity, IBS finite buffers, A' both.
  const auto* a = find_dlt_algorithm("algorithm_a");
  const auto* ibs = find_dlt_algorithm("ibs");
  const auto* ap = find_dlt_algorithm("algorithm_a_prime");
  const auto* cf = find_dlt_algorithm("closed_form");
  REQUIRE((a && ibs && ap && cf));
  CHECK((!cf->needs_buffer && !cf->needs_granularity));
  CHECK((!a->needs_buffer && a->needs_granularity));
  CHECK((ibs->needs_buffer && !ibs->needs_granularity));
  CHECK((ap->needs_buffer && ap->needs_granularity));
}
