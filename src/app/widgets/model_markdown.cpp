// The Markdown subset of the user guide (see model_markdown.h). A line-based block pass, then an
// inline pass over each block's text; unknown syntax stays as literal text, never an error.
#include "app/widgets/model_markdown.h"

#include <cctype>

namespace loadlab::app {

namespace {

std::string_view md_trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

int md_indent(std::string_view line) {
  int n = 0;
  for (char c : line) {
    if (c == ' ')
      ++n;
    else if (c == '\t')
      n += 4;
    else
      break;
  }
  return n;
}

bool md_is_table_separator(std::string_view line) {
  line = md_trim(line);
  if (line.empty() || line.front() != '|') return false;
  for (char c : line)
    if (c != '|' && c != '-' && c != ':' && c != ' ') return false;
  return line.find('-') != std::string_view::npos;
}

std::vector<std::string> md_table_cells(std::string_view line) {
  line = md_trim(line);
  if (!line.empty() && line.front() == '|') line.remove_prefix(1);
  if (!line.empty() && line.back() == '|') line.remove_suffix(1);
  std::vector<std::string> cells;
  std::string cur;
  bool in_code = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '`') in_code = !in_code;
    if (c == '\\' && i + 1 < line.size() && line[i + 1] == '|') {
      cur += '|';
      ++i;
      continue;
    }
    if (c == '|' && !in_code) {
      cells.emplace_back(md_trim(cur));
      cur.clear();
      continue;
    }
    cur += c;
  }
  cells.emplace_back(md_trim(cur));
  return cells;
}

// "- item", "* item" -> 2; "12. item" -> 4; else 0 (the marker's length incl. the space).
std::size_t md_bullet_marker(std::string_view s) {
  if (s.size() >= 2 && (s[0] == '-' || s[0] == '*' || s[0] == '+') && s[1] == ' ') return 2;
  return 0;
}

std::size_t md_number_marker(std::string_view s, int* number) {
  std::size_t i = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
  if (i == 0 || i > 9 || i + 1 >= s.size() || s[i] != '.' || s[i + 1] != ' ') return 0;
  *number = std::stoi(std::string(s.substr(0, i)));
  return i + 2;
}

}  // namespace

std::string markdown_anchor(std::string_view heading) {
  std::string out;
  for (const MdSpan& s : parse_markdown_inline(heading))
    for (char c : s.text) {
      const auto u = static_cast<unsigned char>(c);
      if (std::isalnum(u) || c == '-' || c == '_' || u >= 0x80)
        out += static_cast<char>(std::tolower(u));
      else if (c == ' ')
        out += '-';
    }
  return out;
}

std::vector<MdSpan> parse_markdown_inline(std::string_view text) {
  std::vector<MdSpan> out;
  MdSpan cur;
  bool bold = false, italic = false;
  auto flush = [&] {
    if (!cur.text.empty()) out.push_back(cur);
    cur = MdSpan{};
    cur.bold = bold;
    cur.italic = italic;
  };
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '\\' && i + 1 < text.size() && std::ispunct(static_cast<unsigned char>(text[i + 1]))) {
      cur.text += text[i + 1];
      i += 2;
      continue;
    }
    if (c == '`') {
      const std::size_t end = text.find('`', i + 1);
      if (end != std::string_view::npos) {
        flush();
        MdSpan code;
        code.text = std::string(text.substr(i + 1, end - i - 1));
        code.code = true;
        code.bold = bold;
        code.italic = italic;
        out.push_back(code);
        i = end + 1;
        continue;
      }
    }
    if (c == '[') {
      const std::size_t close = text.find("](", i + 1);
      const std::size_t end = close == std::string_view::npos ? close : text.find(')', close + 2);
      if (close != std::string_view::npos && end != std::string_view::npos &&
          text.substr(i + 1, close - i - 1).find('\n') == std::string_view::npos) {
        flush();
        for (MdSpan s : parse_markdown_inline(text.substr(i + 1, close - i - 1))) {
          s.link = std::string(text.substr(close + 2, end - close - 2));
          s.bold = s.bold || bold;
          s.italic = s.italic || italic;
          out.push_back(s);
        }
        i = end + 1;
        continue;
      }
    }
    if (c == '*' && i + 1 < text.size() && text[i + 1] == '*') {
      flush();
      bold = !bold;
      cur.bold = bold;
      i += 2;
      continue;
    }
    // '*' or '_' toggles italic at a word boundary (so snake_case names stay as they are).
    if (c == '*' || c == '_') {
      const bool before_ok = i == 0 || !std::isalnum(static_cast<unsigned char>(text[i - 1]));
      const bool after_ok =
          i + 1 >= text.size() || !std::isalnum(static_cast<unsigned char>(text[i + 1]));
      const bool opens = !italic && before_ok && i + 1 < text.size() && text[i + 1] != ' ';
      const bool closes = italic && after_ok;
      if (opens || closes) {
        flush();
        italic = !italic;
        cur.italic = italic;
        ++i;
        continue;
      }
    }
    cur.text += c;
    ++i;
  }
  flush();
  return out;
}

