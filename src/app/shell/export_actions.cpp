#include "app/shell/export_actions.h"

#include <imgui.h>

#include <cctype>
#include <stdexcept>

#include "app/shell/file_dialog.h"
#include "app/shell/platform.h"
#include "app/shell/ui.h"
#include "app/widgets/export_png.h"
#include "app/widgets/export_table.h"
#include "app/widgets/gl_headers.h"
#include "app/widgets/svg_views.h"

namespace loadlab::app {

namespace {

io::Json export_results_document(const App& app) {
  return {{"loadlab", 1}, {"kind", app.state.kind}, {"results", app.state.results}};
}

std::string export_selected_algorithm(const App& app) {
  const io::Json& rs = app.state.results;
  const int i = app.state.selected_result;
  if (!rs.is_array() || i < 0 || i >= static_cast<int>(rs.size())) return "";
  const io::Json& r = rs[static_cast<std::size_t>(i)];
  if (r.contains("error") && r["error"].is_object()) return "";
  return r.value("algorithm", "");
}

// The desktop asks where (file_dialog.h); the browser downloads.
void export_file(App& app, const std::string& title, const std::string& name, std::string text) {
  save_file_as(app, title, name, std::move(text));
}

void export_results_as(App& app, const std::string& format) {
  std::string upper = format;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  export_file(app, "Export results as " + upper, "results." + format,
              results_export_text(app, format));
}

void export_view_svg_file(App& app) {
  try {
    export_file(app, "Export the view as SVG", "view.svg", view_export_svg(app).to_svg());
  } catch (const std::exception& e) {
    set_status(app.state, std::string("Export SVG: ") + e.what(), true);
  }
}

}  // namespace

std::string results_export_text(const App& app, const std::string& format) {
  if (format == "json") return export_results_document(app).dump(2) + "\n";
  return export_text_table(text_table_from_json(app.help.results_table), format);
}

SvgDoc view_export_svg(const App& app) {
  if (!app.state.results.is_array() || app.state.results.empty())
    throw io::ScenarioError("--view", "no results yet: run first");
  const io::Json doc = export_results_document(app);
  const std::string algorithm = export_selected_algorithm(app);
  std::string why;
  for (const auto& view : svg_view_names()) {
    try {
      return render_view_svg(app.state.scenario, doc, view, algorithm);
    } catch (const io::ScenarioError& e) {
      if (why.empty()) why = e.reason();
    }
  }
  throw io::ScenarioError("--view", "no SVG picture of this view (" + why + "); PNG works");
}

void draw_results_export_bar(App& app) {
  const bool have = app.help.results_table.is_object();
  ImGui::BeginDisabled(!have);
  const bool ctrl_c = ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) &&
                      ImGui::GetIO().KeyCtrl && !ImGui::GetIO().WantTextInput &&
                      ImGui::IsKeyPressed('C', false);  // GLFW_KEY_C on desktop and web
  if (ImGui::SmallButton("Copy") || (have && ctrl_c)) {
    ImGui::SetClipboardText(results_export_text(app, "tsv").c_str());
    set_status(app.state, "Results copied as tab-separated text (paste into a spreadsheet).");
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Copy the table as tab-separated text (Ctrl+C while the table has focus)");
  ImGui::SameLine();
  ImGui::TextDisabled("Export:");
  static const char* const kFormats[][2] = {
      {"CSV##res", "csv"}, {"TSV##res", "tsv"}, {"JSON##res", "json"}};
  for (const auto& f : kFormats) {
    ImGui::SameLine();
    if (ImGui::SmallButton(f[0])) export_results_as(app, f[1]);
  }
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::TextDisabled("| View:");
  ImGui::SameLine();
  if (ImGui::SmallButton("PNG##view")) app.help.png_request = HelpUi::PngRequest::save;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("A picture of exactly what the view shows");
  ImGui::SameLine();
  ImGui::BeginDisabled(!have);
  if (ImGui::SmallButton("SVG##view")) export_view_svg_file(app);
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("The selected result's Gantt chart, plot or (small) network as SVG");
  ImGui::EndDisabled();
}

void draw_export_menu_items(App& app) {
  const bool have = app.help.results_table.is_object();
  if (ImGui::BeginMenu("Export")) {
    if (ImGui::MenuItem("Results as CSV...", nullptr, false, have)) export_results_as(app, "csv");
    if (ImGui::MenuItem("Results as TSV...", nullptr, false, have)) export_results_as(app, "tsv");
    if (ImGui::MenuItem("Results as JSON...", nullptr, false, !app.state.results.is_null()))
      export_results_as(app, "json");
    ImGui::Separator();
    if (ImGui::MenuItem("View as PNG...")) app.help.png_request = HelpUi::PngRequest::save;
    if (ImGui::MenuItem("View as SVG...", nullptr, false, have)) export_view_svg_file(app);
    ImGui::EndMenu();
  }
}

std::string read_requested_view_png(App& app, float fb_scale) {
  const auto request = app.help.png_request;
  if (request == HelpUi::PngRequest::none) return "";
  app.help.png_request = HelpUi::PngRequest::none;
  const float* b = app.help.view_box;
  GLint vp[4] = {0, 0, 0, 0};
  glGetIntegerv(GL_VIEWPORT, vp);
  const int fb_h = vp[3];
  const int x0 = std::max(0, static_cast<int>(b[0] * fb_scale));
  const int y0 = std::max(0, static_cast<int>(b[1] * fb_scale));
  const int x1 = std::min(vp[2], static_cast<int>(b[2] * fb_scale));
  const int y1 = std::min(fb_h, static_cast<int>(b[3] * fb_scale));
  RgbImage img;
  img.width = std::max(1, x1 - x0);
  img.height = std::max(1, y1 - y0);
  std::vector<std::uint8_t> rgba(static_cast<std::size_t>(img.width) * img.height * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  // GL rows start at the bottom: the view's top row is fb_h - y0 - 1.
  glReadPixels(x0, fb_h - y0 - img.height, img.width, img.height, GL_RGBA, GL_UNSIGNED_BYTE,
               rgba.data());
  img.rgb.resize(static_cast<std::size_t>(img.width) * img.height * 3);
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x)
      for (int k = 0; k < 3; ++k)
        img.rgb[(static_cast<std::size_t>(y) * img.width + x) * 3 + k] =
            rgba[(static_cast<std::size_t>(img.height - 1 - y) * img.width + x) * 4 + k];
  std::string png = encode_png(img);
  if (request == HelpUi::PngRequest::hook) {
    app.help.png_data_url = png_data_url(png);
    return "";
  }
  save_file_as(app, "Export the view as PNG", "view.png", png);
  return png;
}

std::string png_data_url(const std::string& png) {
  static const char* const k = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out = "data:image/png;base64,";
  out.reserve(out.size() + (png.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < png.size(); i += 3) {
    const std::uint32_t a = static_cast<unsigned char>(png[i]);
    const std::uint32_t b = i + 1 < png.size() ? static_cast<unsigned char>(png[i + 1]) : 0;
    const std::uint32_t c = i + 2 < png.size() ? static_cast<unsigned char>(png[i + 2]) : 0;
    const std::uint32_t v = (a << 16) | (b << 8) | c;
    out += k[(v >> 18) & 63];
    out += k[(v >> 12) & 63];
    out += i + 1 < png.size() ? k[(v >> 6) & 63] : '=';
    out += i + 2 < png.size() ? k[v & 63] : '=';
  }
  return out;
}

}  // namespace loadlab::app
