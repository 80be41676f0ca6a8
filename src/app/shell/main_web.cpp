// Browser entry point: Emscripten GLFW + WebGL2, driven by requestAnimationFrame.
//
// The page (web/index.html, web/loadlab.js) calls the exported loadlab_* functions below: to open
// a share link or an uploaded file, and for the test hook window.loadlab.state().
#include <GLFW/glfw3.h>

#include <emscripten.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>
#include <cstdlib>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include "app/partition/mesh_renderer.h"
#include "app/shell/app_setup.h"
#include "app/shell/export_actions.h"
#include "app/shell/imgui_batched_renderer.h"
#include "app/shell/live_update.h"
#include "app/shell/load_file_button.h"
#include "app/shell/model_input.h"
#include "app/shell/model_narration.h"
#include "app/shell/panel_lessons.h"
#include "app/shell/platform.h"
#include "app/shell/platform_glfw.h"
#include "app/shell/registry.h"
#include "app/shell/session.h"
#include "app/shell/shortcuts.h"
#include "app/shell/theme.h"
#include "app/shell/ui.h"
#include "app/widgets/gl_program.h"
#include "app/widgets/markdown_images.h"
#include "app/widgets/number_field.h"
#include "app/widgets/text_boxes.h"
#include "io/presets.h"
#include "io/scenario.h"

