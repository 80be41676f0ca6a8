// The iterative neighbour methods in the balance view (issue 12; course notes 003,
// ../shared/seeds/003_6046837c8e4c81af.txt, "Overview of Techniques", "Termination Detection",
// Problems 2 and 3; ERRATA.md 003). Tabs beside the network view of the walking algorithms:
//  - Sweeps: the network with each GDE colour class in its own colour (legend), the loads after
//    each sweep (replayed, model_iterative.h) or, for GDE, after each colour class ("class <" /
//    "class >" and Play step class by class: the class's edges highlighted, the nodes it changed
//    ringed), and the Dijkstra-Scholten tree (nodes that left it drawn hollow);
//  - Convergence: max - min (or the standard deviation) per sweep, log scale, with the predicted
//    rate (second-largest eigenvalue modulus) drawn as a line of that slope beside the measured;
//  - Pressure: the gradient model's initial pressure surface as a heatmap per node.
// Above the tabs: the params/<algorithm> pickers (lambda / alpha slider or "optimal"/"averaging",
// gradient threshold, max sweeps, stop rule, model, termination detection), applied live.
#include "app/balance/view_iterative.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/balance/model_network.h"
#include "app/model/results_follower.h"
#include "app/model/ui_state.h"
#include "app/shell/live_update.h"
#include "app/shell/ui.h"
#include "app/widgets/gantt_chart.h"
#include "app/widgets/plot_util.h"
#include "core/balance/gde.h"

