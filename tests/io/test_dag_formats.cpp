// Task-graph readers and writers: real files from ../shared/data, hand-written small files with
// hand-computed expectations, and bad files that must be rejected with a clear message.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "core/dag/schedulers.h"
#include "io/dag_formats/dag_formats.h"

#ifndef LOADLAB_SHARED_DIR
#define LOADLAB_SHARED_DIR "/work/shared"
#endif

using namespace loadlab;

namespace {

const std::filesystem::path kData = std::filesystem::path(LOADLAB_SHARED_DIR) / "data";

std::string format_error_of(auto&& fn) {
  try {
    fn();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

bool has(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("DagFormats.Stg.Rand0000") {
  const core::TaskGraph g = io::read_graph_file(kData / "stg" / "50" / "rand0000.stg", 1);
  CHECK(g.size() == 52);
  // The file's notes: 96 edges + 23 dummy edges; CP length 55 (costs without communication).
  CHECK(g.edge_count() == 96 + 23);
  CHECK(core::compute_levels(g).critical_path_comp == 55);
  CHECK(g.comp(1) == 9);
  CHECK(g.comp(0) == 0);
  CHECK(g.comp(51) == 0);
  CHECK(g.name(10) == "10");
  CHECK(g.comm(2, 10) == 0);
}

TEST_CASE("DagFormats.Stg.Rejects") {
  CHECK(has(format_error_of([] { io::read_stg(""); }), "empty"));
  CHECK(has(format_error_of([] { io::read_stg("1\n0 0 0\n1 5 1 0\n"); }), "file ends"));
  CHECK(has(format_error_of([] { io::read_stg("1\n0 0 0\n2 5 1 0\n2 0 1 1\n"); }), "line 3"));
  CHECK(has(format_error_of([] { io::read_stg("1\n0 0 0\n1 5 2 0\n2 0 1 1\n"); }),
            "predecessor count"));
  CHECK(has(format_error_of([] { io::read_stg("1\n0 0 0\n1 -5 1 0\n2 0 1 1\n"); }), "negative"));
  CHECK(has(format_error_of([] { io::read_stg("1\n0 0 0\n1 5 1 7\n2 0 1 1\n"); }), "not a task"));
  CHECK(has(format_error_of([] { io::read_stg("1\n0 0 1 2\n1 5 1 0\n2 0 1 1\n"); }), "cycle"));
  CHECK(has(format_error_of([] { io::read_stg("1\n0 0 0\n1 x 1 0\n2 0 1 1\n"); }), "integer"));
  // Task counts at the top of int64 must be refused without computing n + 2 (fuzz find).
  CHECK(has(format_error_of([] { io::read_stg("9223372036854775807\n0 0 0\n"); }),
            "number of tasks"));
  CHECK(has(format_error_of([] { io::read_stg("9223372036854775806\n0 0 0\n"); }),
            "number of tasks"));
  CHECK_NOTHROW(io::read_stg("1\n0 0 0\n1 5 1 0\n2 0 1 1\n# note\n"));
}

TEST_CASE("DagFormats.Dot.DaggenStyle") {
  const std::string text = R"(// DAGGEN output
digraph G {
  1 [size="10", alpha="0.2"]
  2 [size="20"]
  3 [size="5"]
  1 -> 2 [size="4"]
  1 -> 3 [size="6"]
  2 -> 3 [size="1"]
}
)";
  const core::TaskGraph g = io::read_dot(text);
  CHECK(g.size() == 3);
  CHECK(g.comp(0) == 10);
  CHECK(g.comp(1) == 20);
  CHECK(g.comm(0, 2) == 6);
  CHECK(g.comm(1, 2) == 1);
  // Round trip through the writer.
  const core::TaskGraph h = io::read_dot(io::write_dot(g));
  CHECK(h.size() == 3);
  CHECK(h.comm(0, 1) == 4);
  CHECK(h.comp(2) == 5);
  CHECK(h.name(2) == "3");
}

TEST_CASE("DagFormats.Dot.ChainsDefaultsComments") {
  const core::TaskGraph g = io::read_dot(
      "digraph { node [size=2]; edge [size=3]; rankdir=LR; /* c */ a -> b -> c; b [size=7] }");
  CHECK(g.size() == 3);
  CHECK(g.comp(0) == 2);
  CHECK(g.comp(1) == 7);
  CHECK(g.comm(1, 2) == 3);
}

TEST_CASE("DagFormats.Dot.Rejects") {
  CHECK(has(format_error_of([] { io::read_dot("graph { a -- b }"); }), "undirected"));
  CHECK(has(format_error_of([] { io::read_dot("digraph { a -> b; b -> a }"); }), "cycle"));
  CHECK(has(format_error_of([] { io::read_dot("digraph { a [size=\"x\"] }"); }), "not a number"));
  CHECK(has(format_error_of([] { io::read_dot("digraph { a [size=-1] }"); }), "[0, 1e12]"));
  CHECK(has(format_error_of([] { io::read_dot("digraph {\n a -> \n}"); }), "line 3"));
  CHECK(has(format_error_of([] { io::read_dot("digraph { a "); }), "missing"));
  CHECK(has(format_error_of([] { io::read_dot("digraph { subgraph x { a } }"); }), "subgraph"));
  CHECK(has(format_error_of([] { io::read_dot("digraph { \"a }"); }), "unterminated"));
}

TEST_CASE("DagFormats.WfCommons.ForkJoin") {
  std::ifstream in(kData / "wfcommons" / "helloworld-forkjoin-10-chameleon.json");
  std::stringstream ss;
  ss << in.rdbuf();
  const core::TaskGraph g = io::read_wfcommons(ss.str(), 9090910.0);  // one file per second
  CHECK(g.size() == 10);
  // Entry task fans out to 8 tasks which join into one: 16 edges.
  CHECK(g.edge_count() == 16);
  CHECK(g.comp(0) == doctest::Approx(100.187));  // runtimeInSeconds of task 1 (from the file)
  // Each child reads the parent's 9,090,910-byte output: exactly 1 s at this bandwidth.
  CHECK(g.comm(0, 1) == doctest::Approx(1.0));
  const core::Schedule s = core::flb(g, 4);
  CHECK(s.entries.size() == 10);
}

TEST_CASE("DagFormats.WfCommons.AllFilesLoad") {
  for (const char* f :
       {"helloworld-chain-5-chameleon.json", "srasearch-chameleon-10a-001.json",
        "epigenomics-chameleon-hep-1seq-100k-001.json", "blast-chameleon-small-001.json"}) {
    CAPTURE(f);
    const core::TaskGraph g = io::read_graph_file(kData / "wfcommons" / f, 1e8);
    CHECK(g.size() > 0);
    bool some_comm = false;
    for (const auto& e : g.edges()) some_comm = some_comm || e.comm > 0;
    bool varied = false;
    for (core::TaskId t = 1; t < g.size(); ++t) varied = varied || g.comp(t) != g.comp(0);
    CHECK(varied);  // never all-ones
    (void)some_comm;
  }
}

TEST_CASE("DagFormats.WfCommons.Rejects") {
  CHECK(has(format_error_of([] { io::read_wfcommons("{", 1); }), "malformed"));
  CHECK(has(format_error_of([] { io::read_wfcommons("{}", 1); }), "/workflow"));
  CHECK(has(format_error_of([] { io::read_wfcommons("{\"workflow\":{}}", 0); }), "bandwidth"));
  const std::string no_runtime = R"({"workflow":{"specification":{"tasks":[{"id":"a"}],"files":[]},
    "execution":{"tasks":[]}}})";
  CHECK(has(format_error_of([&] { io::read_wfcommons(no_runtime, 1); }), "runtimeInSeconds"));
  const std::string bad_parent =
      R"({"workflow":{"specification":{"tasks":[{"id":"a","parents":["z"]}],
    "files":[]},"execution":{"tasks":[{"id":"a","runtimeInSeconds":1}]}}})";
  CHECK(has(format_error_of([&] { io::read_wfcommons(bad_parent, 1); }), "unknown task z"));
}

