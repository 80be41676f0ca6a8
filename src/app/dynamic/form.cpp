// The "dynamic" kind's form (docs/scenario-dynamic.md): topology, the workload (initial tasks,
// durations, arrivals, spawn trees), the costs, the strategies and their params/<strategy>.
// Live update: every edit rewrites the scenario and re-runs it.
#include <imgui.h>
#include <imgui_internal.h>  // FindRenderedTextEnd

#include <algorithm>
#include <string>
#include <vector>

#include "app/dynamic/view_state.h"
#include "app/shell/app.h"
#include "app/widgets/algorithm_picker.h"
#include "app/widgets/number_field.h"
#include "io/scenario.h"

namespace loadlab::app {

namespace {

bool dynamic_int_field(const char* label, io::Json& obj, const char* key, int dflt, int lo, int hi,
                       bool log = false) {
  int v = obj.is_object() ? obj.value(key, dflt) : dflt;
  if (!slider_int(label, &v, lo, hi, "%d", log ? ImGuiSliderFlags_Logarithmic : 0)) return false;
  obj[key] = std::clamp(v, lo, hi);
  return true;
}

/// A combo over `options` writing obj[key]; `make` builds the object for a newly chosen option.
template <typename Make>
bool choice(const char* label, const std::string& current,
            std::initializer_list<const char*> options, Make make) {
  bool changed = false;
  // The box is as wide as its longest option (a narrower one cuts the choice to a letter); in a
  // narrow panel the label goes above it, wrapped, as the number fields' labels do.
  const ImGuiStyle& style = ImGui::GetStyle();
  float need = ImGui::CalcTextSize(current.c_str()).x;
  for (const char* o : options) need = std::max(need, ImGui::CalcTextSize(o).x);
  need += ImGui::GetFrameHeight() + 2 * style.FramePadding.x + 1.0f;
  const float box = std::max(ImGui::CalcItemWidth(), need);
  const float label_w = ImGui::CalcTextSize(label, nullptr, true).x;
  const bool above =
      label_w > 0 && box + style.ItemInnerSpacing.x + label_w > ImGui::GetContentRegionAvail().x;
  ImGui::PushID(label);
  if (above) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(label, ImGui::FindRenderedTextEnd(label));
    ImGui::PopTextWrapPos();
  }
  ImGui::SetNextItemWidth(above ? std::min(box, ImGui::GetContentRegionAvail().x) : box);
  if (ImGui::BeginCombo(above ? "##choice" : label, current.c_str())) {
    for (const char* o : options)
      if (ImGui::Selectable(o, current == o) && current != o) {
        make(std::string(o));
        changed = true;
      }
    ImGui::EndCombo();
  }
  ImGui::PopID();
  return changed;
}

int topology_nodes(const io::Json& t) {
  const std::string type = t.value("type", std::string());
  if (type == "hypercube") return 1 << std::clamp(t.value("dim", 0), 0, 21);
  if (type == "mesh" || type == "torus") return t.value("rows", 1) * t.value("cols", 1);
  return t.value("nodes", 1);
}

bool topology_fields(io::Json& doc, std::vector<std::string>& notes) {
  io::Json& t = doc["topology"];
  const std::string type = t.value("type", std::string("mesh"));
  const int before = topology_nodes(t);
  bool changed =
      choice("topology", type, {"mesh", "torus", "hypercube", "ring", "line", "complete"},
             [&](const std::string& o) {
               if (o == "hypercube")
                 t = {{"type", o}, {"dim", 4}};
               else if (o == "mesh" || o == "torus")
                 t = {{"type", o}, {"rows", 4}, {"cols", 4}};
               else
                 t = {{"type", o}, {"nodes", 8}};
             });
  const std::string now = t.value("type", std::string());
  if (now == "hypercube")
    changed |= dynamic_int_field("dimension", t, "dim", 4, 0, 12);
  else if (now == "mesh" || now == "torus") {
    changed |= dynamic_int_field("rows", t, "rows", 4, now == "torus" ? 3 : 1, 64);
    changed |= dynamic_int_field("cols", t, "cols", 4, now == "torus" ? 3 : 1, 64);
  } else if (now == "ring" || now == "line" || now == "complete") {
    changed |= dynamic_int_field("nodes", t, "nodes", 8, now == "ring" ? 3 : 1, 1024, true);
  } else {
    ImGui::TextDisabled("topology: %s (edit it in the JSON)", now.c_str());
  }
  const int after = topology_nodes(t);
  if (changed && after != before) {
    // Per-node values must follow the node count.
    io::Json& w = doc["workload"];
    if (w.contains("initial") && w["initial"].is_array()) {
      w["initial"] = {{"generator", "uniform"}, {"mean", 2}};
      notes.push_back("initial tasks: a per-node list became the uniform generator (mean 2)");
    }
    if (w.contains("initial") && w["initial"].is_object() &&
        w["initial"].value("hot_node", 0) >= after)
      w["initial"]["hot_node"] = 0;
    if (w.contains("arrivals") && w["arrivals"].is_object() &&
        w["arrivals"].value("node", 0) >= after)
      w["arrivals"]["node"] = 0;
  }
  return changed;
}

bool workload_fields(App& app, io::Json& doc, int nodes) {
  io::Json& w = doc["workload"];
  if (!w.is_object()) w = io::Json::object();
  bool changed = false;
  ImGui::Separator();
  ImGui::TextDisabled("Workload");
  io::Json& init = w["initial"];
  if (init.is_null()) init = {{"generator", "uniform"}, {"mean", 2}};
  if (init.is_array()) {
    long long sum = 0;
    for (const auto& x : init) sum += x.get<long long>();
    ImGui::TextDisabled("initial: a list of %zu (%lld tasks)", init.size(), sum);
    ImGui::SameLine();
    if (ImGui::SmallButton("use a generator"))
      init = {{"generator", "uniform"}, {"mean", 2}}, changed = true;
  } else {
    changed |= choice("initial", init.value("generator", std::string("uniform")),
                      {"uniform", "multinomial", "hot_spot", "ramp"}, [&](const std::string& o) {
                        init = {{"generator", o}, {"mean", init.value("mean", 2.0)}};
                      });
    changed |= num_field("mean tasks per node", init, "mean", 2, 0, 1000);
    if (init.value("generator", std::string()) == "hot_spot")
      changed |= dynamic_int_field("hot node", init, "hot_node", 0, 0, nodes - 1);
  }
  {  // the "from file" generator: the file's per-node counts become the initial list
    core::LoadVector from_file;
    if (load_file_button(app, "/workload/initial", nodes, from_file)) {
      init = io::Json::array();
      for (const auto x : from_file) init.push_back(x);
      changed = true;
    }
  }
  io::Json& dur = w["duration"];
  if (!dur.is_object()) dur = {{"profile", "constant"}, {"value", 1}};
  changed |= choice("duration", dur.value("profile", std::string("constant")),
                    {"constant", "uniform", "exponential", "bimodal"}, [&](const std::string& o) {
                      dur = {{"profile", o}, {"value", dur.value("value", 1.0)}};
                    });
  changed |= num_field("mean duration", dur, "value", 1, 0.001, 1000);

  io::Json arr = w.contains("arrivals") ? w["arrivals"] : io::Json::object();
  const std::string proc = arr.value("process", std::string("none"));
  if (choice(
          "arrivals", proc, {"none", "poisson", "hot_spot", "bursts"}, [&](const std::string& o) {
            if (o == "none")
              arr = nullptr;
            else if (o == "poisson")
              arr = {{"process", o}, {"rate", 0.1}, {"until", 20}};
            else if (o == "hot_spot")
              arr = {{"process", o}, {"rate", 0.1}, {"until", 20}, {"node", 0}, {"fraction", 0.8}};
            else
              arr = {{"process", o}, {"period", 5}, {"size", 20}, {"nodes", 1}, {"until", 30}};
          }))
    changed = true;
  if (arr.is_object() && arr.contains("process")) {
    const std::string p = arr.value("process", std::string());
    if (p == "poisson" || p == "hot_spot")
      changed |= num_field("rate (per node)", arr, "rate", 0.1, 0.0001, 100);
    if (p == "hot_spot") {
      changed |= dynamic_int_field("hot node##arr", arr, "node", 0, 0, nodes - 1);
      changed |= num_field("fraction", arr, "fraction", 0.8, 0, 1, false);
    }
    if (p == "bursts") {
      changed |= num_field("period", arr, "period", 5, 0.01, 1000);
      changed |= dynamic_int_field("tasks per burst", arr, "size", 20, 1, 10000, true);
      changed |= dynamic_int_field("nodes per burst", arr, "nodes", 1, 1, nodes);
    }
    changed |= num_field("until", arr, "until", 20, 0, 10000);
  }
  if (arr.is_null())
    w.erase("arrivals");
  else if (arr.is_object() && arr.contains("process"))
    w["arrivals"] = arr;

  io::Json sp = w.contains("spawn") ? w["spawn"] : io::Json::object();
  if (choice("spawn", sp.value("shape", std::string("none")),
             {"none", "fixed", "binomial", "geometric"}, [&](const std::string& o) {
               if (o == "none")
                 sp = nullptr;
               else if (o == "fixed")
                 sp = {{"shape", o}, {"m", 2}, {"prune", 0.3}, {"max_depth", 5}};
               else if (o == "binomial")
                 sp = {{"shape", o}, {"m", 3}, {"q", 0.3}, {"max_depth", 6}};
               else
                 sp = {{"shape", o}, {"mean", 1.5}, {"m", 4}, {"max_depth", 5}};
             }))
    changed = true;
  if (sp.is_object() && sp.contains("shape")) {
    const std::string shape = sp.value("shape", std::string());
    if (shape == "fixed" || shape == "binomial")
      changed |= dynamic_int_field("children m", sp, "m", 2, 1, 16);
    if (shape == "fixed") changed |= num_field("prune", sp, "prune", 0.3, 0, 0.95, false);
    if (shape == "binomial") changed |= num_field("q", sp, "q", 0.3, 0, 1, false);
    if (shape == "geometric") changed |= num_field("mean children", sp, "mean", 1.5, 0.1, 8, false);
    changed |= dynamic_int_field("max depth", sp, "max_depth", 5, 0, 16);
  }
  if (sp.is_null())
    w.erase("spawn");
  else if (sp.is_object() && sp.contains("shape"))
    w["spawn"] = sp;
  return changed;
}

bool strategy_params(io::Json& doc) {
  std::vector<std::string> listed;
  if (doc.contains("algorithms") && doc["algorithms"].is_array())
    for (const auto& a : doc["algorithms"]) listed.push_back(a.get<std::string>());
  else
    listed = io::algorithm_names_of("dynamic");
  if (!doc.contains("params") || !doc["params"].is_object()) doc["params"] = io::Json::object();
  bool changed = false;
  for (const auto& a : listed) {
    if (a == "none") continue;
    ImGui::PushID(a.c_str());
    ImGui::TextDisabled("%s", a.c_str());
    ImGui::Indent();
    io::Json par = doc["params"].contains(a) ? doc["params"][a] : io::Json::object();
    if (a == "random") {
      changed |= num_field("threshold", par, "threshold", 2, 0, 100, false);
      changed |= dynamic_int_field("transfer limit", par, "transfer_limit", 1, 0, 64);
    } else if (a == "sender") {
      changed |= num_field("threshold", par, "threshold", 2, 0, 100, false);
      changed |= dynamic_int_field("probe limit", par, "probe_limit", 3, 0, 64);
    } else if (a == "receiver") {
      changed |= num_field("theta_r", par, "theta", 0, 0, 1, false);
      changed |= num_field("f (receive cost)", par, "f", 1, 0, 100, false);
      changed |= num_field("g (send cost)", par, "g", 1, 0, 100, false);
      int M = par.value("M", 2);
      if (slider_int("M (even)", &M, 2, 8)) par["M"] = M + (M % 2), changed = true;
      changed |= num_field("period (0 = on idle)", par, "period", 0, 0, 1000, false);
    } else if (a == "work_stealing") {
      changed |=
          choice("victim", par.value("victim", std::string("random")), {"random", "round_robin"},
                 [&](const std::string& o) { par["victim"] = o; });
      changed |= choice("steal", par.value("steal", std::string("half")), {"half", "one"},
                        [&](const std::string& o) { par["steal"] = o; });
      changed |= num_field("backoff", par, "backoff", 1, 0.001, 100);
    } else if (a == "work_stealing_global") {
      changed |= choice("steal", par.value("steal", std::string("half")), {"half", "one"},
                        [&](const std::string& o) { par["steal"] = o; });
      changed |= num_field("backoff", par, "backoff", 1, 0.001, 100);
    } else if (a == "symmetric") {
      changed |= num_field("threshold", par, "threshold", 2, 0, 100, false);
      changed |= dynamic_int_field("probe limit", par, "probe_limit", 3, 0, 64);
      changed |= num_field("backoff", par, "backoff", 1, 0.001, 100);
    } else if (a == "gradient") {
      int lo = par.value("low_mark", 1), hi = par.value("high_mark", lo + 1);
      if (slider_int("low mark", &lo, 0, 64))
        par["low_mark"] = lo, par["high_mark"] = std::max(hi, lo), changed = true;
      if (slider_int("high mark", &hi, 0, 64))
        par["high_mark"] = std::max(hi, lo), par["low_mark"] = lo, changed = true;
    } else if (a == "rips") {
      changed |= choice("inner", par.value("inner", std::string("(by topology)")),
                        {"twa", "cwa", "mwa", "dem", "optimal"},
                        [&](const std::string& o) { par["inner"] = o; });
      changed |= choice("trigger", par.value("trigger", std::string("all_idle")),
                        {"all_idle", "any_idle", "imbalance", "period"},
                        [&](const std::string& o) { par["trigger"] = o; });
      const std::string trig = par.value("trigger", std::string("all_idle"));
      if (trig == "imbalance")
        changed |= num_field("imbalance", par, "imbalance", 2, 0, 100, false);
      if (trig == "period") changed |= num_field("period", par, "period", 10, 0.01, 1000);
    }
    if (par.empty())
      doc["params"].erase(a);
    else
      doc["params"][a] = par;
    ImGui::Unindent();
    ImGui::PopID();
  }
  if (doc["params"].empty()) doc.erase("params");
  return changed;
}

}  // namespace