std::string markdown_plain(const std::vector<MdSpan>& spans) {
  std::string s;
  for (const auto& x : spans) s += x.text;
  return s;
}

std::vector<MdBlock> parse_markdown(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t nl = text.find('\n', start);
    const std::size_t end = nl == std::string_view::npos ? text.size() : nl;
    lines.push_back(text.substr(start, end - start));
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
  std::vector<MdBlock> blocks;
  std::string para;  // the open paragraph or list item's text
  MdBlock pending;   // its block (type, level, number)
  bool open = false;
  auto close = [&] {
    if (open) {
      pending.spans = parse_markdown_inline(para);
      blocks.push_back(std::move(pending));
    }
    pending = MdBlock{};
    para.clear();
    open = false;
  };
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view raw = lines[i];
    const std::string_view line = md_trim(raw);
    if (line.empty()) {
      close();
      continue;
    }
    if (line.substr(0, 3) == "```") {
      close();
      MdBlock b;
      b.type = MdBlockType::code;
      for (++i; i < lines.size() && md_trim(lines[i]).substr(0, 3) != "```"; ++i) {
        b.code += std::string(lines[i]);
        b.code += '\n';
      }
      if (!b.code.empty()) b.code.pop_back();
      blocks.push_back(std::move(b));
      continue;
    }
    if (line.front() == '#') {
      std::size_t n = 0;
      while (n < line.size() && line[n] == '#') ++n;
      if (n <= 6 && n < line.size() && line[n] == ' ') {
        close();
        MdBlock b;
        b.type = MdBlockType::heading;
        b.level = static_cast<int>(n);
        b.spans = parse_markdown_inline(md_trim(line.substr(n)));
        b.anchor = markdown_anchor(md_trim(line.substr(n)));
        blocks.push_back(std::move(b));
        continue;
      }
    }
    if (line == "---" || line == "***" || line == "___") {
      close();
      MdBlock b;
      b.type = MdBlockType::rule;
      blocks.push_back(std::move(b));
      continue;
    }
    if (line.front() == '|' && i + 1 < lines.size() && md_is_table_separator(lines[i + 1])) {
      close();
      MdBlock b;
      b.type = MdBlockType::table;
      auto add_row = [&](std::string_view l) {
        std::vector<std::vector<MdSpan>> row;
        for (const auto& cell : md_table_cells(l)) row.push_back(parse_markdown_inline(cell));
        b.rows.push_back(std::move(row));
      };
      add_row(line);
      for (i += 2; i < lines.size() && !md_trim(lines[i]).empty() && md_trim(lines[i])[0] == '|';
           ++i)
        add_row(lines[i]);
      --i;
      blocks.push_back(std::move(b));
      continue;
    }
    if (line.substr(0, 2) == "![") {
      const std::size_t close_br = line.find("](");
      const std::size_t end =
          close_br == std::string_view::npos ? close_br : line.find(')', close_br);
      if (end != std::string_view::npos && end + 1 == line.size()) {
        close();
        MdBlock b;
        b.type = MdBlockType::image;
        b.image_alt = std::string(line.substr(2, close_br - 2));
        b.image_path = std::string(line.substr(close_br + 2, end - close_br - 2));
        blocks.push_back(std::move(b));
        continue;
      }
    }
    int number = 0;
    const std::size_t bullet = md_bullet_marker(line);
    const std::size_t numbered = bullet ? 0 : md_number_marker(line, &number);
    if (bullet || numbered) {
      close();
      pending.type = bullet ? MdBlockType::bullet : MdBlockType::numbered;
      pending.level = md_indent(raw) / 2;
      pending.number = number;
      para = std::string(line.substr(bullet + numbered));
      open = true;
      continue;
    }
    // A continuation line (of a paragraph or a list item) or a new paragraph.
    if (open) {
      para += ' ';
      para += std::string(line);
    } else {
      pending.type = MdBlockType::paragraph;
      para = std::string(line);
      open = true;
    }
  }
  close();
  return blocks;
}

}  // namespace loadlab::app
