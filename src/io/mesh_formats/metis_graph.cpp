#include "io/mesh_formats/metis_graph.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

namespace loadlab::io {

namespace {

// Splits text into lines lazily; tracks 1-based line numbers; skips '%' comment lines.
class Lines {
 public:
  explicit Lines(std::string_view t) : text_(t) {}
  bool next(std::string_view& line) {
    while (pos_ <= text_.size()) {
      if (pos_ == text_.size()) {
        pos_ = text_.size() + 1;
        return false;
      }
      const std::size_t end = std::min(text_.find('\n', pos_), text_.size());
      line = text_.substr(pos_, end - pos_);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      pos_ = end + 1;
      ++number_;
      if (!line.empty() && line.front() == '%') continue;
      return true;
    }
    return false;
  }
  int number() const { return number_; }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  int number_ = 0;
};

std::invalid_argument error_at(int line, const std::string& what) {
  return std::invalid_argument("line " + std::to_string(line) + ": " + what);
}

std::vector<std::int64_t> integers(std::string_view line, int number) {
  std::vector<std::int64_t> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    if (i == line.size()) break;
    std::int64_t v = 0;
    const auto [p, ec] = std::from_chars(line.data() + i, line.data() + line.size(), v);
    if (ec != std::errc() || (p != line.data() + line.size() && *p != ' ' && *p != '\t'))
      throw error_at(number, "expected an integer");
    out.push_back(v);
    i = static_cast<std::size_t>(p - line.data());
  }
  return out;
}

}  // namespace

core::Mesh read_metis_graph(std::string_view text) {
  using core::MeshLimits;
  Lines lines(text);
  std::string_view line;
  if (!lines.next(line)) throw std::invalid_argument("empty graph file");
  const std::vector<std::int64_t> head = integers(line, lines.number());
  if (head.size() < 2 || head.size() > 4)
    throw error_at(lines.number(), "expected \"n m [fmt [ncon]]\"");
  const std::int64_t n = head[0], m = head[1];
  if (n < 1 || n > MeshLimits::max_vertices)
    throw error_at(lines.number(), "vertex count " + std::to_string(n) + " outside [1, " +
                                       std::to_string(MeshLimits::max_vertices) + "]");
  if (m < 0 || m > MeshLimits::max_edges)
    throw error_at(lines.number(), "edge count " + std::to_string(m) + " outside [0, " +
                                       std::to_string(MeshLimits::max_edges) + "]");
  const std::int64_t fmt = head.size() > 2 ? head[2] : 0;
  if (fmt != 0 && fmt != 10)
    throw error_at(lines.number(), "fmt " + std::to_string(fmt) +
                                       " not supported (0, or 10 for vertex weights; edge weights "
                                       "and vertex sizes are not)");
  if (head.size() > 3 && head[3] != 1) throw error_at(lines.number(), "only ncon = 1 is supported");
  std::vector<core::MeshEdge> edges;
  edges.reserve(static_cast<std::size_t>(m));
  std::vector<std::pair<int, int>> directed;
  directed.reserve(static_cast<std::size_t>(2 * m));
  std::vector<std::int64_t> weights;
  for (std::int64_t v = 0; v < n; ++v) {
    if (!lines.next(line))
      throw error_at(lines.number() + 1, "missing the line of vertex " + std::to_string(v + 1));
    std::vector<std::int64_t> nb = integers(line, lines.number());
    std::size_t first = 0;
    if (fmt == 10) {
      if (nb.empty()) throw error_at(lines.number(), "missing the vertex weight");
      weights.push_back(nb[0]);
      first = 1;
    }
    for (std::size_t k = first; k < nb.size(); ++k) {
      const std::int64_t u = nb[k];
      if (u < 1 || u > n)
        throw error_at(lines.number(), "neighbour " + std::to_string(u) + " outside [1, " +
                                           std::to_string(n) + "]");
      if (u - 1 == v) throw error_at(lines.number(), "self-loop");
      if (static_cast<std::int64_t>(directed.size()) >= 2 * m)
        throw error_at(lines.number(), "more adjacency entries than 2 × " + std::to_string(m));
      directed.emplace_back(static_cast<int>(std::min<std::int64_t>(v, u - 1)),
                            static_cast<int>(std::max<std::int64_t>(v, u - 1)));
    }
  }
  while (lines.next(line))
    if (line.find_first_not_of(" \t") != std::string_view::npos)
      throw error_at(lines.number(), "text after the last vertex line");
  if (static_cast<std::int64_t>(directed.size()) != 2 * m)
    throw std::invalid_argument("the header says " + std::to_string(m) +
                                " edges but the lists hold " + std::to_string(directed.size()) +
                                " entries (expected 2 × m)");
  std::sort(directed.begin(), directed.end());
  for (std::size_t i = 0; i < directed.size(); i += 2) {
    if (i + 1 >= directed.size() || directed[i] != directed[i + 1] ||
        (i + 2 < directed.size() && directed[i + 2] == directed[i]))
      throw std::invalid_argument("adjacency is not symmetric or has a duplicate at vertices " +
                                  std::to_string(directed[i].first + 1) + " and " +
                                  std::to_string(directed[i].second + 1));
    edges.push_back({directed[i].first, directed[i].second});
  }
  directed.clear();
  directed.shrink_to_fit();
  core::Mesh mesh = core::Mesh::from_edges(static_cast<int>(n), edges);
  if (fmt == 10) mesh.set_weights(std::move(weights));
  return mesh;
}

