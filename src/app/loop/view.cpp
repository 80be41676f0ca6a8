// The "loop" kind's view (paper 002, Section 3.1; docs/scenario-loop.md): for the selected
// technique a per-thread Gantt of its chunks beside its formula, parameters and the chunk-size
// curves of all techniques; all techniques side by side on one time axis; and measured-vs-predicted
// times from the real-thread executor ("Run on my machine", model_measure.h). The form is form.cpp.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/loop/model_measure.h"
#include "app/loop/module.h"
#include "app/loop/view.h"
#include "app/model/results_follower.h"
#include "app/model/ui_state.h"
#include "app/shell/app.h"
#include "app/widgets/format.h"
#include "app/widgets/gantt_chart.h"
#include "app/widgets/kind_view_header.h"
#include "app/widgets/plot_util.h"
#include "app/widgets/view_colours.h"
#include "core/loops/technique.h"

namespace loadlab::app {

namespace {

// Where a chunk's iterations lie in [0, N): blue (first) to orange (last).
ImU32 iteration_colour(double frac) {
  float r, g, b;
  ImGui::ColorConvertHSVtoRGB(0.60f - 0.52f * static_cast<float>(std::clamp(frac, 0.0, 1.0)), 0.55f,
                              0.92f, r, g, b);
  return ImGui::ColorConvertFloat4ToU32({r, g, b, 1.0f});
}

void loop_rebuild(const AppState& st, LoopViewState& c) {
  c.model = loop_view_model(st);  // from the typed results: no result JSON is read back
  for (auto& t : c.model.tech) t.colour = technique_colour(t.name);
  c.gantt_for = -1;

  // Side by side: one row per technique; thread t is lane t of the row. Each technique keeps at
  // most kCompareChunks bars so a dozen techniques with huge tables stay light.
  constexpr std::size_t kCompareChunks = 50000;
  c.compare.clear(true);
  double tmax = 0;
  for (const auto& t : c.model.tech) tmax = std::max(tmax, t.parallel_time);
  c.compare.set_domain(0, tmax > 0 ? tmax : 1);
  c.compare.set_row_height(72, 6);
  const float gap = c.model.p <= 16 ? 0.12f : 0.0f;
  for (std::size_t k = 0; k < c.model.tech.size(); ++k) {
    const auto& t = c.model.tech[k];
    const int row = c.compare.add_row(t.name + "  " + short_number(t.parallel_time));
    for (std::size_t j = 0; j < t.chunks().size() && j < kCompareChunks; ++j) {
      const auto& ch = t.chunks()[j];
      GanttBar b;
      b.row = row;
      b.start = ch.start;
      b.finish = ch.finish;
      const float lane = 1.0f / static_cast<float>(c.model.p);
      b.y0 = ch.thread * lane + gap * lane * 0.5f;
      b.y1 = (ch.thread + 1) * lane - gap * lane * 0.5f;
      ImVec4 v = ImGui::ColorConvertU32ToFloat4(t.colour);
      const float shade = j % 2 ? 0.78f : 1.0f;
      b.colour = ImGui::ColorConvertFloat4ToU32({v.x * shade, v.y * shade, v.z * shade, 1});
      b.id = static_cast<std::int64_t>(k) << 40 | static_cast<std::int64_t>(j);
      c.compare.add_bar(b);
    }
  }
}

void build_schedule_gantt(LoopViewState& c, int sel) {
  const LoopTechniqueData& t = c.model.tech[static_cast<std::size_t>(sel)];
  c.gantt.clear(c.gantt_for < 0);
  c.gantt.set_row_height(56, 3);
  for (int p = 0; p < c.model.p; ++p) c.gantt.add_row("thread " + std::to_string(p));
  for (std::size_t j = 0; j < t.chunks().size(); ++j) {
    const auto& ch = t.chunks()[j];
    GanttBar b;
    b.row = ch.thread;
    b.start = ch.start;
    b.finish = ch.finish;
    b.colour = iteration_colour(
        c.model.n > 0 ? (ch.begin + ch.end) * 0.5 / static_cast<double>(c.model.n) : 0);
    b.id = static_cast<std::int64_t>(j);
    c.gantt.add_bar(b);
  }
  c.gantt.add_marker({t.parallel_time, view_ink(220), "T_par " + short_number(t.parallel_time)});
  c.gantt.add_marker(
      {t.mean_finish, IM_COL32(160, 160, 170, 200), "mean " + short_number(t.mean_finish)});
  c.gantt.set_label_fn([&c, sel](const GanttBar& b) {
    const auto& ch =
        c.model.tech[static_cast<std::size_t>(sel)].chunks()[static_cast<std::size_t>(b.id)];
    return std::to_string(ch.end - ch.begin);
  });
  c.gantt.set_tooltip_fn([&c, sel](const GanttBar& b) {
    const auto& ch =
        c.model.tech[static_cast<std::size_t>(sel)].chunks()[static_cast<std::size_t>(b.id)];
    ImGui::Text("Chunk %lld on thread %d", static_cast<long long>(b.id), ch.thread);
    ImGui::Text("Iterations [%lld, %lld): %lld", static_cast<long long>(ch.begin),
                static_cast<long long>(ch.end), static_cast<long long>(ch.end - ch.begin));
    ImGui::Text("Runs %s .. %s (%s)", short_number(ch.start).c_str(),
                short_number(ch.finish).c_str(), short_number(ch.finish - ch.start).c_str());
  });
  c.gantt_for = sel;
}

void draw_chunk_curves(const LoopViewState& c, int sel, ImVec2 size, float s) {
  std::vector<PlotSeries> series;
  for (std::size_t k = 0; k < c.model.tech.size(); ++k) {
    const auto& t = c.model.tech[k];
    if (!c.curves_all && static_cast<int>(k) != sel) continue;
    PlotSeries ps;
    ps.name = t.name;
    ps.colour = t.colour;
    ps.emphasis = static_cast<int>(k) == sel;
    // Sorted by position in the loop for the iteration axis; hand-out order otherwise.
    std::vector<const core::LoopChunk*> order;
    for (const auto& ch : t.chunks()) order.push_back(&ch);
    if (c.x_iterations)
      std::stable_sort(
          order.begin(), order.end(),
          [](const core::LoopChunk* a, const core::LoopChunk* b) { return a->begin < b->begin; });
    for (std::size_t j = 0; j < order.size(); ++j) {
      ps.x.push_back(c.x_iterations ? static_cast<double>(order[j]->begin)
                                    : static_cast<double>(j));
      ps.y.push_back(static_cast<double>(order[j]->end - order[j]->begin));
    }
    // The last step ends where its chunk ends.
    if (!order.empty()) {
      ps.x.push_back(c.x_iterations ? static_cast<double>(order.back()->end)
                                    : static_cast<double>(order.size()));
      ps.y.push_back(ps.y.back());
    }
    series.push_back(std::move(ps));
  }
  PlotAxes ax;
  ax.x_label = c.x_iterations ? "first iteration of the chunk" : "chunk index (hand-out order)";
  ax.y_label = "chunk size";
  ax.log_y = c.log_y;
  ax.step = true;
  draw_line_plot("##curves", size, series, ax, s);
}

std::string parameters_text(const LoopViewModel& m, const LoopTechniqueData& t) {
  const std::int64_t n = m.n, p = m.p;
  char buf[512];
  std::snprintf(buf, sizeof buf, "N = %lld, P = %lld, h = %s, mu = %s, sigma = %s",
                static_cast<long long>(n), static_cast<long long>(p),
                short_number(m.overhead).c_str(), short_number(m.mu).c_str(),
                short_number(m.sd).c_str());
  std::string out = buf;
  const std::int64_t dflt = core::default_chunk(n, static_cast<int>(p));
  if (t.name == "chunk") out += "\nK = " + std::to_string(m.chunk_size > 0 ? m.chunk_size : dflt);
  if (t.name == "block_cyclic")
    out += "\nB = " + std::to_string(m.block_size > 0 ? m.block_size : dflt);
  if (t.name == "gss" || t.name == "agss" || t.name == "factoring" || t.name == "fac2" ||
      t.name == "factoring_prob" || t.name == "tapering" || t.name == "fsc" ||
      t.name == "weighted_factoring")
    out += "\nk (min_chunk) = " + std::to_string(m.min_chunk);
  if (t.name == "tss" && p > 0) {
    std::snprintf(buf, sizeof buf, "\nfirst chunk N/(2P) = %s, decrement N/(8P^2) = %s",
                  short_number(static_cast<double>(n) / (2.0 * p)).c_str(),
                  short_number(static_cast<double>(n) / (8.0 * p * p)).c_str());
    out += buf;
  }
  if (t.name == "factoring_prob" && n > 0 && m.mu > 0) {
    const double b = p * m.sd / (2 * m.mu * std::sqrt(static_cast<double>(n)));
    std::snprintf(buf, sizeof buf, "\nb (first batch) = %s, x_0 = %s", format_real(b, 4).c_str(),
                  format_real(1 + b * b + b * std::sqrt(b * b + 2), 4).c_str());
    out += buf;
  }
  if (t.name == "tapering") out += "\nalpha = " + short_number(m.tapering_alpha);
  return out;
}

void draw_schedule_tab(App& app, LoopViewState& c, int sel) {
  const float s = app.ui_scale;
  const LoopTechniqueData& t = c.model.tech[static_cast<std::size_t>(sel)];
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float left_w = std::floor(avail.x * 0.58f);
  ImGui::BeginChild("##gantt_side", {left_w, avail.y}, false,
                    ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoScrollbar);
  ImGui::TextDisabled("Chunks per thread; colour = where in the loop (blue = first iterations)");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Wheel: zoom, drag: pan, double-click: fit. Hover a chunk for details.");
  if (t.truncated)
    ImGui::TextColored({1, 0.7f, 0.3f, 1},
                       "Showing the first %zu of %lld chunks (raise chunks_listed).",
                       t.chunks().size(), static_cast<long long>(t.num_chunks));
  c.gantt.draw("##loop_gantt", {0, 0}, s);
  // The narrated chunk, outlined (narration step k is chunk k).
  if (c.narration.steps() > 0 && static_cast<std::size_t>(c.narration.step) < t.chunks().size()) {
    const auto& ch = t.chunks()[static_cast<std::size_t>(c.narration.step)];
    const auto& l = c.gantt.layout();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->PushClipRect({l.px0, l.py0}, {l.px1, l.py1}, true);
    dl->AddRect(
        {l.x(ch.start) - 2 * s, l.band_y(ch.thread, 0) - 2 * s},
        {std::max(l.x(ch.finish), l.x(ch.start) + 3 * s) + 2 * s, l.band_y(ch.thread, 1) + 2 * s},
        view_colours().highlight, 0, 0, 2.5f * s);
    dl->PopClipRect();
  }
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("##formula_side", {0, avail.y}, false,
                    ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoScrollbar);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(t.colour), "%s", t.title.c_str());
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(t.formula.c_str());
  ImGui::TextDisabled("%s", t.source.c_str());
  ImGui::PopTextWrapPos();
  ImGui::TextUnformatted(parameters_text(c.model, t).c_str());
  ImGui::Checkbox("log size", &c.log_y);
  ImGui::SameLine();
  ImGui::Checkbox("x = iteration", &c.x_iterations);
  ImGui::SameLine();
  ImGui::Checkbox("all techniques", &c.curves_all);
  draw_chunk_curves(c, sel, {0, 0}, s);
  ImGui::EndChild();
}

void loop_draw_compare_tab(App& app, LoopViewState& c) {
  ImGui::TextDisabled(
      "Every technique on the same loop and time axis: one row per technique (parallel time in the "
      "label), one lane per thread.");
  c.compare.set_tooltip_fn([&c](const GanttBar& b) {
    const std::size_t k = static_cast<std::size_t>(b.id >> 40),
                      j = static_cast<std::size_t>(b.id & ((std::int64_t{1} << 40) - 1));
    if (k >= c.model.tech.size() || j >= c.model.tech[k].chunks().size()) return;
    const auto& t = c.model.tech[k];
    const auto& ch = t.chunks()[j];
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(t.colour), "%s", t.title.c_str());
    ImGui::Text("Chunk %zu on thread %d: [%lld, %lld), %lld iterations", j, ch.thread,
                static_cast<long long>(ch.begin), static_cast<long long>(ch.end),
                static_cast<long long>(ch.end - ch.begin));
    ImGui::Text("Runs %s .. %s", short_number(ch.start).c_str(), short_number(ch.finish).c_str());
    ImGui::Text("T_par %s, imbalance %.1f%%, %lld chunks, %lld synchronizations",
                short_number(t.parallel_time).c_str(), t.imbalance,
                static_cast<long long>(t.num_chunks), static_cast<long long>(t.syncs));
  });
  c.compare.draw("##loop_compare", {0, 0}, app.ui_scale);
}

