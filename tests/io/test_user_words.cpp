// User-visible words: every algorithm of every kind cites its sources through the citation table
// and carries the help a student needs (idea, pseudo-code, complexity, good/bad cases, an example
// that exists); and no user-visible string - descriptor rows, presets, and every string literal of
// the app, CLI and io sources (welcome panel, help, metric help, forms, CLI output), the docs and
// the README - names a paper by the project's file number, the errata file, an issue number or a
// build machine's path. Code comments may; they are for engineers.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/common/citations.h"
#include "core/partition/partition.h"
#include "io/presets.h"
#include "io/scenario.h"

using namespace loadlab;

namespace {

const std::regex& old_citation_forms() {
  static const std::regex re(
      R"([Pp]aper\s*0\d\d|[Ss]urvey\s*0\d\d|[Nn]otes\s*0\d\d|\b00\d\b\s*(§|Table|Theorem|Section|Fig)|\(00\d\b|ERRATA|[Ii]ssue \d+|/work/|seeds/)");
  return re;
}

bool has_old_form(const std::string& s) {
  return std::regex_search(s, old_citation_forms());
}

// The string literals of a C++ source, comments skipped; adjacent literals joined (so a sentence
// split over lines is one string). Each with the line it starts on.
struct Literal {
  int line;
  std::string text;
};

std::vector<Literal> string_literals(const std::string& src) {
  std::vector<Literal> out;
  int line = 1;
  bool joinable = false;  // only whitespace / comments since the last literal
  for (std::size_t i = 0; i < src.size();) {
    const char c = src[i];
    if (c == '\n') {
      ++line, ++i;
      continue;
    }
    if (c == '/' && i + 1 < src.size() && src[i + 1] == '/') {
      while (i < src.size() && src[i] != '\n') ++i;
      continue;
    }
    if (c == '/' && i + 1 < src.size() && src[i + 1] == '*') {
      const std::size_t end = src.find("*/", i + 2);
      const std::size_t stop = end == std::string::npos ? src.size() : end + 2;
      for (std::size_t k = i; k < stop; ++k) line += src[k] == '\n';
      i = stop;
      continue;
    }
    if (c == '\'') {  // a character literal ('"' must not open a string)
      std::size_t k = i + 1;
      while (k < src.size() && src[k] != '\'') k += src[k] == '\\' ? 2 : 1;
      i = k + 1;
      joinable = false;
      continue;
    }
    if (c == 'R' && i + 1 < src.size() && src[i + 1] == '"') {
      const std::size_t open = src.find('(', i + 2);
      const std::string delim = ")" + src.substr(i + 2, open - i - 2) + "\"";
      const std::size_t close = src.find(delim, open);
      const std::string body = src.substr(open + 1, close - open - 1);
      out.push_back({line, body});
      for (char b : body) line += b == '\n';
      i = close + delim.size();
      joinable = false;
      continue;
    }
    if (c == '"') {
      std::string s;
      std::size_t k = i + 1;
      while (k < src.size() && src[k] != '"') {
        if (src[k] == '\\' && k + 1 < src.size()) {
          s += src[k + 1];
          k += 2;
        } else {
          s += src[k++];
        }
      }
      if (joinable && !out.empty())
        out.back().text += s;
      else
        out.push_back({line, s});
      i = k + 1;
      joinable = true;
      continue;
    }
    if (!std::isspace(static_cast<unsigned char>(c))) joinable = false;
    ++i;
  }
  return out;
}

std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("UserWords.ScannerSeesLiteralsNotComments") {
  const auto lits = string_literals(
      "// paper 000 in a comment\nconst char* a = \"Wu (1997)\" /* ERRATA */ \" Example 1\";\n"
      "auto b = R\"j({\"name\":\"x\"})j\"; char q = '\"'; const char* c = \"see ERRATA.md\";");
  REQUIRE(lits.size() == 3);
  CHECK(lits[0].text == "Wu (1997) Example 1");
  CHECK(lits[0].line == 2);
  CHECK(lits[1].text == "{\"name\":\"x\"}");
  CHECK(has_old_form(lits[2].text));
  for (const char* old : {"Paper 000 Example 1", "(002 §4.2)", "survey 002", "Issue 18: x",
                          "/work/shared/seeds/README.md", "(000 Theorem 2)", "(ERRATA)"})
    CHECK_MESSAGE(has_old_form(old), old);
  for (const char* fine : {"Wu (1997), Example 1", "10,000 rows", "Houstis et al. (1996), §4.2",
                           "0.001 ... 1000", "the print swaps E and C"})
    CHECK_MESSAGE(!has_old_form(fine), fine);
}

TEST_CASE("UserWords.CitationTableIsComplete") {
  std::set<std::string> keys;
  for (const auto& c : core::citations()) {
    const std::string key = c.key;
    CAPTURE(key);
    CHECK(keys.insert(c.key).second);
    for (const char* f : {c.authors, c.short_name, c.title, c.venue, c.year})
      CHECK((f != nullptr && *f != '\0'));
    CHECK(!has_old_form(core::cite_full(c)));
  }
  // The five papers the project is built from.
  for (const char* k : {"wu1997", "radulescu1999", "houstis1996", "notes", "li2001"})
    CHECK(core::find_citation(k) != nullptr);
  CHECK(core::cite_sources("wu1997 §3.1, Fig 5") == "Wu (1997), §3.1, Fig 5");
  CHECK(core::cite_sources("radulescu1999 §3.1; notes list scheduling") ==
        "Radulescu & van Gemund (1999), §3.1; the course notes, list scheduling");
  CHECK(core::parse_sources("nobody2000 §1")[0].citation == nullptr);
  const auto two = core::parse_sources("houstis1996 §3.1 (its reference [39]; as printed); lb4omp");
  REQUIRE(two.size() == 2);
  CHECK(two[0].where == "§3.1 (its reference [39]; as printed)");
  CHECK(two[1].citation == core::find_citation("lb4omp"));
}

TEST_CASE("UserWords.EveryAlgorithmCitesAndTeaches") {
  std::set<std::string> preset_names;
  for (const auto& p : io::presets()) preset_names.insert(p.name);
  int rows = 0;
  for (const auto& k : io::scenario_kinds()) {
    for (const auto& a : k.algorithms()) {
      ++rows;
      const std::string kind = k.name, algorithm = a.name;
      CAPTURE(kind);
      CAPTURE(algorithm);
      // Every source of the row is in the citation table.
      const auto sources = core::parse_sources(a.paper);
      CHECK(!sources.empty());
      for (const auto& s : sources) CHECK_MESSAGE(s.citation != nullptr, s.raw);
      // What the help panel shows.
      for (const char* f :
           {a.title, a.description, a.formula, a.complexity, a.good_when, a.bad_when, a.example})
        CHECK((f != nullptr && *f != '\0'));
      CHECK(std::string(a.good_when) != a.bad_when);
      // The example exists and is of the algorithm's kind.
      REQUIRE(preset_names.count(a.example) == 1);
      CHECK(io::find_preset(a.example).scenario.value("kind", std::string()) == k.name);
      for (const std::string& s :
           {std::string(a.title), core::cite_sources(a.paper), std::string(a.applies_to),
            std::string(a.description), std::string(a.good_when), std::string(a.bad_when)})
        CHECK_MESSAGE(!has_old_form(s), s);
    }
  }
  CHECK(rows >= 96);  // the seven kinds' tables today
}

// The help's "Open" button adds the algorithm to the example's list; it must run there and pass
// its verifier, or the example would not show what the help says.
TEST_CASE("UserWords.EveryExampleRunsItsAlgorithm") {
  for (const auto& k : io::scenario_kinds()) {
    for (const auto& a : k.algorithms()) {
      const std::string kind = k.name, algorithm = a.name, example = a.example;
      CAPTURE(kind);
      CAPTURE(algorithm);
      CAPTURE(example);
      // METIS is linked natively only; the WebAssembly build reports it as native-only.
      if (algorithm == "metis" && !core::metis_available()) continue;
      io::Json sc = io::find_preset(a.example).scenario;
      sc.erase("ui");
      sc["algorithms"] = io::Json::array({a.name});
      const io::Json out = io::run_scenario(sc, io::RunContext{});
      REQUIRE(out["results"].size() == 1);
      const io::Json& r = out["results"][0];
      CHECK_MESSAGE(!r.contains("error"), r.dump());
      CHECK(r.value("verified", false));
    }
  }
}

TEST_CASE("UserWords.PresetsSpeakInWords") {
  for (const auto& p : io::presets()) {
    CAPTURE(p.name);
    CHECK_MESSAGE(!has_old_form(p.title), p.title);
    const std::string name = p.scenario.value("name", std::string());
    CHECK_MESSAGE(!has_old_form(name), name);
  }
}

TEST_CASE("UserWords.NoOldFormInAnySourceStringOrDoc") {
  namespace fs = std::filesystem;
  const fs::path root = LOADLAB_SOURCE_DIR;
  REQUIRE(fs::exists(root / "src"));
  int files = 0;
  for (const auto& e : fs::recursive_directory_iterator(root / "src")) {
    const auto ext = e.path().extension();
    if (ext != ".cpp" && ext != ".h") continue;
    ++files;
    for (const auto& lit : string_literals(read_text(e.path())))
      CHECK_MESSAGE(!has_old_form(lit.text), fs::relative(e.path(), root).string()
                                                 << ":" << lit.line << ": \"" << lit.text << "\"");
  }
  CHECK(files > 100);
  std::vector<fs::path> docs = {root / "README.md"};
  for (const auto& e : fs::directory_iterator(root / "docs"))
    if (e.path().extension() == ".md") docs.push_back(e.path());
  for (const auto& d : docs) {
    std::istringstream in(read_text(d));
    std::string l;
    int n = 0;
    while (std::getline(in, l)) {
      ++n;
      CHECK_MESSAGE(!has_old_form(l), fs::relative(d, root).string() << ":" << n << ": " << l);
    }
  }
}
