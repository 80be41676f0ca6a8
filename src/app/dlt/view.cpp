// The "dlt" kind's view (paper 004, ../shared/seeds/004_11d6ddba309eeb28.txt;
// docs/scenario-dlt.md): the timing diagram of Fig 2 as a Gantt (one row per layer: receive,
// compute, forward), the loads per processor and per layer of Figs 3-6 as bar charts, and IBS
// (Section 4, Table 1/Table 2) step by step with the buffers filling. The form (E, C, L, B, delta,
// d) is form.cpp.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/dlt/module.h"
#include "app/dlt/view.h"
#include "app/model/results_follower.h"
#include "app/model/ui_state.h"
#include "app/shell/app.h"
#include "app/widgets/gantt_chart.h"
#include "app/widgets/kind_view_header.h"
#include "app/widgets/number_field.h"
#include "app/widgets/plot_util.h"
#include "app/widgets/view_colours.h"

namespace loadlab::app {

namespace {

constexpr ImU32 kReceive = IM_COL32(95, 150, 235, 255);
constexpr ImU32 kCompute = IM_COL32(105, 200, 120, 255);
constexpr ImU32 kForward = IM_COL32(240, 160, 70, 255);

void dlt_rebuild(const AppState& st, DltViewState& c) {
  c.model = dlt_view_model(st);  // from the typed results: no result JSON is read back
  c.gantt_for = -1;
  c.step = -1;
}

void dlt_build_gantt(DltViewState& c, int sel) {
  const DltViewResult& d = c.model.res[static_cast<std::size_t>(sel)];
  c.gantt.clear(true);
  c.gantt.set_row_height(54, 10);
  for (const auto& t : d.timing) {
    const int row =
        c.gantt.add_row("Y" + std::to_string(t.layer) + " (" + std::to_string(t.processors) + ")");
    // Fig 2's three activities of one processor of the layer, as three lanes of its row.
    c.gantt.add_bar({row, t.receive.start, t.receive.end, kReceive, 0.00f, 0.28f, t.layer * 3 + 0});
    c.gantt.add_bar({row, t.compute.start, t.compute.end, kCompute, 0.31f, 0.69f, t.layer * 3 + 1});
    c.gantt.add_bar({row, t.forward.start, t.forward.end, kForward, 0.72f, 1.00f, t.layer * 3 + 2});
  }
  if (d.feasible)
    c.gantt.add_marker({d.finish_time, view_ink(220), "T* " + short_number(d.finish_time)});
  c.gantt.set_label_fn([&c, sel](const GanttBar& b) {
    const DltViewResult& r = c.model.res[static_cast<std::size_t>(sel)];
    const int layer = static_cast<int>(b.id / 3);
    if (b.id % 3 != 1 || layer >= static_cast<int>(r.per_processor.size())) return std::string();
    return short_number(r.per_processor[static_cast<std::size_t>(layer)]);
  });
  c.gantt.set_tooltip_fn([&c, sel](const GanttBar& b) {
    const DltViewResult& r = c.model.res[static_cast<std::size_t>(sel)];
    const auto layer = static_cast<std::size_t>(b.id / 3);
    static const char* what[] = {"receives", "computes", "forwards"};
    ImGui::Text("A processor of layer Y%zu %s", layer, what[b.id % 3]);
    ImGui::Text("%s .. %s (%s)", short_number(b.start).c_str(), short_number(b.finish).c_str(),
                short_number(b.finish - b.start).c_str());
    if (layer < r.received.size() && layer < r.alpha.size()) {
      ImGui::Text("L_%zu = %s arrives, keeps alpha = %.4f: %s", layer,
                  short_number(r.received[layer]).c_str(), r.alpha[layer],
                  short_number(r.per_processor[layer]).c_str());
      ImGui::Text("%lld processors in the layer",
                  layer < r.processors.size() ? r.processors[layer] : 0LL);
    }
  });
  c.gantt_for = sel;
}

void draw_timing_tab(App& app, DltViewState& c, int sel) {
  const DltViewResult& d = c.model.res[static_cast<std::size_t>(sel)];
  const float s = app.ui_scale;
  auto legend = [&](ImU32 col, const char* text) {
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float h = ImGui::GetTextLineHeight();
    ImGui::GetWindowDrawList()->AddRectFilled({p.x, p.y + h * 0.2f}, {p.x + h, p.y + h * 0.8f},
                                              col);
    ImGui::Dummy({h, h});
    ImGui::SameLine();
    ImGui::TextUnformatted(text);
    ImGui::SameLine(0, 14 * s);
  };
  legend(kReceive, "receive");
  legend(kCompute, "compute");
  legend(kForward, "forward");
  if (ImGui::SmallButton("fit")) c.gantt.fit();
  ImGui::SameLine();
  // Deeper layers act in the last few percent of the run: one click shows them.
  if (d.timing.size() > 2 && ImGui::SmallButton("zoom to layers >= 2")) {
    const double t0 = d.timing[2].receive.start,
                 t1 = std::max(d.finish_time, d.timing.back().compute.end);
    c.gantt.set_window(t0 - (t1 - t0) * 0.03, t1 + (t1 - t0) * 0.03);
  }
  ImGui::SameLine();
  ImGui::TextDisabled("one processor per layer (Fig 2); wheel: zoom, drag: pan");
  if (d.timing.empty()) {
    ImGui::TextColored({1, 0.6f, 0.4f, 1}, "%s",
                       d.feasible ? "No timing in this result." : d.error.c_str());
    return;
  }
  c.gantt.draw("##dlt_gantt", {0, 0}, s);
}

void draw_loads_tab(App& app, DltViewState& c, int sel) {
  const float s = app.ui_scale;
  ImGui::Checkbox("log scale", &c.log_loads);
  ImGui::SameLine();
  ImGui::TextDisabled("selected: %s; bars of every feasible result (Figs 3-6)",
                      c.model.res[static_cast<std::size_t>(sel)].name.c_str());
  std::vector<std::string> layers;
  for (int i = 0; i <= c.model.dim; ++i) layers.push_back(std::to_string(i));
  std::vector<PlotSeries> per_proc, per_layer;
  for (std::size_t k = 0; k < c.model.res.size(); ++k) {
    const DltViewResult& d = c.model.res[k];
    if (!d.feasible) continue;
    const ImU32 col = dlt_algorithm_colour(d.name);
    per_proc.push_back({d.name, col, {}, d.per_processor, static_cast<int>(k) == sel});
    per_layer.push_back({d.name, col, {}, d.per_layer, static_cast<int>(k) == sel});
  }
  std::vector<PlotRule> rules;
  if (c.model.buffer)
    rules.push_back({*c.model.buffer, IM_COL32(255, 120, 120, 220),
                     "buffer B = " + short_number(*c.model.buffer)});
  if (c.model.granularity)
    rules.push_back({*c.model.granularity, IM_COL32(230, 230, 120, 220),
                     "granularity = " + short_number(*c.model.granularity)});
  PlotAxes ax;
  ax.x_label = "layer";
  ax.log_y = c.log_loads;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float w = std::floor((avail.x - 8 * s) / 2);
  ax.y_label = "load per processor (alpha_i L_i)";
  draw_bar_chart("##per_proc", {w, avail.y}, layers, per_proc, ax, rules, s);
  ImGui::SameLine(0, 8 * s);
  ax.y_label = "load per layer (C(d,i) alpha_i L_i)";
  draw_bar_chart("##per_layer", {0, avail.y}, layers, per_layer, ax, {}, s);
}

void draw_trials(const DltViewResult& d) {
  ImGui::TextWrapped(
      "Algorithm A%s cuts the cube after the deepest layer k whose processors all get at least the "
      "granularity (as Li, Veeravalli & Ko (2001) intend: truncate at k, recompute, then test):",
      d.name == "algorithm_a_prime" ? "'" : "");
  if (ImGui::BeginTable("##trials", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("last layer k");
    ImGui::TableSetupColumn("smallest share");
    ImGui::TableSetupColumn("enough buffers");
    ImGui::TableSetupColumn("accepted");
    ImGui::TableHeadersRow();
    for (const auto& t : d.trials) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("%d", t.k);
      ImGui::TableNextColumn();
      // A' skips the share test when the buffers are already too small.
      const bool has_share = !d.trials_check_buffers || t.enough_buffers;
      ImGui::TextUnformatted(has_share ? short_number(t.min_load_per_processor).c_str() : "-");
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(d.trials_check_buffers ? (t.enough_buffers ? "yes" : "no") : "n/a");
      ImGui::TableNextColumn();
      const bool ok = t.accepted;
      ImGui::TextColored(ok ? ImVec4(0.4f, 0.9f, 0.4f, 1) : ImVec4(0.7f, 0.7f, 0.7f, 1),
                         ok ? "yes" : "no");
    }
    ImGui::EndTable();
  }
}

// Buffers of one processor per layer after `step` IBS iterations, each iteration's share stacked
// in its own colour; the current iteration bright, earlier ones dimmer.
void draw_buffer_gauges(const DltViewState& c, const DltViewResult& d, int step, ImVec2 size,
                        float s) {
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImGui::Dummy(size);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const int layers = c.model.dim + 1;
  const float fh = ImGui::GetFontSize();
  const float top = o.y + fh + 4 * s, bottom = o.y + size.y - fh - 4 * s;
  const float slot = size.x / static_cast<float>(layers);
  const float gw = std::min(slot * 0.6f, 60 * s);
  const double B = c.model.buffer && *c.model.buffer > 0 ? *c.model.buffer : 1;
  auto y_of = [&](double v) {
    return bottom - static_cast<float>(std::clamp(v / B, 0.0, 1.0)) * (bottom - top);
  };
  for (int i = 0; i < layers; ++i) {
    const float x = o.x + slot * i + (slot - gw) / 2;
    dl->AddRectFilled({x, top}, {x + gw, bottom}, view_colours().canvas_bg);
    double prev_left = B;
    for (int k = 0; k < step && k < static_cast<int>(d.steps.size()); ++k) {
      const auto& bl = d.steps[static_cast<std::size_t>(k)].buffers_left;
      if (static_cast<std::size_t>(i) >= bl.size()) continue;
      const double used0 = B - prev_left, used1 = B - bl[static_cast<std::size_t>(i)];
      ImU32 col = palette_colour(k + 3, k + 1 == step ? 0.95f : 0.55f);
      if (used1 > used0) dl->AddRectFilled({x, y_of(used1)}, {x + gw, y_of(used0)}, col);
      prev_left = bl[static_cast<std::size_t>(i)];
    }
    dl->AddRect({x, top}, {x + gw, bottom}, with_alpha(view_colours().edge, 200));
    const std::string used = short_number(B - prev_left);
    const float tw = ImGui::CalcTextSize(used.c_str()).x;
    dl->AddText({x + (gw - tw) / 2, o.y}, ImGui::GetColorU32(ImGuiCol_Text), used.c_str());
    const std::string lab = "Y" + std::to_string(i);
    dl->AddText({x + (gw - ImGui::CalcTextSize(lab.c_str()).x) / 2, bottom + 2 * s},
                ImGui::GetColorU32(ImGuiCol_TextDisabled), lab.c_str());
    if (i > d.last_layer && d.last_layer >= 0)
      dl->AddLine({x, top}, {x + gw, bottom}, with_alpha(view_colours().edge, 120));
  }
  if (ImGui::IsItemHovered()) {
    const int i =
        std::clamp(static_cast<int>((ImGui::GetIO().MousePos.x - o.x) / slot), 0, layers - 1);
    ImGui::BeginTooltip();
    ImGui::Text("Layer Y%d: buffer B = %s per processor", i, short_number(B).c_str());
    for (int k = 0; k < step && k < static_cast<int>(d.steps.size()); ++k) {
      const auto& bl = d.steps[static_cast<std::size_t>(k)].buffers_left;
      if (static_cast<std::size_t>(i) < bl.size())
        ImGui::Text("after iteration %d: %s left", k + 1,
                    short_number(bl[static_cast<std::size_t>(i)]).c_str());
    }
    ImGui::EndTooltip();
  }
}

void draw_ibs_tab(App& app, DltViewState& c, int sel) {
  const float s = app.ui_scale;
  const DltViewResult& d = c.model.res[static_cast<std::size_t>(sel)];
  if (!d.trials.empty()) draw_trials(d);
  if (d.steps.empty()) {
    if (d.trials.empty())
      ImGui::TextWrapped(
          "%s has no IBS iterations: pick ibs or algorithm_a_prime (they need a buffer size B).",
          d.name.c_str());
    return;
  }
  const int n = static_cast<int>(d.steps.size());
  if (c.step < 0 || c.step > n) c.step = n;
  if (ImGui::Button("<")) c.step = std::max(0, c.step - 1);
  ImGui::SameLine();
  if (ImGui::Button(">")) c.step = std::min(n, c.step + 1);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(160 * s);
  readable_slider_int("IBS iteration", &c.step, 0, n);
  ImGui::SameLine();
  if (c.step == 0) {
    ImGui::TextDisabled("empty buffers, L = %s waits at Y0",
                        short_number(d.steps[0].X + d.steps[0].remaining).c_str());
  } else {
    const core::IbsIteration& it = d.steps[static_cast<std::size_t>(c.step - 1)];
    ImGui::Text("X^(%d) = %s injected at Y%d (L_q = %s per processor), %s left%s", it.k,
                short_number(it.X).c_str(), it.q, short_number(it.L_q).c_str(),
                short_number(it.remaining).c_str(), it.stop ? ": done" : "");
  }
  // Legend: one colour per iteration (the current one bright).
  ImGui::TextDisabled("One processor's buffer per layer (top: load held).");
  for (int k = 0; k < n; ++k) {
    ImGui::SameLine(0, 12 * s);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float h = ImGui::GetTextLineHeight();
    ImGui::GetWindowDrawList()->AddRectFilled(
        {p.x, p.y + h * 0.2f}, {p.x + h, p.y + h * 0.8f},
        palette_colour(k + 3, k + 1 == c.step ? 0.95f : 0.55f));
    ImGui::Dummy({h, h});
    ImGui::SameLine();
    ImGui::Text("iteration %d", k + 1);
  }
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float table_h = std::min(avail.y * 0.45f, (n + 1.6f) * ImGui::GetFrameHeightWithSpacing());
  draw_buffer_gauges(c, d, c.step, {avail.x, std::max(avail.y - table_h - 6 * s, 60 * s)}, s);
  // Table 2: one row per iteration; the buffers left per layer.
  const int cols = 4 + c.model.dim + 1;
  if (cols <= 64 && ImGui::BeginTable("##table2", cols,
                                      ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                          ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX |
                                          ImGuiTableFlags_ScrollY,
                                      {0, table_h})) {
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableSetupColumn("k");
    ImGui::TableSetupColumn("q");
    ImGui::TableSetupColumn("X");
    ImGui::TableSetupColumn("remaining");
    std::vector<std::string> heads;
    for (int i = 0; i <= c.model.dim; ++i) heads.push_back("B" + std::to_string(i) + " left");
    for (const auto& h : heads) ImGui::TableSetupColumn(h.c_str());
    ImGui::TableHeadersRow();
    for (int k = 0; k < n; ++k) {
      const core::IbsIteration& it = d.steps[static_cast<std::size_t>(k)];
      ImGui::TableNextRow();
      if (k + 1 == c.step)
        ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, IM_COL32(70, 90, 140, 120));
      ImGui::TableNextColumn();
      ImGui::Text("%d", it.k);
      ImGui::TableNextColumn();
      ImGui::Text("%d", it.q);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(short_number(it.X).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(short_number(it.remaining).c_str());
      for (double v : it.buffers_left) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(short_number(v).c_str());
      }
    }
    ImGui::EndTable();
  }
}

}  // namespace

