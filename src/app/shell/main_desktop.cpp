// Desktop entry point: GLFW window + OpenGL 3.3 core.
//
//   loadlab_app [--scenario FILE | --link URL] [--frames N --screenshot OUT.png] [--size WxH]
//               [--until FILE] [--state-out STATE.json] [--autosave]
//
// --frames/--screenshot render N frames (waiting for the first run to finish), save the window
// as PNG and exit 0: the smoke test under xvfb uses this. --until keeps rendering until FILE exists
// (a test drives the window with xdotool meanwhile); --state-out writes the state the browser's
// test hook shows (zoom, pan, clicks, step, UI scale) once the first run is done and again at exit.
// A file dropped on the window opens like File > Import (tests/desktop/desktop_drop.sh).
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>
#include <zlib.h>

#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "app/shell/app_setup.h"
#include "app/shell/export_actions.h"
#include "app/shell/model_narration.h"
#include "app/shell/platform.h"
#include "app/shell/platform_glfw.h"
#include "app/shell/registry.h"
#include "app/shell/session.h"
#include "app/shell/shortcuts.h"
#include "app/shell/ui.h"
#include "app/widgets/text_boxes.h"
#include "io/link_codec.h"

namespace {

// CPU time of the calling thread (POSIX), in milliseconds.
double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
}

// Minimal PNG writer (RGBA8, one IDAT, zlib from the system) for screenshots.
bool write_png(const std::string& path, int w, int h,
               const std::vector<unsigned char>& rgba_bottom_up) {
  std::vector<unsigned char> raw;
  raw.reserve(static_cast<std::size_t>(h) * (w * 4 + 1));
  for (int y = h - 1; y >= 0; --y) {  // GL rows start at the bottom
    raw.push_back(0);
    raw.insert(raw.end(), rgba_bottom_up.begin() + static_cast<std::ptrdiff_t>(y) * w * 4,
               rgba_bottom_up.begin() + static_cast<std::ptrdiff_t>(y + 1) * w * 4);
  }
  uLongf zlen = compressBound(static_cast<uLong>(raw.size()));
  std::vector<unsigned char> z(zlen);
  if (compress2(z.data(), &zlen, raw.data(), static_cast<uLong>(raw.size()), 6) != Z_OK)
    return false;
  z.resize(zlen);
  std::ofstream out(path, std::ios::binary);
  if (!out) return false;
  auto be32 = [](unsigned v) {
    return std::string{char(v >> 24), char(v >> 16), char(v >> 8), char(v)};
  };
  auto chunk = [&](const char* type, const std::string& data) {
    std::string body = std::string(type, 4) + data;
    out << be32(static_cast<unsigned>(data.size())) << body
        << be32(static_cast<unsigned>(crc32(0, reinterpret_cast<const Bytef*>(body.data()),
                                            static_cast<uInt>(body.size()))));
  };
  out.write("\x89PNG\r\n\x1a\n", 8);
  chunk("IHDR", be32(w) + be32(h) + std::string{8, 6, 0, 0, 0});
  chunk("IDAT", std::string(z.begin(), z.end()));
  chunk("IEND", "");
  return static_cast<bool>(out);
}

// files dropped on the window open like File > Import, undoable with Edit > Undo open
// (the browser does the same in web/loadlab.js). GLFW calls on_drop inside glfwPollEvents and
// frees the paths afterwards: the callback only copies them, the frame loop opens them.
struct Drops {
  std::vector<std::string> queued;  ///< paths of the drops since the last frame, in order
  std::size_t queued_files = 0;     ///< files in those drops (several drops may come in a frame)
  long files_dropped = 0;           ///< every file ever dropped (--state-out: files_dropped)
  int note_open_id = 0;             ///< the open whose outcome gets the several-files note
  std::string note, note_path;
};
Drops g_drops;  // GLFW callbacks are plain functions without a context pointer

void on_drop(GLFWwindow*, int count, const char** paths) {
  for (int i = 0; i < count; ++i)
    if (paths[i]) g_drops.queued.emplace_back(paths[i]);
  g_drops.queued_files += static_cast<std::size_t>(std::max(count, 0));
}