namespace {

struct WebApp {
  GLFWwindow* window = nullptr;
  loadlab::app::App app;
  float dpr = 1.0f;
  double last = 0;
  double ui_ms = 0, ui_ms_max = 0;          // draw_frame + ImGui::Render (our CPU work per frame)
  double render_ms = 0, render_ms_max = 0;  // submitting the draw data to WebGL
  // Frames drawn (submitted to WebGL) and frames left out because they would draw the same
  // picture as the last drawn one (frame_key); the UI is built every frame either way.
  long long drawn = 0, skipped = 0;
  std::uint64_t drawn_key = 0;
  bool redraw_always = false;  // loadlab_redraw_always: draw every frame, as before
  // loadlab_stock_imgui_renderer: Dear ImGui's own OpenGL 3 backend (a draw call per command)
  // instead of the batched one, to compare; redraw_once draws the next frame whatever its key.
  bool stock_renderer = false, redraw_once = false;
  // Text the exported functions return: the page copies it before the next call.
  std::string clipboard, state_text, summary_text, scenario_text, node_sim_text, stats_text,
      export_text;
};

// The page's one app (created in main, never destroyed: the main loop outlives main); the exported
// functions below reach it here.
WebApp* g_web = nullptr;

// clang-format off
EM_JS(double, js_canvas_css_width, (), { return Module.canvas.getBoundingClientRect().width; });
EM_JS(double, js_canvas_css_height, (), { return Module.canvas.getBoundingClientRect().height; });
EM_JS(double, js_device_pixel_ratio, (), { return window.devicePixelRatio || 1; });
// glfwSetWindowSize in Emscripten's GLFW requests fullscreen when the size equals the screen's
// (a browser in F11 fullscreen, or a 1920x1080 window on a 1920x1080 screen): the request is
// refused without a user gesture ("Permissions check failed", every frame) and the canvas never
// resizes. Resize the canvas as its non-fullscreen branch does, and tell GLFW the new size.
EM_JS(void, js_set_canvas_size, (int w, int h), {
  Browser.setCanvasSize(w, h);
  if (GLFW.active) { GLFW.active.width = w; GLFW.active.height = h; }
});
// A share link (#...) the page will open once main has returned.
EM_JS(int, js_has_link, (), { return location.hash.length > 1 ? 1 : 0; });
// Keeps the address bar in step with the scenario and its view.
EM_JS(void, js_replace_link, (const char* json), { window.loadlabShare.replaceLink(UTF8ToString(json)); });
// Wheel events reach C++ with their deltaMode (GLFW's scroll callback drops it and passes raw
// pixels); Ctrl+wheel and Ctrl+= / Ctrl+- / Ctrl+0 are the app's zoom and UI scale, not the page's
// (Cmd+= on a Mac still zooms the page: devicePixelRatio follows, and so does the UI).
EM_JS(void, js_install_input, (), {
  Module.canvas.addEventListener("wheel", (e) => {
    Module._loadlab_input_wheel(e.deltaX, e.deltaY, e.deltaMode);
    e.preventDefault();
  }, { passive: false, capture: true });
  window.addEventListener("keydown", (e) => {
    if (e.ctrlKey && ["=", "+", "-", "_", "0", "s"].includes(e.key)) e.preventDefault();  // Ctrl+S: File > Save
  }, true);
});
EM_JS(void, js_set_clipboard, (const char* text), {
  const t = UTF8ToString(text);
  window.loadlabShare.clipboardText = t;
  if (navigator.clipboard) navigator.clipboard.writeText(t).catch(() => {});
});
EM_JS(const char*, js_get_clipboard, (), {
  const t = window.loadlabShare.clipboardText || "";
  const n = lengthBytesUTF8(t) + 1;
  const p = _malloc(n);
  stringToUTF8(t, p, n);
  return p;
});
// clang-format on

void set_clipboard(void*, const char* text) {
  js_set_clipboard(text);
}

const char* get_clipboard(void*) {
  const char* p = js_get_clipboard();
  g_web->clipboard = p;
  free(const_cast<char*>(p));
  return g_web->clipboard.c_str();
}

// Keeps the canvas backing store at CSS size x devicePixelRatio; the UI is scaled by the ratio
// instead of letting the browser stretch a low-resolution canvas.
void fit_canvas(WebApp& w) {
  const float dpr = static_cast<float>(js_device_pixel_ratio());
  const int width = std::max(1, static_cast<int>(std::lround(js_canvas_css_width() * dpr)));
  const int height = std::max(1, static_cast<int>(std::lround(js_canvas_css_height() * dpr)));
  int cw = 0, ch = 0;
  glfwGetWindowSize(w.window, &cw, &ch);
  if (cw != width || ch != height) js_set_canvas_size(width, height);
  w.dpr = dpr;
  // devicePixelRatio x View > UI scale; the font atlas is rebuilt at that size when it changes.
  // ... x the window's growth (model_theme.h): bigger text on a 1920 x 1080 or 4K window.
  loadlab::app::apply_ui_scale(w.app, dpr, static_cast<float>(js_canvas_css_width()),
                               static_cast<float>(js_canvas_css_height()));
}

// What a frame would draw: ImGui's draw data (vertices, indices, commands with their clip
// rectangles, textures and callbacks, the display size) and the GL canvases' content key
// (widgets/gl_program.h). Equal keys draw the same pixels.
std::uint64_t frame_key(const ImDrawData* dd, std::uint64_t canvases) {
  std::uint64_t h = 0x9E3779B97F4A7C15ull ^ canvases;
  auto mix = [&h](std::uint64_t w) {
    h = (h ^ w) * 0xFF51AFD7ED558CCDull;
    h ^= h >> 32;
  };
  auto mix_bytes = [&mix](const void* p, std::size_t n) {
    const auto* b = static_cast<const unsigned char*>(p);
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      std::uint64_t w;
      std::memcpy(&w, b + i, 8);
      mix(w);
    }
    std::uint64_t tail = n;
    for (; i < n; ++i) tail = tail << 8 | b[i];
    mix(tail);
  };
  const float display[] = {dd->DisplayPos.x,  dd->DisplayPos.y,       dd->DisplaySize.x,
                           dd->DisplaySize.y, dd->FramebufferScale.x, dd->FramebufferScale.y};
  mix_bytes(display, sizeof display);
  for (int n = 0; n < dd->CmdListsCount; ++n) {
    const ImDrawList* list = dd->CmdLists[n];
    mix_bytes(list->VtxBuffer.Data,
              static_cast<std::size_t>(list->VtxBuffer.Size) * sizeof(ImDrawVert));
    mix_bytes(list->IdxBuffer.Data,
              static_cast<std::size_t>(list->IdxBuffer.Size) * sizeof(ImDrawIdx));
    for (const ImDrawCmd& c : list->CmdBuffer) {
      const float clip[] = {c.ClipRect.x, c.ClipRect.y, c.ClipRect.z, c.ClipRect.w};
      mix_bytes(clip, sizeof clip);
      mix(reinterpret_cast<std::uintptr_t>(c.TextureId));
      mix(static_cast<std::uint64_t>(c.VtxOffset) << 32 | c.IdxOffset);
      mix(c.ElemCount);
      mix(reinterpret_cast<std::uintptr_t>(c.UserCallback));
      mix(reinterpret_cast<std::uintptr_t>(c.UserCallbackData));
    }
  }
  return h;
}

