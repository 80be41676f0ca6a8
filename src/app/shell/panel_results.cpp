// Results side by side (one row per algorithm, one column per metric), the JSON view used for
// scenario kinds without a dedicated view, and the status line. Headers are human words with the
// JSON key in their tooltip (panel_help.cpp); numbers go through widgets/format.h.
#include <imgui.h>
#include <imgui_internal.h>  // the table's clip rectangle: which rows are really on screen

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>
#include <string>

#include "app/shell/export_actions.h"
#include "app/shell/panel_help.h"
#include "app/shell/platform.h"
#include "app/shell/registry.h"
#include "app/shell/theme.h"
#include "app/shell/ui.h"
#include "app/widgets/algorithm_picker.h"
#include "app/widgets/format.h"
#include "app/widgets/model_results_columns.h"

namespace loadlab::app {

namespace {

// Scalars worth a column: top-level numbers/bools of a result and everything in its "metrics".
std::vector<std::string> metric_columns(const io::Json& results) {
  std::vector<std::string> cols;
  std::set<std::string> seen;
  auto add = [&](const std::string& key) {
    if (seen.insert(key).second) cols.push_back(key);
  };
  for (const auto& r : results) {
    for (auto it = r.begin(); it != r.end(); ++it)
      if ((it->is_number() || it->is_boolean()) && it.key() != "verified") add(it.key());
    if (r.contains("metrics") && r["metrics"].is_object())
      for (auto it = r["metrics"].begin(); it != r["metrics"].end(); ++it)
        if ((it->is_number() || it->is_boolean()) && !seen.count(it.key()))
          add("metrics." + it.key());
  }
  return cols;
}

std::string panel_results_cell_text(const io::Json& r, const std::string& col) {
  const io::Json* v = nullptr;
  if (col.rfind("metrics.", 0) == 0) {
    if (r.contains("metrics") && r["metrics"].contains(col.substr(8)))
      v = &r["metrics"][col.substr(8)];
  } else if (r.contains(col)) {
    v = &r[col];
  }
  return v ? format_json_value(*v) : "";
}

// Whether the last drawn results table was wider than its pane (it then shows a horizontal
// scroll bar, which the pane's height makes room for; a table that fits gets no empty strip).
bool& results_table_scrolls_x() {
  static bool scrolls = true;
  return scrolls;
}

// Per kind, the columns and widths of every run so far (widgets/model_results_columns.h).
ResultsColumnMemory& panel_results_columns() {
  static ResultsColumnMemory memory;
  return memory;
}

bool views_list_only_successes(const std::string& kind) {
  const KindModule* m = find_kind_module(kind);
  return m && m->views_list_only_successes();
}

// The full reason an algorithm failed, on hover of its row's cells.
void failed_result_tooltip(const std::string& name, const std::string& why,
                           const std::string& field) {
  if (!ImGui::IsItemHovered()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40);
  ImGui::Text("%s failed at run time (the other results are complete):", name.c_str());
  ImGui::TextUnformatted(why.c_str());
  if (!field.empty()) ImGui::TextDisabled("field: %s", field.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

// A bar along the pane's top edge: dragging it up makes the results pane taller.
void resize_handle(App& app) {
  const float h = 4 * app.ui_scale;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetContentRegionAvail().x;
  ImGui::InvisibleButton("##resize_results", {std::max(1.0f, w), h});
  const bool active = ImGui::IsItemActive();
  if (ImGui::IsItemHovered() || active) {
    ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeNS);
    ImGui::SetTooltip("Drag to resize the results");
  }
  ImGui::GetWindowDrawList()->AddRectFilled(
      p, {p.x + w, p.y + h},
      ImGui::GetColorU32(active ? ImGuiCol_SeparatorActive : ImGuiCol_Separator));
  if (active && ImGui::GetIO().MouseDelta.y != 0) {
    const float current = ImGui::GetWindowHeight();
    app.help.results_height = std::max(60.0f, current - ImGui::GetIO().MouseDelta.y) / app.ui_scale;
  }
  if (ImGui::IsItemDeactivated() && app.help.results_height > 0)
    platform_save_setting("results_height", std::to_string(app.help.results_height));
  // Double-click: back to the height the rows need.
  if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
    app.help.results_height = 0;
    platform_save_setting("results_height", "");
  }
}

}  // namespace

void load_results_height_setting(App& app) {
  const std::string saved = platform_load_setting("results_height");
  char* end = nullptr;
  const float units = saved.empty() ? 0.0f : std::strtof(saved.c_str(), &end);
  app.help.results_height = units > 0 && units < 10000 ? units : 0.0f;
}

float results_pane_height(const App& app, float max_height) {
  const float s = app.ui_scale;
  const float min_h = 80.0f * s;
  if (app.help.results_height > 0)
    return std::clamp(app.help.results_height * s, min_h, std::max(min_h, max_height));
  // As tall as the rows need (drag bar, export buttons, header, one line per result, the
  // horizontal scrollbar, the kind's footer), at most `max_height`: a few results leave no empty
  // area, many scroll.
  const ImGuiStyle& style = ImGui::GetStyle();
  const AppState& st = app.state;
  const std::size_t rows = st.results.is_array() ? st.results.size() : 0;
  const float row_h = ImGui::GetTextLineHeight() + 2 * style.CellPadding.y;
  float h = 2 * style.WindowPadding.y + 4 * s + style.ItemSpacing.y;
  if (rows == 0) {
    h += ImGui::GetTextLineHeightWithSpacing();
  } else {
    const KindModule* footer = find_kind_module(st.kind);
    h += ImGui::GetTextLineHeightWithSpacing() + row_h * static_cast<float>(rows + 1) +
         (results_table_scrolls_x() ? style.ScrollbarSize : 0.0f) + 4 * s +
         (footer ? footer->results_footer_height(app) : 0.0f);
  }
  return std::clamp(h, min_h, std::max(min_h, max_height));
}

void draw_results_panel(App& app) {
  AppState& st = app.state;
  resize_handle(app);
  app.help.results_visible.clear();
  if (!st.results.is_array() || st.results.empty()) {
    app.help.results_table = nullptr;
    ImGui::TextDisabled(app.jobs.busy() ? "Running..."
                                        : "No results yet: pick algorithms and press Run.");
    return;
  }
  draw_results_export_bar(app);  // Copy (Ctrl+C), CSV / TSV / JSON, the view as PNG / SVG
  // While a new run computes, the previous results stay readable but dimmed.
  const bool stale = app.jobs.busy();
  if (stale) {
    ImGui::TextColored({1.0f, 0.8f, 0.4f, 1.0f},
                       "Computing a new run: the results below are the previous run's.");
    ImGui::PushStyleVar(ImGuiStyleVar_Alpha, ImGui::GetStyle().Alpha * 0.45f);
  }
  const KindModule* footer = find_kind_module(st.kind);
  const float footer_h = footer ? footer->results_footer_height(app) : 0.0f;
  // The kind's columns so far, in the order first seen: a re-run never moves or drops a column.
  const std::vector<std::string> cols =
      panel_results_columns().columns(st.kind, metric_columns(st.results));
  const std::size_t shown = std::min<std::size_t>(cols.size(), 62);
  const int ncols = 2 + static_cast<int>(shown);
  std::vector<std::string> keys = {"algorithm", "verified"};
  for (std::size_t c = 0; c < shown; ++c) keys.push_back(cols[c]);
  std::vector<std::string> headers;
  for (const auto& k : keys)
    headers.push_back(k == "algorithm" ? "algorithm" : metric_header(st.kind, k));
  // Every cell's text first: a column is as wide as its header and the widest value it has
  // shown in any run of this kind (in font heights, so the UI scale keeps the proportions).
  std::vector<std::vector<std::string>> cells(st.results.size());
  for (std::size_t i = 0; i < st.results.size(); ++i) {
    const auto& r = st.results[i];
    if (r.contains("error") && r["error"].is_object()) continue;  // its reason is cut to fit
    for (std::size_t c = 0; c < shown; ++c) cells[i].push_back(panel_results_cell_text(r, cols[c]));
  }
  const float em = std::max(1.0f, ImGui::GetFontSize());
  std::vector<float> widths(keys.size());
  for (std::size_t c = 0; c < keys.size(); ++c) {
    float want = ImGui::CalcTextSize(headers[c].c_str()).x;
    for (std::size_t i = 0; i < st.results.size(); ++i) {
      const std::string& text = c == 0   ? st.results[i].value("algorithm", std::string("?"))
                                : c == 1 ? std::string("failed")
                                         : (cells[i].empty() ? std::string() : cells[i][c - 2]);
      want = std::max(want, ImGui::CalcTextSize(text.c_str()).x);
    }
    // Whole pixels and one to spare: the table floors widths, which must not cut a glyph.
    widths[c] = std::ceil(panel_results_columns().width(st.kind, keys[c], want / em) * em) + 1.0f;
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_SizingFixedFit;
  io::Json table = {{"headers", io::Json::array()},
                    {"keys", io::Json::array()},
                    {"rows", io::Json::array()},
                    {"x", io::Json::array()}};
  ImGui::PushID(st.kind.c_str());  // each kind keeps its own table layout
  // The rows come first: when the pane is too short for rows and footer, the footer scrolls.
  const float row_h = ImGui::GetTextLineHeight() + 2 * ImGui::GetStyle().CellPadding.y;
  float columns_w = static_cast<float>(ncols + 1);  // the borders between and around them
  for (const float w : widths) columns_w += w + 2 * ImGui::GetStyle().CellPadding.x;
  results_table_scrolls_x() = columns_w + 2.0f > ImGui::GetContentRegionAvail().x;
  const float table_need = row_h * static_cast<float>(st.results.size() + 1) +
                           (results_table_scrolls_x() ? ImGui::GetStyle().ScrollbarSize : 0.0f) +
                           4 * app.ui_scale;
  const float avail_h = ImGui::GetContentRegionAvail().y;
  float table_h = avail_h - footer_h;
  if (footer_h > 0 && table_h < table_need) table_h = std::max(1.0f, std::min(table_need, avail_h));
  if (ImGui::BeginTable("results", ncols, flags, {0, table_h})) {
    ImGui::TableSetupScrollFreeze(1, 1);
    for (int c = 0; c < ncols; ++c)
      ImGui::TableSetupColumn(headers[c].c_str(),
                              ImGuiTableColumnFlags_WidthFixed | ImGuiTableColumnFlags_NoResize,
                              widths[c]);
    // Header row by hand so each header gets its tooltip.
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (int c = 0; c < ncols; ++c) {
      ImGui::TableSetColumnIndex(c);
      ImGui::PushID(c);
      ImGui::TableHeader(headers[c].c_str());
      ImGui::PopID();
      // Where the column is (screen x of its header cell), for the test hook.
      table["x"].push_back({ImGui::GetItemRectMin().x, ImGui::GetItemRectMax().x});
      if (c == 0) {
        if (ImGui::IsItemHovered())
          ImGui::SetTooltip("Hover a name for what it does; F1 for its help.");
      } else {
        metric_tooltip(st.kind, keys[c]);
      }
      table["headers"].push_back(headers[c]);
      table["keys"].push_back(keys[c]);
    }
    const ImRect clip = ImGui::GetCurrentWindow()->ClipRect;
    int failed_before = 0;
    for (std::size_t i = 0; i < st.results.size(); ++i) {
      const auto& r = st.results[i];
      io::Json row = io::Json::array();
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      const std::string name = r.value("algorithm", "?");
      const bool failed = r.contains("error") && r["error"].is_object();
      // The dynamic, os, dlt and loop views list only the results that ran: their selection
      // counts those. A failed row selects nothing.
      const int select_as = views_list_only_successes(st.kind) ? static_cast<int>(i) - failed_before
                                                               : static_cast<int>(i);
      failed_before += failed ? 1 : 0;
      if (ImGui::Selectable(name.c_str(), !failed && st.selected_result == select_as,
                            ImGuiSelectableFlags_SpanAllColumns) &&
          !failed) {
        st.selected_result = select_as;
      }
      algorithm_tooltip(st.kind, name);
      // Fully on screen: inside the table's visible (clipped, scrolled) area.
      if (ImGui::GetItemRectMin().y >= clip.Min.y - 0.5f &&
          ImGui::GetItemRectMax().y <= clip.Max.y + 0.5f)
        app.help.results_visible.push_back(name);
      row.push_back(name);
      ImGui::TableSetColumnIndex(1);
      if (failed) {
        // Failed at run time: no numbers; the reason in the row, in full on hover.
        const std::string why = r["error"].value("message", std::string());
        const std::string field = r["error"].value("field", std::string());
        ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "failed");
        failed_result_tooltip(name, why, field);
        row.push_back("failed");
        for (std::size_t c = 0; c < shown; ++c) {
          ImGui::TableSetColumnIndex(static_cast<int>(c) + 2);
          if (c == 0) {
            // As much of the reason as the fixed column holds; the rest on hover.
            std::string text = why;
            const float room = ImGui::GetContentRegionAvail().x;
            if (ImGui::CalcTextSize(text.c_str()).x > room) {
              while (!text.empty() && ImGui::CalcTextSize((text + "...").c_str()).x > room)
                text.pop_back();
              text += "...";
            }
            ImGui::TextColored(ImVec4(1, 0.55f, 0.55f, 1), "%s", text.c_str());
            failed_result_tooltip(name, why, field);
          }
          row.push_back(c == 0 ? why : "");
        }
        if (shown == 0) row.push_back(why);
        table["rows"].push_back(std::move(row));
        continue;
      }
      const bool ok = r.value("verified", false);
      ImGui::TextColored(ok ? ImVec4(0.4f, 0.9f, 0.4f, 1) : ImVec4(1, 0.4f, 0.4f, 1),
                         ok ? "yes" : "NO");
      row.push_back(ok ? "yes" : "NO");
      for (std::size_t c = 0; c < shown; ++c) {
        ImGui::TableSetColumnIndex(static_cast<int>(c) + 2);
        const std::string& text = cells[i][c];
        // Right-aligned, so digits line up.
        const float w = ImGui::CalcTextSize(text.c_str()).x;
        const float avail = ImGui::GetContentRegionAvail().x;
        if (avail > w) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + avail - w);
        ImGui::TextUnformatted(text.c_str());
        row.push_back(text);
      }
      table["rows"].push_back(std::move(row));
    }
    ImGui::EndTable();
  }
  ImGui::PopID();
  app.help.results_table = std::move(table);
  if (stale) ImGui::PopStyleVar();
  if (footer && footer_h > 0) {  // e.g. balance results beside the optimum
    const float left = ImGui::GetContentRegionAvail().y;
    if (left + 1 < footer_h) {
      ImGui::BeginChild("##results_footer", {0, std::max(1.0f, left)});
      footer->draw_results_footer(app);
      ImGui::EndChild();
    } else {
      footer->draw_results_footer(app);
    }
  } else if (footer) {
    footer->draw_results_footer(app);
  }
}

