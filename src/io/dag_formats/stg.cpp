// Reader for Kasahara's Standard Task Graph Set format (../shared/data/README.md): line 1 the
// number n of real tasks, then n+2 lines "id cost npred pred..." (tasks 0 and n+1 are dummy
// entry/exit tasks of cost 0), then '#' comment lines. STG has no communication costs.
#include <charconv>
#include <vector>

#include "io/dag_formats/dag_formats.h"

namespace loadlab::io {

namespace {

struct LineReader {
  std::string_view text;
  std::size_t pos = 0;
  std::int64_t line = 0;

  // Next line that is not blank and not a comment; false at the end.
  bool next(std::string_view& out) {
    while (pos < text.size()) {
      const std::size_t end = text.find('\n', pos);
      std::string_view l =
          text.substr(pos, end == std::string_view::npos ? text.size() - pos : end - pos);
      pos = end == std::string_view::npos ? text.size() : end + 1;
      ++line;
      std::size_t i = 0;
      while (i < l.size() && (l[i] == ' ' || l[i] == '\t' || l[i] == '\r')) ++i;
      if (i == l.size() || l[i] == '#') continue;
      out = l;
      return true;
    }
    return false;
  }
};

std::vector<std::int64_t> numbers(std::string_view l, std::int64_t line) {
  std::vector<std::int64_t> out;
  std::size_t i = 0;
  while (i < l.size()) {
    if (l[i] == ' ' || l[i] == '\t' || l[i] == '\r') {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < l.size() && l[j] != ' ' && l[j] != '\t' && l[j] != '\r') ++j;
    std::int64_t v = 0;
    const auto [p, ec] = std::from_chars(l.data() + i, l.data() + j, v);
    if (ec != std::errc() || p != l.data() + j)
      throw DagFormatError("STG", "line " + std::to_string(line),
                           "expected an integer, got '" + std::string(l.substr(i, j - i)) + "'");
    out.push_back(v);
    i = j;
  }
  return out;
}

}  // namespace

core::TaskGraph read_stg(std::string_view text) {
  LineReader lr{text};
  std::string_view l;
  if (!lr.next(l)) throw DagFormatError("STG", "", "empty file (expected the number of tasks)");
  auto head = numbers(l, lr.line);
  if (head.size() != 1)
    throw DagFormatError("STG", "line " + std::to_string(lr.line),
                         "first line must hold only the number of tasks");
  const std::int64_t n = head[0];
  if (n < 0 || n > core::GraphLimits::max_tasks - 2)  // no n + 2: n may be INT64_MAX
    throw DagFormatError(
        "STG", "line " + std::to_string(lr.line),
        "number of tasks must be in [0, " + std::to_string(core::GraphLimits::max_tasks - 2) + "]");
  const std::int64_t total = n + 2;
  std::vector<double> comp(total, 0);
  std::vector<core::DagEdge> edges;
  std::vector<std::string> names(total);
  for (std::int64_t id = 0; id < total; ++id) {
    if (!lr.next(l))
      throw DagFormatError(
          "STG", "line " + std::to_string(lr.line + 1),
          "file ends after " + std::to_string(id) + " of " + std::to_string(total) + " task lines");
    const std::string where = "line " + std::to_string(lr.line);
    const auto v = numbers(l, lr.line);
    if (v.size() < 3) throw DagFormatError("STG", where, "a task line is 'id cost npred pred...'");
    if (v[0] != id)
      throw DagFormatError("STG", where,
                           "task id " + std::to_string(v[0]) + " out of order (expected " +
                               std::to_string(id) + ")");
    if (v[1] < 0) throw DagFormatError("STG", where, "negative cost " + std::to_string(v[1]));
    if (v[2] < 0 || static_cast<std::size_t>(v[2]) != v.size() - 3)
      throw DagFormatError("STG", where,
                           "predecessor count " + std::to_string(v[2]) + " but " +
                               std::to_string(v.size() - 3) + " predecessors listed");
    comp[id] = static_cast<double>(v[1]);
    names[id] = std::to_string(id);
    for (std::size_t k = 3; k < v.size(); ++k) {
      if (v[k] < 0 || v[k] >= total)
        throw DagFormatError(
            "STG", where, "predecessor " + std::to_string(v[k]) + " is not a task of this graph");
      if (static_cast<std::int64_t>(edges.size()) >= core::GraphLimits::max_edges)
        throw DagFormatError("STG", where, "too many edges");
      edges.push_back({static_cast<core::TaskId>(v[k]), static_cast<core::TaskId>(id), 0});
    }
  }
  if (lr.next(l))
    throw DagFormatError("STG", "line " + std::to_string(lr.line),
                         "unexpected data after the " + std::to_string(total) + " task lines");
  try {
    return core::TaskGraph(std::move(comp), std::move(edges), std::move(names));
  } catch (const core::GraphError& e) {
    throw DagFormatError("STG", "", e.what());
  }
}

}  // namespace loadlab::io