// Opens a scenario (or task graph, mesh) file on the worker like File > Import (menu_bar.cpp);
// a file that cannot be read or parsed leaves the current scenario as it is and the status line
// says why (platform_read_file refuses folders, FIFOs and oversized files by name). Returns the
// open's request id, 0 when the file was not even read.
int open_file(loadlab::app::App& app, const std::string& path) {
  try {
    return loadlab::app::app_import_text(app, loadlab::app::platform_read_file(path), path);
  } catch (const std::exception& e) {
    loadlab::app::set_status(app.state, e.what(), true);
    return 0;
  }
}

// Once a frame, after glfwPollEvents: opens what was dropped. Of several files only the last
// opens (an open replaces the scenario, so opening them in turn would show just the last one
// anyway, with each replaced one an undo step); the status line says so once the open is done,
// and stays (pinned) so the run's "Ran ..." does not hide it.
void open_drops(loadlab::app::App& app) {
  Drops& d = g_drops;
  if (!d.queued.empty()) {
    const std::size_t n = d.queued_files;
    d.files_dropped += static_cast<long>(n);
    const std::string path = d.queued.back();
    d.queued.clear();
    d.queued_files = 0;
    const int id = open_file(app, path);
    d.note_open_id = 0;
    if (n > 1) {
      d.note = std::to_string(n) + " files dropped: only the last one opens (one file at a time)";
      d.note_path = path;
      if (id != 0)
        d.note_open_id = id;  // added below once the open is done
      else
        loadlab::app::set_status(app.state, app.state.status + "; " + d.note, true);  // not read
    }
  }
  if (const int r = d.note_open_id ? app.opener.result_of(d.note_open_id) : -1; r >= 0) {
    if (r == 1) {  // installed (a quick run may already have replaced the "Loaded" status)
      loadlab::app::set_status(app.state, "Loaded " + d.note_path + "; " + d.note);
      app.state.status_pinned = true;
    } else if (app.state.status_is_error &&
               app.state.status.find(d.note_path) != std::string::npos) {
      // "Could not load PATH: why" (not when another open superseded this one)
      loadlab::app::set_status(app.state, app.state.status + "; " + d.note, true);
      app.state.status_pinned = true;
    }
    d.note_open_id = 0;
  }
}

// The desktop counterpart of the browser hook's state() (tests/desktop/desktop_input.sh reads it).
// One of the kinds' own searches is running (a screenshot waits for it: KindModule::busy).
bool kinds_busy(const loadlab::app::App& app) {
  for (const auto* m : loadlab::app::kind_modules())
    if (m->busy(app)) return true;
  return false;
}

void write_state(loadlab::app::App& app, const std::string& path) {
  loadlab::io::Json j = loadlab::app::state_json(app.state, true);
  j.erase("scenario");
  j.erase("results");
  for (const auto* m : loadlab::app::kind_modules()) m->test_state(app, j, false);  // view, play
  j["narration"] = loadlab::app::narration_caption(app);  // the caption under the view
  j["narration_line"] = loadlab::app::narration_highlighted_line(app);  // its lit code line
  j["scenario_name"] = loadlab::app::scenario_display_name(app.state.scenario);
  j["autosave_available"] = loadlab::app::restore_available(app);
  j["undo_available"] = loadlab::app::undo_available(app);
  j["ui_scale"] = app.ui_scale;
  j["ui_scale_user"] = app.ui_scale_user;
  j["font"] = loadlab::app::ui_font_name();
  j["title"] = loadlab::app::scenario_title(app);
  j["text_overlaps"] = loadlab::app::last_frame_text_problems();
  j["files_dropped"] = g_drops.files_dropped;  // tests/desktop/desktop_drop.sh
  j["input"] = {{"clicks", loadlab::app::input_counters().clicks},
                {"releases", loadlab::app::input_counters().releases}};
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp);
    out << j.dump(1) << '\n';
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);  // readers never see half a file
}

}  // namespace