void draw_machine_tab(App& app, LoopViewState& c, int sel) {
  const float s = app.ui_scale;
  LoopRunner& runner = c.runner;
  if (runner.busy()) {
    ImGui::ProgressBar(static_cast<float>(runner.progress()), {200 * s, 0}, "measuring...");
    ImGui::SameLine();
    if (ImGui::Button("Cancel##machine")) runner.cancel();
  } else if (ImGui::Button("Run on my machine")) {
    start_loop_measurement(app);
  }
  ImGui::SameLine();
  ImGui::TextDisabled(
      "Real threads execute the loop body; the simulator predicts the same loop with h = 0.");
  const auto& rep = runner.last();
  if (!rep) {
    ImGui::TextWrapped(
        "Not measured yet. The measurement runs every selected technique with P real threads "
        "(%d hardware threads here) on a worker thread.",
        platform_hardware_threads());
    return;
  }
  if (!rep->error.empty())
    ImGui::TextColored({1, 0.45f, 0.45f, 1}, "Measurement: %s", rep->error.c_str());
  ImGui::Text("%d threads on %d hardware threads, body: %s, %s s per cost unit, N = %lld%s",
              rep->threads, rep->hardware_threads, rep->body.c_str(),
              short_number(rep->seconds_per_unit).c_str(), static_cast<long long>(rep->iterations),
              rep->threads < rep->requested_threads ? " (P capped)" : "");
  if (rep->threads > rep->hardware_threads)
    ImGui::TextColored({1, 0.7f, 0.3f, 1},
                       "%d threads share %d hardware threads: expect measured >= %.1f x predicted.",
                       rep->threads, rep->hardware_threads,
                       static_cast<double>(rep->threads) / std::max(1, rep->hardware_threads));
  if (!rep->scenario || rep->scenario->document != app.state.scenario)
    ImGui::TextColored({1, 0.7f, 0.3f, 1},
                       "The scenario changed since this measurement: run again.");
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  double tmax = 0;
  for (const auto& m : rep->rows) tmax = std::max({tmax, m.measured, m.predicted});
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
  const float table_h =
      std::min(avail.y * 0.5f, (rep->rows.size() + 1.5f) * ImGui::GetFrameHeightWithSpacing());
  const std::string sel_name = sel >= 0 && sel < static_cast<int>(c.model.tech.size())
                                   ? c.model.tech[static_cast<std::size_t>(sel)].name
                                   : "";
  int measured_index = -1;
  if (ImGui::BeginTable("##measured", 6, flags, {0, table_h})) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("technique");
    ImGui::TableSetupColumn("predicted ms");
    ImGui::TableSetupColumn("measured ms");
    ImGui::TableSetupColumn("ratio");
    ImGui::TableSetupColumn("imbalance % (pred / meas)");
    ImGui::TableSetupColumn("predicted (thin) vs measured", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < rep->rows.size(); ++i) {
      const auto& m = rep->rows[i];
      if (m.algorithm == sel_name) measured_index = static_cast<int>(i);
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(technique_colour(m.algorithm)), "%s",
                         m.algorithm.c_str());
      ImGui::TableSetColumnIndex(1);
      ImGui::Text("%.2f", m.predicted * 1e3);
      ImGui::TableSetColumnIndex(2);
      ImGui::Text("%.2f", m.measured * 1e3);
      ImGui::TableSetColumnIndex(3);
      ImGui::Text("%.2f", m.predicted > 0 ? m.measured / m.predicted : 0.0);
      ImGui::TableSetColumnIndex(4);
      ImGui::Text("%.1f / %.1f", m.predicted_imbalance, m.measured_imbalance);
      ImGui::TableSetColumnIndex(5);
      const ImVec2 p0 = ImGui::GetCursorScreenPos();
      const float w = ImGui::GetContentRegionAvail().x, h = ImGui::GetTextLineHeight();
      ImDrawList* dl = ImGui::GetWindowDrawList();
      if (tmax > 0) {
        dl->AddRectFilled({p0.x, p0.y + h * 0.1f},
                          {p0.x + static_cast<float>(w * m.measured / tmax), p0.y + h * 0.9f},
                          technique_colour(m.algorithm));
        dl->AddRectFilled({p0.x, p0.y + h * 0.4f},
                          {p0.x + static_cast<float>(w * m.predicted / tmax), p0.y + h * 0.6f},
                          view_ink(230));
      }
      ImGui::Dummy({w, h});
    }
    ImGui::EndTable();
  }
  if (measured_index < 0) {
    ImGui::TextDisabled("Select a measured technique to see its real-thread Gantt.");
    return;
  }
  const auto& m = rep->rows[static_cast<std::size_t>(measured_index)];
  if (c.measured_src != &*rep || c.measured_for != measured_index) {
    c.measured.clear(true);
    for (int p = 0; p < rep->threads; ++p) c.measured.add_row("thread " + std::to_string(p));
    for (std::size_t j = 0; j < m.measured_chunks.size(); ++j) {
      const auto& ch = m.measured_chunks[j];
      c.measured.add_bar(
          {ch.thread, ch.start * 1e3, ch.finish * 1e3,
           iteration_colour(rep->iterations > 0 ? (ch.begin + ch.end) * 0.5 / rep->iterations : 0),
           0, 1, static_cast<std::int64_t>(j)});
    }
    c.measured.add_marker(
        {m.predicted * 1e3, view_ink(220), "predicted " + short_number(m.predicted * 1e3) + " ms"});
    c.measured.set_time_unit(" ms");
    c.measured_src = &*rep;
    c.measured_for = measured_index;
  }
  ImGui::Text("Measured chunks of %s (ms since the threads were released):", m.algorithm.c_str());
  c.measured.draw("##measured_gantt", {0, 0}, s);
}

}  // namespace