void draw_json_view(App& app) {
  ImGui::TextDisabled("This scenario kind has no graphical view yet; its JSON and results:");
  ImGui::BeginChild("json", {0, 0}, true);
  // Printed once per scenario and run, not every frame (a big graph's JSON is megabytes).
  static std::uint64_t shown_generation = ~std::uint64_t{0};
  static const void* shown_results = nullptr;
  static std::string scenario_text, results_text;
  const void* results_id =
      app.state.typed_results.empty() ? nullptr : app.state.typed_results.front().get();
  if (shown_generation != app.state.generation || shown_results != results_id) {
    shown_generation = app.state.generation;
    shown_results = results_id;
    scenario_text = app.state.scenario.dump(2);
    results_text = app.state.results.is_array() ? app.state.results.dump(2) : std::string();
  }
  ImGui::TextUnformatted(scenario_text.c_str());
  if (!results_text.empty()) {
    ImGui::Separator();
    // Very long results are cut for display; Export results gives the whole document.
    ImGui::TextUnformatted(
        results_text.c_str(),
        results_text.c_str() + std::min<std::size_t>(results_text.size(), 200000));
  }
  ImGui::EndChild();
}

void draw_status_line(App& app) {
  const AppState& st = app.state;
  // The message first (it is what the user needs); the platform facts at the right end. A message
  // wider than the line ends in "..." and shows in full on hover instead of being cut off.
  const bool isolated = platform_cross_origin_isolated();
  char facts[96];
  std::snprintf(facts, sizeof facts, "%s | threads %s", platform_name(),
                isolated ? "on" : "off (not cross-origin isolated)");
  const float facts_w = ImGui::CalcTextSize(facts).x + ImGui::GetStyle().ItemSpacing.x * 2;
  std::string text = st.status;
  if (app.jobs.busy()) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "Running... %d%%", static_cast<int>(app.jobs.progress() * 100));
    const std::string name = scenario_title(app);
    text = std::string(buf) + (name.empty() ? "" : " (" + name + ")") +
           (st.status_is_error ? " | " + st.status : "");
  }
  if (st.status_pinned) {  // a bad link's error stays until dismissed
    if (ImGui::SmallButton("Dismiss")) {
      app.state.status_pinned = false;
      set_status(app.state, "");
    }
    ImGui::SameLine();
  }
  const float avail = std::max(40.0f, ImGui::GetContentRegionAvail().x - facts_w);
  std::string shown = text;
  if (ImGui::CalcTextSize(shown.c_str()).x > avail) {
    while (!shown.empty() && ImGui::CalcTextSize((shown + "...").c_str()).x > avail)
      shown.pop_back();
    shown += "...";
  }
  const Palette& pal = current_palette();  // readable on both themes (model_theme.h)
  const ImVec4 colour =
      st.status_is_error ? theme_colour(pal.text_error) : ImGui::GetStyleColorVec4(ImGuiCol_Text);
  ImGui::TextColored(colour, "%s", shown.c_str());
  if (shown != text && ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  ImGui::SameLine(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - facts_w +
                                                       ImGui::GetStyle().ItemSpacing.x));
  ImGui::TextColored(theme_colour(isolated ? pal.text_ok : pal.text_warning), "%s", facts);
}

}  // namespace loadlab::app
