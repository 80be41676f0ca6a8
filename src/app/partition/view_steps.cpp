// The "Bisection steps" tab of the partition view (survey 002 §2.3, Table 1): the first
// bisection of ORB-M/I/E or ORB-KL as the core recorded it (core::trace_first_bisection, traced on
// a worker so a 10^6-vertex mesh never blocks the UI): the bisector's key as a heatmap (ORB-E: the
// Fiedler vector; white = the weighted median where the split falls), then every FM move with its
// gain, the vertices moved in the current pass highlighted, and the cut after each step as a plot.
#include "app/partition/view_steps.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/partition/mesh_canvas.h"
#include "app/partition/view_state.h"
#include "app/shell/app.h"
#include "app/widgets/format.h"
#include "app/widgets/number_field.h"
#include "app/widgets/view_colours.h"

namespace loadlab::app {

namespace {

constexpr ImU32 kLeft = IM_COL32(90, 140, 230, 255), kRight = IM_COL32(240, 160, 60, 255);
constexpr std::size_t kMaxHighlight = 5000;  // outlined squares a frame

// Starts or collects the trace of `method` for the current model.
void update_job(App& app, PartitionViewState& c, const std::string& method) {
  PartitionStepsState& t = c.steps;
  if (auto done = t.job.poll()) {
    t.steps = *done;
    t.error.clear();
    t.cursor.reset(*t.steps);
    t.step = 0;
    ++t.serial;
  }
  if (t.method == method && t.generation == c.generation) return;
  t.method = method;
  t.generation = c.generation;
  t.steps.reset();
  t.error.clear();
  t.playing = false;
  auto scenario = std::dynamic_pointer_cast<const io::PartitionScenario>(app.state.parsed);
  if (!scenario) return;
  t.job.supersede([scenario, method](const JobControl&) {
    return std::make_shared<const BisectionSteps>(build_bisection_steps(*scenario, method));
  });
}

// Cut after each step against the step index, one min/max segment per pixel column; click or drag
// to seek. Returns the step under the mouse while the button is down, else -1.
int draw_cut_plot(const BisectionSteps& st, int step, ImVec2 size, float s) {
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##cut_plot", size);
  const bool active = ImGui::IsItemActive(), hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ViewColours& vc = view_colours();
  dl->AddRectFilled(o, {o.x + size.x, o.y + size.y}, vc.canvas_bg);
  const std::size_t n = st.size();
  std::int64_t lo = st.trace.initial_cut, hi = lo;
  for (const auto& x : st.steps) lo = std::min(lo, x.cut), hi = std::max(hi, x.cut);
  if (hi == lo) hi = lo + 1;
  const float left = 52 * s, pad = 8 * s, bottom = ImGui::GetFontSize() + 6 * s;
  const float px0 = o.x + left, px1 = o.x + size.x - pad, py0 = o.y + pad,
              py1 = o.y + size.y - bottom;
  auto X = [&](double k) {
    return px0 + static_cast<float>(n ? k / static_cast<double>(n) : 0) * (px1 - px0);
  };
  auto Y = [&](double cut) {
    return py1 - static_cast<float>((cut - lo) / static_cast<double>(hi - lo)) * (py1 - py0);
  };
  char buf[96];
  std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(hi));
  dl->AddText({o.x + 4 * s, py0 - 2 * s}, vc.text, buf);
  std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(lo));
  dl->AddText({o.x + 4 * s, py1 - ImGui::GetFontSize()}, vc.text, buf);
  dl->AddText({px0, py1 + 3 * s}, vc.text_dim,
              "cut after each step (FM move or end-of-pass rollback)");
  dl->AddLine({px0, py1}, {px1, py1}, vc.edge);
  dl->AddLine({px0, py0}, {px0, py1}, vc.edge);
  // Pass boundaries.
  for (const auto& p : st.trace.passes) {
    std::size_t k = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (st.steps[i].first == p.first && st.steps[i].kind == BisectionStep::move) {
        k = i;
        break;
      }
    if (p.count > 0)
      dl->AddLine({X(static_cast<double>(k)), py0}, {X(static_cast<double>(k)), py1},
                  with_alpha(vc.edge, 110));
  }
  const int cols = std::max(1, static_cast<int>(px1 - px0));
  float prev_x = X(0), prev_y = Y(static_cast<double>(st.trace.initial_cut));
  std::size_t k = 0;
  for (int c = 0; c < cols && k <= n; ++c) {
    const std::size_t end =
        std::min(n, static_cast<std::size_t>(
                        std::ceil((c + 1) / static_cast<double>(cols) * static_cast<double>(n))));
    std::int64_t mn = st.cut_at(k), mx = mn, last = mn;
    for (; k <= end; ++k) {
      last = st.cut_at(k);
      mn = std::min(mn, last), mx = std::max(mx, last);
    }
    const float x = X(static_cast<double>(end));
    dl->AddLine({prev_x, prev_y}, {x, Y(static_cast<double>(last))},
                view_contrast(IM_COL32(235, 110, 90, 255), 3.0f), 1.5f * s);
    if (mx > mn)
      dl->AddLine({x, Y(static_cast<double>(mn))}, {x, Y(static_cast<double>(mx))},
                  view_contrast(IM_COL32(235, 110, 90, 255), 3.0f), 1.5f * s);
    prev_x = x, prev_y = Y(static_cast<double>(last));
  }
  const float cx = X(step);
  dl->AddLine({cx, py0}, {cx, py1}, vc.highlight, 1.5f * s);
  dl->AddCircleFilled({cx, Y(static_cast<double>(st.cut_at(static_cast<std::size_t>(step))))},
                      4 * s, vc.highlight);
  const float mx = ImGui::GetIO().MousePos.x;
  const int under = static_cast<int>(std::lround(
      std::clamp((mx - px0) / std::max(1.0f, px1 - px0), 0.0f, 1.0f) * static_cast<float>(n)));
  if (hovered)
    ImGui::SetTooltip("step %d: cut %lld", under,
                      static_cast<long long>(st.cut_at(static_cast<std::size_t>(under))));
  return active ? under : -1;
}