void read_xyz_coordinates(std::string_view text, core::Mesh& mesh) {
  Lines lines(text);
  std::string_view line;
  std::vector<double> xyz;
  int dim = 0;
  const int n = mesh.size();
  int count = 0;
  while (lines.next(line)) {
    if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
    if (count == n)
      throw error_at(lines.number(),
                     "more coordinate lines than the " + std::to_string(n) + " vertices");
    std::vector<double> row;
    const std::string s(line);
    const char* p = s.c_str();
    while (true) {
      char* end = nullptr;
      const double v = std::strtod(p, &end);
      if (end == p) break;
      if (!std::isfinite(v)) throw error_at(lines.number(), "coordinate is not finite");
      row.push_back(v);
      p = end;
    }
    if (std::string_view(p).find_first_not_of(" \t") != std::string_view::npos)
      throw error_at(lines.number(), "expected numbers");
    if (row.size() < 2 || row.size() > 3)
      throw error_at(lines.number(), "expected 2 or 3 coordinates");
    if (dim == 0) dim = static_cast<int>(row.size());
    if (static_cast<int>(row.size()) != dim)
      throw error_at(lines.number(), "inconsistent number of coordinates");
    xyz.insert(xyz.end(), row.begin(), row.end());
    ++count;
  }
  if (count != n)
    throw std::invalid_argument("coordinates for " + std::to_string(count) +
                                " vertices, the graph has " + std::to_string(n));
  if (dim == 3) {
    bool flat = true;
    for (int v = 0; v < n; ++v) flat = flat && xyz[3 * static_cast<std::size_t>(v) + 2] == 0.0;
    if (flat) {
      std::vector<double> xy(static_cast<std::size_t>(n) * 2);
      for (int v = 0; v < n; ++v) {
        xy[2 * static_cast<std::size_t>(v)] = xyz[3 * static_cast<std::size_t>(v)];
        xy[2 * static_cast<std::size_t>(v) + 1] = xyz[3 * static_cast<std::size_t>(v) + 1];
      }
      mesh.set_coordinates(2, std::move(xy));
      return;
    }
  }
  mesh.set_coordinates(dim, std::move(xyz));
}

std::string write_metis_graph(const core::Mesh& mesh) {
  bool weighted = false;
  for (int v = 0; v < mesh.size(); ++v)
    if (mesh.weight(v) != 1) weighted = true;
  std::string out = std::to_string(mesh.size()) + " " + std::to_string(mesh.edge_count()) +
                    (weighted ? " 010" : "") + "\n";
  for (int v = 0; v < mesh.size(); ++v) {
    std::string line = weighted ? std::to_string(mesh.weight(v)) : std::string();
    for (int u : mesh.neighbours(v)) {
      if (!line.empty()) line += ' ';
      line += std::to_string(u + 1);
    }
    out += line + "\n";
  }
  return out;
}

}  // namespace loadlab::io