void frame(void* arg) {
  WebApp& w = *static_cast<WebApp*>(arg);
  fit_canvas(w);
  glfwPollEvents();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  loadlab::app::input_feed_frame();  // queued input: at most one press/release per button a frame
  ImGui::NewFrame();
  loadlab::app::input_count_frame();
  loadlab::app::handle_shortcuts(w.app);
  const double now = emscripten_get_now() / 1000.0;
  loadlab::app::draw_frame(w.app, static_cast<float>(now - w.last));
  if (loadlab::app::link_sync_due(w.app, now))
    js_replace_link(loadlab::app::shared_link_document(w.app).dump().c_str());
  w.last = now;
  ImGui::Render();
  const double t_ui = emscripten_get_now();
  w.ui_ms = t_ui - now * 1000.0;
  w.ui_ms_max = std::max(w.ui_ms_max, w.ui_ms);
  // SwiftShader (software WebGL) spends tens of ms filling and compositing a 1280 x 800 canvas:
  // a frame that would draw what the canvas already shows is not drawn (the browser keeps showing
  // the last one). A PNG of the view is read from a drawn frame.
  const std::uint64_t key = frame_key(ImGui::GetDrawData(), loadlab::app::gl_canvas_content_take());
  const bool png_due = w.app.help.png_request != loadlab::app::HelpUi::PngRequest::none;
  if (w.drawn > 0 && key == w.drawn_key && !png_due && !w.redraw_always && !w.redraw_once) {
    ++w.skipped;
    return;
  }
  w.drawn_key = key;
  w.redraw_once = false;
  ++w.drawn;
  int fw, fh;
  glfwGetFramebufferSize(w.window, &fw, &fh);
  glViewport(0, 0, fw, fh);
  // Cleared to the windows' background: the batched renderer then leaves out the windows'
  // background rectangles, which tile the page (shell/model_draw_fills.h; e2e_render compares the
  // pixels with Dear ImGui's backend over the former clear colour).
  const ImU32 window_bg = ImGui::GetColorU32(ImGuiCol_WindowBg);
  const bool clear_to_bg = !w.stock_renderer && (window_bg >> IM_COL32_A_SHIFT) == 0xFF;
  if (clear_to_bg)
    glClearColor(static_cast<float>(window_bg & 0xFF) / 255.0f,
                 static_cast<float>((window_bg >> 8) & 0xFF) / 255.0f,
                 static_cast<float>((window_bg >> 16) & 0xFF) / 255.0f, 1.0f);
  else
    glClearColor(0.08f, 0.09f, 0.11f, 1.0f);
  glDisable(GL_SCISSOR_TEST);
  glClear(GL_COLOR_BUFFER_BIT);
  // SwiftShader spends 2-3 ms per draw call at this size, however small the call: ImGui's
  // commands go out in a few draw calls (shell/model_draw_batches.h).
  if (w.stock_renderer ||
      !loadlab::app::imgui_batched_render(ImGui::GetDrawData(), clear_to_bg ? &window_bg : nullptr))
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  // A PNG of the view is read here, while the frame is still in the drawing buffer.
  loadlab::app::read_requested_view_png(w.app, ImGui::GetIO().DisplayFramebufferScale.x);
  w.render_ms = emscripten_get_now() - t_ui;
  w.render_ms_max = std::max(w.render_ms_max, w.render_ms);
}

}  // namespace

