#include "app/balance/model_form.h"

#include <algorithm>
#include <sstream>

#include "app/model/ui_state.h"
#include "app/widgets/view_transform.h"
#include "core/balance/registry.h"
#include "io/topology_json.h"

namespace loadlab::app {

namespace {

std::vector<std::int64_t> parse_ints(const std::string& text, const std::string& pointer) {
  std::vector<std::int64_t> out;
  std::string token;
  std::istringstream in(text);
  while (in >> token) {
    while (!token.empty() && (token.back() == ',' || token.back() == ']')) token.pop_back();
    while (!token.empty() && (token.front() == '[' || token.front() == ',')) token.erase(0, 1);
    if (token.empty()) continue;
    try {
      std::size_t used = 0;
      out.push_back(std::stoll(token, &used));
      if (used != token.size()) throw std::invalid_argument(token);
    } catch (const std::exception&) {
      throw io::ScenarioError(pointer, "'" + token + "' is not an integer");
    }
  }
  return out;
}

std::string join_ints(const io::Json& arr) {
  std::string s;
  for (const auto& v : arr) s += (s.empty() ? "" : " ") + v.dump();
  return s;
}

io::Json topology_json(const ScenarioForm& f) {
  io::Json t;
  switch (f.topology) {
    case 0:
      t = {{"type", "tree"}, {"parents", parse_ints(f.tree_parents, "/topology/parents")}};
      break;
    case 1:
      t = {{"type", "hypercube"}, {"dim", f.dim}};
      break;
    case 2:
      t = {{"type", "mesh"}, {"rows", f.rows}, {"cols", f.cols}};
      break;
    case 3:
      t = {{"type", "torus"}, {"rows", f.rows}, {"cols", f.cols}};
      break;
    case 4:
      t = {{"type", "ring"}, {"nodes", f.nodes}};
      break;
    case 5:
      t = {{"type", "line"}, {"nodes", f.nodes}};
      break;
    case 6:
      t = {{"type", "complete"}, {"nodes", f.nodes}};
      break;
    case 7:
      t = {{"type", "tree"}, {"generator", "kary"}, {"k", f.k}, {"depth", f.depth}};
      break;
    default:
      t = {{"type", "tree"}, {"generator", "random"}, {"nodes", f.nodes}};
      break;
  }
  return t;
}

std::string join_values(const std::vector<std::int64_t>& v) {
  std::string s;
  for (auto x : v) s += (s.empty() ? "" : " ") + std::to_string(x);
  return s;
}

}  // namespace

std::string balance_algorithm_unavailable(const std::string& algorithm,
                                          const core::Topology& topology) {
  try {
    return core::balance_unsupported_reason(algorithm, topology);
  } catch (const std::invalid_argument&) {
    return "";  // not a balance algorithm: io names it when the scenario is validated
  }
}

std::vector<std::int64_t> resize_loads(const std::vector<std::int64_t>& loads, int nodes) {
  std::vector<std::int64_t> out(static_cast<std::size_t>(std::max(nodes, 0)), 0);
  if (loads.empty()) return out;
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = loads[i % loads.size()];
  return out;
}

std::optional<core::Topology> ScenarioForm::topology_of(std::string* error) const {
  try {
    const io::Json t = topology_json(*this);
    return io::read_topology(io::JsonReader(t, "/topology"), static_cast<std::uint64_t>(seed));
  } catch (const std::exception& e) {
    if (error) *error = e.what();
    return std::nullopt;
  }
}

std::int64_t ScenarioForm::node_count() const {
  switch (topology) {
    case 0: {
      try {
        return static_cast<std::int64_t>(parse_ints(tree_parents, "/topology/parents").size());
      } catch (const io::ScenarioError&) {
        return -1;
      }
    }
    case 1:
      return dim >= 0 && dim <= core::TopologyLimits::max_hypercube_dim ? std::int64_t{1} << dim
                                                                        : -1;
    case 2:
    case 3:
      return rows > 0 && cols > 0 ? std::int64_t{rows} * cols : -1;
    case 7: {
      if (k < 1 || depth < 0 || depth > 40) return -1;
      std::int64_t total = 0, level = 1;
      for (int d = 0; d <= depth; ++d) {
        total += level;
        level *= k;
        if (total > core::TopologyLimits::max_nodes) return total;
      }
      return total;
    }
    default:
      return nodes > 0 ? nodes : -1;
  }
}

std::optional<core::Topology> ScenarioForm::family_sample() const {
  if (node_count() < 1) return std::nullopt;
  ScenarioForm small = *this;
  switch (topology) {
    case 0:
      return topology_of();  // explicit parents: typed in, so small
    case 1:
      small.dim = std::min(dim, 2);
      break;
    case 2:
      small.rows = std::min(rows, 2), small.cols = std::min(cols, 2);
      break;
    case 3:
      small.rows = small.cols = 3;
      break;
    case 7:
      small.depth = std::min(depth, 1);
      break;
    default:
      small.nodes = std::min(nodes, 4);
      break;
  }
  return small.topology_of();
}

std::vector<std::string> ScenarioForm::make_consistent(const std::vector<std::string>& algorithms) {
  std::vector<std::string> notes;
  const auto topo = family_sample();
  const std::int64_t count = node_count();
  if (!topo || count < 1 || count > core::TopologyLimits::max_nodes)
    return notes;  // validation names the bad topology field
  const int n = static_cast<int>(count);
  if (load_mode == 0) {
    std::optional<std::vector<std::int64_t>> loads;
    try {
      loads = parse_ints(explicit_loads, "/loads");
    } catch (const io::ScenarioError&) {
      // A typo in the list: validation names it; resizing would hide it.
    }
    if (loads && static_cast<int>(loads->size()) != n) {
      const std::string from = std::to_string(loads->size());
      if (n <= kMaxExplicitLoads) {
        explicit_loads = join_values(resize_loads(*loads, n));
        notes.push_back("loads resized from " + from + " to " + std::to_string(n) + " entries (" +
                        (static_cast<int>(loads->size()) < n ? "the list repeated" : "truncated") +
                        ")");
      } else {
        std::int64_t sum = 0;
        for (auto x : *loads) sum += x;
        mean = loads->empty() ? mean
                              : static_cast<int>(sum / static_cast<std::int64_t>(loads->size()));
        load_mode = 1;
        notes.push_back("loads: " + std::to_string(n) +
                        " nodes are too many to list, now the uniform generator (mean " +
                        std::to_string(mean) + ")");
      }
    }
  }
  for (std::size_t i = 0; i < algorithms.size() && i < 64; ++i) {
    if (!algorithm_checked[i]) continue;
    const std::string why = balance_algorithm_unavailable(algorithms[i], *topo);
    if (why.empty()) continue;
    algorithm_checked[i] = false;
    notes.push_back("unchecked " + why);
  }
  const bool topology_changed = consistent_topology >= 0 && consistent_topology != topology;
  consistent_topology = topology;
  if (!topology_changed) return notes;
  for (const std::string& natural : natural_balance_algorithms(topology)) {
    const auto it = std::find(algorithms.begin(), algorithms.end(), natural);
    if (it == algorithms.end() || it - algorithms.begin() >= 64) continue;
    if (!balance_algorithm_unavailable(natural, *topo).empty()) continue;
    bool& checked = algorithm_checked[it - algorithms.begin()];
    if (!checked)
      notes.push_back("ticked " + natural + ", the algorithm written for a " +
                      kTopologies[topology]);
    checked = true;
    break;
  }
  return notes;
}

std::vector<std::string> natural_balance_algorithms(int topology) {
  switch (topology) {
    case 0:  // tree
    case 5:  // line
    case 7:  // k-ary tree
    case 8:  // random tree
      return {"twa", "diffusion"};
    case 1:
      return {"cwa", "diffusion"};
    case 2:
    case 3:
      return {"mwa", "diffusion"};
    default:
      return {"diffusion"};
  }
}

const std::vector<std::string>& ScenarioForm::unavailable_reasons(
    const std::vector<std::string>& algorithms) {
  std::string key;
  try {
    key = topology_json(*this).dump() + "|" + std::to_string(seed) + "|" +
          std::to_string(algorithms.size());
  } catch (const io::ScenarioError&) {
    key = "bad";
  }
  if (key != reasons_key_ || reasons_.size() != algorithms.size()) {
    reasons_key_ = key;
    reasons_.assign(algorithms.size(), "");
    if (const auto topo = family_sample())
      for (std::size_t i = 0; i < algorithms.size(); ++i)
        reasons_[i] = balance_algorithm_unavailable(algorithms[i], *topo);
  }
  return reasons_;
}

io::Json ScenarioForm::to_json(const std::vector<std::string>& algorithms) const {
  io::Json s;
  s["loadlab"] = 1;
  s["kind"] = "balance";
  s["seed"] = seed;
  s["topology"] = topology_json(*this);
  if (load_mode == 0)
    s["loads"] = parse_ints(explicit_loads, "/loads");
  else
    s["loads"] = {{"generator", kLoadModes[load_mode]}, {"mean", mean}};
  io::Json algs = io::Json::array();
  for (std::size_t i = 0; i < algorithms.size() && i < 64; ++i)
    if (algorithm_checked[i]) algs.push_back(algorithms[i]);
  s["algorithms"] = algs;
  return s;
}

void ScenarioForm::from_json(const io::Json& s, const std::vector<std::string>& algorithms) {
  seed = static_cast<int>(s.value("seed", 1));
  if (s.value("kind", "") != "balance") return;
  const auto& t = s["topology"];
  const std::string type = t.value("type", "");
  if (type == "tree" && t.contains("parents")) {
    topology = 0;
    tree_parents = join_ints(t["parents"]);
  } else if (type == "tree" && t.value("generator", "") == "kary") {
    topology = 7;
    k = t.value("k", 2);
    depth = t.value("depth", 3);
  } else if (type == "tree") {
    topology = 8;
    nodes = t.value("nodes", 16);
  } else if (type == "hypercube") {
    topology = 1;
    dim = t.value("dim", 3);
  } else if (type == "mesh" || type == "torus") {
    topology = type == "mesh" ? 2 : 3;
    rows = t.value("rows", 4);
    cols = t.value("cols", 4);
  } else if (type == "ring" || type == "line" || type == "complete") {
    topology = type == "ring" ? 4 : type == "line" ? 5 : 6;
    nodes = t.value("nodes", 16);
  }
  const auto& loads = s["loads"];
  if (loads.is_array()) {
    load_mode = 0;
    explicit_loads = join_ints(loads);
  } else if (loads.is_object()) {
    const std::string g = loads.value("generator", "uniform");
    for (int i = 1; i < 5; ++i)
      if (g == kLoadModes[i]) load_mode = i;
    mean = static_cast<int>(loads.value("mean", 10));
  }
  consistent_topology = topology;
  for (auto& c : algorithm_checked) c = false;
  if (s.contains("algorithms"))
    for (const auto& a : s["algorithms"])
      for (std::size_t i = 0; i < algorithms.size() && i < 64; ++i)
        if (a == algorithms[i]) algorithm_checked[i] = true;
}

BalanceUi read_balance_ui(const io::Json& ui) {
  BalanceUi b;
  const UiState u = read_ui_state(ui);
  b.select = u.select;
  if (auto step = ui_int(u, "step"); step && *step >= 0) b.step = step;
  // The network view's own zoom range.
  if (ui.is_object() && ui.contains("zoom") && ui["zoom"].is_number())
    b.zoom = std::clamp(ui["zoom"].get<float>(), ViewTransform::kMinZoom, ViewTransform::kMaxZoom);
  if (u.other.contains("pan")) {
    const io::Json& p = u.other["pan"];
    if (p.is_array() && p.size() == 2 && p[0].is_number() && p[1].is_number()) {
      // Pan is in layout units ([0,1]^2 hints); anything far outside would only hide the network.
      b.pan_x = std::clamp(p[0].get<float>(), -100.0f, 100.0f);
      b.pan_y = std::clamp(p[1].get<float>(), -100.0f, 100.0f);
    }
  }
  return b;
}

}  // namespace loadlab::app
