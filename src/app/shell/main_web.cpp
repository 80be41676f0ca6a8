// Browser entry point: Emscripten GLFW + WebGL2, driven by requestAnimationFrame.
//
// The page (web/index.html, web/loadlab.js) calls the exported loadlab_* functions below: to open
// a share link or an uploaded file, and for the test hook window.loadlab.state().
#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "app/shell/app_setup.h"
#include "app/loop/model_measure.h"
#include "app/shell/platform.h"
#include "app/shell/ui.h"
#include "app/loop/view.h"

namespace {

struct WebApp {
  GLFWwindow* window = nullptr;
  loadlab::app::App app;
  float dpr = 1.0f;
  double last = 0;
  double ui_ms = 0, ui_ms_max = 0;          // draw_frame + ImGui::Render (our CPU work per frame)
  double render_ms = 0, render_ms_max = 0;  // submitting the draw data to WebGL
  // Text the exported functions return: the page copies it before the next call.
  std::string clipboard, state_text, scenario_text, node_sim_text, stats_text;
};

// The page's one app (created in main, never destroyed: the main loop outlives main); the exported
// functions below reach it here.
WebApp* g_web = nullptr;

// clang-format off
EM_JS(double, js_canvas_css_width, (), { return Module.canvas.getBoundingClientRect().width; });
EM_JS(double, js_canvas_css_height, (), { return Module.canvas.getBoundingClientRect().height; });
EM_JS(double, js_device_pixel_ratio, (), { return window.devicePixelRatio || 1; });
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

void set_clipboard(void*, const char* text) { js_set_clipboard(text); }

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
  if (cw != width || ch != height) glfwSetWindowSize(w.window, width, height);
  if (std::fabs(dpr - w.dpr) > 0.01f) {
    w.dpr = dpr;
    w.app.ui_scale = dpr;
    loadlab::app::setup_style(dpr);
    ImGui_ImplOpenGL3_DestroyDeviceObjects();  // font atlas is rebuilt on the next NewFrame
  }
}

void frame(void* arg) {
  WebApp& w = *static_cast<WebApp*>(arg);
  fit_canvas(w);
  glfwPollEvents();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
  const double now = emscripten_get_now() / 1000.0;
  loadlab::app::draw_frame(w.app, static_cast<float>(now - w.last));
  w.last = now;
  ImGui::Render();
  const double t_ui = emscripten_get_now();
  w.ui_ms = t_ui - now * 1000.0;
  w.ui_ms_max = std::max(w.ui_ms_max, w.ui_ms);
  int fw, fh;
  glfwGetFramebufferSize(w.window, &fw, &fh);
  glViewport(0, 0, fw, fh);
  glClearColor(0.08f, 0.09f, 0.11f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  w.render_ms = emscripten_get_now() - t_ui;
  w.render_ms_max = std::max(w.render_ms_max, w.render_ms);
}

}  // namespace