namespace loadlab::app {

namespace {

bool is_iterative(const std::string& a) { return io::is_iterative_balance_algorithm(a); }

std::vector<std::string> listed_iterative(const io::Json& doc) {
  std::vector<std::string> out;
  if (doc.contains("algorithms") && doc["algorithms"].is_array())
    for (const auto& a : doc["algorithms"])
      if (a.is_string() && is_iterative(a.get<std::string>())) out.push_back(a.get<std::string>());
  return out;
}

ImU32 class_colour(int c) { return palette_colour(c + 3, 0.95f); }
ImU32 algorithm_colour(const std::string& a) {
  return a == "gde" ? IM_COL32(110, 160, 240, 255) : a == "diffusion" ? IM_COL32(120, 210, 130, 255) : IM_COL32(240, 160, 70, 255);
}

ImU32 load_colour(double w, double avg) {
  float rgb[3];
  load_scale_rgb(static_cast<float>(std::clamp(avg > 0 ? w / (2 * avg) : 0.5, 0.0, 1.0)), rgb);
  return ImGui::ColorConvertFloat4ToU32({rgb[0], rgb[1], rgb[2], 1.0f});
}

// --- params/<algorithm> pickers -------------------------------------------------------------

bool parameter_picker(io::Json& p, const std::string& alg) {
  bool changed = false;
  const char* key = alg == "gde" ? "lambda" : "alpha";
  const char* sym = alg == "gde" ? "lambda" : "alpha";
  // Mode: a number, "optimal" (the default), or (diffusion) "averaging".
  std::string mode = !p.contains(key) ? "optimal" : p[key].is_string() ? p[key].get<std::string>() : "value";
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
  const std::vector<const char*> modes = alg == "gde" ? std::vector<const char*>{"optimal", "value"}
                                                      : std::vector<const char*>{"optimal", "value", "averaging"};
  if (ImGui::BeginCombo("##mode", mode.c_str())) {
    for (const char* m : modes)
      if (ImGui::Selectable(m, mode == m) && mode != m) {
        if (std::string(m) == "value") p[key] = 0.5;
        else p[key] = m;
        mode = m;
        changed = true;
      }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("optimal: the notes' value for the topology, else the one minimizing the predicted rate");
  if (mode == "value") {
    ImGui::SameLine();
    double v = p[key].is_number() ? p[key].get<double>() : 0.5;
    const double lo = 0.01, hi = 1.0;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
    if (ImGui::SliderScalar(sym, ImGuiDataType_Double, &v, &lo, &hi, "%.4f", ImGuiSliderFlags_NoRoundToFormat))
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
  if (ImGui::SliderInt("max sweeps", &ms, 1, 100000, "%d", ImGuiSliderFlags_Logarithmic))
    p["max_sweeps"] = std::clamp(ms, 1, 100000), changed = true;
  ImGui::SameLine();
  std::string stop = !p.contains("stop") ? "max-min < 1" : p["stop"].contains("relative") ? "relative" : "max_minus_min";
  ImGui::SetNextItemWidth(w);
  if (ImGui::BeginCombo("##stop", stop.c_str())) {
    for (const char* s : {"max_minus_min", "relative"})
      if (ImGui::Selectable(s, stop == s)) {
        p["stop"] = {{s, std::string(s) == "relative" ? 0.01 : 1.0}};
        changed = true;
      }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("stop rule: max - min below a value, or below a fraction of the average");
  if (p.contains("stop") && p["stop"].is_object() && !p["stop"].empty()) {
    ImGui::SameLine();
    const std::string k = p["stop"].begin().key();
    double v = p["stop"].begin()->get<double>();
    const double lo = 1e-6, hi = k == "relative" ? 1.0 : 1e6;
    ImGui::SetNextItemWidth(w);
    if (ImGui::SliderScalar("##stopv", ImGuiDataType_Double, &v, &lo, &hi, "%.4g", ImGuiSliderFlags_Logarithmic))
      p["stop"][k] = std::clamp(v, lo, hi), changed = true;
  }
  ImGui::SameLine();
  bool tasks = p.value("model", std::string("real")) == "tasks";
  if (ImGui::Checkbox("tasks", &tasks)) p["model"] = tasks ? "tasks" : "real", changed = true;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("integer tasks over links (on) or real load indices (off, the notes' model)");
  ImGui::SameLine();
  bool ds = p.value("termination", std::string("none")) == "dijkstra_scholten";
  if (ImGui::Checkbox("termination detection", &ds)) {
    if (ds) p["termination"] = "dijkstra_scholten";
    else p.erase("termination"), p.erase("termination_k");
    changed = true;
  }
  if (ds) {
    ImGui::SameLine();
    int k = p.value("termination_k", 3);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4);
    if (ImGui::SliderInt("k", &k, 1, 20)) p["termination_k"] = k, changed = true;
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
    io::Json p = doc["params"].contains(a) && doc["params"][a].is_object() ? doc["params"][a] : io::Json::object();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(algorithm_colour(a)), "%-9s", a.c_str());
    ImGui::SameLine();
    bool ch = false;
    if (a == "gradient") {
      bool dflt = !p.contains("threshold");
      if (ImGui::Checkbox("threshold = floor(avg)", &dflt)) {
        if (dflt) p.erase("threshold");
        else p["threshold"] = 1.0;
        ch = true;
      }
      if (!dflt) {
        ImGui::SameLine();
        double v = p.value("threshold", 1.0);
        const double lo = 0, hi = 1e6;
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
        if (ImGui::SliderScalar("##thr", ImGuiDataType_Double, &v, &lo, &hi, "%.4g", ImGuiSliderFlags_Logarithmic))
          p["threshold"] = v, ch = true;
      }
    } else {
      ch |= parameter_picker(p, a);
    }
    ch |= common_pickers(p);
    if (ch) {
      if (p.empty()) doc["params"].erase(a);
      else doc["params"][a] = p;
      changed = true;
    }
    ImGui::PopID();
  }
  if (doc["params"].empty()) doc.erase("params");
  if (changed) live_apply(app, doc);
}

// --- the result shown ------------------------------------------------------------------------

const io::IterativeRunResult* typed(const AppState& st, int i) {
  if (i < 0 || i >= static_cast<int>(st.typed_results.size())) return nullptr;
  return dynamic_cast<const io::IterativeRunResult*>(st.typed_results[static_cast<std::size_t>(i)].get());
}

/// The iterative result the Sweeps/Pressure tabs show: the selected one, else the first.
int shown_result(const AppState& st) {
  if (typed(st, st.selected_result)) return st.selected_result;
  const auto idx = iterative_result_indices(st);
  return idx.empty() ? -1 : idx.front();
}

void result_combo(App& app, int shown) {
  AppState& st = app.state;
  const auto idx = iterative_result_indices(st);
  if (idx.size() < 2) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(algorithm_colour(typed(st, shown)->algorithm)), "%s",
                       typed(st, shown)->algorithm.c_str());
    return;
  }
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
  if (ImGui::BeginCombo("##iter_res", typed(st, shown)->algorithm.c_str())) {
    for (int i : idx)
      if (ImGui::Selectable(typed(st, i)->algorithm.c_str(), i == shown)) st.selected_result = i;
    ImGui::EndCombo();
  }
}

struct Canvas {
  ImVec2 origin, size, centre;
  float fit = 1;
  ImVec2 at(core::Point p) const { return {centre.x + (p.x - 0.5f) * fit, centre.y + (p.y - 0.5f) * fit}; }
};

Canvas begin_canvas(const char* id, float margin) {
  Canvas c;
  c.origin = ImGui::GetCursorScreenPos();
  c.size = ImGui::GetContentRegionAvail();
  c.size.x = std::max(c.size.x, 50.0f);
  c.size.y = std::max(c.size.y, 50.0f);
  ImGui::InvisibleButton(id, c.size);
  c.fit = std::max(std::min(c.size.x, c.size.y) - 2 * margin, 10.0f);
  c.centre = {c.origin.x + c.size.x / 2, c.origin.y + c.size.y / 2};
  return c;
}

void draw_sweeps_tab(App& app, IterativeViewState& v, int shown) {
  AppState& st = app.state;
  const float s = app.ui_scale;
  const io::IterativeRunResult* res = typed(st, shown);
  const core::IterativeResult& r = res->result;
  const core::Topology& topo = *st.topology;
  const int n = topo.size();
  if (v.replay_for != shown) {
    v.replay = replay_iterative(topo, st.loads, st.scenario, r);
    v.replay_for = shown;
    v.snapshot = static_cast<int>(v.replay.sweeps.size()) - 1;
    v.playing = false;
    v.tick = 0;
    v.class_step = -1;
    v.class_view = {};
  }
  const IterativeReplay& rp = v.replay;
  const int last = static_cast<int>(rp.sweeps.size()) - 1;
  const int classes = r.colouring.colours;
  // GDE's classes one at a time (loads after each class) need consecutive snapshots.
  const bool class_steps = r.algorithm == "gde" && classes > 1 && rp.every_sweep;
  if (!class_steps) v.class_step = -1;
  // Snapshot s, class_step c: sweep s after classes 0..c; c = -1: the whole sweep s.
  auto class_forward = [&] {
    if (v.class_step < 0) {
      if (v.snapshot >= last) return false;
      ++v.snapshot;
      v.class_step = 0;
    } else if (++v.class_step >= classes - 1) {
      v.class_step = -1;  // after the last class: the sweep's own snapshot
    }
    return true;
  };
  auto class_back = [&] {
    if (v.class_step < 0) {
      if (v.snapshot > 0) v.class_step = classes - 2;
    } else if (v.class_step == 0) {
      --v.snapshot;
      v.class_step = -1;
    } else {
      --v.class_step;
    }
  };
  result_combo(app, shown);
  ImGui::SameLine();
  if (ImGui::Button(v.playing ? "Pause" : "Play")) {
    if (!v.playing && v.snapshot >= last) v.snapshot = 0, v.class_step = -1;
    v.playing = !v.playing;
    v.tick = 0;
    v.clock = 0;
  }
  if (v.playing) {
    // One class per tick (GDE processes its classes in order), then the next sweep.
    v.clock += ImGui::GetIO().DeltaTime;
    const double period = classes > 0 ? 0.6 / classes : 0.5;
    while (v.clock >= period && v.playing) {
      v.clock -= period;
      if (class_steps) {
        if (!class_forward()) v.playing = false;
      } else if (classes > 0 && v.tick + 1 < classes) {
        ++v.tick;
      } else {
        v.tick = 0;
        if (v.snapshot < last) ++v.snapshot;
        else v.playing = false;
      }
    }
  }
  ImGui::SameLine();
  if (ImGui::Button("<")) v.snapshot = std::max(0, v.snapshot - 1), v.class_step = -1, v.playing = false;
  ImGui::SameLine();
  if (ImGui::Button(">")) v.snapshot = std::min(last, v.snapshot + (v.class_step >= 0 ? 0 : 1)), v.class_step = -1, v.playing = false;
  if (class_steps) {
    ImGui::SameLine();
    if (ImGui::Button("class <")) class_back(), v.playing = false;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("GDE: back one colour class (loads after each class)");
    ImGui::SameLine();
    if (ImGui::Button("class >")) class_forward(), v.playing = false;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("GDE: forward one colour class (loads after each class)");
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
  v.snapshot = std::clamp(v.snapshot, 0, std::max(0, last));
  char label[64];
  const int shown_sweep = rp.sweeps.empty() ? 0 : rp.sweeps[static_cast<std::size_t>(v.snapshot)];
  if (v.class_step >= 0)
    std::snprintf(label, sizeof label, "sweep %d, class %d/%d", shown_sweep, v.class_step, classes);
  else
    std::snprintf(label, sizeof label, "sweep %d", shown_sweep);
  if (ImGui::SliderInt("##snap", &v.snapshot, 0, std::max(0, last), label)) v.playing = false, v.class_step = -1;
  const bool tree_possible = !rp.ds_parent.empty();
  if (tree_possible) {
    ImGui::SameLine();
    ImGui::Checkbox("termination tree", &v.show_tree);
  }
  ImGui::SameLine();
  ImGui::TextDisabled("%s", rp.note.c_str());
  const int sweep = rp.sweeps.empty() ? 0 : rp.sweeps[static_cast<std::size_t>(v.snapshot)];
  int highlight = v.playing && classes > 0 ? v.tick : v.highlight;
  if (class_steps && v.class_step >= 0) highlight = v.class_step;
  else if (class_steps && v.playing) highlight = sweep > 0 ? classes - 1 : -1;
  // Loads after the shown class: computed for this step only (one load vector).
  const GdeClassStep* step = nullptr;
  if (v.class_step >= 0) {
    if (v.class_view.sweep != sweep || v.class_view.cls != v.class_step)
      v.class_view = gde_class_step(topo, r, rp, sweep, v.class_step);
    if (!v.class_view.loads.empty()) step = &v.class_view;
  }

  // Legend row: the colour classes (click one to highlight it).
  if (classes > 0) {
    std::vector<int> count(static_cast<std::size_t>(classes), 0);
    for (int c : r.colouring.colour)
      if (c >= 0 && c < classes) ++count[static_cast<std::size_t>(c)];
    ImGui::TextDisabled("GDE colouring (%s), %d classes, in order:", r.colouring.method.c_str(), classes);
    for (int c = 0; c < classes; ++c) {
      ImGui::SameLine();
      ImGui::PushID(c);
      ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(class_colour(c)));
      ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(15, 15, 20, 255));
      char b[48];
      std::snprintf(b, sizeof b, "%s%d: %d edges", c == highlight ? "> " : "", c, count[static_cast<std::size_t>(c)]);
      if (ImGui::SmallButton(b)) v.highlight = v.highlight == c ? -1 : c;
      ImGui::PopStyleColor(2);
      ImGui::PopID();
    }
  }