void describe_step(const BisectionSteps& st, std::size_t k, const std::vector<std::uint8_t>& side) {
  const auto& t = st.trace;
  if (k == 0) {
    ImGui::Text(
        "step 0: split at the weighted median of the %s: cut %s (target weight of side 0: %s)",
        st.key_name.c_str(), format_int(t.initial_cut).c_str(), format_int(t.target_left).c_str());
    return;
  }
  const BisectionStep& x = st.steps[k - 1];
  if (x.kind == BisectionStep::move) {
    const core::FmMove& mv = t.moves[x.first];
    ImGui::Text("step %zu / %zu, pass %d: vertex %d moves to side %d, gain %+d -> cut %s", k,
                st.size(), x.pass + 1, mv.vertex,
                static_cast<int>(side[static_cast<std::size_t>(mv.vertex)]), mv.gain,
                format_int(mv.cut).c_str());
  } else {
    ImGui::Text(
        "step %zu / %zu, end of pass %d: %zu moves after the best prefix rolled back -> cut %s", k,
        st.size(), x.pass + 1, x.last - x.first, format_int(x.cut).c_str());
  }
}

}  // namespace

void draw_partition_steps_tab(App& app, PartitionViewState& c, int sel) {
  const float s = app.ui_scale;
  const PartitionViewModel& m = c.model;
  const PartitionMethodData& d = m.methods[static_cast<std::size_t>(sel)];
  PartitionStepsState& t = c.steps;
  if (!core::bisection_traceable(d.name)) {
    ImGui::TextWrapped(
        "The step view shows the first recursive bisection of orb_m, orb_i, orb_e (spectral: the "
        "Fiedler vector) and orb_kl (Kernighan-Lin / FM moves). %s does not bisect; pick one of:",
        d.name.c_str());
    for (std::size_t k = 0; k < m.methods.size(); ++k)
      if (core::bisection_traceable(m.methods[k].name)) {
        ImGui::SameLine();
        if (ImGui::SmallButton(m.methods[k].name.c_str()))
          app.state.selected_result = static_cast<int>(k);
      }
    return;
  }
  if (m.parts < 2) {
    ImGui::TextDisabled("P = 1: nothing is bisected.");
    return;
  }
  try {
    update_job(app, c, d.name);
  } catch (const std::exception& e) {
    t.error = e.what();
  }
  if (!t.error.empty()) {
    ImGui::TextColored({1, 0.5f, 0.4f, 1}, "%s", t.error.c_str());
    return;
  }
  if (!t.steps) {
    ImGui::TextDisabled("Tracing the first bisection of %s...", d.name.c_str());
    return;
  }
  const BisectionSteps& st = *t.steps;
  const int last = static_cast<int>(st.size());
  // Controls: what the mesh shows, the step slider, play.
  if (ImGui::RadioButton(st.trace.bisector == "orb_e" ? "Fiedler vector" : "bisector key",
                         t.show_key))
    t.show_key = true;
  ImGui::SameLine();
  if (ImGui::RadioButton("sides at the step", !t.show_key)) t.show_key = false;
  ImGui::SameLine();
  ImGui::Checkbox("cut edges", &c.show_cut);
  if (last > 0) {
    ImGui::SameLine();
    if (ImGui::SmallButton("|<")) t.step = 0, t.show_key = false;
    ImGui::SameLine();
    if (ImGui::SmallButton("<")) t.step = std::max(0, t.step - 1), t.show_key = false;
    ImGui::SameLine();
    if (ImGui::SmallButton(t.playing ? "pause" : "play"))
      t.playing = !t.playing, t.show_key = false;
    ImGui::SameLine();
    if (ImGui::SmallButton(">")) t.step = std::min(last, t.step + 1), t.show_key = false;
    ImGui::SameLine();
    if (ImGui::SmallButton(">|")) t.step = last, t.show_key = false;
    ImGui::SameLine();
    ImGui::SetNextItemWidth(std::max(120.0f * s, ImGui::GetContentRegionAvail().x));
    if (readable_slider_int("##fm_step", &t.step, 0, last, "step %d")) t.show_key = false;
    if (t.playing) {
      // About 4 seconds for the whole timeline, at least one step a frame.
      t.play_accum += ImGui::GetIO().DeltaTime * std::max(30.0, last / 4.0);
      const int adv = static_cast<int>(t.play_accum);
      t.play_accum -= adv;
      t.step = std::min(last, t.step + adv);
      if (t.step >= last) t.playing = false;
    }
  }
  t.step = std::clamp(t.step, 0, last);
  const bool step_changed = t.cursor.at != static_cast<std::size_t>(t.step);
  t.cursor.seek(static_cast<std::size_t>(t.step));
  describe_step(st, static_cast<std::size_t>(t.step), t.cursor.side);
  if (st.trace.refined)
    ImGui::TextDisabled(
        "%zu FM passes, %zu tentative moves; balance caps %s | %s; cut %s -> %s",
        st.trace.passes.size(), st.trace.moves.size(), format_int(st.trace.cap_left).c_str(),
        format_int(st.trace.cap_right).c_str(), format_int(st.trace.initial_cut).c_str(),
        format_int(st.trace.final_cut).c_str());
  else
    ImGui::TextDisabled(
        "%s does not refine: its first bisection is the split itself (orb_kl with base orb_e adds "
        "FM "
        "moves to the spectral split).",
        d.name.c_str());
  // The mesh: the key's heatmap or the sides at the step, the cut at the step in red.
  // A new trace (serial), step or mode changes the colours (and the GPU buffers keyed by them).
  const std::uint64_t key =
      (t.serial << 40) | (static_cast<std::uint64_t>(t.step) << 1) | (t.show_key ? 1u : 0u);
  if (key != t.colours_key || step_changed) {
    const std::size_t n = st.trace.key.size();
    t.colours.resize(n);
    for (std::size_t v = 0; v < n; ++v)
      t.colours[v] =
          t.show_key ? key_colour(st, st.trace.key[v]) : (t.cursor.side[v] == 0 ? kLeft : kRight);
    t.colours_key = key;
    t.highlight = moved_vertices_at(st, static_cast<std::size_t>(t.step));
    if (t.highlight.size() > kMaxHighlight) t.highlight.resize(kMaxHighlight);
    t.cut =
        partition_cut_edges(m.edges, std::vector<int>(t.cursor.side.begin(), t.cursor.side.end()));
  }
  const float plot_h =
      st.trace.refined ? std::max(110.0f * s, ImGui::GetContentRegionAvail().y * 0.25f) : 0.0f;
  ImGui::BeginChild("##steps_mesh", {0, ImGui::GetContentRegionAvail().y - plot_h}, false,
                    ImGuiWindowFlags_NoScrollbar);
  MeshLayer layer;
  layer.colours = &t.colours;
  layer.colour_key = t.colours_key;
  layer.red_edges = &t.cut;
  layer.red_key = t.colours_key;
  layer.show_red = c.show_cut;
  layer.show_edges = c.show_edges;
  layer.grey_edges = t.show_key;
  layer.highlight = t.show_key ? nullptr : &t.highlight;
  c.overlay_h = 0;  // nothing is drawn over this canvas (the mesh tab's controls overlay its own)
  draw_mesh_canvas(app, c, t.renderer, layer, "##steps_canvas");
  ImGui::EndChild();
  if (st.trace.refined) {
    const int seek =
        draw_cut_plot(st, t.step, {ImGui::GetContentRegionAvail().x, plot_h - 4 * s}, s);
    if (seek >= 0) t.step = seek, t.show_key = false, t.playing = false;
  }
}

}  // namespace loadlab::app