void draw_dlt_view(App& app) {
  AppState& st = app.state;
  DltViewState& c = dlt_state(app);
  auto names = [&c] {
    std::vector<std::string> n;
    for (const auto& r : c.model.res) n.push_back(r.name);
    return n;
  };
  if (c.follow.results_changed(st)) {
    dlt_rebuild(st, c);
    c.follow.reselect(st, names());
  }
  // View state a scenario may carry ("ui": {"dlt_view": "timing" | "loads" | "ibs", "ibs_step": k,
  // "select": "<algorithm>"}).
  if (auto ui = c.follow.new_ui(st, !c.model.res.empty())) {
    const int tab = ui_tab_index(ui_string(*ui, "dlt_view"), kDltTabs);
    if (tab >= 0) c.tabs.request(tab);
    if (auto step = ui_int(*ui, "ibs_step")) c.step = *step;
    ResultsFollower::select_by_name(st, names(), ui->select);
  }
  if (c.model.res.empty()) {
    ImGui::TextDisabled(app.jobs.busy() ? "Running..."
                                        : "No results yet: pick algorithms and press Run.");
    return;
  }
  const int sel = ResultsFollower::clamp_selection(st, static_cast<int>(c.model.res.size()));
  c.follow.selected = c.model.res[static_cast<std::size_t>(sel)].name;
  if (sel != c.gantt_for) dlt_build_gantt(c, sel);
  const DltViewResult& d = c.model.res[static_cast<std::size_t>(sel)];

  ImGui::SetNextItemWidth(190 * app.ui_scale);
  if (ImGui::BeginCombo("##dlt_alg", d.name.c_str())) {
    for (std::size_t k = 0; k < c.model.res.size(); ++k)
      if (ImGui::Selectable(c.model.res[k].name.c_str(), static_cast<int>(k) == sel)) {
        st.selected_result = static_cast<int>(k);
        c.step = -1;
      }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  if (d.feasible) {
    ImGui::Text("T* = %s   last layer %d   d = %d, E = %s, C = %s",
                short_number(d.finish_time).c_str(), d.last_layer, c.model.dim,
                short_number(c.model.E).c_str(), short_number(c.model.C).c_str());
  } else {
    ImGui::TextColored({1, 0.5f, 0.4f, 1}, "%s: %s", d.status.c_str(), d.error.c_str());
  }
  verified_badge(d.verified);
  if (st.typed_results.empty() || app.jobs.busy()) {
    ImGui::SameLine();
    ImGui::TextDisabled("(updating...)");
  }
  if (!d.note.empty()) ImGui::TextDisabled("%s", d.note.c_str());

  // The narration: each truncation trial, then each IBS round (the IBS tab's iteration, kept in
  // step both ways) or each layer.
  c.narration.follow(d.result.get(), 0, [&] {
    return st.parsed && d.result ? NarrationFollower::explain(*st.parsed, *d.result)
                                 : core::Narration{};
  });
  const int rounds = static_cast<int>(d.steps.size());
  const int round0 = static_cast<int>(d.trials.size());  // narration step of IBS round 1
  if (c.synced_for != c.narration.source) {  // a new narration starts at step 1, synced from here
    c.synced_for = c.narration.source;
    c.synced_step = c.step;
    c.synced_narration = c.narration.step;
  }
  if (rounds > 0 && c.narration.steps() >= round0 + rounds) {
    if (c.step != c.synced_step && c.step >= 1) {
      c.narration.seek(round0 + c.step - 1);
    } else if (c.narration.step != c.synced_narration) {
      const int k = c.narration.step - round0 + 1;
      if (k >= 1 && k <= rounds) c.step = k;
    }
  }
  c.synced_step = c.step;
  c.synced_narration = c.narration.step;
  // The step player is on the caption strip's line (KindModule::caption_player).

  kind_tab_bar("##dlt_tabs", c.tabs,
               {
                   {"Timing diagram (Fig 2)", [&] { draw_timing_tab(app, c, sel); }},
                   {"Loads (Figs 3-6)", [&] { draw_loads_tab(app, c, sel); }},
                   {"IBS steps (Table 2)", [&] { draw_ibs_tab(app, c, sel); }},
               });
}

}  // namespace loadlab::app
