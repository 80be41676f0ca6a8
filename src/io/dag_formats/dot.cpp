// DOT reader and writer for task graphs, DAGGEN style: `digraph G { 1 [size="12"]; 1 -> 2
// [size="3"]; }`. A node's cost is its "size" (or "weight", "cost", "comp"); an edge's is its
// "size" (or "weight", "cost", "comm", "data"). A node without any of them costs 1, an edge 0.
// Supported: node/edge statements with attribute lists, edge chains, default `node [...]` and
// `edge [...]` attributes, graph attributes (ignored), comments. Not supported (clear error):
// undirected graphs, subgraphs, ports.
#include <cstdlib>
#include <map>
#include <sstream>
#include <vector>

#include "io/dag_formats/dag_formats.h"

namespace loadlab::io {

namespace {

struct Token {
  enum Kind { id, punct, end } kind = end;
  std::string text;
  std::int64_t line = 1;
};

class Lexer {
 public:
  explicit Lexer(std::string_view s) : s_(s) {}

  Token next() {
    skip();
    Token t;
    t.line = line_;
    if (i_ >= s_.size()) return t;
    const char c = s_[i_];
    if (c == '"') {
      t.kind = Token::id;
      ++i_;
      while (i_ < s_.size() && s_[i_] != '"') {
        if (s_[i_] == '\\' && i_ + 1 < s_.size()) {
          ++i_;
          if (s_[i_] == '\n') {
            ++line_;
            ++i_;
            continue;
          }
        }
        if (s_[i_] == '\n') ++line_;
        t.text += s_[i_++];
      }
      if (i_ >= s_.size()) fail(t.line, "unterminated string");
      ++i_;
      return t;
    }
    if (c == '-' && i_ + 1 < s_.size() && (s_[i_ + 1] == '>' || s_[i_ + 1] == '-')) {
      t.kind = Token::punct;
      t.text = s_.substr(i_, 2);
      i_ += 2;
      return t;
    }
    if (std::string_view("{}[];,=:").find(c) != std::string_view::npos) {
      t.kind = Token::punct;
      t.text = std::string(1, c);
      ++i_;
      return t;
    }
    if (c == '<') fail(line_, "HTML labels are not supported");
    auto idchar = [](char x) {
      return (x >= 'a' && x <= 'z') || (x >= 'A' && x <= 'Z') || (x >= '0' && x <= '9') ||
             x == '_' || x == '.' || x == '-' || static_cast<unsigned char>(x) >= 128;
    };
    if (!idchar(c)) fail(line_, std::string("unexpected character '") + c + "'");
    t.kind = Token::id;
    while (i_ < s_.size() && idchar(s_[i_]) &&
           !(s_[i_] == '-' && i_ + 1 < s_.size() && (s_[i_ + 1] == '>' || s_[i_ + 1] == '-')))
      t.text += s_[i_++];
    return t;
  }

  [[noreturn]] static void fail(std::int64_t line, const std::string& why) {
    throw DagFormatError("DOT", "line " + std::to_string(line), why);
  }

 private:
  void skip() {
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (c == '\n') {
        ++line_;
        ++i_;
      } else if (c == ' ' || c == '\t' || c == '\r') {
        ++i_;
      } else if (c == '#' && (i_ == 0 || s_[i_ - 1] == '\n')) {
        while (i_ < s_.size() && s_[i_] != '\n') ++i_;
      } else if (c == '/' && i_ + 1 < s_.size() && s_[i_ + 1] == '/') {
        while (i_ < s_.size() && s_[i_] != '\n') ++i_;
      } else if (c == '/' && i_ + 1 < s_.size() && s_[i_ + 1] == '*') {
        const std::size_t e = s_.find("*/", i_ + 2);
        if (e == std::string_view::npos) fail(line_, "unterminated comment");
        for (std::size_t k = i_; k < e; ++k) line_ += s_[k] == '\n';
        i_ = e + 2;
      } else {
        break;
      }
    }
  }

  std::string_view s_;
  std::size_t i_ = 0;
  std::int64_t line_ = 1;
};

using Attrs = std::map<std::string, std::string>;

double cost_of(const Attrs& a, std::initializer_list<const char*> keys, double fallback,
               std::int64_t line) {
  for (const char* k : keys) {
    auto it = a.find(k);
    if (it == a.end()) continue;
    // strtod, not from_chars: Emscripten's libc++ has no floating-point from_chars.
    const std::string& s = it->second;
    char* endp = nullptr;
    const double v = s.empty() ? 0 : std::strtod(s.c_str(), &endp);
    if (s.empty() || endp != s.c_str() + s.size())
      Lexer::fail(line, std::string("attribute ") + k + "=\"" + s + "\" is not a number");
    if (!(v >= 0) || v > core::GraphLimits::max_cost)
      Lexer::fail(line, std::string("attribute ") + k + "=" + s + " must be in [0, 1e12]");
    return v;
  }
  return fallback;
}

}  // namespace

