// The Gantt chart's spread under random costs: per task end, the band between the 5th and 95th
// percentile of its finish time over the sampled executions (core::evaluate_schedule), with
// whisker caps; on the time axis the same band for the makespan. Separate from the bars so the
// deterministic chart stays as it is.
#include "app/dag/view_gantt_spread.h"

#include <imgui.h>

#include <algorithm>

#include "app/widgets/plot_util.h"

namespace loadlab::app {

void draw_dag_gantt_spread(const GanttChart& chart, const io::DagRunResult& r, float s) {
  if (!r.makespan_distribution) return;
  const core::MakespanDistribution& d = *r.makespan_distribution;
  const GanttChart::Layout& L = chart.layout();
  if (!(L.t1 > L.t0)) return;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect({L.px0, L.py0}, {L.px1, L.py1}, true);
  const ImU32 band = IM_COL32(255, 235, 120, 70), whisker = IM_COL32(255, 235, 120, 220);
  if (d.finish.size() == r.schedule.entries.size()) {
    for (std::size_t e = 0; e < d.finish.size(); ++e) {
      const auto& f = d.finish[e];
      if (f.p95 < L.t0 || f.p5 > L.t1) continue;
      const int row = r.schedule.entries[e].proc;
      const float top = L.row_top(row), bottom = top + L.row_height;
      if (bottom < L.py0 || top > L.py1) continue;
      const float x5 = L.x(f.p5), x95 = std::max(L.x(f.p95), x5 + 1.0f);
      const float y = L.band_y(row, 0.5f), h = std::max(2.0f, 0.18f * L.row_height);
      dl->AddRectFilled({x5, y - h}, {x95, y + h}, band);
      dl->AddLine({x5, y}, {x95, y}, whisker, 1.2f * s);
      dl->AddLine({x5, y - h}, {x5, y + h}, whisker, 1.2f * s);
      dl->AddLine({x95, y - h}, {x95, y + h}, whisker, 1.2f * s);
    }
  }
  // The makespan's p5-p95 as a band along the bottom of the plot, its mean as a dashed line.
  const float x5 = L.x(d.p5), x95 = std::max(L.x(d.p95), x5 + 1.0f);
  dl->AddRectFilled({x5, L.py1 - 6 * s}, {x95, L.py1}, IM_COL32(255, 235, 120, 150));
  const float xm = L.x(d.mean);
  for (float y = L.py0; y < L.py1; y += 8 * s)
    dl->AddLine({xm, y}, {xm, std::min(y + 4 * s, L.py1)}, IM_COL32(255, 235, 120, 200), 1.0f * s);
  dl->PopClipRect();
}

std::string dag_spread_summary(const io::DagRunResult& r) {
  if (!r.makespan_distribution) return "";
  const core::MakespanDistribution& d = *r.makespan_distribution;
  return "random costs, " + std::to_string(d.samples) + " runs: mean " + short_number(d.mean) +
         " (dashed) | p5.." + "p95 " + short_number(d.p5) + ".." + short_number(d.p95) +
         " (yellow band; per task: its end's p5..p95) | planned on " +
         (r.plan == "mean" ? std::string("the mean") : "mean + " + short_number(r.plan_k) + " std");
}

}  // namespace loadlab::app