void draw_dynamic_form(App& app) {
  io::Json doc = app_edit_base(app);
  bool changed = false;
  std::vector<std::string> notes;
  ImGui::PushItemWidth(-ImGui::GetFontSize() * 9);
  if (!doc.contains("topology") || !doc["topology"].is_object())
    doc["topology"] = {{"type", "mesh"}, {"rows", 4}, {"cols", 4}};
  changed |= topology_fields(doc, notes);
  const int nodes = std::max(1, topology_nodes(doc["topology"]));
  long long seed = doc.value("seed", 1LL);
  if (ImGui::InputScalar("seed", ImGuiDataType_S64, &seed))
    doc["seed"] = std::max(0LL, seed), changed = true;
  changed |= workload_fields(app, doc, nodes);
  if (ImGui::CollapsingHeader("Costs")) {
    io::Json& costs = doc["costs"];
    if (!costs.is_object()) costs = io::Json::object();
    changed |= num_field("hop", costs, "hop", 0, 0, 10, false);
    changed |= num_field("message", costs, "message", 0, 0, 10, false);
    changed |= num_field("system phase", costs, "system_phase", 0, 0, 10, false);
  }
  ImGui::PopItemWidth();

  ImGui::PushTextWrapPos(0);  // wraps in a narrow panel instead of being cut
  ImGui::TextDisabled("Strategies (Wu 1997; Houstis et al. 1996; the course notes)");
  ImGui::PopTextWrapPos();
  AlgorithmPickerOptions opt;
  opt.all_button = true;
  opt.presets = {{"Wu (1997) comparison", {"random", "receiver", "work_stealing", "rips"}}};
  opt.none_checked_note = "nothing checked: every strategy runs";
  changed |= algorithm_picker(doc, "dynamic", opt);
  if (ImGui::CollapsingHeader("Strategy settings")) {
    ImGui::PushItemWidth(-ImGui::GetFontSize() * 9);
    changed |= strategy_params(doc);
    ImGui::PopItemWidth();
  }
  if (changed) live_apply(app, doc, notes);
}

}  // namespace loadlab::app
