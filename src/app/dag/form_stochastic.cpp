// The dag form's random-cost settings: what the schedulers plan on (the mean, or SHEFT's
// mean + k std after Tang et al. 2011) and how many sampled executions evaluate each schedule
// (core/dag/stochastic.h).
#include "app/dag/form_stochastic.h"
#include "app/widgets/number_field.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace loadlab::app {

namespace {

bool dag_form_has_random_costs(const io::Json& doc) {
  if (doc.contains("params") && doc["params"].is_object() && doc["params"].contains("stochastic"))
    return true;
  if (!doc.contains("graph") || !doc["graph"].is_object()) return false;
  for (const char* list : {"tasks", "edges"}) {
    const io::Json& g = doc["graph"];
    if (!g.contains(list) || !g[list].is_array()) continue;
    for (const auto& item : g[list])
      if (item.is_object() && item.contains("cost") && item["cost"].is_object()) return true;
  }
  return false;
}

}  // namespace

bool dag_stochastic_fields(io::Json& doc) {
  if (!dag_form_has_random_costs(doc)) return false;
  const bool has = doc.contains("params") && doc["params"].is_object() &&
                   doc["params"].contains("stochastic") && doc["params"]["stochastic"].is_object();
  io::Json s = has ? doc["params"]["stochastic"] : io::Json::object();
  bool changed = false;
  ImGui::Spacing();
  ImGui::TextDisabled("Random costs");
  int plan = s.value("plan", std::string("mean")) == "quantile" ? 1 : 0;
  const char* plans[] = {"the mean", "mean + k std (SHEFT)"};
  if (ImGui::Combo("Plan on", &plan, plans, 2)) {
    if (plan == 1) {
      s["plan"] = "quantile";
    } else {
      s.erase("plan");
      s.erase("k");
    }
    changed = true;
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Every scheduler plans on one number per cost: its mean, or its mean + k standard "
        "deviations (SHEFT, Tang et al. 2011); then each schedule runs with drawn costs");
  if (plan == 1) {
    float k = static_cast<float>(s.value("k", 1.0));
    const float k_lo = 0.0f, k_hi = 3.0f;
    if (slider_scalar("k", ImGuiDataType_Float, &k, &k_lo, &k_hi, "%.2f",
                      ImGuiSliderFlags_AlwaysClamp)) {
      s["k"] = std::round(static_cast<double>(k) * 100.0) / 100.0;
      changed = true;
    }
  }
  int n = static_cast<int>(s.value("samples", 1000));
  if (ImGui::InputInt("Executions", &n, 100, 1000)) {
    s["samples"] = std::clamp(n, 1, 100000);
    changed = true;
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Sampled executions of each schedule (1 to 100,000)");
  int bins = static_cast<int>(s.value("bins", 20));
  if (ImGui::InputInt("Histogram bins", &bins, 1, 10)) {
    s["bins"] = std::clamp(bins, 1, 200);
    changed = true;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Bins of the makespan's histogram (1 to 200)");
  if (changed) doc["params"]["stochastic"] = s;
  return changed;
}

}  // namespace loadlab::app
