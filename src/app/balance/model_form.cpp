#include "app/balance/model_form.h"

#include <sstream>

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

}  // namespace

io::Json ScenarioForm::to_json(const std::vector<std::string>& algorithms) const {
  io::Json s;
  s["loadlab"] = 1;
  s["kind"] = "balance";
  s["seed"] = seed;
  io::Json t;
  switch (topology) {
    case 0: t = {{"type", "tree"}, {"parents", parse_ints(tree_parents, "/topology/parents")}}; break;
    case 1: t = {{"type", "hypercube"}, {"dim", dim}}; break;
    case 2: t = {{"type", "mesh"}, {"rows", rows}, {"cols", cols}}; break;
    case 3: t = {{"type", "torus"}, {"rows", rows}, {"cols", cols}}; break;
    case 4: t = {{"type", "ring"}, {"nodes", nodes}}; break;
    case 5: t = {{"type", "line"}, {"nodes", nodes}}; break;
    case 6: t = {{"type", "complete"}, {"nodes", nodes}}; break;
    case 7: t = {{"type", "tree"}, {"generator", "kary"}, {"k", k}, {"depth", depth}}; break;
    default: t = {{"type", "tree"}, {"generator", "random"}, {"nodes", nodes}}; break;
  }
  s["topology"] = t;
  if (load_mode == 0) s["loads"] = parse_ints(explicit_loads, "/loads");
  else s["loads"] = {{"generator", kLoadModes[load_mode]}, {"mean", mean}};
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
  for (auto& c : algorithm_checked) c = false;
  if (s.contains("algorithms"))
    for (const auto& a : s["algorithms"])
      for (std::size_t i = 0; i < algorithms.size() && i < 64; ++i)
        if (a == algorithms[i]) algorithm_checked[i] = true;
}

}  // namespace loadlab::app
