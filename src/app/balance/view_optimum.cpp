// Balance results beside the optimum: each algorithm's task-hops over the optimum's (Section 2's
// min-cost flow) as a ratio bar, non-local tasks over Lemma 4's minimum, fully balanced or not.
// Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Sections 2 and 4. Declared in
// view_experiments.h.
#include <imgui.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "app/balance/module.h"
#include "app/balance/view_experiments.h"
#include "app/shell/app.h"
#include "app/widgets/format.h"
#include "app/widgets/view_colours.h"
#include "core/balance/optimal.h"
#include "core/metrics/balance_metrics.h"
#include "io/kinds/balance.h"

namespace loadlab::app {

namespace {

constexpr int kMaxComputedOptimum = 1024;

std::uint64_t network_key(const AppState& st) {
  std::uint64_t h = 1469598103934665603ULL;
  auto mix = [&h](std::uint64_t v) { h = (h ^ v) * 1099511628211ULL; };
  const core::Topology& topo = *balance_scene(st).topology;
  mix(std::uint64_t(topo.size()));
  for (int v = 0; v < topo.size(); ++v) {
    mix(std::uint64_t(topo.degree(v)));
    for (int u : topo.neighbours(v)) mix(std::uint64_t(u));
  }
  for (auto w : balance_scene(st).loads) mix(std::uint64_t(w));
  return h;
}

// A result that moved tasks (it has task-hops), read from the typed result; the real-model
// iterative methods move load indices, not tasks, and have no row here (not "unbalanced"), and
// a failed algorithm has none either.
const io::BalanceRunResult* task_mover(const io::ResultPtr& r) {
  const auto* b = dynamic_cast<const io::BalanceRunResult*>(r.get());
  return b && !b->failed() ? b : nullptr;
}

int task_move_rows(const AppState& st) {
  int n = 0;
  for (const auto& r : st.typed_results) n += task_mover(r) ? 1 : 0;
  return n;
}

bool comparable(const App& app) {
  const AppState& st = app.state;
  return st.kind == "balance" && balance_scene(st).topology && task_move_rows(st) > 0;
}

}  // namespace

float balance_comparison_height(const App& app) {
  if (!comparable(app)) return 0;
  const float row = ImGui::GetFrameHeight() + ImGui::GetStyle().CellPadding.y * 2;
  return ImGui::GetTextLineHeightWithSpacing() + row * float(task_move_rows(app.state) + 1) +
         ImGui::GetStyle().ItemSpacing.y * 2;
}

void draw_balance_comparison(App& app) {
  if (!comparable(app)) return;
  const AppState& st = app.state;
  const float sc = app.ui_scale;
  BalanceOptimumCache& cache = balance_state(app).optimum;
  std::int64_t opt = -1;
  const char* source = "";
  // A failed "optimal" gives no optimum: computed here instead.
  const io::BalanceRunResult* optimal = nullptr;
  for (const auto& r : st.typed_results)
    if (r && r->algorithm == "optimal") {
      optimal = task_mover(r);
      break;
    }
  if (optimal) {
    opt = optimal->metrics.task_hops;
    source = "from this run's \"optimal\"";
  } else if (balance_scene(st).topology->size() <= kMaxComputedOptimum) {
    const std::uint64_t key = network_key(st);
    if (key != cache.key || (cache.task_hops < 0 && cache.error.empty())) {
      cache = BalanceOptimumCache{key, -1, ""};
      try {
        cache.task_hops = core::compute_balance_metrics(
                              core::optimal(*balance_scene(st).topology, balance_scene(st).loads))
                              .task_hops;
      } catch (const std::exception& e) {
        cache.error = e.what();
      }
    }
    opt = cache.task_hops;
    source = cache.error.empty() ? "computed here (min-cost flow)" : cache.error.c_str();
  } else {
    source = "not in this run: add \"optimal\" to the algorithms to compare";
  }
  ImGui::TextDisabled("Beside the optimum (Section 2): task-hops / optimal task-hops; optimum %s",
                      source);

  double worst = 1.0;
  for (const auto& r : st.typed_results)
    if (const io::BalanceRunResult* b = task_mover(r); b && opt > 0)
      worst = std::max(worst, double(b->metrics.task_hops) / double(opt));
  const ImGuiTableFlags flags =
      ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("vs_optimum", 5, flags)) return;
  ImGui::TableSetupColumn("algorithm");
  ImGui::TableSetupColumn("task-hops / optimum");
  ImGui::TableSetupColumn("ratio", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn("non-local / minimum");
  ImGui::TableSetupColumn("fully balanced");
  ImGui::TableHeadersRow();
  for (const auto& result : st.typed_results) {
    const io::BalanceRunResult* b = task_mover(result);
    if (!b) continue;
    const std::int64_t hops = b->metrics.task_hops;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(b->algorithm.c_str());
    ImGui::TableNextColumn();
    if (hops < 0)
      ImGui::TextDisabled("-");
    else if (opt < 0)
      ImGui::Text("%s / ?", format_int(hops).c_str());
    else
      ImGui::Text("%s / %s", format_int(hops).c_str(), format_int(opt).c_str());
    ImGui::TableNextColumn();
    if (hops >= 0 && opt > 0) {
      // A bar per algorithm on a common scale; the white tick marks the optimum (ratio 1).
      const double ratio = double(hops) / double(opt);
      const ImVec2 p = ImGui::GetCursorScreenPos();
      const float w = std::max(60 * sc, ImGui::GetContentRegionAvail().x - 70 * sc);
      const float h = ImGui::GetTextLineHeight();
      ImDrawList* dl = ImGui::GetWindowDrawList();
      const float fill = float(ratio / worst) * w;
      const ImU32 col = ratio <= 1.0 + 1e-12 ? IM_COL32(80, 190, 100, 220)
                        : ratio < 1.2        ? IM_COL32(220, 170, 60, 220)
                                             : IM_COL32(220, 80, 70, 220);
      dl->AddRectFilled({p.x, p.y + 2 * sc}, {p.x + fill, p.y + h - 2 * sc}, col);
      const float one = float(1.0 / worst) * w;
      dl->AddLine({p.x + one, p.y}, {p.x + one, p.y + h}, view_ink(200), 1.5f * sc);
      ImGui::Dummy({w, h});
      ImGui::SameLine();
      ImGui::Text("%.3fx", ratio);
    } else if (hops == 0 && opt == 0) {
      ImGui::TextDisabled("nothing to move");
    } else {
      ImGui::TextDisabled("-");
    }
    ImGui::TableNextColumn();
    const std::int64_t nl = b->metrics.non_local_tasks, mn = b->min_non_local_tasks;
    if (nl >= 0 && mn >= 0)
      ImGui::Text("%s / %s", format_int(nl).c_str(), format_int(mn).c_str());
    else
      ImGui::TextDisabled("-");
    ImGui::TableNextColumn();
    const bool bal = b->metrics.fully_balanced;
    ImGui::TextColored(bal ? ImVec4(0.4f, 0.9f, 0.4f, 1) : ImVec4(1, 0.6f, 0.3f, 1), "%s",
                       bal ? "yes" : "no");
    if (!bal && ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "Not fully balanced: it ends on other loads than the optimum's quotas, so its "
          "task-hops are not a like-for-like comparison.");
  }
  ImGui::EndTable();
}

}  // namespace loadlab::app
