#include "app/dag/model_machine_form.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/dag/machine.h"
#include "core/dag/registry.h"

namespace loadlab::app {

namespace {

int processors_of(const io::Json& sc) {
  const io::Json& p = sc.contains("processors") ? sc["processors"] : io::Json();
  return p.is_number_integer() ? std::max(1, p.get<int>()) : 1;
}

// The single off-diagonal value of a bandwidth matrix, or nullopt when entries differ (or it is
// not a P x P matrix of numbers).
std::optional<double> uniform_value(const io::Json& b) {
  if (!b.is_array()) return std::nullopt;
  std::optional<double> v;
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (!b[i].is_array() || b[i].size() != b.size()) return std::nullopt;
    for (std::size_t j = 0; j < b[i].size(); ++j) {
      if (i == j) continue;
      if (!b[i][j].is_number()) return std::nullopt;
      const double x = b[i][j].get<double>();
      if (v && *v != x) return std::nullopt;
      v = x;
    }
  }
  return v ? v : std::optional<double>(1.0);  // one processor: no links
}

io::Json uniform_matrix(int p, double value) {
  io::Json m = io::Json::array();
  for (int i = 0; i < p; ++i) {
    io::Json row = io::Json::array();
    for (int j = 0; j < p; ++j) row.push_back(i == j ? 0.0 : value);
    m.push_back(std::move(row));
  }
  return m;
}

}  // namespace

DagMachineFields read_machine_fields(const io::Json& sc) {
  DagMachineFields f;
  if (!sc.is_object() || !sc.contains("machine") || !sc["machine"].is_object()) return f;
  const io::Json& m = sc["machine"];
  if (m.contains("etc")) {
    f.model = DagMachineFields::etc;
  } else if (m.contains("speeds") && m["speeds"].is_array()) {
    f.model = DagMachineFields::speeds;
    for (const auto& v : m["speeds"])
      f.speed_values.push_back(v.is_number() ? v.get<double>() : 1.0);
  }
  if (m.contains("bandwidth")) {
    const auto u = uniform_value(m["bandwidth"]);
    f.links = u ? DagMachineFields::uniform : DagMachineFields::matrix;
    if (u) f.bandwidth = *u;
  }
  return f;
}

void write_machine_fields(io::Json& sc, const DagMachineFields& f) {
  io::Json m =
      sc.contains("machine") && sc["machine"].is_object() ? sc["machine"] : io::Json::object();
  const int p = processors_of(sc);
  // Edited in the form, a generated network ("generator": "saga_random_network") becomes the
  // form's explicit machine (the kind refuses both together).
  m.erase("generator");
  m.erase("seed");
  if (f.model == DagMachineFields::speeds) {
    m.erase("etc");
    m["speeds"] = f.speed_values;
  } else if (f.model == DagMachineFields::identical) {
    m.erase("speeds");
    m.erase("etc");
  }  // etc: kept as given (edited in the JSON)
  if (f.links == DagMachineFields::unit)
    m.erase("bandwidth");
  else if (f.links == DagMachineFields::uniform)
    m["bandwidth"] = uniform_matrix(p, f.bandwidth);
  if (m.empty())
    sc.erase("machine");
  else
    sc["machine"] = m;
}

std::string speeds_text(const std::vector<double>& speeds) {
  std::string out;
  char buf[32];
  for (std::size_t i = 0; i < speeds.size(); ++i) {
    // The shortest of %.6g .. %.17g that reads back exactly.
    for (int digits = 6; digits <= 17; ++digits) {
      std::snprintf(buf, sizeof buf, "%.*g", digits, speeds[i]);
      if (std::strtod(buf, nullptr) == speeds[i]) break;
    }
    out += (i ? ", " : "") + std::string(buf);
  }
  return out;
}

std::optional<std::vector<double>> parse_speeds(const std::string& text, std::string* error) {
  std::vector<double> out;
  const char* s = text.c_str();
  while (true) {
    while (*s == ' ' || *s == ',' || *s == '\t') ++s;
    if (!*s) break;
    char* end = nullptr;
    const double v = std::strtod(s, &end);
    if (end == s || !std::isfinite(v)) {
      if (error) *error = "speed " + std::to_string(out.size() + 1) + " is not a number";
      return std::nullopt;
    }
    out.push_back(v);
    s = end;
  }
  if (out.empty()) {
    if (error) *error = "no speeds given";
    return std::nullopt;
  }
  return out;
}

std::vector<std::string> dag_machine_make_consistent(io::Json& sc) {
  std::vector<std::string> notes;
  if (!sc.is_object() || !sc.contains("machine") || !sc["machine"].is_object()) return notes;
  const int p = processors_of(sc);
  io::Json& m = sc["machine"];
  if (m.contains("speeds") && m["speeds"].is_array() && static_cast<int>(m["speeds"].size()) != p) {
    io::Json& sp = m["speeds"];
    while (static_cast<int>(sp.size()) > p) sp.erase(sp.size() - 1);
    while (static_cast<int>(sp.size()) < p) sp.push_back(1.0);
    notes.push_back("speeds follow P = " + std::to_string(p) + " (new processors speed 1)");
  }
  if (m.contains("bandwidth") && m["bandwidth"].is_array() &&
      static_cast<int>(m["bandwidth"].size()) != p)
    if (const auto u = uniform_value(m["bandwidth"])) m["bandwidth"] = uniform_matrix(p, *u);
  // The machine as io will read it (speeds only: bandwidth alone never makes processors unequal
  // for the refusal, and ETC is left to io's message naming the field).
  core::Machine machine = core::Machine::identical(p);
  if (m.contains("speeds") && m["speeds"].is_array())
    for (const auto& v : m["speeds"])
      machine.speeds.push_back(v.is_number() ? v.get<double>() : 1.0);
  if (m.contains("bandwidth") && m["bandwidth"].is_array() &&
      static_cast<int>(m["bandwidth"].size()) == p)
    for (const auto& row : m["bandwidth"])
      for (const auto& v : row) machine.bandwidth.push_back(v.is_number() ? v.get<double>() : 1.0);
  if (machine.speeds.size() != static_cast<std::size_t>(p) ||
      (!machine.bandwidth.empty() && machine.bandwidth.size() != static_cast<std::size_t>(p) * p))
    return notes;
  if (machine.uniform() || !sc.contains("algorithms") || !sc["algorithms"].is_array()) return notes;
  io::Json kept = io::Json::array();
  std::string dropped;
  for (const auto& a : sc["algorithms"]) {
    if (a.is_string() && !core::dag_algorithm_refusal(a.get<std::string>(), machine).empty())
      dropped += (dropped.empty() ? "" : ", ") + a.get<std::string>();
    else
      kept.push_back(a);
  }
  if (dropped.empty()) return notes;
  if (kept.empty()) kept = io::Json::array({"heft", "cpop", "peft", "dls"});
  sc["algorithms"] = kept;
  notes.push_back(dropped + " unchecked: defined for identical processors only");
  return notes;
}

}  // namespace loadlab::app