extern "C" {

/// Starts opening scenario JSON text (an uploaded file or a decoded share link) on the worker.
/// Returns the request id (> 0) for loadlab_open_result, or 0.
EMSCRIPTEN_KEEPALIVE int loadlab_import_text(const char* text, const char* origin) {
  if (!g_web) return 0;
  return loadlab::app::app_import_text(g_web->app, text, origin);
}

/// Request `id` of loadlab_import_text: -1 while it is parsed, 1 once installed, 0 if it was
/// refused (the status line names the field), cancelled or superseded.
EMSCRIPTEN_KEEPALIVE int loadlab_open_result(int id) {
  return g_web ? g_web->app.opener.result_of(id) : 0;
}

/// Shows an error from the page (e.g. a link that does not decompress) in the status line, where
/// it stays until dismissed or another scenario is opened (a run finishing does not hide it).
EMSCRIPTEN_KEEPALIVE void loadlab_report_error(const char* message) {
  if (!g_web) return;
  loadlab::app::set_status(g_web->app.state, message, true);
  g_web->app.state.status_pinned = true;
}

/// Stops the module as a crash would (std::abort), so a test can check what the page then shows.
EMSCRIPTEN_KEEPALIVE void loadlab_test_abort() {
  std::abort();
}

/// Keeps the current error in the status line until dismissed (a link whose scenario was refused).
EMSCRIPTEN_KEEPALIVE void loadlab_pin_status() {
  if (g_web && g_web->app.state.status_is_error) g_web->app.state.status_pinned = true;
}

/// Dismisses a pinned error (the status line's "Dismiss" button does the same).
EMSCRIPTEN_KEEPALIVE void loadlab_dismiss_status() {
  if (!g_web) return;
  g_web->app.state.status_pinned = false;
  loadlab::app::set_status(g_web->app.state, "");
}

/// The page has opened (or refused) its own link: from now on the address bar follows the scenario.
EMSCRIPTEN_KEEPALIVE void loadlab_link_sync_enable() {
  if (g_web) g_web->app.link.sync.enable();
}

/// Test hook: sets the scenario value at JSON `pointer` (value as JSON text) through the current
/// kind's form rules (live_update.h). Returns the open's request id, or 0 (reason in the status).
EMSCRIPTEN_KEEPALIVE int loadlab_set_field(const char* pointer, const char* value_json) {
  if (!g_web) return 0;
  try {
    return loadlab::app::form_set_field(g_web->app, pointer, loadlab::io::Json::parse(value_json));
  } catch (const std::exception& e) {
    loadlab::app::set_status(g_web->app.state, std::string("setField: ") + e.what(), true);
    return 0;
  }
}

/// Test hook: the results table as "tsv" | "csv" (header + one line per result) or the results
/// document as "json"; "" (reason in the status line) for another format.
EMSCRIPTEN_KEEPALIVE const char* loadlab_export_results(const char* format) {
  if (!g_web) return "";
  try {
    g_web->export_text = loadlab::app::results_export_text(g_web->app, format);
  } catch (const std::exception& e) {
    loadlab::app::set_status(g_web->app.state, e.what(), true);
    g_web->export_text.clear();
  }
  return g_web->export_text.c_str();
}

/// Test hook: the selected result's picture as SVG text, or "" (reason in the status line).
EMSCRIPTEN_KEEPALIVE const char* loadlab_export_view_svg() {
  if (!g_web) return "";
  try {
    g_web->export_text = loadlab::app::view_export_svg(g_web->app).to_svg();
  } catch (const std::exception& e) {
    loadlab::app::set_status(g_web->app.state, std::string("Export SVG: ") + e.what(), true);
    g_web->export_text.clear();
  }
  return g_web->export_text.c_str();
}

/// Test hook: asks for a PNG of the view from the next rendered frame (loadlab_view_png has it).
EMSCRIPTEN_KEEPALIVE void loadlab_request_view_png() {
  if (!g_web) return;
  g_web->app.help.png_data_url.clear();
  g_web->app.help.png_request = loadlab::app::HelpUi::PngRequest::hook;
}

/// The PNG asked for by loadlab_request_view_png as a data URL, "" until it has been read.
EMSCRIPTEN_KEEPALIVE const char* loadlab_view_png() {
  return g_web ? g_web->app.help.png_data_url.c_str() : "";
}

/// Test hook: form_set_field as a user's edit, applied after the typing pause (live_update.h).
/// 1 = queued, 0 = refused (reason in the status line).
EMSCRIPTEN_KEEPALIVE int loadlab_edit_field(const char* pointer, const char* value_json) {
  if (!g_web) return 0;
  try {
    return loadlab::app::form_edit_field(g_web->app, pointer, loadlab::io::Json::parse(value_json))
               ? 1
               : 0;
  } catch (const std::exception& e) {
    loadlab::app::set_status(g_web->app.state, std::string("editField: ") + e.what(), true);
    return 0;
  }
}

/// What a share link carries now: the scenario with its visible view state in "ui".
EMSCRIPTEN_KEEPALIVE const char* loadlab_link_json() {
  if (!g_web) return "{}";
  std::string& text = g_web->scenario_text;
  text = loadlab::app::shared_link_document(g_web->app).dump();
  return text.c_str();
}

/// The test hook's JSON: scenario, results, status, isolation and worker facts.
EMSCRIPTEN_KEEPALIVE const char* loadlab_state_json() {
  if (!g_web) return "{}";
  loadlab::io::Json j =
      loadlab::app::state_json(g_web->app.state, loadlab::app::platform_cross_origin_isolated());
  // Each kind's own facts: the network view's mapping and the node simulation, "Run on my
  // machine", the real-thread runs, the Adversary tab, ... (KindModule::test_state).
  for (const auto* m : loadlab::app::kind_modules()) m->test_state(g_web->app, j, true);
  // The visible step's caption under the view ("" when the view narrates nothing).
  j["narration"] = loadlab::app::narration_caption(g_web->app);
  j["narration_line"] = loadlab::app::narration_highlighted_line(g_web->app);
  {  // help for newcomers (shell/panel_help.h).
    const auto& h = g_web->app.help;
    j["welcome_open"] = h.welcome_open;
    j["help_open"] = h.help_open;
    j["help_kind"] = h.help_kind;
    j["help_topic"] = h.help_topic;
    j["guide_open"] = h.guide_open;
    j["guide_title"] = h.guide_open ? loadlab::app::user_guide_title() : std::string();
    const auto pictures = loadlab::app::markdown_image_counts();
    j["guide_images"] = {{"drawn", h.guide_open ? h.guide_images_drawn : 0},
                         {"ready", pictures.ready},
                         {"failed", pictures.failed}};
    j["selected_result"] = g_web->app.state.selected_result;
    j["results_visible"] = h.results_visible;
    j["results_table"] = h.results_table;
    j["json_error_line"] = h.json_error_line;
    loadlab::io::Json gallery = loadlab::io::Json::array();
    for (const auto& p : loadlab::io::presets())
      gallery.push_back({{"preset", p.name}, {"label", loadlab::app::example_label(p)}});
    j["gallery"] = gallery;
  }
  // Canvas pixels = CSS pixels x display_scale, the UI scale and what ImGui saw of clicks.
  j["display_scale"] = g_web->dpr;
  j["ui_scale"] = g_web->app.ui_scale;
  j["ui_scale_user"] = g_web->app.ui_scale_user;
  // The look: the UI font's family, the title as shown, the theme, and the text boxes of the last
  // frame that collide or are cut (widgets/text_boxes.h; 0 is the goal for every view).
  j["font"] = loadlab::app::ui_font_name();
  // The main view window in CSS pixels (x0, y0, x1, y1): what pixel checks sample.
  const float* vb = g_web->app.help.view_box;
  j["view_box"] = {vb[0] / g_web->dpr, vb[1] / g_web->dpr, vb[2] / g_web->dpr, vb[3] / g_web->dpr};
  const float* rb = g_web->app.help.results_box;  // the results pane, and the caption strip open
  j["results_box"] = {rb[0] / g_web->dpr, rb[1] / g_web->dpr, rb[2] / g_web->dpr,
                      rb[3] / g_web->dpr};
  j["caption_open"] = g_web->app.help.caption_open;
  // The Run (or Cancel) button in CSS pixels (x0, y0, x1, y1), pinned under the form.
  if (const auto& hb = g_web->app.help; hb.run_button_frame >= ImGui::GetFrameCount() - 1)
    j["run_button"] = {{"label", hb.run_button_label},
                       {"box",
                        {hb.run_button_box[0] / g_web->dpr, hb.run_button_box[1] / g_web->dpr,
                         hb.run_button_box[2] / g_web->dpr, hb.run_button_box[3] / g_web->dpr}}};
  // The scenario panel's width in CSS pixels (dragging its right edge resizes it).
  j["scenario_panel_width"] = g_web->app.left_width_units * g_web->app.ui_scale / g_web->dpr;
  j["title"] = loadlab::app::scenario_title(g_web->app);
  j["theme"] = loadlab::app::theme_name(loadlab::app::current_theme());
  j["developer_overlay"] = g_web->app.developer_overlay;
  j["banner"] = loadlab::app::banner_visible(g_web->app);
  {
    const auto boxes = loadlab::app::last_frame_text_boxes();
    int problems = 0;
    loadlab::io::Json where = loadlab::io::Json::array();
    for (const auto& b : boxes) {
      if (!b.overlaps && !b.clipped) continue;
      ++problems;
      if (where.size() < 40)
        where.push_back(
            {{"box", {b.x0, b.y0, b.x1, b.y1}}, {"overlaps", b.overlaps}, {"clipped", b.clipped}});
    }
    j["text_overlaps"] = problems;
    j["text_boxes"] = boxes.size();
    // Text drawn inside a form slider's frame, where the grab would cover it (0: the number box
    // beside the slider shows the value).
    int in_sliders = 0;
    for (const auto& b : boxes)
      for (const auto& f : loadlab::app::number_field_boxes())
        if (f.slider[2] > f.slider[0] && b.x0 < f.slider[2] && b.x1 > f.slider[0] &&
            b.y0 < f.slider[3] && b.y1 > f.slider[1]) {
          ++in_sliders;
          break;
        }
    j["text_in_sliders"] = in_sliders;
    j["sliders"] = loadlab::app::number_field_boxes().size();
    j["text_problems"] = where;
  }
  j["input"] = {{"clicks", loadlab::app::input_counters().clicks},
                {"releases", loadlab::app::input_counters().releases},
                {"pending", loadlab::app::input_queue().pending()}};
  j["busy"] = g_web->app.opener.busy() || g_web->app.jobs.busy();  // opening or running
  j["opening"] = g_web->app.opener.busy();
  j["runs_started"] = g_web->app.runs_started;
  j["runs_cancelled"] = g_web->app.runs_cancelled;
  j["last_run"] = g_web->app.last_run;  // "none" | "running" | "done" | "failed" | "cancelled"
  j["edit_pending"] = g_web->app.link.edit_pending;  // a form edit waiting for the typing pause
  {  // the forms' number boxes (widgets/number_field.h): where they are, which one has the keyboard
    loadlab::io::Json boxes = loadlab::io::Json::array();
    for (const auto& b : loadlab::app::number_field_boxes())
      boxes.push_back({{"label", b.label}, {"box", {b.box[0], b.box[1], b.box[2], b.box[3]}}});
    j["number_fields"] = boxes;
    j["number_field_active"] = loadlab::app::number_field_active();
  }
  // Keyboard focus in a text field (shortcuts are off then) and where the JSON editor is, if it
  // was drawn in the last frame (screen pixels).
  j["text_input"] = ImGui::GetIO().WantTextInput;
  const auto& help = g_web->app.help;
  if (help.json_editor_frame >= ImGui::GetFrameCount() - 1)
    j["json_editor"] = {help.json_editor_box[0], help.json_editor_box[1], help.json_editor_box[2],
                        help.json_editor_box[3]};
  // the autosave and the undo of opens.
  j["autosave_available"] = loadlab::app::restore_available(g_web->app);
  j["undo_available"] = loadlab::app::undo_available(g_web->app);
  j["autosave"] = {{"saves", g_web->app.session.autosaver.saves()},
                   {"stored_bytes", g_web->app.session.autosaver.stored_bytes()},
                   {"limit", g_web->app.session.autosaver.limit()},
                   {"undo_depth", g_web->app.session.undo.depth()}};
  std::string& text = g_web->state_text;
  text = j.dump();
  return text.c_str();
}

/// The test hook's small state (summary_json) plus whether a scenario is opening or running.
EMSCRIPTEN_KEEPALIVE const char* loadlab_summary_json() {
  if (!g_web) return "{}";
  loadlab::io::Json j = loadlab::app::summary_json(g_web->app.state);
  loadlab::app::kinds_summary(g_web->app, j);  // a network's node count, a graph's task count
  j["busy"] = g_web->app.opener.busy() || g_web->app.jobs.busy();
  j["opening"] = g_web->app.opener.busy();
  std::string& text = g_web->summary_text;
  text = j.dump();
  return text.c_str();
}

/// The current scenario as compact JSON (for the page's "copy link").
EMSCRIPTEN_KEEPALIVE const char* loadlab_scenario_json() {
  if (!g_web) return "{}";
  std::string& text = g_web->scenario_text;
  text = g_web->app.state.scenario.dump();
  return text.c_str();
}

/// Starts "Run on my machine" for the current loop scenario (real threads on a worker).
EMSCRIPTEN_KEEPALIVE void loadlab_loop_measure() {
  if (g_web) loadlab::app::kind_command(g_web->app, "measure");  // the loop kind's, when shown
}

/// Runs the current dynamic scenario's shared-memory strategies on real threads ("Real threads"
/// tab; workload "scenario", "uts_geometric" or "uts_binomial"). Returns 1 if started.
EMSCRIPTEN_KEEPALIVE int loadlab_dynamic_threads(const char* workload, int threads) {
  if (!g_web) return 0;
  const auto out = loadlab::app::kind_command(g_web->app, "threads",
                                              {{"workload", workload}, {"threads", threads}});
  return out && out->is_boolean() && out->get<bool>() ? 1 : 0;
}

/// The dag view's Adversary tab: "start", "cancel", "open_worst", "pairwise", as its
/// buttons. Returns 1 if done or started.
EMSCRIPTEN_KEEPALIVE int loadlab_adversary(const char* command) {
  if (!g_web) return 0;
  const auto out = loadlab::app::kind_command(g_web->app, "adversary", {{"command", command}});
  return out && out->is_boolean() && out->get<bool>() ? 1 : 0;
}

/// View > Papers' experiments and claims: "open", "close", "run" (paper "flb" | "wu" | "loops" |
/// "dlt", size "quick" | "full") or "cancel". Returns 1 if done or started; state().experiments.
EMSCRIPTEN_KEEPALIVE int loadlab_experiments(const char* command, const char* paper,
                                             const char* size) {
  if (!g_web) return 0;
  const auto out = loadlab::app::kind_command(
      g_web->app, "experiments", {{"command", command}, {"paper", paper}, {"size", size}});
  return out && out->is_boolean() && out->get<bool>() ? 1 : 0;
}

/// Runs the current scenario on the worker thread.
EMSCRIPTEN_KEEPALIVE void loadlab_run() {
  if (g_web) loadlab::app::app_run(g_web->app);
}

/// A load file picked in the browser (or given by the test hook) for the current kind's "Loads from
/// file..." (shell/load_file_button.h); the form reads it in the next frame.
EMSCRIPTEN_KEEPALIVE void loadlab_load_file(const char* text, const char* name) {
  if (g_web) loadlab::app::load_file_deliver(g_web->app.state.kind, text, name);
}

/// Cancels the running scenario run, as the Cancel button does.
EMSCRIPTEN_KEEPALIVE void loadlab_cancel() {
  if (g_web) loadlab::app::app_cancel_run(g_web->app);
}

/// Starts the node simulation of the current balance scenario (algorithm "" = default; speed in
/// supersteps per second, <= 0 = as fast as possible). Returns 1, or 0 with the reason in the
/// status line.
EMSCRIPTEN_KEEPALIVE int loadlab_node_sim_start(const char* algorithm, int threads, double speed,
                                                int paused) {
  if (!g_web) return 0;
  const auto out = loadlab::app::kind_command(
      g_web->app, "node_sim_start",
      {{"algorithm", algorithm}, {"threads", threads}, {"speed", speed}, {"paused", paused != 0}});
  const std::string err = out && out->is_string() ? out->get<std::string>() : "no such command";
  if (!err.empty()) loadlab::app::set_status(g_web->app.state, "Node simulation: " + err, true);
  return err.empty() ? 1 : 0;
}

/// "pause", "resume", "step", "reset" or "off". Returns 1 if the command is known.
EMSCRIPTEN_KEEPALIVE int loadlab_node_sim_command(const char* command) {
  if (!g_web) return 0;
  const auto out =
      loadlab::app::kind_command(g_web->app, "node_sim_command", {{"command", command}});
  return out && out->is_boolean() && out->get<bool>() ? 1 : 0;
}

/// Supersteps per second (<= 0 = as fast as possible).
EMSCRIPTEN_KEEPALIVE void loadlab_node_sim_speed(double supersteps_per_second) {
  if (g_web)
    loadlab::app::kind_command(g_web->app, "node_sim_speed", {{"speed", supersteps_per_second}});
}

/// The node simulation's state alone (cheap to poll); with_loads adds final_loads once finished.
EMSCRIPTEN_KEEPALIVE const char* loadlab_node_sim_json(int with_loads) {
  if (!g_web) return "{}";
  std::string& text = g_web->node_sim_text;
  const auto out =
      loadlab::app::kind_command(g_web->app, "node_sim_json", {{"with_loads", with_loads != 0}});
  text = out ? out->dump() : "{}";
  return text.c_str();
}

/// Per-frame CPU time of the main thread (ms): building the UI (draw_frame + ImGui::Render) and
/// submitting it to WebGL (last drawn frame), last frame and maximum since the previous call
/// (which resets them); "drawn" and "skipped" count the frames drawn and those not drawn because
/// they would have drawn the same picture as the last drawn one.
EMSCRIPTEN_KEEPALIVE const char* loadlab_frame_stats_json() {
  if (!g_web) return "{}";
  std::string& text = g_web->stats_text;
  const loadlab::app::ImGuiBatchStats b = loadlab::app::imgui_batched_stats();
  // draw_calls / commands / vertices: the last drawn frame's ImGui part (commands = the draw
  // calls of Dear ImGui's own backend; 0 draw calls while that backend draws, to compare).
  text = loadlab::io::Json{{"ui", g_web->ui_ms},
                           {"ui_max", g_web->ui_ms_max},
                           {"render", g_web->render_ms},
                           {"render_max", g_web->render_ms_max},
                           {"drawn", g_web->drawn},
                           {"skipped", g_web->skipped},
                           {"draw_calls", g_web->stock_renderer ? 0 : b.draw_calls},
                           {"commands", b.commands},
                           {"vertices", b.vertices},
                           {"fills", g_web->stock_renderer ? 0 : b.fills},
                           {"fills_dropped", g_web->stock_renderer ? 0 : b.fills_dropped},
                           {"fills_in_place", g_web->stock_renderer ? 0 : b.fills_in_place}}
             .dump();
  g_web->ui_ms_max = g_web->render_ms_max = 0;
  return text.c_str();
}

/// 1: Dear ImGui's own OpenGL 3 backend draws the UI (one draw call per command, to compare);
/// 0: the default, the batched renderer. The next frame is drawn either way.
EMSCRIPTEN_KEEPALIVE void loadlab_stock_imgui_renderer(int on) {
  if (!g_web) return;
  g_web->stock_renderer = on != 0;
  g_web->redraw_once = true;
}

/// 1: the batched renderer draws ImGui's large opaque rectangles as clears (the default); 0: as
/// triangles, to compare (shell/model_draw_fills.h). The next frame is drawn either way.
EMSCRIPTEN_KEEPALIVE void loadlab_imgui_fills(int on) {
  if (!g_web) return;
  loadlab::app::imgui_batched_set_fills(on != 0);
  g_web->redraw_once = true;
}

/// 1: the partition view draws a dense mesh as one texture (the default); 0: as point sprites, to
/// compare (partition/mesh_renderer.h). The next frame is drawn either way.
EMSCRIPTEN_KEEPALIVE void loadlab_mesh_texture(int on) {
  if (!g_web) return;
  loadlab::app::mesh_renderer_set_texture(on != 0);
  g_web->redraw_once = true;
}

/// 1: draw every frame even when it would draw the picture already shown (to compare); 0: the
/// default, such frames are left out.
EMSCRIPTEN_KEEPALIVE void loadlab_redraw_always(int on) {
  if (g_web) g_web->redraw_always = on != 0;
}

/// A browser wheel event (WheelEvent deltaX/deltaY/deltaMode), normalized once here to ImGui wheel
/// units (one notch = 1, wheel up = +1, as GLFW on the desktop) and queued.
EMSCRIPTEN_KEEPALIVE void loadlab_input_wheel(double dx, double dy, int mode) {
  loadlab::app::input_queue().push_wheel(loadlab::app::wheel_units_from_dom(dx, mode),
                                         loadlab::app::wheel_units_from_dom(dy, mode));
}

/// Selects the communication step the network view shows; in the kinds with a narration player
/// (dynamic, partition, os, loop, dlt), narration step `step` (0-based).
EMSCRIPTEN_KEEPALIVE void loadlab_set_step(int step) {
  if (g_web) loadlab::app::kind_command(g_web->app, "set_step", {{"step", step}});
}

/// Opens a gallery example as its button does. Returns 1 if the preset exists.
EMSCRIPTEN_KEEPALIVE int loadlab_open_example(const char* preset) {
  return g_web && loadlab::app::open_example(g_web->app, preset) ? 1 : 0;
}

/// Opens step `step` of paper lesson `name` (unless shown) and returns its comparison as JSON:
/// {"paper", "here", "agree", "line", "differs", "ready", ...} (shell/panel_lessons.h).
EMSCRIPTEN_KEEPALIVE const char* loadlab_lesson(const char* name, int step) {
  static std::string text;
  text = g_web ? loadlab::app::lesson_hook(g_web->app, name, step).dump()
               : std::string("{\"error\":\"not started\"}");
  return text.c_str();
}

/// "dismiss" closes the welcome panel as its close button does (remembered); "open" shows it.
EMSCRIPTEN_KEEPALIVE void loadlab_welcome(const char* action) {
  if (!g_web) return;
  if (std::string(action) == "open")
    loadlab::app::open_welcome(g_web->app);
  else
    loadlab::app::dismiss_welcome(g_web->app);
}

/// Help > User guide, as the menu item does.
EMSCRIPTEN_KEEPALIVE void loadlab_open_guide() {
  if (g_web) loadlab::app::open_user_guide(g_web->app);
}

/// File > Restore last session (1 if there was one to restore).
EMSCRIPTEN_KEEPALIVE int loadlab_restore_last() {
  return g_web && loadlab::app::restore_last_session(g_web->app) ? 1 : 0;
}

/// Edit > Undo open (1 if there was an open to undo).
EMSCRIPTEN_KEEPALIVE int loadlab_undo_open() {
  return g_web && loadlab::app::undo_open(g_web->app) ? 1 : 0;
}

/// File > Save (a download of the scenario with its view).
EMSCRIPTEN_KEEPALIVE void loadlab_save() {
  if (g_web) loadlab::app::save_scenario(g_web->app);
}

/// writes a pending autosave now (the page is being hidden or closed).
EMSCRIPTEN_KEEPALIVE void loadlab_autosave_flush() {
  if (g_web) loadlab::app::session_flush(g_web->app);
}

/// Shows (1) or hides (0) the scenario JSON editor in its own large window, as its "large" box
/// does.
EMSCRIPTEN_KEEPALIVE void loadlab_json_editor(int large) {
  if (g_web) g_web->app.help.json_editor_large = large != 0;
}

}  // extern "C"

