// Paper 000's evaluation in the playground: pick an experiment, set the cases per cell, Run (a
// worker thread, never the UI thread) with a progress bar and Cancel, and read the result as plots
// (Figs 14-17, the paper's sub-figures side by side) or as Table I with the printed and our
// percentages side by side. Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Section 5.
// The "beside the optimum" view of balance results is in view_optimum.cpp.
#include "app/balance/view_experiments.h"
#include "app/balance/module.h"

#include <imgui.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "app/shell/app.h"
#include "app/widgets/plot_util.h"
#include "experiments/wu_experiments.h"

namespace loadlab::app {

namespace {

using experiments::ExperimentTable;
using experiments::WuExperiment;
using ViewExperimentsClock = std::chrono::steady_clock;

int fig_cases_for(int cases) {
  return std::max(1, (cases + 9) / 10);
}

void start_run(ExperimentsState& s, std::vector<WuExperiment> which, int cases, int fig_cases) {
  if (s.job.busy()) return;
  s.started = ViewExperimentsClock::now();
  char label[96];
  std::snprintf(label, sizeof label, "%d cases per cell (Figs 16-17: %d), seed %d", cases,
                fig_cases, s.seed);
  s.run_label = label;
  experiments::WuOptions o;
  o.which = std::move(which);
  o.cases = cases;
  o.fig_cases = fig_cases;
  o.seed = static_cast<std::uint64_t>(s.seed);
  s.job.start([o = std::move(o)](const JobControl& c) mutable {
    o.cancel = c.cancel;
    o.progress = [&c](double p) { c.progress(p); };
    ExperimentsOutcome out;
    try {
      out.results = experiments::run_wu_experiments(o);
    } catch (const std::exception& e) {
      out.error = e.what();
    }
    return out;
  });
}

void poll_run(ExperimentsState& s, App& app) {
  auto out = s.job.poll();
  if (!out) return;
  const double secs =
      std::chrono::duration<double>(ViewExperimentsClock::now() - s.started).count();
  char buf[160];
  if (!out->error.empty()) {
    set_status(app.state, "Experiments failed: " + out->error, true);
  } else if (out->results) {
    std::snprintf(buf, sizeof buf, "%s, %.1f s", s.run_label.c_str(), secs);
    for (auto& t : out->results->tables) {
      s.provenance[t.id] = t.id == "examples" ? std::string("fixed loads") : std::string(buf);
      s.tables[t.id] = std::move(t);
    }
    std::snprintf(buf, sizeof buf, "Wu (1997) experiments %s after %.1f s on a worker thread",
                  out->results->cancelled ? "cancelled" : "finished", secs);
    set_status(app.state, buf);
  }
}

// Colours: one per network size / algorithm, stable across plots.
ImU32 size_colour(int n) {
  switch (n) {
    case 4:
    case 64:
      return IM_COL32(90, 150, 235, 255);
    case 8:
    case 128:
      return IM_COL32(240, 150, 60, 255);
    case 16:
    case 256:
      return IM_COL32(90, 200, 110, 255);
    case 32:
      return IM_COL32(190, 120, 230, 255);
    default:
      return IM_COL32(230, 90, 90, 255);
  }
}
constexpr ImU32 kDemColour = IM_COL32(235, 95, 80, 255);
constexpr ImU32 kCwaColour = IM_COL32(90, 150, 235, 255);
constexpr ImU32 kMwaColour = IM_COL32(90, 200, 110, 255);

// y over average weight for the rows whose `key` column equals `value`; NaN cells are left out.
PlotSeries series_of(const ExperimentTable& t, const char* key, double value, const char* y_col,
                     std::string name, ImU32 colour, bool emphasis = true) {
  PlotSeries s;
  s.name = std::move(name);
  s.colour = colour;
  s.emphasis = emphasis;
  const int k = t.column(key), x = t.column("avg_weight"), y = t.column(y_col);
  if (k < 0 || x < 0 || y < 0) return s;
  for (const auto& r : t.rows) {
    if (r[std::size_t(k)] != value || std::isnan(r[std::size_t(y)])) continue;
    s.x.push_back(r[std::size_t(x)]);
    s.y.push_back(r[std::size_t(y)]);
  }
  return s;
}

PlotAxes weight_axes(const char* y_label) {
  PlotAxes a;
  a.x_label = "average weight";
  a.y_label = y_label;
  a.log_x = true;
  return a;
}

// Sub-figures side by side, each with a caption like the paper's "(a) 4 processors".
void plot_row(const std::vector<std::pair<std::string, std::vector<PlotSeries>>>& plots,
              const char* y_label, float height, float s) {
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float w =
      (ImGui::GetContentRegionAvail().x - gap * float(plots.size() - 1)) / float(plots.size());
  for (std::size_t i = 0; i < plots.size(); ++i) {
    if (i) ImGui::SameLine();
    ImGui::BeginGroup();
    ImGui::TextDisabled("%s", plots[i].first.c_str());
    ImGui::PushID(int(i));
    draw_line_plot("plot", {w, height - ImGui::GetTextLineHeightWithSpacing()}, plots[i].second,
                   weight_axes(y_label), s);
    ImGui::PopID();
    ImGui::EndGroup();
  }
}

std::string view_experiments_cell_text(double v, int decimals) {
  if (std::isnan(v)) return "-";
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*f", std::min(decimals, 4),
                v);  // CSV keeps 6 digits, 4 read well
  return buf;
}

// The table's numbers as rows (every experiment shows them under its plots).
void numbers_table(const ExperimentTable& t, float height) {
  const bool labels = !t.row_labels.empty();
  const int ncols = int(t.columns.size()) + (labels ? 1 : 0);
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("numbers", ncols, flags, {0, height})) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  if (labels) ImGui::TableSetupColumn("case", ImGuiTableColumnFlags_WidthStretch, 3.0f);
  for (const auto& c : t.columns)
    ImGui::TableSetupColumn((c.name + (c.from_paper ? " (printed)" : "")).c_str());
  ImGui::TableHeadersRow();
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    ImGui::TableNextRow();
    if (labels) {
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(t.row_labels[i].c_str());
    }
    for (std::size_t c = 0; c < t.columns.size() && c < t.rows[i].size(); ++c) {
      ImGui::TableNextColumn();
      const std::string text = view_experiments_cell_text(t.rows[i][c], t.columns[c].decimals);
      if (t.columns[c].from_paper)
        ImGui::TextColored({0.75f, 0.75f, 0.55f, 1}, "%s", text.c_str());
      else
        ImGui::TextUnformatted(text.c_str());
    }
  }
  ImGui::EndTable();
}

