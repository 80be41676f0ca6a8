// The dag form's per-scheduler settings (form_params.h). Defaults are left out of the document
// (a key appears only when it differs), so a scenario keeps the shape a user would write.
#include "app/dag/form_params.h"
#include "app/widgets/number_field.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/dag/heft_rank.h"
#include "core/dag/registry.h"

namespace loadlab::app {

namespace {

bool dag_form_runs(const io::Json& doc, const char* name) {
  if (!doc.contains("algorithms") || !doc["algorithms"].is_array()) return false;
  const auto& a = doc["algorithms"];
  return std::any_of(a.begin(), a.end(), [&](const io::Json& x) { return x == name; });
}

io::Json& dag_form_param(io::Json& doc, const char* algorithm) {
  if (!doc.contains("params") || !doc["params"].is_object()) doc["params"] = io::Json::object();
  io::Json& p = doc["params"];
  if (!p.contains(algorithm) || !p[algorithm].is_object()) p[algorithm] = io::Json::object();
  return p[algorithm];
}

// Drops params.<algorithm>.<key>, then the emptied objects.
void dag_form_drop_param(io::Json& doc, const char* algorithm, const char* key) {
  if (!doc.contains("params") || !doc["params"].is_object()) return;
  io::Json& p = doc["params"];
  if (p.contains(algorithm) && p[algorithm].is_object()) {
    p[algorithm].erase(key);
    if (p[algorithm].empty()) p.erase(algorithm);
  }
  if (p.empty()) doc.erase("params");
}

const io::Json* dag_form_param_value(const io::Json& doc, const char* algorithm, const char* key) {
  if (!doc.contains("params") || !doc["params"].is_object()) return nullptr;
  const io::Json& p = doc["params"];
  if (!p.contains(algorithm) || !p[algorithm].is_object() || !p[algorithm].contains(key))
    return nullptr;
  return &p[algorithm][key];
}

}  // namespace

bool dag_param_fields(io::Json& doc, bool seed_shown) {
  bool changed = false;
  const bool heft = dag_form_runs(doc, "heft") || dag_form_runs(doc, "hybrid");
  const bool wba = dag_form_runs(doc, "wba"), hybrid = dag_form_runs(doc, "hybrid");
  const bool optimal = dag_form_runs(doc, "optimal");
  const bool seeded = wba || dag_form_runs(doc, "random");
  ImGui::Spacing();
  ImGui::TextDisabled("Scheduler settings");
  if (heft) {
    const auto& names = core::heft_rank_names();
    const io::Json* v = dag_form_param_value(doc, "heft", "rank");
    const std::string now = v && v->is_string() ? v->get<std::string>() : "mean";
    if (ImGui::BeginCombo("HEFT rank", now.c_str())) {
      for (const auto& n : names)
        if (ImGui::Selectable(n.c_str(), n == now) && n != now) {
          if (n == "mean")
            dag_form_drop_param(doc, "heft", "rank");
          else
            dag_form_param(doc, "heft")["rank"] = n;
          changed = true;
        }
      ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "How HEFT averages costs when ranking tasks: mean (Topcuoglu et al. 2002), saga (SAGA's "
          "mean over its links including self-links), best / worst (fastest or slowest "
          "processor and link; Zhao & Sakellariou 2003)");
  }
  if (wba) {
    const io::Json* v = dag_form_param_value(doc, "wba", "alpha");
    float alpha = v && v->is_number() ? v->get<float>() : 0.5f;
    const float alpha_lo = 0.0f, alpha_hi = 1.0f;
    if (slider_scalar("WBA alpha", ImGuiDataType_Float, &alpha, &alpha_lo, &alpha_hi, "%.2f",
                      ImGuiSliderFlags_AlwaysClamp)) {
      const double a = std::round(static_cast<double>(std::clamp(alpha, 0.0f, 1.0f)) * 100) / 100;
      if (a == 0.5)
        dag_form_drop_param(doc, "wba", "alpha");
      else
        dag_form_param(doc, "wba")["alpha"] = a;
      changed = true;
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("0: the pair of least makespan increase; 1: a seeded draw among all pairs");
  }
  if (hybrid) {
    std::vector<std::string> members = {"heft", "cpop", "peft"};
    if (const io::Json* v = dag_form_param_value(doc, "hybrid", "schedulers"); v && v->is_array()) {
      members.clear();
      for (const auto& x : *v)
        if (x.is_string()) members.push_back(x.get<std::string>());
    }
    std::string shown;
    for (const auto& m : members) shown += (shown.empty() ? "" : ", ") + m;
    if (ImGui::BeginCombo("Hybrid of", shown.c_str())) {
      for (const auto& a : core::dag_algorithms()) {
        const std::string name = a.info.name;
        if (name == "hybrid" || a.info.unbounded) continue;
        const auto at = std::find(members.begin(), members.end(), name);
        bool on = at != members.end();
        if (ImGui::Checkbox(name.c_str(), &on)) {
          if (on)
            members.push_back(name);
          else if (members.size() > 1)  // the portfolio is never empty
            members.erase(at);
          dag_form_param(doc, "hybrid")["schedulers"] = members;
          changed = true;
        }
      }
      ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Hybrid keeps the best schedule of these (default heft, cpop, peft)");
  }
  if (optimal) {
    int budget = static_cast<int>(doc.value("optimal_node_budget", std::int64_t{2000000}));
    if (ImGui::InputInt("Optimum nodes", &budget, 100000, 1000000)) {
      budget = std::clamp(budget, 1, 100000000);
      if (budget == 2000000)
        doc.erase("optimal_node_budget");
      else
        doc["optimal_node_budget"] = budget;
      changed = true;
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "Search nodes of the branch and bound before it reports its best (1 to 1e8)");
  }
  if (seeded && !seed_shown) {
    int seed = static_cast<int>(doc.value("seed", std::int64_t{1}));
    if (ImGui::InputInt("Seed", &seed)) doc["seed"] = std::max(seed, 0), changed = true;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Seeds random priorities and WBA's draws");
  }
  bool trace = doc.value("trace", false);
  if (ImGui::Checkbox("Record step traces", &trace)) {
    if (trace)
      doc["trace"] = true;
    else
      doc.erase("trace");
    changed = true;
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Each result carries its scheduler's decisions (graphs of at most 5000 tasks)");
  return changed;
}

}  // namespace loadlab::app
