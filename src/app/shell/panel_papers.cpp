// The papers' experiments panel (panel_papers.h): every paper `loadlab reproduce` judges, run on
// demand off the UI thread, each figure drawn with the plot widget and the claims it checks
// beside it in words, with the verdict.
#include "app/shell/panel_papers.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/shell/app.h"
#include "app/shell/theme.h"
#include "app/widgets/number_field.h"
#include "app/widgets/plot_util.h"

namespace loadlab::app {

namespace {

using PapersClock = std::chrono::steady_clock;

std::string papers_key(const std::string& paper, bool quick) {
  return paper + (quick ? ":quick" : ":full");
}

// Data colours (the same in both themes, like every view's series).
ImU32 papers_series_colour(std::size_t i) {
  static const ImU32 colours[] = {IM_COL32(90, 150, 235, 255), IM_COL32(240, 150, 60, 255),
                                  IM_COL32(90, 200, 110, 255), IM_COL32(190, 120, 230, 255),
                                  IM_COL32(230, 90, 90, 255),  IM_COL32(60, 190, 190, 255)};
  return colours[i % (sizeof colours / sizeof colours[0])];
}

void papers_poll(App& app, PapersPanelRoom& r) {
  auto out = r.job.poll();
  if (!out) return;
  r.running_key.clear();
  const double secs = std::chrono::duration<double>(PapersClock::now() - r.started).count();
  char buf[160];
  if (!out->error.empty()) {
    r.last_error = out->error;
    set_status(app.state, "Experiments failed: " + out->error, true);
  } else if (out->run && out->run->cancelled) {
    set_status(app.state, "Experiments cancelled");
  } else if (out->run) {
    const auto* info = experiments::find_paper_experiment(out->run->paper);
    std::snprintf(buf, sizeof buf, "%s: %d claims, %d hold (%.1f s on a worker)",
                  info ? info->run_label : out->run->paper.c_str(), int(out->run->claims.size()),
                  experiments::claims_holding(out->run->claims), secs);
    set_status(app.state, buf);
    r.cache[out->key] = std::move(*out->run);
  }
}

ImVec4 papers_verdict_colour(const experiments::ClaimResult& c) {
  const auto& p = current_palette();
  return theme_colour(c.verdict == experiments::Verdict::Holds ? p.text_ok : p.text_warning);
}

void papers_claim_words(const experiments::ClaimResult& c) {
  ImGui::PushStyleColor(ImGuiCol_Text, papers_verdict_colour(c));
  ImGui::TextWrapped("%s", c.verdict == experiments::Verdict::Holds ? "HOLDS" : "DIFFERS");
  ImGui::PopStyleColor();
  ImGui::TextWrapped("%s", experiments::claim_verdict_line(c).c_str());
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", experiments::source_text(c.source).c_str());
  ImGui::PopStyleColor();
  if (!c.rule.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", c.rule.c_str());
}

// One figure: the plot on the left, its captions and claims (with verdicts) on the right.
void papers_figure(const experiments::PaperPlot& p, const experiments::PaperRun& run, float s,
                   int index, int& drawn) {
  ImGui::PushID(index);
  const float w = ImGui::GetContentRegionAvail().x;
  const float plot_w = std::max(220 * s, w * 0.55f), h = 230 * s;
  ImGui::BeginGroup();
  ImGui::TextUnformatted(p.plot.title.c_str());
  std::vector<PlotSeries> series;
  for (std::size_t i = 0; i < p.plot.series.size(); ++i) {
    const auto& src = p.plot.series[i];
    PlotSeries ps;
    ps.name = src.name;
    ps.colour = papers_series_colour(i);
    ps.x = src.x;
    ps.y = src.y;
    ps.emphasis = true;
    series.push_back(std::move(ps));
  }
  PlotAxes axes;
  axes.x_label = p.plot.x_label;
  axes.y_label = p.plot.y_label;
  axes.log_x = p.plot.log2_x;
  if (p.categories.empty()) {
    draw_line_plot("plot", {plot_w, h}, series, axes, s);
  } else {
    axes.legend = false;
    draw_bar_chart("bars", {plot_w, h}, p.categories, series, axes, {}, s);
  }
  ++drawn;
  ImGui::EndGroup();
  ImGui::SameLine();
  ImGui::BeginChild("beside", {0, h + ImGui::GetTextLineHeightWithSpacing()}, false);
  bool any = false;
  for (const auto& id : p.claim_ids)
    for (const auto& c : run.claims)
      if (c.id == id) {
        papers_claim_words(c);
        ImGui::Spacing();
        any = true;
      }
  if (!any)
    for (const auto& cap : p.plot.captions) ImGui::TextWrapped("%s", cap.c_str());
  ImGui::EndChild();
  ImGui::Separator();
  ImGui::PopID();
}

}  // namespace

bool start_paper_run(PapersPanelRoom& r, const std::string& paper, bool quick, std::string& why) {
  const auto& list = experiments::paper_experiment_list();
  const auto* info = experiments::find_paper_experiment(paper);
  if (!info) {
    why = "paper: unknown \"" + paper + "\"";
    return false;
  }
  r.paper = int(info - list.data());
  r.quick = quick;
  const std::string key = papers_key(paper, quick);
  if (r.cache.count(key)) return true;  // cached for the session
  if (r.job.busy()) {
    why = "a run is going";
    return false;
  }
  r.last_error.clear();
  r.running_key = key;
  r.started = PapersClock::now();
  r.job.start([paper, quick, key](const JobControl& c) {
    PaperRunOutcome out;
    out.key = key;
    try {
      experiments::PaperRunOptions o;
      o.paper = paper;
      o.quick = quick;
      o.cancel = c.cancel;
      o.progress = [&c](double p) { c.progress(p); };
      out.run = experiments::run_paper_experiments(o);
    } catch (const std::exception& e) {
      out.error = e.what();
    }
    return out;
  });
  return true;
}

io::Json papers_panel_state(const PapersPanelRoom& r) {
  const auto& info = experiments::paper_experiment_list()[std::size_t(r.paper)];
  io::Json j = {{"open", r.open},
                {"paper", info.id},
                {"size", r.quick ? "quick" : "full"},
                {"busy", r.job.busy()},
                {"progress", r.job.busy() ? r.job.progress() : 0.0},
                {"plots_drawn", r.plots_drawn},
                {"error", r.last_error}};
  const auto it = r.cache.find(papers_key(info.id, r.quick));
  if (it != r.cache.end()) {
    const auto& claims = it->second.claims;
    io::Json verdicts = io::Json::array();
    for (const auto& c : claims)
      verdicts.push_back(
          {{"id", c.id},
           {"verdict", c.verdict == experiments::Verdict::Holds ? "HOLDS" : "DIFFERS"}});
    j["claims"] = claims.size();
    j["holds"] = experiments::claims_holding(claims);
    j["plots"] = it->second.plots.size();
    j["verdicts"] = verdicts;
    io::Json axes = io::Json::array();  // each plot's value axis label, "" = none
    for (const auto& p : it->second.plots) axes.push_back(p.plot.y_label);
    j["y_labels"] = axes;
  } else {
    j["claims"] = 0;
    j["holds"] = 0;
    j["plots"] = 0;
  }
  return j;
}

void draw_papers_panel(App& app, PapersPanelRoom& r) {
  papers_poll(app, r);
  if (!r.open) return;
  const float s = app.ui_scale;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowSize(
      {std::min(1040 * s, vp->WorkSize.x * 0.94f), std::min(680 * s, vp->WorkSize.y * 0.9f)},
      ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowPos(
      {vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f},
      ImGuiCond_FirstUseEver, {0.5f, 0.5f});
  ImGui::SetNextWindowBgAlpha(1.0f);
  if (!ImGui::Begin("Papers' experiments and claims###papers_experiments", &r.open,
                    ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::End();
    return;
  }
  const auto& list = experiments::paper_experiment_list();
  const auto& info = list[std::size_t(r.paper)];
  const bool busy = r.job.busy();
  ImGui::BeginDisabled(busy);
  // The combo as wide as the paper's citation (so it is not cut), the size choice beside it
  // while it fits, else on the next line.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float combo_w = ImGui::CalcTextSize(info.citation).x + ImGui::GetFrameHeight() +
                        2 * style.FramePadding.x + style.ItemInnerSpacing.x;
  ImGui::SetNextItemWidth(std::min(combo_w, ImGui::GetContentRegionAvail().x -
                                                ImGui::CalcTextSize("Paper").x -
                                                style.ItemInnerSpacing.x));
  if (ImGui::BeginCombo("Paper", info.citation)) {
    for (std::size_t i = 0; i < list.size(); ++i)
      if (ImGui::Selectable(list[i].citation, int(i) == r.paper)) r.paper = int(i);
    ImGui::EndCombo();
  }
  const char* quick_label = "quick set";
  const char* full_label = "the paper's sizes (slow)";
  same_line_if_fits(checkbox_width(quick_label));
  if (ImGui::RadioButton(quick_label, r.quick)) r.quick = true;
  same_line_if_fits(checkbox_width(full_label));
  if (ImGui::RadioButton(full_label, !r.quick)) r.quick = false;
  ImGui::EndDisabled();
  ImGui::TextDisabled("%s", info.scope);
  const std::string key = papers_key(info.id, r.quick);
  const auto it = r.cache.find(key);
  if (busy) {
    const double p = r.job.progress();
    char over[64];
    std::snprintf(over, sizeof over, "%.0f%%", 100 * p);
    ImGui::ProgressBar(float(p), {240 * s, 0}, over);
    ImGui::SameLine();
    if (ImGui::Button(r.job.cancel_requested() ? "Cancelling..." : "Cancel")) r.job.cancel();
  } else if (it == r.cache.end()) {
    if (ImGui::Button(info.run_label)) {
      std::string why;
      if (!start_paper_run(r, info.id, r.quick, why)) set_status(app.state, why, true);
    }
    ImGui::SameLine();
    ImGui::TextDisabled("runs on a worker thread; results are kept for the session");
  }
  if (!r.last_error.empty())
    ImGui::TextColored(theme_colour(current_palette().text_error), "%s", r.last_error.c_str());
  ImGui::Separator();
  ImGui::BeginChild("figures", {0, 0}, false);
  int drawn = 0;
  if (it != r.cache.end()) {
    const experiments::PaperRun& run = it->second;
    ImGui::Text("%s (%s, seed %llu)", experiments::claims_summary(run.claims).c_str(),
                run.quick ? "quick set" : "the paper's sizes",
                static_cast<unsigned long long>(run.seed));
    ImGui::Separator();
    for (std::size_t i = 0; i < run.plots.size(); ++i)
      papers_figure(run.plots[i], run, s, int(i), drawn);
    // Claims no figure shows (e.g. Wu's Fig 9 instance).
    bool header = false;
    for (const auto& c : run.claims) {
      bool shown = false;
      for (const auto& p : run.plots)
        shown =
            shown || std::find(p.claim_ids.begin(), p.claim_ids.end(), c.id) != p.claim_ids.end();
      if (shown) continue;
      if (!header) ImGui::TextUnformatted("Claims without a figure");
      header = true;
      ImGui::PushID(c.id.c_str());
      papers_claim_words(c);
      ImGui::Spacing();
      ImGui::PopID();
    }
  } else if (!busy) {
    ImGui::TextWrapped("No results yet for %s. Press Run; the quick set takes seconds.",
                       info.citation);
  }
  r.plots_drawn = drawn;
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace loadlab::app