  const Canvas cv = begin_canvas("##iter_net", 36 * s);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(cv.origin, {cv.origin.x + cv.size.x, cv.origin.y + cv.size.y}, true);
  const auto& layout = st.layout;
  const float rad = std::clamp(cv.fit / (2.6f * std::sqrt(static_cast<float>(std::max(1, n)))), 2.0f, 22.0f * s);
  const bool draw_edges = topo.edge_count() <= 200000;
  if (draw_edges) {
    std::int64_t e = 0;  // Topology::edges() order: a < b, by a then b (the colouring's order)
    for (int a = 0; a < n; ++a)
      for (int b : topo.neighbours(a)) {
        if (b < a) continue;
        const int c = e < static_cast<std::int64_t>(r.colouring.colour.size()) ? r.colouring.colour[static_cast<std::size_t>(e)] : -1;
        ++e;
        ImU32 col = c >= 0 ? class_colour(c) : IM_COL32(140, 140, 150, 110);
        float th = c >= 0 ? 2.5f * s : 1.0f;
        if (c >= 0 && highlight >= 0 && c != highlight) col = (col & 0x00ffffff) | (60u << 24), th = 1.5f * s;
        if (c >= 0 && c == highlight) th = 5.0f * s;
        Segment seg[2];
        const int k = link_segments(topo, layout, a, b, seg);
        for (int i = 0; i < k; ++i) dl->AddLine(cv.at(seg[i].a), cv.at(seg[i].b), col, th);
      }
  }
  const std::vector<double>* w = step ? &step->loads : rp.loads.empty() ? nullptr : &rp.loads[static_cast<std::size_t>(v.snapshot)];
  double avg = 0;
  for (auto x : st.loads) avg += static_cast<double>(x);
  avg /= std::max(1, n);
  // The Dijkstra-Scholten tree: child -> parent, white; nodes that left it are hollow.
  // (Within a sweep's class steps, the tree as it was after the previous sweep.)
  const auto tree_at = static_cast<std::size_t>(std::max(0, v.snapshot - (step ? 1 : 0)));
  const std::vector<char>* in_tree = v.show_tree && tree_at < rp.ds_in_tree.size() ? &rp.ds_in_tree[tree_at] : nullptr;
  if (v.show_tree && tree_possible && n <= 20000) {
    for (int u = 0; u < n; ++u) {
      const int p = rp.ds_parent[static_cast<std::size_t>(u)];
      if (p < 0) continue;
      const bool live = !in_tree || (*in_tree)[static_cast<std::size_t>(u)];
      dl->AddLine(cv.at(layout[static_cast<std::size_t>(u)]), cv.at(layout[static_cast<std::size_t>(p)]),
                  live ? IM_COL32(255, 255, 255, 200) : IM_COL32(255, 255, 255, 50), live ? 1.5f * s : 1.0f);
    }
  }
  int hover = -1;
  float best = rad * rad + 16;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const bool hovered = ImGui::IsItemHovered();
  for (int u = 0; u < n; ++u) {
    const ImVec2 p = cv.at(layout[static_cast<std::size_t>(u)]);
    const double x = w ? (*w)[static_cast<std::size_t>(u)] : static_cast<double>(st.loads[static_cast<std::size_t>(u)]);
    const bool left = in_tree && !(*in_tree)[static_cast<std::size_t>(u)];
    if (left) {
      dl->AddCircleFilled(p, rad, (load_colour(x, avg) & 0x00ffffff) | (90u << 24), 16);
      dl->AddCircle(p, rad, IM_COL32(230, 230, 235, 255), 16, 1.5f * s);
    } else {
      dl->AddCircleFilled(p, rad, load_colour(x, avg), 16);
    }
    if (step && step->changed[static_cast<std::size_t>(u)]) dl->AddCircle(p, rad + 1.5f * s, class_colour(step->cls), 16, 2.5f * s);
    if (u == 0 && v.show_tree && tree_possible) dl->AddCircle(p, rad + 3 * s, IM_COL32(255, 255, 255, 255), 20, 2 * s);
    if (rad >= 9) {
      char buf[24];
      std::snprintf(buf, sizeof buf, "%.6g", x);
      const ImVec2 ts = ImGui::CalcTextSize(buf);
      dl->AddText({p.x - ts.x / 2, p.y - ts.y / 2}, IM_COL32(255, 255, 255, 255), buf);
    }
    const float dx = mouse.x - p.x, dy = mouse.y - p.y;
    if (hovered && dx * dx + dy * dy < best) best = dx * dx + dy * dy, hover = u;
  }
  char when[64];
  if (step)
    std::snprintf(when, sizeof when, "class %d of sweep %d (ringed: changed in it)", step->cls, sweep);
  else
    std::snprintf(when, sizeof when, "sweep %d", sweep);
  char note[240];
  std::snprintf(note, sizeof note, "%s after %s: colour = load (blue 0, green average %.4g, red 2x)%s", r.algorithm.c_str(),
                when, avg, in_tree ? "; white: termination tree (root ringed), hollow = left the tree" : "");
  dl->AddText({cv.origin.x + 8 * s, cv.origin.y + cv.size.y - ImGui::GetFontSize() - 6 * s}, IM_COL32(210, 210, 215, 255), note);
  dl->PopClipRect();
  if (hover >= 0) {
    ImGui::BeginTooltip();
    ImGui::Text("node %d: %.6g after %s (initial %lld)", hover,
                w ? (*w)[static_cast<std::size_t>(hover)] : 0.0, when, static_cast<long long>(st.loads[static_cast<std::size_t>(hover)]));
    if (tree_possible) ImGui::Text("tree parent: %d%s", rp.ds_parent[static_cast<std::size_t>(hover)],
                                   in_tree && !(*in_tree)[static_cast<std::size_t>(hover)] ? " (left the tree: passive)" : "");
    ImGui::EndTooltip();
  }
}

