// The dynamic view's "System phases" tab: RIPS's system phases one by one (paper 000,
// ../shared/seeds/000_ace8fcde3218dd88.txt, Sections 1 and 5). A table of the run's phases; for the
// chosen one, its walking algorithm replayed step by step on the network (ready tasks per node as
// colours, that step's transfers as arrows with counts) and whether the replay matches the run's
// migration log (model_phases.h).
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/dynamic/view_state.h"
#include "app/shell/app.h"
#include "app/widgets/format.h"
#include "app/widgets/number_field.h"
#include "app/widgets/plot_util.h"
#include "app/widgets/view_colours.h"

namespace loadlab::app {

namespace {

constexpr std::size_t kPhaseMaxArrows = 300;

void ensure_replay(DynamicViewState& c, int sel) {
  const DynamicStrategyData& d = c.model.strategies[static_cast<std::size_t>(sel)];
  const int n = static_cast<int>(d.run().phases.size());
  if (c.replay_for_strategy !=
      sel) {  // a new run or strategy: open on the first phase that moves tasks
    c.phase = 0;
    while (c.phase + 1 < n && d.run().phases[static_cast<std::size_t>(c.phase)].task_hops == 0)
      ++c.phase;
  }
  c.phase = std::clamp(c.phase, 0, std::max(0, n - 1));
  if (c.replay_for_strategy == sel && c.replay.phase == c.phase) return;
  c.replay = rips_phase_replay(*c.model.scenario, *d.result, c.phase);
  // Step 0 is the ready loads the run recorded; an unreplayable phase shows them with no steps.
  const core::LoadVector& ready =
      d.run().phases[static_cast<std::size_t>(c.phase)].loads;  // callers: n > 0
  c.phase_player.reset(ready, c.replay.balance.transfers, c.replay.balance.steps);
  c.phase_playing = false;
  c.replay_for_strategy = sel;
}

void draw_phase_table(App& app, DynamicViewState& c, const core::DynamicRunResult& r, float width) {
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY;
  if (!ImGui::BeginTable("##rips_phases", 6, flags, {width, 0})) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  for (const char* h : {"phase", "start", "length", "ready", "spread", "hops"})
    ImGui::TableSetupColumn(h);
  ImGui::TableHeadersRow();
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(r.phases.size()));
  while (clip.Step())
    for (int k = clip.DisplayStart; k < clip.DisplayEnd; ++k) {
      const core::PhaseRecord& ph = r.phases[static_cast<std::size_t>(k)];
      std::int64_t ready = 0;
      for (auto x : ph.loads) ready += x;
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      char label[24];
      std::snprintf(label, sizeof label, "%d", k + 1);
      if (ImGui::Selectable(label, k == c.phase, ImGuiSelectableFlags_SpanAllColumns)) c.phase = k;
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(short_number(ph.start).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(short_number(ph.end - ph.start).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(format_int(ready).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(format_int(load_spread(ph.loads)).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(format_int(ph.task_hops).c_str());
    }
  ImGui::EndTable();
  (void)app;
}

ImU32 load_colour(double load, double average) {
  float rgb[3];
  load_scale_rgb(load_scale_position(load, average), rgb);
  return ImGui::ColorConvertFloat4ToU32({rgb[0], rgb[1], rgb[2], 1.0f});
}

void draw_phase_network(App& app, DynamicViewState& c) {
  const float s = app.ui_scale;
  const core::Topology& topo = c.model.scenario->topology;
  const std::vector<core::Point>& layout = c.model.layout;
  const int n = topo.size();
  const core::LoadVector& loads = c.phase_player.loads();
  double sum = 0;
  for (auto x : loads) sum += static_cast<double>(x);
  const double average = n > 0 ? sum / n : 0;

  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImVec2 size = ImGui::GetContentRegionAvail();
  size.x = std::max(size.x, 50.0f);
  // The caption's own band under the network: it never covers the bottom row.
  const char* caption =
      "colour: ready tasks at the node (green = the average); arrows: the transfers of the next "
      "step";
  const float caption_wrap = std::max(size.x - 16 * s, 50.0f);
  const float caption_h = ImGui::CalcTextSize(caption, nullptr, false, caption_wrap).y + 8 * s;
  size.y = std::max(size.y - caption_h, 50.0f);
  ImGui::InvisibleButton("##rips_net", size);
  const bool hovered = ImGui::IsItemHovered();
  const float margin = 34 * s;
  const float fit = std::max(std::min(size.x, size.y) - 2 * margin, 10.0f);
  const ImVec2 centre{origin.x + size.x / 2, origin.y + size.y / 2};
  auto at = [&](int v) {
    const core::Point p = layout[static_cast<std::size_t>(v)];
    return ImVec2{centre.x + (p.x - 0.5f) * fit, centre.y + (p.y - 0.5f) * fit};
  };
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(origin, {origin.x + size.x, origin.y + size.y}, true);
  const float r_node =
      std::clamp(fit / (2.5f * std::sqrt(static_cast<float>(std::max(1, n)))), 2.0f, 20.0f * s);
  if (n <= 5000)
    for (int a = 0; a < n; ++a)
      for (int b : topo.neighbours(a))
        if (b > a) dl->AddLine(at(a), at(b), with_alpha(view_colours().edge, 130), 1.0f);
  int hover = -1;
  float best = r_node * r_node + 16;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  for (int v = 0; v < n; ++v) {
    const ImVec2 p = at(v);
    const double x = static_cast<double>(loads[static_cast<std::size_t>(v)]);
    dl->AddCircleFilled(p, r_node, load_colour(x, average), 16);
    if (r_node >= 8) {
      char buf[24];
      std::snprintf(buf, sizeof buf, "%lld",
                    static_cast<long long>(loads[static_cast<std::size_t>(v)]));
      const ImVec2 ts = ImGui::CalcTextSize(buf);
      dl->AddText({p.x - ts.x / 2, p.y - ts.y / 2}, IM_COL32(255, 255, 255, 255), buf);
    }
    const float dx = mouse.x - p.x, dy = mouse.y - p.y;
    if (hovered && dx * dx + dy * dy < best) best = dx * dx + dy * dy, hover = v;
  }
  // The transfers of the step about to run (step s executes transfers with .step == s).
  const int step = c.phase_player.step();
  if (step < c.phase_player.steps()) {
    const auto& tr = c.phase_player.transfers();
    const auto& top = c.phase_player.largest(step, kPhaseMaxArrows);
    for (std::uint32_t i : top) {
      const core::Transfer& t = tr[i];
      const ImVec2 a = at(t.from), b = at(t.to);
      const float dx = b.x - a.x, dy = b.y - a.y,
                  len = std::max(1.0f, std::sqrt(dx * dx + dy * dy));
      const float ux = dx / len, uy = dy / len;
      const ImVec2 a1{a.x + ux * r_node, a.y + uy * r_node},
          b1{b.x - ux * r_node, b.y - uy * r_node};
      const ImU32 col = view_contrast(IM_COL32(255, 200, 90, 230), 3.0f);
      dl->AddLine(a1, b1, col, 2.0f * s);
      const float h = 6 * s;
      dl->AddTriangleFilled(b1, {b1.x - ux * h - uy * h * 0.6f, b1.y - uy * h + ux * h * 0.6f},
                            {b1.x - ux * h + uy * h * 0.6f, b1.y - uy * h - ux * h * 0.6f}, col);
      if (top.size() <= 40) {
        char buf[24];
        std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(t.count));
        // Beside the arrow's middle, on its left normal, far enough that the text box does not
        // touch the line: the half-extent of the box along the normal, plus a gap.
        const ImVec2 ts = ImGui::CalcTextSize(buf);
        const float nx = -uy, ny = ux;
        const float off = 0.5f * (std::fabs(nx) * ts.x + std::fabs(ny) * ts.y) + 3 * s;
        const ImVec2 mid{(a1.x + b1.x) / 2 + nx * off, (a1.y + b1.y) / 2 + ny * off};
        dl->AddText({mid.x - ts.x / 2, mid.y - ts.y / 2},
                    view_contrast(IM_COL32(255, 225, 150, 255)), buf);
      }
    }
  }
  dl->PopClipRect();
  dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), {origin.x + 8 * s, origin.y + size.y + 4 * s},
              ImGui::GetColorU32(ImGuiCol_TextDisabled), caption, nullptr, caption_wrap);
  ImGui::Dummy({size.x, caption_h});
  if (hover >= 0) {
    ImGui::BeginTooltip();
    ImGui::Text("node %d: %lld ready tasks after step %d", hover,
                static_cast<long long>(loads[static_cast<std::size_t>(hover)]), step);
    ImGui::EndTooltip();
  }
}

}  // namespace

void draw_dynamic_phases_tab(App& app, DynamicViewState& c, int sel) {
  const float s = app.ui_scale;
  const DynamicStrategyData& d = c.model.strategies[static_cast<std::size_t>(sel)];
  const core::DynamicRunResult& r = d.run();
  if (r.phases.empty()) {
    ImGui::TextWrapped(
        "%s has no system phases. RIPS (strategy \"rips\", Wu (1997), Sections 1 and 5) alternates "
        "system "
        "phases, which balance the ready tasks with a walking algorithm, and user phases, which "
        "run them: "
        "select a rips result to replay its phases here.",
        d.name.c_str());
    return;
  }
  ensure_replay(c, sel);
  const RipsPhaseReplay& rp = c.replay;
  const core::PhaseRecord& ph = r.phases[static_cast<std::size_t>(c.phase)];
  const float table_w = 330 * s;
  ImGui::BeginChild("##rips_phase_list", {table_w, 0}, false);
  ImGui::TextDisabled("%zu system phases (%s)", r.phases.size(), rp.inner.c_str());
  draw_phase_table(app, c, r, table_w);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("##rips_phase_view", {0, 0}, false);
  if (!rp.error.empty()) {
    ImGui::TextColored({1, 0.45f, 0.4f, 1}, "phase %d could not be replayed: %s", c.phase + 1,
                       rp.error.c_str());
    ImGui::EndChild();
    return;
  }
  ImGui::Text(
      "Phase %d at t = %s: %s balances %s ready tasks, spread %s -> %s, steps %d, task hops %s",
      c.phase + 1, short_number(ph.start).c_str(), rp.inner.c_str(),
      format_int(rp.ready_tasks).c_str(), format_int(load_spread(rp.balance.initial_loads)).c_str(),
      format_int(load_spread(rp.balance.final_loads)).c_str(), rp.balance.steps,
      format_int(ph.task_hops).c_str());
  // Step player: step s shows the loads before step s and its transfers as arrows.
  if (ImGui::Button(c.phase_playing ? "Pause" : "Play")) {
    if (!c.phase_playing && c.phase_player.step() >= c.phase_player.steps()) c.phase_player.seek(0);
    c.phase_playing = !c.phase_playing;
    c.phase_clock = 0;
  }
  if (c.phase_playing) {
    c.phase_clock += ImGui::GetIO().DeltaTime;
    if (c.phase_clock >= 0.6) {
      c.phase_clock = 0;
      if (c.phase_player.step() < c.phase_player.steps())
        c.phase_player.seek(c.phase_player.step() + 1);
      else
        c.phase_playing = false;
    }
  }
  ImGui::SameLine();
  int step = c.phase_player.step();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
  if (readable_slider_int("step", &step, 0, c.phase_player.steps())) c.phase_player.seek(step);
  ImGui::SameLine();
  if (ImGui::ArrowButton("##phase_prev", ImGuiDir_Left)) c.phase = std::max(0, c.phase - 1);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("previous system phase");
  ImGui::SameLine();
  if (ImGui::ArrowButton("##phase_next", ImGuiDir_Right))
    c.phase = std::min(static_cast<int>(r.phases.size()) - 1, c.phase + 1);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("next system phase");
  ImGui::SameLine(0, 16 * s);
  const int shown = c.phase_player.step();
  if (shown < c.phase_player.steps())
    ImGui::TextDisabled("step %d moves %s tasks", shown + 1,
                        format_int(c.phase_player.moved(shown)).c_str());
  else
    ImGui::TextDisabled("after the last step: spread %s",
                        format_int(load_spread(c.phase_player.loads())).c_str());
  ImGui::SameLine(0, 16 * s);
  if (rp.matches_run)
    ImGui::TextColored({0.45f, 0.95f, 0.45f, 1}, "replay = run");
  else
    ImGui::TextColored({1, 0.45f, 0.4f, 1}, "replay differs: %s", rp.mismatch.c_str());
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "The phase's walking algorithm is re-run on the ready loads the run recorded; its "
        "transfers "
        "must equal the migrations the run made in the phase.");
  draw_phase_network(app, c);
  ImGui::EndChild();
}

}  // namespace loadlab::app