// Table I: per average weight the printed and our percentages side by side; ours is tinted by how
// far it is from the printed value in binomial standard deviations of both samples (ours and the
// paper's 1000 cases): green within 2, amber within 4, red beyond.
void table1_view(const ExperimentTable& t, float s) {
  const auto& weights = experiments::wu_average_weights();
  const int n_col = t.column("nodes"), p_col = t.column("paper_percent"),
            o_col = t.column("our_percent");
  const ImGuiTableFlags flags =
      ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchSame;
  if (ImGui::BeginTable("table1", 1 + 2 * int(weights.size()), flags)) {
    ImGui::TableSetupColumn("N", ImGuiTableColumnFlags_WidthFixed, 36 * s);
    for (std::size_t b = 0; b < weights.size(); ++b) {
      ImGui::TableSetupColumn("paper");
      ImGui::TableSetupColumn("ours");
    }
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    ImGui::TableSetColumnIndex(0);
    ImGui::TableHeader("");
    for (std::size_t b = 0; b < weights.size(); ++b) {
      ImGui::TableSetColumnIndex(1 + 2 * int(b));
      ImGui::TableHeader(("avg " + std::to_string(weights[b])).c_str());
      ImGui::TableSetColumnIndex(2 + 2 * int(b));
      ImGui::TableHeader("");
    }
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
      const auto& r = t.rows[i];
      if (i % weights.size() == 0) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::Text("%.0f", r[std::size_t(n_col)]);
      }
      const int b = int(i % weights.size());
      const double paper = r[std::size_t(p_col)], ours = r[std::size_t(o_col)];
      ImGui::TableSetColumnIndex(1 + 2 * b);
      ImGui::TextColored({0.75f, 0.75f, 0.55f, 1}, "%.1f%%", paper);
      ImGui::TableSetColumnIndex(2 + 2 * b);
      const double p = std::max(paper / 100.0, 0.5 / 1000.0);
      const double sigma =
          100.0 * std::sqrt(p * (1 - p) * (1.0 / std::max(1, t.cases) + 1.0 / 1000.0));
      const double z = std::fabs(ours - paper) / sigma;
      const ImU32 bg = z <= 2   ? IM_COL32(60, 140, 70, 90)
                       : z <= 4 ? IM_COL32(170, 130, 40, 110)
                                : IM_COL32(170, 50, 50, 120);
      ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, bg);
      ImGui::Text("%.1f%%", ours);
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "ours %.2f%% of %d cases, printed %.2f%% of 1000: %.1f standard deviations", ours,
            t.cases, paper, z);
    }
    ImGui::EndTable();
  }
  ImGui::TextDisabled(
      "cell colour: |ours - printed| within 2 (green), 4 (amber) or more (red) "
      "standard deviations of the two samples");
  // Ours thick, printed thin in the same colour; one legend entry per N (the plot's own legend
  // would list every series twice).
  const ImU32 palette[] = {IM_COL32(90, 150, 235, 255), IM_COL32(240, 150, 60, 255),
                           IM_COL32(90, 200, 110, 255), IM_COL32(190, 120, 230, 255),
                           IM_COL32(230, 90, 90, 255)};
  std::vector<PlotSeries> series;
  const auto& sizes = experiments::wu_table_sizes();
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    const std::string name = "N=" + std::to_string(sizes[i]);
    series.push_back(series_of(t, "nodes", sizes[i], "our_percent", name, palette[i % 5]));
    series.push_back(
        series_of(t, "nodes", sizes[i], "paper_percent", name + " printed", palette[i % 5], false));
    if (i) ImGui::SameLine();
    ImGui::ColorButton(name.c_str(), ImGui::ColorConvertU32ToFloat4(palette[i % 5]),
                       ImGuiColorEditFlags_NoTooltip, {10 * s, 10 * s});
    ImGui::SameLine();
    ImGui::TextUnformatted(name.c_str());
  }
  ImGui::SameLine();
  ImGui::TextDisabled("  thick: ours, thin: printed");
  PlotAxes axes = weight_axes("% fully balanced");
  axes.legend = false;
  draw_line_plot("table1plot", {0, std::max(160 * s, ImGui::GetContentRegionAvail().y)}, series,
                 axes, s);
}