core::TaskGraph read_dot(std::string_view text) {
  Lexer lx(text);
  Token t = lx.next();
  if (t.kind == Token::id && t.text == "strict") t = lx.next();
  if (t.kind != Token::id || (t.text != "digraph" && t.text != "graph"))
    Lexer::fail(t.line, "expected 'digraph'");
  if (t.text == "graph") Lexer::fail(t.line, "undirected graphs are not task graphs (use digraph)");
  t = lx.next();
  if (t.kind == Token::id) t = lx.next();
  if (t.text != "{") Lexer::fail(t.line, "expected '{'");

  std::map<std::string, core::TaskId> index;
  std::vector<std::string> names;
  std::vector<Attrs> node_attrs;
  std::vector<std::int64_t> node_line;
  struct RawEdge {
    core::TaskId a, b;
    Attrs attrs;
    std::int64_t line;
  };
  std::vector<RawEdge> raw;
  Attrs node_default, edge_default;
  auto node = [&](const std::string& name, std::int64_t line) {
    auto [it, fresh] = index.emplace(name, static_cast<core::TaskId>(names.size()));
    if (fresh) {
      if (static_cast<std::int64_t>(names.size()) >= core::GraphLimits::max_tasks)
        Lexer::fail(line, "too many nodes");
      names.push_back(name);
      node_attrs.push_back(node_default);
      node_line.push_back(line);
    }
    return it->second;
  };
  auto attr_list = [&](Token& tok, Attrs& into) {  // tok is '['; leaves tok after ']'
    while (true) {
      tok = lx.next();
      if (tok.text == "]" && tok.kind == Token::punct) break;
      if (tok.kind == Token::punct && (tok.text == "," || tok.text == ";")) continue;
      if (tok.kind != Token::id) Lexer::fail(tok.line, "expected an attribute name");
      const std::string key = tok.text;
      tok = lx.next();
      if (tok.text != "=") Lexer::fail(tok.line, "expected '=' after attribute " + key);
      tok = lx.next();
      if (tok.kind != Token::id) Lexer::fail(tok.line, "expected a value for attribute " + key);
      into[key] = tok.text;
    }
    tok = lx.next();
  };

  t = lx.next();
  while (true) {
    if (t.kind == Token::end) Lexer::fail(t.line, "missing '}'");
    if (t.kind == Token::punct && t.text == "}") break;
    if (t.kind == Token::punct && t.text == ";") {
      t = lx.next();
      continue;
    }
    if (t.kind != Token::id) Lexer::fail(t.line, "expected a statement, got '" + t.text + "'");
    const std::int64_t line = t.line;
    if (t.text == "subgraph") Lexer::fail(line, "subgraphs are not supported");
    if (t.text == "node" || t.text == "edge" || t.text == "graph") {
      const std::string which = t.text;
      t = lx.next();
      if (t.text != "[") Lexer::fail(t.line, "expected '[' after '" + which + "'");
      Attrs a;
      attr_list(t, a);
      for (auto& [k, v] : a)
        (which == "node" ? node_default : which == "edge" ? edge_default : a)[k] = v;
      continue;
    }
    std::string first = t.text;
    t = lx.next();
    if (t.kind == Token::punct && t.text == "=") {  // graph attribute
      t = lx.next();
      if (t.kind != Token::id) Lexer::fail(t.line, "expected a value");
      t = lx.next();
      continue;
    }
    if (t.kind == Token::punct && t.text == ":") Lexer::fail(t.line, "ports are not supported");
    if (t.kind == Token::punct && t.text == "--")
      Lexer::fail(t.line, "undirected edge '--' in a digraph");
    std::vector<core::TaskId> chain{node(first, line)};
    while (t.kind == Token::punct && t.text == "->") {
      t = lx.next();
      if (t.kind != Token::id) Lexer::fail(t.line, "expected a node after '->'");
      if (t.text == "subgraph") Lexer::fail(t.line, "subgraphs are not supported");
      chain.push_back(node(t.text, t.line));
      t = lx.next();
    }
    Attrs a;
    if (t.kind == Token::punct && t.text == "[") attr_list(t, a);
    if (chain.size() == 1) {
      for (auto& [k, v] : a) node_attrs[chain[0]][k] = v;
    } else {
      Attrs ea = edge_default;
      for (auto& [k, v] : a) ea[k] = v;
      for (std::size_t i = 1; i < chain.size(); ++i) {
        if (static_cast<std::int64_t>(raw.size()) >= core::GraphLimits::max_edges)
          Lexer::fail(line, "too many edges");
        raw.push_back({chain[i - 1], chain[i], ea, line});
      }
    }
  }
  if (lx.next().kind != Token::end) Lexer::fail(t.line, "unexpected text after the graph");
  if (names.empty()) throw DagFormatError("DOT", "", "the graph has no nodes");
  std::vector<double> comp(names.size());
  for (std::size_t i = 0; i < names.size(); ++i)
    comp[i] = cost_of(node_attrs[i], {"size", "weight", "cost", "comp"}, 1.0, node_line[i]);
  std::vector<core::DagEdge> edges;
  edges.reserve(raw.size());
  for (const auto& e : raw)
    edges.push_back(
        {e.a, e.b, cost_of(e.attrs, {"size", "weight", "cost", "comm", "data"}, 0.0, e.line)});
  try {
    return core::TaskGraph(std::move(comp), std::move(edges), std::move(names));
  } catch (const core::GraphError& e) {
    throw DagFormatError("DOT", "", e.what());
  }
}

std::string write_dot(const core::TaskGraph& g) {
  std::ostringstream os;
  os.precision(17);
  auto quote = [](const std::string& s) {
    std::string q = "\"";
    for (char c : s) {
      if (c == '"' || c == '\\') q += '\\';
      q += c;
    }
    return q + "\"";
  };
  os << "digraph G {\n";
  for (core::TaskId t = 0; t < g.size(); ++t)
    os << "  " << quote(g.name(t)) << " [size=\"" << g.comp(t) << "\"];\n";
  for (const auto& e : g.edges())
    os << "  " << quote(g.name(e.from)) << " -> " << quote(g.name(e.to)) << " [size=\"" << e.comm
       << "\"];\n";
  os << "}\n";
  return os.str();
}

}  // namespace loadlab::io