void draw_convergence_tab(App& app, IterativeViewState& v) {
  AppState& st = app.state;
  const float s = app.ui_scale;
  ImGui::Checkbox("standard deviation (else max - min)", &v.show_std_dev);
  ImGui::SameLine();
  ImGui::TextDisabled("log scale; dim line of the same colour: the predicted rate's slope, anchored at the last sweep");
  std::vector<PlotSeries> series;
  const auto idx = iterative_result_indices(st);
  for (int i : idx) {
    const core::IterativeResult& r = typed(st, i)->result;
    const auto& h = v.show_std_dev ? r.history_std_dev : r.history_max_minus_min;
    PlotSeries m{r.algorithm + " measured", algorithm_colour(r.algorithm), {}, {}, i == st.selected_result};
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
      PlotSeries p{name, (algorithm_colour(r.algorithm) & 0x00ffffff) | (130u << 24), {}, {}, false};
      const int anchor = static_cast<int>(h.size());
      const double base = h.back();
      for (int k = 0; k <= anchor; ++k) {
        p.x.push_back(k);
        p.y.push_back(std::max(1e-300, base * std::pow(r.predicted_rate, k - anchor)));
      }
      series.push_back(p);
    }
  }
  const float table_h = (static_cast<float>(idx.size()) + 1.8f) * ImGui::GetFrameHeightWithSpacing();
  PlotAxes ax;
  ax.x_label = "sweep";
  ax.y_label = v.show_std_dev ? "std dev of the loads" : "max - min";
  ax.log_y = true;
  draw_line_plot("##iter_conv", {0, std::max(120 * s, ImGui::GetContentRegionAvail().y - table_h)}, series, ax, s);
  if (ImGui::BeginTable("##iter_tab", 8, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    for (const char* h : {"algorithm", "parameter", "sweeps", "run", "predicted rate", "measured rate", "termination", "verified"})
      ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (int i : idx) {
      const io::IterativeRunResult* t = typed(st, i);
      const core::IterativeResult& r = t->result;
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (ImGui::Selectable(r.algorithm.c_str(), i == st.selected_result, ImGuiSelectableFlags_SpanAllColumns)) st.selected_result = i;
      ImGui::TableNextColumn();
      if (std::isfinite(r.parameter)) ImGui::Text("%.4f (%s)", r.parameter, r.parameter_source.c_str());
      else ImGui::TextUnformatted(r.parameter_source.c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%d%s", r.sweeps, r.stop_rule_met ? "" : " (stop rule not met)");
      ImGui::TableNextColumn();
      ImGui::Text("%d", r.sweeps_run);
      ImGui::TableNextColumn();
      if (std::isfinite(r.predicted_rate)) ImGui::Text("%.5f", r.predicted_rate);
      else ImGui::TextDisabled("%s", t->no_prediction.empty() ? "-" : t->no_prediction.c_str());
      ImGui::TableNextColumn();
      if (std::isfinite(r.measured_rate)) ImGui::Text("%.5f", r.measured_rate);
      else ImGui::TextDisabled("-");
      ImGui::TableNextColumn();
      if (r.termination.enabled && r.termination.detected)
        ImGui::Text("detected at %d, %lld messages", r.termination.detected_at_sweep, static_cast<long long>(r.termination.control_messages));
      else if (r.termination.enabled) ImGui::TextColored({1, 0.6f, 0.4f, 1}, "not detected");
      else ImGui::TextDisabled("off");
      ImGui::TableNextColumn();
      if (t->verified) ImGui::TextColored({0.45f, 0.95f, 0.45f, 1}, "yes");
      else ImGui::TextColored({1, 0.4f, 0.4f, 1}, "NO");
    }
    ImGui::EndTable();
  }
}

void draw_pressure_tab(App& app) {
  AppState& st = app.state;
  const float s = app.ui_scale;
  const io::IterativeRunResult* g = nullptr;
  for (int i : iterative_result_indices(st))
    if (typed(st, i)->algorithm == "gradient") g = typed(st, i);
  if (!g) {
    ImGui::TextDisabled("Add the gradient algorithm to see its pressure surface.");
    return;
  }
  const auto& pr = g->result.pressure;
  const int n = st.topology->size();
  int hi = 0;
  for (int p : pr) hi = std::max(hi, p);
  ImGui::TextDisabled("gradient model: initial pressure per node (0 = lightly loaded, else 1 + min over neighbours; - = no light node reachable)");
  const Canvas cv = begin_canvas("##iter_pressure", 30 * s);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(cv.origin, {cv.origin.x + cv.size.x, cv.origin.y + cv.size.y}, true);
  // A cell per node, sized from the nearest-neighbour spacing of the layout.
  const float half = std::clamp(0.5f * min_node_distance(st.layout) * cv.fit * 0.92f, 1.5f, 60.0f * s);
  for (int u = 0; u < n && static_cast<std::size_t>(u) < pr.size(); ++u) {
    const ImVec2 p = cv.at(st.layout[static_cast<std::size_t>(u)]);
    const int v = pr[static_cast<std::size_t>(u)];
    float rgb[3];
    load_scale_rgb(v < 0 ? 1.0f : hi > 0 ? static_cast<float>(v) / static_cast<float>(hi) : 0.0f, rgb);
    const ImU32 col = v < 0 ? IM_COL32(90, 90, 95, 255) : ImGui::ColorConvertFloat4ToU32({rgb[0], rgb[1], rgb[2], 1});
    dl->AddRectFilled({p.x - half, p.y - half}, {p.x + half, p.y + half}, col, 2 * s);
    if (half >= 8) {
      char buf[16];
      std::snprintf(buf, sizeof buf, v < 0 ? "-" : "%d", v);
      const ImVec2 ts = ImGui::CalcTextSize(buf);
      dl->AddText({p.x - ts.x / 2, p.y - ts.y / 2}, IM_COL32(255, 255, 255, 255), buf);
    }
  }
  dl->PopClipRect();
}

}  // namespace