void examples_view(const ExperimentTable& t) {
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg;
  if (!ImGui::BeginTable("examples", 5, flags)) return;
  float label_w = 0;
  for (const auto& l : t.row_labels) label_w = std::max(label_w, ImGui::CalcTextSize(l.c_str()).x);
  ImGui::TableSetupColumn("worked example", ImGuiTableColumnFlags_WidthFixed, label_w);
  for (const char* h : {"paper", "ours", "optimum", ""}) ImGui::TableSetupColumn(h);
  ImGui::TableHeadersRow();
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    const auto& r = t.rows[i];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(t.row_labels[i].c_str());
    for (int c = 0; c < 3; ++c) {
      ImGui::TableNextColumn();
      ImGui::Text("%.0f", r[std::size_t(c)]);
    }
    ImGui::TableNextColumn();
    if (r[0] == r[1])
      ImGui::TextColored({0.4f, 0.9f, 0.4f, 1}, "matches the paper");
    else
      ImGui::TextColored({1, 0.4f, 0.4f, 1}, "MISMATCH");
  }
  ImGui::EndTable();
}

void figure_view(const ExperimentTable& t, float height, float s) {
  using Plots = std::vector<std::pair<std::string, std::vector<PlotSeries>>>;
  Plots plots;
  const char* y_label = "normalized communication cost";
  if (t.id == "fig14") {
    std::vector<PlotSeries> ser;
    for (int n : {4, 8, 16})
      ser.push_back(series_of(t, "nodes", n, "normalized_locality",
                              std::to_string(n) + " processors", size_colour(n)));
    plots.push_back({"(T_DEM - T_OPT) / T_OPT over DEM's fully balanced cases", ser});
    y_label = "normalized locality";
  } else if (t.id == "fig15") {
    const char* sub[] = {"(a) 4 processors", "(b) 8 processors", "(c) 16 processors"};
    int i = 0;
    for (int n : {4, 8, 16})
      plots.push_back({sub[i++],
                       {series_of(t, "nodes", n, "dem_normalized_cost", "DEM", kDemColour),
                        series_of(t, "nodes", n, "cwa_normalized_cost", "CWA", kCwaColour)}});
  } else if (t.id == "fig16") {
    plots.push_back({"(a) 64 processors",
                     {series_of(t, "nodes", 64, "cwa_normalized_cost", "CWA", kCwaColour)}});
    plots.push_back({"(b) 256 processors",
                     {series_of(t, "nodes", 256, "cwa_normalized_cost", "CWA", kCwaColour)}});
  } else if (t.id == "fig17") {
    const char* shape[] = {"4x2", "4x4", "8x4", "8x8", "16x8", "16x16"};
    std::vector<PlotSeries> a, b;
    const int sizes[] = {8, 16, 32, 64, 128, 256};
    for (int i = 0; i < 6; ++i)
      (i < 3 ? a : b)
          .push_back(series_of(t, "nodes", sizes[i], "mwa_normalized_cost",
                               std::to_string(sizes[i]) + " (" + shape[i] + ")",
                               size_colour(sizes[i])));
    plots.push_back({"(a) 8, 16 and 32 processors (MWA)", a});
    plots.push_back({"(b) 64, 128 and 256 processors (MWA)", b});
    (void)kMwaColour;
  }
  if (!plots.empty()) plot_row(plots, y_label, height, s);
}