extern "C" {

/// Opens scenario JSON text (an uploaded file or a decoded share link). Returns 1 on success.
EMSCRIPTEN_KEEPALIVE int loadlab_import_text(const char* text, const char* origin) {
  if (!g_web) return 0;
  return loadlab::app::app_import_text(g_web->app, text, origin) ? 1 : 0;
}

/// Shows an error from the page (e.g. a link that does not decompress) in the status line.
EMSCRIPTEN_KEEPALIVE void loadlab_report_error(const char* message) {
  if (g_web) loadlab::app::set_status(g_web->app.state, message, true);
}

/// The test hook's JSON: scenario, results, status, isolation and worker facts.
EMSCRIPTEN_KEEPALIVE const char* loadlab_state_json() {
  if (!g_web) return "{}";
  loadlab::io::Json j =
      loadlab::app::state_json(g_web->app.state, loadlab::app::platform_cross_origin_isolated());
  j["node_sim"] = loadlab::app::node_sim_json(g_web->app, true);
  // "Run on my machine" for loop scenarios: the last real-thread measurement.
  auto& runner = g_web->app.loop.runner;
  loadlab::io::Json lm = {{"busy", runner.busy()}};
  if (const auto& rep = runner.last()) {
    lm["threads"] = rep->threads;
    lm["error"] = rep->error;
    loadlab::io::Json rows = loadlab::io::Json::array();
    for (const auto& m : rep->rows)
      rows.push_back({{"algorithm", m.algorithm}, {"measured", m.measured}, {"predicted", m.predicted},
                      {"chunks", m.chunks}});
    lm["rows"] = rows;
  }
  j["loop_measure"] = lm;
  j["view_zoom"] = g_web->app.balance.view.zoom;
  std::string& text = g_web->state_text;
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
  if (g_web && g_web->app.state.kind == "loop") loadlab::app::start_loop_measurement(g_web->app);
}

/// Runs the current scenario on the worker thread.
EMSCRIPTEN_KEEPALIVE void loadlab_run() {
  if (g_web) loadlab::app::app_run(g_web->app);
}

/// Starts the node simulation of the current balance scenario (algorithm "" = default; speed in
/// supersteps per second, <= 0 = as fast as possible). Returns 1, or 0 with the reason in the
/// status line.
EMSCRIPTEN_KEEPALIVE int loadlab_node_sim_start(const char* algorithm, int threads, double speed,
                                                int paused) {
  if (!g_web) return 0;
  const std::string err =
      loadlab::app::node_sim_start(g_web->app, algorithm, threads, speed, paused != 0);
  if (!err.empty()) loadlab::app::set_status(g_web->app.state, "Node simulation: " + err, true);
  return err.empty() ? 1 : 0;
}

/// "pause", "resume", "step", "reset" or "off". Returns 1 if the command is known.
EMSCRIPTEN_KEEPALIVE int loadlab_node_sim_command(const char* command) {
  return g_web && loadlab::app::node_sim_command(g_web->app, command) ? 1 : 0;
}

/// Supersteps per second (<= 0 = as fast as possible).
EMSCRIPTEN_KEEPALIVE void loadlab_node_sim_speed(double supersteps_per_second) {
  if (g_web) loadlab::app::node_sim_set_speed(g_web->app, supersteps_per_second);
}

/// The node simulation's state alone (cheap to poll); with_loads adds final_loads once finished.
EMSCRIPTEN_KEEPALIVE const char* loadlab_node_sim_json(int with_loads) {
  if (!g_web) return "{}";
  std::string& text = g_web->node_sim_text;
  text = loadlab::app::node_sim_json(g_web->app, with_loads != 0).dump();
  return text.c_str();
}

/// Per-frame CPU time of the main thread (ms): building the UI (draw_frame + ImGui::Render) and
/// submitting it to WebGL, last frame and maximum since the previous call (which resets them).
EMSCRIPTEN_KEEPALIVE const char* loadlab_frame_stats_json() {
  if (!g_web) return "{}";
  std::string& text = g_web->stats_text;
  text = loadlab::io::Json{{"ui", g_web->ui_ms}, {"ui_max", g_web->ui_ms_max},
                           {"render", g_web->render_ms}, {"render_max", g_web->render_ms_max}}
             .dump();
  g_web->ui_ms_max = g_web->render_ms_max = 0;
  return text.c_str();
}

/// Selects the communication step the network view shows.
EMSCRIPTEN_KEEPALIVE void loadlab_set_step(int step) {
  if (g_web) g_web->app.state.step = step;
}

}  // extern "C"

int main() {
  if (!glfwInit()) return 1;
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  g_web = new WebApp;
  WebApp& web = *g_web;
  web.window = glfwCreateWindow(static_cast<int>(js_canvas_css_width()),
                                static_cast<int>(js_canvas_css_height()), "LoadLab", nullptr, nullptr);
  if (!web.window) return 1;
  glfwMakeContextCurrent(web.window);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // never write imgui.ini in the browser
  ImGui_ImplGlfw_InitForOpenGL(web.window, true);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  io.SetClipboardTextFn = set_clipboard;
  io.GetClipboardTextFn = get_clipboard;
  web.dpr = 0;  // forces setup_style on the first frame
  fit_canvas(web);

  // The page opens a share link (if any) after main returns; until then show Wu's Example 3.
  loadlab::app::app_load_scenario(web.app, loadlab::app::default_scenario(), "the default scenario");
  web.last = emscripten_get_now() / 1000.0;
  emscripten_set_main_loop_arg(frame, &web, 0, false);
  return 0;
}