int main(int argc, char** argv) {
  std::string scenario_path, link, screenshot, until, state_out;
  long frames = -1;
  std::string
      adversary;  // --adversary start|pairwise|start,open_worst: the dag Adversary tab's buttons
  bool autosave = false;  // --autosave: scripted runs autosave and restore too
                          // (tests/desktop/desktop_autosave.sh)
  int width = 1280, height = 800;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "loadlab_app: %s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--scenario")
      scenario_path = next();
    else if (a == "--link")
      link = next();
    else if (a == "--frames")
      frames = std::stol(next());
    else if (a == "--screenshot")
      screenshot = next();
    else if (a == "--size")
      std::sscanf(next().c_str(), "%dx%d", &width, &height);
    else if (a == "--until")
      until = next();
    else if (a == "--state-out")
      state_out = next();
    else if (a == "--autosave")
      autosave = true;
    else if (a == "--adversary")
      adversary = next();
    else {
      std::fprintf(
          stderr,
          "usage: loadlab_app [--scenario FILE | --link URL] [--frames N] "
          "[--screenshot OUT.png] [--size WxH] [--until FILE] [--state-out FILE] [--autosave] "
          "[--adversary start|pairwise|start,open_worst]\n");
      return 2;
    }
  }

  if (!glfwInit()) {
    std::fprintf(stderr, "loadlab_app: glfwInit failed (no display?)\n");
    return 1;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GL_TRUE);
  GLFWwindow* window = glfwCreateWindow(width, height, "LoadLab", nullptr, nullptr);
  if (!window) {
    std::fprintf(stderr, "loadlab_app: could not create an OpenGL 3.3 window\n");
    glfwTerminate();
    return 1;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(frames > 0 ? 0 : 1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // layout is fixed; nothing to persist
  float sx = 1, sy = 1;
  glfwGetWindowContentScale(window, &sx, &sy);
  loadlab::app::setup_style(sx);
  ImGui_ImplGlfw_InitForOpenGL(window, false);
  loadlab::app::input_install(window, true);  // input through the queue (shell/platform_glfw.h)
  glfwSetDropCallback(window, on_drop);       // the browser handles drops in web/loadlab.js
  ImGui_ImplOpenGL3_Init("#version 330 core");

  loadlab::app::App app;
  app.ui_scale = sx;
  loadlab::app::load_user_ui_scale(app);
  // The default scenario is installed at once; a file or link from the command line then opens on
  // the worker like any other and replaces it only if it is valid (else the status line says why).
  // Not run when a file or link follows: its results would replace a bad link's error.
  loadlab::app::app_load_scenario_now(app, loadlab::app::default_scenario(), "the default scenario",
                                      false);
  // the autosave (~/.config/loadlab/autosave.json) is restored unless a file or link was
  // given, and kept for File > Restore last session if one was; the default example runs only
  // when nothing replaces it. Scripted runs (--frames, --until: the tests) leave the user's
  // autosave alone unless --autosave asks for it (as automated browsers skip the welcome panel).
  const bool scripted = frames > 0 || !until.empty();
  loadlab::app::session_start(app, !scenario_path.empty() || !link.empty(), !scripted || autosave);
  // Opened on a given scenario: the welcome panel (panel_welcome.cpp) waits for a later start.
  if (!scenario_path.empty() || !link.empty()) loadlab::app::platform_note_opened_with_scenario();
  // --frames with --scenario: how long the file took to open and to show its results (the
  // import benchmark in README reads these lines).
  const double open_t0 = glfwGetTime();
  int open_id = 0;
  double opened_s = -1, results_s = -1;
  if (!scenario_path.empty()) {
    open_id = open_file(app, scenario_path);
  } else if (!link.empty()) {
    try {
      loadlab::app::app_load_scenario(app, loadlab::io::decode_link(link), "the link");
    } catch (const std::exception& e) {
      loadlab::app::set_status(app.state, std::string("Bad link: ") + e.what(), true);
      app.state.status_pinned = true;  // stays until dismissed
    }
  }

  long frame = 0;
  int idle_frames = 0;  // consecutive frames with nothing opening or running
  std::vector<double> build_ms, build_cpu_ms;
  bool state_ready = false;
  double last = glfwGetTime();
  int exit_code = 0;
  while (!glfwWindowShouldClose(window) && !app.request_quit) {
    glfwPollEvents();
    open_drops(app);
    // Monitor scale (it changes when the window moves to another screen) x View > UI scale.
    glfwGetWindowContentScale(window, &sx, &sy);
    int win_w = 0, win_h = 0;  // pixels on X11 and Windows: logical = pixels / content scale
    glfwGetWindowSize(window, &win_w, &win_h);
    loadlab::app::apply_ui_scale(app, sx, static_cast<float>(win_w) / sx,
                                 static_cast<float>(win_h) / sx);
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    loadlab::app::input_feed_frame();  // queued input: at most one press/release per button a frame
    ImGui::NewFrame();
    loadlab::app::input_count_frame();
    loadlab::app::handle_shortcuts(app);
    const double now = glfwGetTime();
    const double cpu0 = thread_cpu_ms();
    loadlab::app::draw_frame(app, static_cast<float>(now - last));
    last = now;
    ImGui::Render();
    // Frame build time (UI + ImGui::Render) once idle: the frame benchmark (README) reads it.
    // Wall time, and this thread's CPU time: under xvfb, Mesa's rasterizer threads share the
    // cores with the UI thread and inflate its wall time.
    if (!app.jobs.busy() && !app.opener.busy()) {
      build_ms.push_back((glfwGetTime() - now) * 1000.0);
      build_cpu_ms.push_back(thread_cpu_ms() - cpu0);
    }
    if (open_id && opened_s < 0 && app.opener.result_of(open_id) == 1)
      opened_s = glfwGetTime() - open_t0;
    if (opened_s >= 0 && results_s < 0 && !app.jobs.busy() && app.state.results.is_array())
      results_s = glfwGetTime() - open_t0;
    int fw, fh;
    glfwGetFramebufferSize(window, &fw, &fh);
    glViewport(0, 0, fw, fh);
    glClearColor(0.08f, 0.09f, 0.11f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    loadlab::app::read_requested_view_png(app, ImGui::GetIO().DisplayFramebufferScale.x);
    // Screenshot mode: after N frames, once the first run has finished (bounded wait).
    ++frame;
    bool idle = !app.jobs.busy() && !app.opener.busy();
    // --adversary: the Adversary tab's commands, one each time everything is idle; the screenshot
    // waits for the searches (the live plot, the heatmap, the worst instance).
    if (!adversary.empty()) {
      const bool adv_busy = kinds_busy(app);
      if (idle && !adv_busy && frame > 10) {
        const auto comma = adversary.find(',');
        loadlab::app::kind_command(app, "adversary", {{"command", adversary.substr(0, comma)}});
        adversary = comma == std::string::npos ? "" : adversary.substr(comma + 1);
      }
      idle = false;
    } else if (kinds_busy(app)) {
      idle = false;
    }
    // Tables size their columns over the first frames they appear in: shoot a few frames later.
    idle_frames = idle ? idle_frames + 1 : 0;
    // Written once the first run is done (the test waits for the file), then every 8 frames.
    if (!state_out.empty() && (state_ready ? frame % 8 == 0 : idle && frame > 10)) {
      write_state(app, state_out);
      state_ready = true;
    }
    const bool until_now = !until.empty() && frame % 4 == 0 && std::filesystem::exists(until);
    if ((frames > 0 && frame >= frames && (idle_frames > 3 || frame > frames + 2000)) ||
        until_now) {
      if (!screenshot.empty()) {
        std::vector<unsigned char> px(static_cast<std::size_t>(fw) * fh * 4);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glReadPixels(0, 0, fw, fh, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
        if (!write_png(screenshot, fw, fh, px)) {
          std::fprintf(stderr, "loadlab_app: could not write %s\n", screenshot.c_str());
          exit_code = 1;
        }
      }
      std::printf("rendered %ld frames; status: %s\n", frame, app.state.status.c_str());
      if (opened_s >= 0)
        std::printf("import: installed %.3f s, results %.3f s after the open started\n", opened_s,
                    results_s);
      if (build_ms.size() > 3) {  // the first idle frames upload textures: report the rest
        for (auto* series : {&build_ms, &build_cpu_ms}) {
          std::vector<double> b(series->begin() + 3, series->end());
          std::sort(b.begin(), b.end());
          std::printf("frame build ms (%s): median %.2f p95 %.2f max %.2f over %zu idle frames\n",
                      series == &build_ms ? "wall" : "UI thread CPU", b[b.size() / 2],
                      b[std::min(b.size() - 1, b.size() * 95 / 100)], b.back(), b.size());
        }
      }
      if (!state_out.empty()) write_state(app, state_out);
      break;
    }
    glfwSwapBuffers(window);
  }

  loadlab::app::session_flush(app);  // a change still in its quiet time is not lost at exit
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return exit_code;
}
