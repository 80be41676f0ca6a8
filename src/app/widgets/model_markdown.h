// A small Markdown reader for the user guide shown inside the playground (Help > User guide):
// headings, paragraphs, bullet and numbered lists, fenced code, tables, images, rules, and inline
// bold, italic, code and links. Headless (no ImGui), so tests/app checks it; markdown_view.cpp
// draws its blocks. The site's HTML copy of the guide is made by scripts/md_to_html.py, which
// follows the same rules.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace loadlab::app {

struct MdSpan {
  std::string text;
  bool bold = false;
  bool italic = false;
  bool code = false;
  std::string link;  ///< target of a [text](link); "" = not a link
};

enum class MdBlockType { heading, paragraph, bullet, numbered, code, table, image, rule };

struct MdBlock {
  MdBlockType type = MdBlockType::paragraph;
  int level = 0;              ///< heading level 1..6; list nesting depth (0 = top)
  int number = 0;             ///< the item's number in a numbered list
  std::vector<MdSpan> spans;  ///< heading, paragraph and list item text
  std::string code;           ///< a fenced code block's text
  std::vector<std::vector<std::vector<MdSpan>>> rows;  ///< table: rows of cells (row 0 = header)
  std::string anchor;  ///< a heading's anchor ("#the-welcome-panel" links here, without '#')
  std::string image_alt, image_path;
};

/// GitHub's anchor of a heading: lower case, spaces to '-', punctuation dropped.
std::string markdown_anchor(std::string_view heading);
/// Inline text: **bold**, *italic* / _italic_, `code`, [text](link).
std::vector<MdSpan> parse_markdown_inline(std::string_view text);
/// Block structure of a whole document.
std::vector<MdBlock> parse_markdown(std::string_view text);
/// The text of spans without markup (table cells, tests).
std::string markdown_plain(const std::vector<MdSpan>& spans);

}  // namespace loadlab::app
