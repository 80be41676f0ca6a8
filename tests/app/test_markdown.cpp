// The Markdown reader of the in-app user guide (widgets/model_markdown.h): the blocks and inline
// styles of a small document, and the real guide's structure (its title, sections, anchors that
// its own links point to, the pictures it shows).
#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "app/widgets/model_markdown.h"

using namespace loadlab::app;

TEST_CASE("Markdown.BlocksAndInline") {
  const auto b = parse_markdown(
      "# Title here\n\nA **bold** and *italic* word, `code_x` and a [link](#first-steps).\n"
      "continued line\n\n- one\n- two\n  wrapped\n  - nested\n1. first\n2. second\n\n"
      "| a | b |\n|---|---|\n| `x|y` | 2 |\n\n![A picture](img/x.png)\n\n```\nloadlab run x\n```\n"
      "snake_case_name stays\n");
  REQUIRE(b.size() == 11);
  CHECK(b[0].type == MdBlockType::heading);
  CHECK(b[0].level == 1);
  CHECK(b[0].anchor == "title-here");
  CHECK(b[1].type == MdBlockType::paragraph);
  CHECK(markdown_plain(b[1].spans) == "A bold and italic word, code_x and a link. continued line");
  bool saw_bold = false, saw_italic = false, saw_code = false, saw_link = false;
  for (const auto& s : b[1].spans) {
    saw_bold |= s.bold && s.text == "bold";
    saw_italic |= s.italic && s.text == "italic";
    saw_code |= s.code && s.text == "code_x";
    saw_link |= s.link == "#first-steps" && s.text == "link";
  }
  CHECK((saw_bold && saw_italic && saw_code && saw_link));
  CHECK(b[2].type == MdBlockType::bullet);
  CHECK(markdown_plain(b[3].spans) == "two wrapped");
  CHECK(b[4].level == 1);  // nested
  CHECK(b[5].type == MdBlockType::numbered);
  CHECK(b[6].number == 2);
  REQUIRE(b[7].type == MdBlockType::table);
  REQUIRE(b[7].rows.size() == 2);
  CHECK(markdown_plain(b[7].rows[1][0]) == "x|y");  // a '|' inside code is not a column
  CHECK(b[8].type == MdBlockType::image);
  CHECK(b[8].image_path == "img/x.png");
  CHECK(b[9].type == MdBlockType::code);
  CHECK(b[9].code == "loadlab run x");
  CHECK(b[10].type == MdBlockType::paragraph);
  CHECK(markdown_plain(b[10].spans) == "snake_case_name stays");
}

TEST_CASE("Markdown.TheUserGuide") {
  std::ifstream in(std::string(LOADLAB_SOURCE_DIR) + "/docs/playground.md");
  REQUIRE(in.good());
  std::ostringstream s;
  s << in.rdbuf();
  const auto blocks = parse_markdown(s.str());
  REQUIRE(!blocks.empty());
  CHECK(blocks[0].type == MdBlockType::heading);
  CHECK(markdown_plain(blocks[0].spans) == "The LoadLab playground: a short user guide");
  std::set<std::string> anchors, links;
  int pictures = 0, headings = 0;
  for (const auto& b : blocks) {
    if (b.type == MdBlockType::heading) ++headings, anchors.insert(b.anchor);
    if (b.type == MdBlockType::image) {
      ++pictures;
      CHECK(std::ifstream(std::string(LOADLAB_SOURCE_DIR) + "/docs/" + b.image_path).good());
    }
    for (const auto& sp : b.spans)
      if (!sp.link.empty() && sp.link[0] == '#') links.insert(sp.link.substr(1));
  }
  CHECK(headings >= 5);
  CHECK(pictures >= 3);
  for (const auto& l : links) CHECK_MESSAGE(anchors.count(l) == 1, l);  // in-page links land
}