void check_env(ExperimentsState& s) {
  if (s.env_checked) return;
  s.env_checked = true;
  // "1", "<id>" or "<id>:<cases>"; quick mode (50 cases, like `reproduce wu --quick`) by default.
  const char* env = std::getenv("LOADLAB_OPEN_EXPERIMENTS");
  if (!env || !*env || std::string(env) == "0") return;
  std::string v = env;
  s.open = true;
  s.cases = 50;
  if (const auto colon = v.find(':'); colon != std::string::npos) {
    s.cases = std::clamp(std::atoi(v.c_str() + colon + 1), 1, 100000);
    v.resize(colon);
  }
  const auto& list = experiments::wu_experiment_list();
  for (std::size_t i = 0; i < list.size(); ++i)
    if (v == experiments::wu_experiment_id(list[i])) s.selected = int(i);
  start_run(s, list, s.cases, s.cases == 50 ? 10 : fig_cases_for(s.cases));
}

}  // namespace

bool& experiments_window_open(App& app) {
  return balance_state(app).experiments.open;
}

void draw_experiments_window(App& app) {
  ExperimentsState& s = balance_state(app).experiments;
  check_env(s);
  poll_run(s, app);
  if (!s.open) return;
  const float sc = app.ui_scale;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowSize(
      {std::min(1000 * sc, vp->WorkSize.x * 0.92f), std::min(640 * sc, vp->WorkSize.y * 0.9f)},
      ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowPos(
      {vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f},
      ImGuiCond_FirstUseEver, {0.5f, 0.5f});
  ImGui::SetNextWindowBgAlpha(1.0f);  // opaque: the docked panels behind are busy
  if (!ImGui::Begin("Experiments of M.-Y. Wu, On Runtime Parallel Scheduling for Processor Load "
                    "Balancing (IEEE TPDS, 1997), Section 5",
                    &s.open, ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::End();
    return;
  }
  const auto& list = experiments::wu_experiment_list();
  const bool busy = s.job.busy();

  // Left: experiments, cases, run/cancel.
  ImGui::BeginChild("controls", {200 * sc, 0}, true);
  ImGui::TextDisabled("Experiments");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const bool have = s.tables.count(experiments::wu_experiment_id(list[i])) > 0;
    const std::string label =
        std::string(have ? "* " : "  ") + experiments::wu_experiment_name(list[i]);
    if (ImGui::Selectable(label.c_str(), s.selected == int(i))) s.selected = int(i);
  }
  ImGui::TextDisabled("* = has results");
  ImGui::Separator();
  ImGui::BeginDisabled(busy);
  ImGui::TextUnformatted("Cases per cell");
  ImGui::SetNextItemWidth(-1);
  if (ImGui::InputInt("##cases", &s.cases, 50, 500)) s.cases = std::clamp(s.cases, 1, 100000);
  ImGui::TextDisabled("paper: 1000 per cell;");
  ImGui::TextDisabled("Figs 16-17: a tenth (%d)", fig_cases_for(s.cases));
  ImGui::TextUnformatted("Seed");
  ImGui::SetNextItemWidth(-1);
  if (ImGui::InputInt("##seed", &s.seed)) s.seed = std::max(0, s.seed);
  const float bw = ImGui::GetContentRegionAvail().x;
  const WuExperiment sel = list[std::size_t(s.selected)];
  if (ImGui::Button("Run selected", {bw, 0})) {
    // Table I, Figs 14 and 15 come from the same DEM runs: run them together.
    std::vector<WuExperiment> which = {sel};
    if (sel == WuExperiment::TableI || sel == WuExperiment::Fig14 || sel == WuExperiment::Fig15)
      which = {WuExperiment::TableI, WuExperiment::Fig14, WuExperiment::Fig15};
    start_run(s, which, s.cases, fig_cases_for(s.cases));
  }
  if (ImGui::Button("Run all", {bw, 0})) start_run(s, list, s.cases, fig_cases_for(s.cases));
  ImGui::EndDisabled();
  if (busy) {
    const double p = s.job.progress();
    const double el =
        std::chrono::duration<double>(ViewExperimentsClock::now() - s.started).count();
    char over[64];
    if (p > 0.02)
      std::snprintf(over, sizeof over, "%.0f%%, ~%.0f s left", 100 * p, el * (1 - p) / p);
    else
      std::snprintf(over, sizeof over, "%.0f%%", 100 * p);
    ImGui::ProgressBar(float(p), {bw, 0}, over);
    if (ImGui::Button(s.job.cancel_requested() ? "Cancelling..." : "Cancel", {bw, 0}))
      s.job.cancel();
  }
  ImGui::EndChild();
  ImGui::SameLine();

  // Right: the selected experiment.
  ImGui::BeginChild("result", {0, 0}, false);
  const auto it = s.tables.find(experiments::wu_experiment_id(sel));
  if (it == s.tables.end()) {
    ImGui::TextWrapped(
        "%s: no results yet. Press Run selected (or Run all); the run happens on a "
        "worker thread, so the playground stays responsive.",
        experiments::wu_experiment_name(sel));
  } else {
    const ExperimentTable& t = it->second;
    ImGui::TextUnformatted(t.title.c_str());
    ImGui::TextDisabled("%s", t.note.c_str());
    if (!t.distribution.empty()) ImGui::TextDisabled("loads: %s", t.distribution.c_str());
    ImGui::TextDisabled("run: %s", s.provenance[t.id].c_str());
    if (!t.csv_name.empty()) {
      ImGui::SameLine();
      if (ImGui::SmallButton("Export CSV"))
        set_status(app.state, platform_export_file(t.csv_name, experiments::experiment_csv(t)));
    }
    ImGui::Separator();
    if (t.id == "examples")
      examples_view(t);
    else if (t.id == "table1")
      table1_view(t, sc);
    else {
      const float avail = ImGui::GetContentRegionAvail().y;
      figure_view(t, std::max(180 * sc, avail * 0.62f), sc);
      numbers_table(t, 0);
    }
  }
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace loadlab::app