void draw_loop_view(App& app) {
  poll_loop_measurement(app);
  AppState& st = app.state;
  LoopViewState& c = loop_state(app);
  auto names = [&c] {
    std::vector<std::string> n;
    for (const auto& t : c.model.tech) n.push_back(t.name);
    return n;
  };
  if (c.follow.results_changed(st)) {
    loop_rebuild(st, c);
    c.follow.reselect(st, names());
  }
  // View state a scenario may carry (docs/scenario-format.md, "ui"): {"loop_view": "schedule" |
  // "side_by_side" | "machine", "measure": true, "select": "<technique>"}; applied once per
  // distinct value, when the first results are there.
  if (auto ui = c.follow.new_ui(st, !c.model.tech.empty())) {
    const int tab = ui_tab_index(ui_string(*ui, "loop_view"), kLoopTabs);
    if (tab >= 0) c.tabs.request(tab);
    if (ui_bool(*ui, "measure").value_or(false)) start_loop_measurement(app);
    ResultsFollower::select_by_name(st, names(), ui->select);
  }
  if (c.model.tech.empty()) {
    ImGui::TextDisabled(app.jobs.busy() ? "Running..."
                                        : "No results yet: pick techniques and press Run.");
    return;
  }
  int sel = ResultsFollower::clamp_selection(st, static_cast<int>(c.model.tech.size()));
  c.follow.selected = c.model.tech[static_cast<std::size_t>(sel)].name;
  if (sel != c.gantt_for) build_schedule_gantt(c, sel);
  const LoopTechniqueData& t = c.model.tech[static_cast<std::size_t>(sel)];

  // Header: which technique, its headline numbers.
  ImGui::SetNextItemWidth(170 * app.ui_scale);
  if (ImGui::BeginCombo("##technique", t.name.c_str())) {
    for (std::size_t k = 0; k < c.model.tech.size(); ++k)
      if (ImGui::Selectable(c.model.tech[k].name.c_str(), static_cast<int>(k) == sel))
        st.selected_result = static_cast<int>(k);
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::Text("T_par %s   imbalance %.1f%%   CoV %.3f   %lld chunks, %lld synchronizations",
              short_number(t.parallel_time).c_str(), t.imbalance, t.cov,
              static_cast<long long>(t.num_chunks), static_cast<long long>(t.syncs));
  verified_badge(t.verified);
  if (st.typed_results.empty() || app.jobs.busy()) {
    ImGui::SameLine();
    ImGui::TextDisabled("(updating...)");
  }

  // One narration step per chunk handed out (its rule with the run's numbers).
  c.narration.follow(t.result.get(), 0, [&] {
    return st.parsed ? NarrationFollower::explain(*st.parsed, *t.result) : core::Narration{};
  });
  // The step player is on the caption strip's line (KindModule::caption_player).

  kind_tab_bar("##loop_tabs", c.tabs,
               {
                   {"Schedule", [&] { draw_schedule_tab(app, c, sel); }},
                   {"Side by side", [&] { loop_draw_compare_tab(app, c); }},
                   {"On my machine", [&] { draw_machine_tab(app, c, sel); }},
               });
}

}  // namespace loadlab::app
