// The iterative neighbour methods in the balance view (course notes 003,
// ../shared/seeds/003_6046837c8e4c81af.txt, "Overview of Techniques", "Termination Detection",
// Problems 2 and 3; ERRATA.md 003). Tabs beside the network view of the walking algorithms:
//  - Sweeps: the network with each GDE colour class in its own colour (legend), the loads after
//    each sweep (replayed, model_iterative.h) or, for GDE, after each colour class ("class <" /
//    "class >" and Play step class by class: the class's edges highlighted, the nodes it changed
//    ringed), and the Dijkstra-Scholten tree (nodes that left it drawn hollow);
//  - Convergence: max - min (or the standard deviation) per sweep, log scale, with the predicted
//    rate (second-largest eigenvalue modulus) drawn as a line of that slope beside the measured;
//  - Pressure: the gradient model's initial pressure surface as a heatmap per node.
// Sweeps and Pressure are drawn on the zoomable network canvas (view_iterative_canvas.cpp).
// Above the tabs: the params/<algorithm> pickers (lambda / alpha slider or "optimal"/"averaging",
// gradient threshold, max sweeps, stop rule, model, termination detection), applied live.
#include "app/balance/view_iterative.h"
#include "app/balance/module.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/balance/view_iterative_canvas.h"
#include "app/model/results_follower.h"
#include "app/model/ui_state.h"
#include "app/shell/app.h"
#include "app/widgets/format.h"
#include "app/widgets/gantt_chart.h"
#include "app/widgets/kind_view_header.h"
#include "app/widgets/number_field.h"
#include "app/widgets/plot_util.h"
#include "core/balance/gde.h"

