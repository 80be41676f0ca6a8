// An importer's task graph handed to parse_scenario (RunContext::imported_graph) is taken only when
// the document's inline graph lists exactly its tasks and edges; then the scenario runs as the
// document read on its own does (what reopening the import's share link gives), and a document
// that differs, or names the document refuses, are read (and refused) as without it.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "io/dag_formats/dag_formats.h"
#include "io/kinds/dag.h"
#include "io/scenario.h"

using namespace loadlab;
using io::Json;

namespace {

const std::filesystem::path kImportData = std::filesystem::path(LOADLAB_SHARED_DIR) / "data";

std::string imported_text_of(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  REQUIRE(in);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Json imported_doc_around(const core::TaskGraph& g) {
  return {{"loadlab", 1},
          {"kind", "dag"},
          {"processors", 4},
          {"graph", io::graph_to_json(g)},
          {"algorithms", {"flb", "etf", "mcp", "dsc_llb", "heft"}}};
}

const io::DagScenario& imported_dag(const io::ScenarioPtr& p) {
  const auto* d = dynamic_cast<const io::DagScenario*>(p.get());
  REQUIRE(d != nullptr);
  return *d;
}

void check_same_graph(const core::TaskGraph& a, const core::TaskGraph& b) {
  REQUIRE(a.size() == b.size());
  CHECK(a.names() == b.names());
  CHECK(a.comps() == b.comps());
  REQUIRE(a.edge_count() == b.edge_count());
  for (std::int64_t e = 0; e < a.edge_count(); ++e) {
    CHECK(a.edge(e).from == b.edge(e).from);
    CHECK(a.edge(e).to == b.edge(e).to);
    CHECK(a.edge(e).comm == b.edge(e).comm);
  }
}

// a -> b, a -> c, with the names given.
std::shared_ptr<const core::TaskGraph> imported_small(std::vector<std::string> names) {
  return std::make_shared<const core::TaskGraph>(std::vector<double>{2, 3, 1},
                                                 std::vector<core::DagEdge>{{0, 1, 1.5}, {0, 2, 2}},
                                                 std::move(names));
}

std::string imported_error_of(const Json& doc, const io::RunContext& ctx) {
  try {
    io::parse_scenario(doc, ctx);
  } catch (const io::ScenarioError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("DagImport.WfCommonsFromItsParsedDocumentReadsTheSameGraph") {
  for (const char* f : {"helloworld-forkjoin-10-chameleon.json", "srasearch-chameleon-10a-001.json",
                        "blast-chameleon-small-001.json"}) {
    CAPTURE(f);
    const std::string text = imported_text_of(kImportData / "wfcommons" / f);
    check_same_graph(io::read_wfcommons(text, 1e8),
                     io::read_wfcommons_json(Json::parse(text), 1e8));
  }
  // The same errors, naming the same place.
  CHECK_THROWS_WITH_AS(io::read_wfcommons_json(Json::object(), 1),
                       "WfCommons /workflow: is required", io::DagFormatError);
  CHECK_THROWS_AS(io::read_wfcommons_json(Json::object(), 0), io::DagFormatError);
}

TEST_CASE("DagImport.TheImportedGraphIsTakenAndRunsAsTheDocumentAlone") {
  for (const char* f : {"helloworld-forkjoin-10-chameleon.json", "srasearch-chameleon-10a-001.json",
                        "blast-chameleon-small-001.json"}) {
    CAPTURE(f);
    auto g = std::make_shared<const core::TaskGraph>(
        io::read_wfcommons(imported_text_of(kImportData / "wfcommons" / f), 1e8));
    const Json doc = imported_doc_around(*g);
    io::RunContext with;
    with.imported_graph = g;
    const io::ScenarioPtr a = io::parse_scenario(doc, with);
    const io::ScenarioPtr b = io::parse_scenario(doc, io::RunContext{});
    CHECK(imported_dag(a).graph == g);  // taken, not read again
    CHECK(imported_dag(b).graph != g);
    check_same_graph(*imported_dag(a).graph, *imported_dag(b).graph);
    CHECK(a->document == b->document);
    const auto ra = io::run_parsed(*a, io::RunContext{});
    const auto rb = io::run_parsed(*b, io::RunContext{});
    REQUIRE(ra.size() == 5);
    REQUIRE(ra.size() == rb.size());
    for (std::size_t i = 0; i < ra.size(); ++i) {
      const auto& x = dynamic_cast<const io::DagRunResult&>(*ra[i]);
      const auto& y = dynamic_cast<const io::DagRunResult&>(*rb[i]);
      CAPTURE(x.algorithm);
      CHECK(x.algorithm == y.algorithm);
      CHECK(x.verified);
      CHECK(y.verified);
      REQUIRE(x.schedule.entries.size() == y.schedule.entries.size());
      for (std::size_t k = 0; k < x.schedule.entries.size(); ++k) {
        CHECK(x.schedule.entries[k].task == y.schedule.entries[k].task);
        CHECK(x.schedule.entries[k].proc == y.schedule.entries[k].proc);
        CHECK(x.schedule.entries[k].start == y.schedule.entries[k].start);
        CHECK(x.schedule.entries[k].finish == y.schedule.entries[k].finish);
      }
    }
  }
}

TEST_CASE("DagImport.AGraphOtherThanTheDocumentsIsNotTaken") {
  const auto g = imported_small({"a", "b", "c"});
  io::RunContext with;
  with.imported_graph = g;
  CHECK(imported_dag(io::parse_scenario(imported_doc_around(*g), with)).graph == g);
  auto read_with = [&](const Json& doc) { return imported_dag(io::parse_scenario(doc, with)); };

  Json cost = imported_doc_around(*g);
  cost["graph"]["tasks"][1]["cost"] = 4;
  const auto& c = read_with(cost);
  CHECK(c.graph != g);
  CHECK(c.graph->comp(1) == 4);  // the document's, not the importer's

  Json comm = imported_doc_around(*g);
  comm["graph"]["edges"][0]["cost"] = 7;
  CHECK(read_with(comm).graph->comm(0, 1) == 7);

  Json renamed = imported_doc_around(*g);
  renamed["graph"]["tasks"][2]["id"] = "z";
  renamed["graph"]["edges"][1]["to"] = "z";
  CHECK(read_with(renamed).graph->name(2) == "z");

  Json fewer = imported_doc_around(*g);
  fewer["graph"]["edges"].erase(1);
  CHECK(read_with(fewer).graph->edge_count() == 1);

  Json extra = imported_doc_around(*g);
  extra["graph"]["tasks"][0]["name"] = "first";
  CHECK(read_with(extra).graph != g);
}

TEST_CASE("DagImport.NamesTheDocumentRefusesAreRefusedAsWithoutTheGraph") {
  // core::TaskGraph accepts these names; an inline graph does not (at most 256 characters,
  // unique), and an import must not open what its share link would refuse.
  for (const auto& names : {std::vector<std::string>{std::string(300, 'x'), "b", "c"},
                            std::vector<std::string>{"a", "b", "a"}}) {
    const auto g = imported_small(names);
    const Json doc = imported_doc_around(*g);
    io::RunContext with;
    with.imported_graph = g;
    const std::string alone = imported_error_of(doc, io::RunContext{});
    CAPTURE(alone);
    CHECK(alone.rfind("/graph/tasks/", 0) == 0);
    CHECK(imported_error_of(doc, with) == alone);
  }
}