int main() {
  if (!glfwInit()) return 1;
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  // An opaque canvas without depth and stencil buffers (nothing here uses them): less for
  // SwiftShader to clear and for the compositor to blend per frame.
  glfwWindowHint(GLFW_ALPHA_BITS, 0);
  glfwWindowHint(GLFW_DEPTH_BITS, 0);
  glfwWindowHint(GLFW_STENCIL_BITS, 0);
  g_web = new WebApp;
  WebApp& web = *g_web;
  web.window =
      glfwCreateWindow(static_cast<int>(js_canvas_css_width()),
                       static_cast<int>(js_canvas_css_height()), "LoadLab", nullptr, nullptr);
  if (!web.window) return 1;
  glfwMakeContextCurrent(web.window);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // never write imgui.ini in the browser
  ImGui_ImplGlfw_InitForOpenGL(web.window, false);
  loadlab::app::input_install(web.window, false);  // wheel: js_install_input below
  js_install_input();
  loadlab::app::load_user_ui_scale(web.app);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  io.SetClipboardTextFn = set_clipboard;
  io.GetClipboardTextFn = get_clipboard;
  fit_canvas(web);

  // The page opens a share link (if any) after main returns; until then show Wu's Example 3, but
  // do not run it then: its results would replace a bad link's error.
  // without a link the autosave (if any) is restored instead, and the default example
  // runs only when nothing replaces it (session_start).
  loadlab::app::app_load_scenario_now(web.app, loadlab::app::default_scenario(),
                                      "the default scenario", false);
  loadlab::app::session_start(web.app, js_has_link() != 0);
  web.last = emscripten_get_now() / 1000.0;
  emscripten_set_main_loop_arg(frame, &web, 0, false);
  return 0;
}