namespace loadlab::app {

namespace {

bool is_iterative(const std::string& a) {
  return io::is_iterative_balance_algorithm(a);
}

std::vector<std::string> listed_iterative(const io::Json& doc) {
  std::vector<std::string> out;
  if (doc.contains("algorithms") && doc["algorithms"].is_array())
    for (const auto& a : doc["algorithms"])
      if (a.is_string() && is_iterative(a.get<std::string>())) out.push_back(a.get<std::string>());
  return out;
}

ImU32 algorithm_colour(const std::string& a) {
  return a == "gde"         ? IM_COL32(110, 160, 240, 255)
         : a == "diffusion" ? IM_COL32(120, 210, 130, 255)
                            : IM_COL32(240, 160, 70, 255);
}

// --- params/<algorithm> pickers -------------------------------------------------------------

bool parameter_picker(io::Json& p, const std::string& alg) {
  bool changed = false;
  const char* key = alg == "gde" ? "lambda" : "alpha";
  const char* sym = alg == "gde" ? "lambda" : "alpha";
  // Mode: a number, "optimal" (the default), or (diffusion) "averaging".
  std::string mode = !p.contains(key)     ? "optimal"
                     : p[key].is_string() ? p[key].get<std::string>()
                                          : "value";
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
  const std::vector<const char*> modes =
      alg == "gde" ? std::vector<const char*>{"optimal", "value"}
                   : std::vector<const char*>{"optimal", "value", "averaging"};
  if (ImGui::BeginCombo("##mode", mode.c_str())) {
    for (const char* m : modes)
      if (ImGui::Selectable(m, mode == m) && mode != m) {
        if (std::string(m) == "value")
          p[key] = 0.5;
        else
          p[key] = m;
        mode = m;
        changed = true;
      }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "optimal: the notes' value for the topology, else the one minimizing the predicted rate");
  if (mode == "value") {
    ImGui::SameLine();
    double v = p[key].is_number() ? p[key].get<double>() : 0.5;
    const double lo = 0.01, hi = 1.0;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
    if (readable_slider(sym, ImGuiDataType_Double, &v, &lo, &hi, "%.4f",
                        ImGuiSliderFlags_NoRoundToFormat))
      p[key] = std::clamp(v, lo, hi), changed = true;
  }
  return changed;
}

bool common_pickers(io::Json& p) {
  bool changed = false;
  const float w = ImGui::GetFontSize() * 6;
  ImGui::SameLine();
  int ms = p.value("max_sweeps", 1000);
  ImGui::SetNextItemWidth(w);
  if (readable_slider_int("max sweeps", &ms, 1, 100000, "%d", ImGuiSliderFlags_Logarithmic))
    p["max_sweeps"] = std::clamp(ms, 1, 100000), changed = true;
  ImGui::SameLine();
  std::string stop = !p.contains("stop")              ? "max-min < 1"
                     : p["stop"].contains("relative") ? "relative"
                                                      : "max_minus_min";
  // As wide as its longest choice: a shorter box cuts "max_minus_min".
  ImGui::SetNextItemWidth(std::max(w, ImGui::CalcTextSize("max_minus_min").x +
                                          ImGui::GetFrameHeight() +
                                          2 * ImGui::GetStyle().FramePadding.x + 1.0f));
  if (ImGui::BeginCombo("##stop", stop.c_str())) {
    for (const char* s : {"max_minus_min", "relative"})
      if (ImGui::Selectable(s, stop == s)) {
        p["stop"] = {{s, std::string(s) == "relative" ? 0.01 : 1.0}};
        changed = true;
      }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("stop rule: max - min below a value, or below a fraction of the average");
  if (p.contains("stop") && p["stop"].is_object() && !p["stop"].empty()) {
    ImGui::SameLine();
    const std::string k = p["stop"].begin().key();
    double v = p["stop"].begin()->get<double>();
    const double lo = 1e-6, hi = k == "relative" ? 1.0 : 1e6;
    ImGui::SetNextItemWidth(w);
    if (readable_slider("##stopv", ImGuiDataType_Double, &v, &lo, &hi,
                        format_literal(v, 4, false).c_str(), ImGuiSliderFlags_Logarithmic))
      p["stop"][k] = std::clamp(round_significant(v, 4), lo, hi), changed = true;
  }
  ImGui::SameLine();
  bool tasks = p.value("model", std::string("real")) == "tasks";
  if (ImGui::Checkbox("tasks", &tasks)) p["model"] = tasks ? "tasks" : "real", changed = true;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("integer tasks over links (on) or real load indices (off, the notes' model)");
  // The row wraps where the view is too narrow for the next control (never cut at the edge).
  if (ImGui::GetContentRegionAvail().x - ImGui::GetItemRectMax().x + ImGui::GetCursorScreenPos().x >
      ImGui::CalcTextSize("termination detection").x + ImGui::GetFrameHeight() * 2)
    ImGui::SameLine();
  bool ds = p.value("termination", std::string("none")) == "dijkstra_scholten";
  if (ImGui::Checkbox("termination detection", &ds)) {
    if (ds)
      p["termination"] = "dijkstra_scholten";
    else
      p.erase("termination"), p.erase("termination_k");
    changed = true;
  }
  if (ds) {
    ImGui::SameLine();
    int k = p.value("termination_k", 3);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4);
    if (readable_slider_int("k", &k, 1, 20)) p["termination_k"] = k, changed = true;
  }
  return changed;
}

void draw_params(App& app) {
  io::Json doc = app_edit_base(app);
  const auto algs = listed_iterative(doc);
  if (algs.empty()) return;
  bool changed = false;
  if (!doc.contains("params") || !doc["params"].is_object()) doc["params"] = io::Json::object();
  for (const auto& a : algs) {
    ImGui::PushID(a.c_str());
    io::Json p = doc["params"].contains(a) && doc["params"][a].is_object() ? doc["params"][a]
                                                                           : io::Json::object();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(algorithm_colour(a)), "%-9s", a.c_str());
    ImGui::SameLine();
    bool ch = false;
    if (a == "gradient") {
      bool dflt = !p.contains("threshold");
      if (ImGui::Checkbox("threshold = floor(avg)", &dflt)) {
        if (dflt)
          p.erase("threshold");
        else
          p["threshold"] = 1.0;
        ch = true;
      }
      if (!dflt) {
        ImGui::SameLine();
        double v = p.value("threshold", 1.0);
        const double lo = 0, hi = 1e6;
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
        if (readable_slider("##thr", ImGuiDataType_Double, &v, &lo, &hi,
                            format_literal(v, 4, false).c_str(), ImGuiSliderFlags_Logarithmic))
          p["threshold"] = std::clamp(round_significant(v, 4), lo, hi), ch = true;
      }
    } else {
      ch |= parameter_picker(p, a);
    }
    ch |= common_pickers(p);
    if (ch) {
      if (p.empty())
        doc["params"].erase(a);
      else
        doc["params"][a] = p;
      changed = true;
    }
    ImGui::PopID();
  }
  if (doc["params"].empty()) doc.erase("params");
  if (changed) live_apply(app, doc);
}

void draw_convergence_tab(App& app, IterativeViewState& v) {
  AppState& st = app.state;
  const float s = app.ui_scale;
  ImGui::Checkbox("standard deviation (else max - min)", &v.show_std_dev);
  ImGui::SameLine();
  ImGui::TextDisabled(
      "log scale; dim line of the same colour: the predicted rate's slope, anchored at the last "
      "sweep");
  std::vector<PlotSeries> series;
  const auto idx = iterative_result_indices(st);
  for (int i : idx) {
    const core::IterativeResult& r = iterative_result(st, i)->result;
    const auto& h = v.show_std_dev ? r.history_std_dev : r.history_max_minus_min;
    PlotSeries m{
        r.algorithm + " measured", algorithm_colour(r.algorithm), {}, {}, i == st.selected_result};
    m.x.push_back(0);
    m.y.push_back(std::max(1e-300, v.show_std_dev ? r.initial_std_dev : r.initial_max_minus_min));
    for (std::size_t k = 0; k < h.size(); ++k) {
      m.x.push_back(static_cast<double>(k + 1));
      m.y.push_back(std::max(1e-300, h[k]));
    }
    series.push_back(m);
    if (std::isfinite(r.predicted_rate) && !h.empty()) {
      char name[64];
      std::snprintf(name, sizeof name, "%s predicted %.4f", r.algorithm.c_str(), r.predicted_rate);
      PlotSeries p{
          name, (algorithm_colour(r.algorithm) & 0x00ffffff) | (130u << 24), {}, {}, false};
      const int anchor = static_cast<int>(h.size());
      const double base = h.back();
      for (int k = 0; k <= anchor; ++k) {
        p.x.push_back(k);
        p.y.push_back(std::max(1e-300, base * std::pow(r.predicted_rate, k - anchor)));
      }
      series.push_back(p);
    }
  }
  const float table_h =
      (static_cast<float>(idx.size()) + 1.8f) * ImGui::GetFrameHeightWithSpacing();
  PlotAxes ax;
  ax.x_label = "sweep";
  ax.y_label = v.show_std_dev ? "std dev of the loads" : "max - min";
  ax.log_y = true;
  draw_line_plot("##iter_conv", {0, std::max(120 * s, ImGui::GetContentRegionAvail().y - table_h)},
                 series, ax, s);
  if (ImGui::BeginTable(
          "##iter_tab", 8,
          ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    for (const char* h : {"algorithm", "parameter", "sweeps", "run", "predicted rate",
                          "measured rate", "termination", "verified"})
      ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (int i : idx) {
      const io::IterativeRunResult* t = iterative_result(st, i);
      const core::IterativeResult& r = t->result;
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (ImGui::Selectable(r.algorithm.c_str(), i == st.selected_result,
                            ImGuiSelectableFlags_SpanAllColumns))
        st.selected_result = i;
      ImGui::TableNextColumn();
      if (std::isfinite(r.parameter))
        ImGui::Text("%.4f (%s)", r.parameter, r.parameter_source.c_str());
      else
        ImGui::TextUnformatted(r.parameter_source.c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%d%s", r.sweeps, r.stop_rule_met ? "" : " (stop rule not met)");
      ImGui::TableNextColumn();
      ImGui::Text("%d", r.sweeps_run);
      ImGui::TableNextColumn();
      if (std::isfinite(r.predicted_rate))
        ImGui::Text("%.5f", r.predicted_rate);
      else
        ImGui::TextDisabled("%s", t->no_prediction.empty() ? "-" : t->no_prediction.c_str());
      ImGui::TableNextColumn();
      if (std::isfinite(r.measured_rate))
        ImGui::Text("%.5f", r.measured_rate);
      else
        ImGui::TextDisabled("-");
      ImGui::TableNextColumn();
      if (r.termination.enabled && r.termination.detected)
        ImGui::Text("detected at %d, %lld messages", r.termination.detected_at_sweep,
                    static_cast<long long>(r.termination.control_messages));
      else if (r.termination.enabled)
        ImGui::TextColored({1, 0.6f, 0.4f, 1}, "not detected");
      else
        ImGui::TextDisabled("off");
      ImGui::TableNextColumn();
      if (t->verified)
        ImGui::TextColored({0.45f, 0.95f, 0.45f, 1}, "yes");
      else
        ImGui::TextColored({1, 0.4f, 0.4f, 1}, "NO");
    }
    ImGui::EndTable();
  }
}

}  // namespace

ImU32 iterative_class_colour(int c) {
  return palette_colour(c + 3, 0.95f);
}

// --- the result shown ------------------------------------------------------------------------

const io::IterativeRunResult* iterative_result(const AppState& st, int i) {
  if (i < 0 || i >= static_cast<int>(st.typed_results.size())) return nullptr;
  const auto* r = dynamic_cast<const io::IterativeRunResult*>(
      st.typed_results[static_cast<std::size_t>(i)].get());
  return r && !r->failed() ? r : nullptr;
}

namespace {

/// The iterative result the Sweeps/Pressure tabs show: the selected one, else the first.
int shown_result(const AppState& st) {
  if (iterative_result(st, st.selected_result)) return st.selected_result;
  const auto idx = iterative_result_indices(st);
  return idx.empty() ? -1 : idx.front();
}

}  // namespace

void iterative_result_combo(App& app, int shown) {
  AppState& st = app.state;
  const auto idx = iterative_result_indices(st);
  if (idx.size() < 2) {
    ImGui::TextColored(
        ImGui::ColorConvertU32ToFloat4(algorithm_colour(iterative_result(st, shown)->algorithm)),
        "%s", iterative_result(st, shown)->algorithm.c_str());
    return;
  }
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
  if (ImGui::BeginCombo("##iter_res", iterative_result(st, shown)->algorithm.c_str())) {
    for (int i : idx)
      if (ImGui::Selectable(iterative_result(st, i)->algorithm.c_str(), i == shown))
        st.selected_result = i;
    ImGui::EndCombo();
  }
}

bool has_iterative_results(const App& app) {
  return !iterative_result_indices(app.state).empty() ||
         !listed_iterative(app.state.scenario).empty();
}

void draw_iterative_balance_view(App& app) {
  AppState& st = app.state;
  IterativeViewState& v = iterative_state(app);
  const void* id = results_identity(st);
  if (id != v.results_seen) {
    v.results_seen = id;
    v.replay_for = -1;
    ++v.canvas.results_gen;
  }
  draw_params(app);
  const int shown = shown_result(st);
  // A share link's "ui": {"iterative_view": "network" | "sweeps" | "convergence" | "pressure"},
  // read once per installed scenario.
  if (v.ui_generation != st.generation) {
    v.ui_generation = st.generation;
    v.ui_view.clear();
    const io::Json* ui =
        st.scenario.is_object() && st.scenario.contains("ui") ? &st.scenario["ui"] : nullptr;
    if (ui && ui->is_object() && ui->contains("iterative_view") &&
        (*ui)["iterative_view"].is_string())
      v.ui_view = (*ui)["iterative_view"].get<std::string>();
  }
  if (v.ui_view != v.ui_seen && shown >= 0) {
    v.ui_seen = v.ui_view;
    const int tab = ui_tab_index(v.ui_view, kIterativeTabs);
    if (tab >= 0) v.tabs.request(tab);  // taken below, in this frame
  }
  std::vector<ViewTab> tabs = {{"Network", [&] { draw_network_view(app); }}};
  if (shown >= 0) {
    tabs.push_back({"Sweeps", [&] { draw_sweeps_tab(app, v, shown); }});
    tabs.push_back({"Convergence", [&] { draw_convergence_tab(app, v); }});
    tabs.push_back({"Pressure", [&] { draw_pressure_tab(app, v); }});
  }
  kind_tab_bar("##iter_tabs", v.tabs, tabs);
  if (shown < 0) ImGui::TextDisabled(app.jobs.busy() ? "Running..." : "No iterative results yet.");
}

}  // namespace loadlab::app