bool has_iterative_results(const App& app) {
  return !iterative_result_indices(app.state).empty() || !listed_iterative(app.state.scenario).empty();
}

void draw_iterative_balance_view(App& app) {
  AppState& st = app.state;
  IterativeViewState& v = app.balance_iterative;
  const void* id = results_identity(st);
  if (id != v.results_seen) {
    v.results_seen = id;
    v.replay_for = -1;
  }
  draw_params(app);
  const int shown = shown_result(st);
  // A share link's "ui": {"iterative_view": "network" | "sweeps" | "convergence" | "pressure"}.
  const io::Json ui = st.scenario.is_object() ? st.scenario.value("ui", io::Json::object()) : io::Json::object();
  const std::string want = ui.is_object() && ui.contains("iterative_view") && ui["iterative_view"].is_string()
                               ? ui["iterative_view"].get<std::string>() : "";
  if (want != v.ui_seen && shown >= 0) {
    v.ui_seen = want;
    const int tab = ui_tab_index(want, kIterativeTabs);
    if (tab >= 0) v.tabs.request(tab);
  }
  const int request = shown >= 0 ? v.tabs.take() : -1;
  if (ImGui::BeginTabBar("##iter_tabs")) {
    if (begin_tab(v.tabs, "Network", 0, request)) {
      draw_network_view(app);
      ImGui::EndTabItem();
    }
    if (shown >= 0) {
      if (begin_tab(v.tabs, "Sweeps", 1, request)) {
        draw_sweeps_tab(app, v, shown);
        ImGui::EndTabItem();
      }
      if (begin_tab(v.tabs, "Convergence", 2, request)) {
        draw_convergence_tab(app, v);
        ImGui::EndTabItem();
      }
      if (begin_tab(v.tabs, "Pressure", 3, request)) {
        draw_pressure_tab(app);
        ImGui::EndTabItem();
      }
    } else {
      ImGui::TextDisabled(app.jobs.busy() ? "Running..." : "No iterative results yet.");
    }
    ImGui::EndTabBar();
  }
}

}  // namespace loadlab::app