TEST_CASE("DagFormats.Json.InlineAndErrors") {
  const io::Json doc = io::Json::parse(R"({"tasks":[{"id":"t0","cost":2},{"id":"t1","cost":3}],
    "edges":[{"from":"t0","to":"t1","cost":1}]})");
  const core::TaskGraph g = io::read_graph_json(io::JsonReader(doc, "/graph"));
  CHECK(g.size() == 2);
  CHECK(g.comm(0, 1) == 1);
  const core::TaskGraph h = io::read_graph_json(io::JsonReader(io::graph_to_json(g), ""));
  CHECK(h.comp(1) == 3);
  auto err = [](const char* text) {
    const io::Json d = io::Json::parse(text);
    return format_error_of([&] { io::read_graph_json(io::JsonReader(d, "/graph")); });
  };
  CHECK(has(err(R"({"tasks":[{"id":"a","cost":-1}]})"), "/graph/tasks/0/cost"));
  CHECK(has(err(R"({"tasks":[{"id":"a","cost":1}],"edges":[{"from":"a","to":"b"}]})"),
            "/graph/edges/0/to"));
  CHECK(has(err(R"({"tasks":[{"id":"a","cost":1},{"id":"a","cost":1}]})"), "duplicate task"));
  CHECK(has(err(R"({"tasks":[{"id":"a","cost":1},{"id":"b","cost":1}],
      "edges":[{"from":"a","to":"b"},{"from":"b","to":"a"}]})"),
            "a -> b -> a"));
  CHECK(has(err(R"({"tasks":[]})"), "at least one"));
  CHECK(has(err(R"({"tasks":[{"id":"a","cost":1}],"colour":1})"), "colour"));
}

TEST_CASE("DagFormats.Writers.ScheduleCsvTrace") {
  const core::TaskGraph g({2, 3}, {{0, 1, 5}}, {"a", "b,c"});
  core::Schedule s;
  s.processors = 2;
  s.entries = {{0, 0, 0, 2}, {1, 1, 7, 10}};
  const io::Json js = io::schedule_to_json(g, s);
  CHECK(js[1]["task"] == "b,c");
  CHECK(js[1]["proc"] == 1);
  CHECK(js[1]["start"] == 7.0);
  CHECK(io::schedule_to_csv(g, s) == "task,proc,start,finish\na,0,0,2\n\"b,c\",1,7,10\n");
  const io::Json tr = io::schedule_to_chrome_trace(g, s);
  int complete = 0, flows = 0, threads = 0;
  for (const auto& e : tr["traceEvents"]) {
    complete += e["ph"] == "X";
    flows += e["ph"] == "s" || e["ph"] == "f";
    threads += e["name"] == "thread_name";
  }
  CHECK(complete == 2);
  CHECK(flows == 2);  // one message between processors: start and finish of the flow
  CHECK(threads == 2);
}

TEST_CASE("DagFormats.File.Errors") {
  CHECK(has(format_error_of([] { io::read_graph_file("nope.txt", 1); }), "extension"));
  CHECK(has(format_error_of([] { io::read_graph_file("/nonexistent/x.stg", 1); }), "cannot read"));
}
