// The "from file" load generator's reader (io/load_file.h). Expected loads are the files' own
// numbers, written out by hand; every error must name the field and say where.
#include <doctest/doctest.h>

#include <string>

#include "io/json_reader.h"
#include "io/load_file.h"

using loadlab::core::LoadVector;
using loadlab::io::LoadFileLimits;
using loadlab::io::parse_load_file;
using loadlab::io::ScenarioError;

namespace {

// The error's message, or "" when the text parses.
std::string load_file_error(const std::string& text, const std::string& field = "/loads") {
  try {
    parse_load_file(text, "loads.csv", field);
  } catch (const ScenarioError& e) {
    CHECK(e.pointer() == field);
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("LoadFile.PlainAndDelimitedText") {
  CHECK(parse_load_file("19 11 2 9 0 9 10 4\n", "a.txt", "/loads") ==
        LoadVector{19, 11, 2, 9, 0, 9, 10, 4});
  CHECK(parse_load_file("19\n11\r\n2\n\n# a comment\n9\n", "a.txt", "/loads") ==
        LoadVector{19, 11, 2, 9});
  CHECK(parse_load_file("1,2;3\t4", "a.csv", "/loads") == LoadVector{1, 2, 3, 4});
  CHECK(parse_load_file("7.0, +3", "a.csv", "/loads") == LoadVector{7, 3});
}

TEST_CASE("LoadFile.HeaderPicksTheLoadColumn") {
  CHECK(parse_load_file("node,load\n0,19\n1,11\n2,2\n", "t.csv", "/loads") ==
        LoadVector{19, 11, 2});
  CHECK(parse_load_file("Tasks\n5\n6\n", "t.csv", "/loads") == LoadVector{5, 6});
  CHECK(parse_load_file("initial;node\n8;0\n0;1\n", "t.csv", "/loads") == LoadVector{8, 0});
}

TEST_CASE("LoadFile.Json") {
  CHECK(parse_load_file("[4, 0, 7]", "l.json", "/loads") == LoadVector{4, 0, 7});
  CHECK(parse_load_file(R"({"kind": "balance", "loads": [1, 2]})", "s.json", "/loads") ==
        LoadVector{1, 2});
  CHECK(parse_load_file(R"({"workload": {"initial": [3, 3, 0]}})", "d.json", "/workload/initial") ==
        LoadVector{3, 3, 0});
}

TEST_CASE("LoadFile.ErrorsNameTheFieldAndTheLine") {
  CHECK(load_file_error("1\n2\nabc\n").find("line 3 of loads.csv") != std::string::npos);
  CHECK(load_file_error("1\n2\nabc\n").rfind("/loads:", 0) == 0);
  CHECK(load_file_error("1, -4").find("negative") != std::string::npos);
  CHECK(load_file_error("2.5").find("not a whole number") != std::string::npos);
  CHECK(load_file_error("1000000001").find("limit") != std::string::npos);
  CHECK(load_file_error("").find("no task counts") != std::string::npos);
  CHECK(load_file_error("# only a comment\n").find("no task counts") != std::string::npos);
  CHECK(load_file_error("node,weight\n0,1\n").find("names no load column") != std::string::npos);
  CHECK(load_file_error("node,load\n0\n").find("line 2") != std::string::npos);
  CHECK(load_file_error("[1, 2", "/workload/initial").find("not valid JSON") != std::string::npos);
  CHECK(load_file_error("[1, \"x\"]").find("[1]") != std::string::npos);
  CHECK(load_file_error("{\"a\": 1}").find("\"loads\"") != std::string::npos);
  CHECK(load_file_error("[]").find("empty") != std::string::npos);
}

TEST_CASE("LoadFile.SizeLimits") {
  // One value more than the largest topology has nodes.
  std::string many;
  many.reserve((LoadFileLimits::max_values + 1) * 2);
  for (std::size_t i = 0; i <= LoadFileLimits::max_values; ++i) many += "0\n";
  CHECK(load_file_error(many).find("more than 2097152 values") != std::string::npos);
  const std::string huge(LoadFileLimits::max_bytes + 1, ' ');
  CHECK(load_file_error(huge).find("limit is 16 MiB") != std::string::npos);
}
