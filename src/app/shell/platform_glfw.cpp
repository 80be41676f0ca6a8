#include "app/shell/platform_glfw.h"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <cmath>

#include "app/shell/app_setup.h"
#include "app/shell/model_input.h"
#include "app/shell/model_theme.h"
#include "app/shell/ui.h"

namespace loadlab::app {
namespace {

// The process's one input queue: GLFW callbacks are plain functions without a context pointer.
InputQueue g_queue;
InputCounters g_counters;
bool g_glfw_wheel = true;
float g_applied_scale = 0;  // 0: style not built yet

void on_cursor_pos(GLFWwindow*, double x, double y) {
  g_queue.push_move(static_cast<float>(x), static_cast<float>(y));
}

void on_mouse_button(GLFWwindow* window, int button, int action, int) {
  // A press without a preceding move (a synthetic event, a touch tap) still lands where it is.
  double x = 0, y = 0;
  glfwGetCursorPos(window, &x, &y);
  g_queue.push_move(static_cast<float>(x), static_cast<float>(y));
  g_queue.push_button(button, action == GLFW_PRESS);
}

void on_scroll(GLFWwindow*, double dx, double dy) {
  // GLFW's offsets are already wheel units on the desktop (one notch = 1, up = +1).
  if (g_glfw_wheel) g_queue.push_wheel(static_cast<float>(dx), static_cast<float>(dy));
}

void on_key(GLFWwindow*, int key, int, int action, int) {
  // Repeats are not transitions; ImGui 1.86 repeats held keys itself.
  if (action == GLFW_PRESS || action == GLFW_RELEASE) g_queue.push_key(key, action == GLFW_PRESS);
}

void on_char(GLFWwindow*, unsigned int c) {
  g_queue.push_char(c);
}

void on_focus(GLFWwindow* window, int focused) {
  ImGui_ImplGlfw_WindowFocusCallback(window, focused);
  if (!focused) g_queue.release_all();
}

void on_cursor_enter(GLFWwindow* window, int entered) {
  ImGui_ImplGlfw_CursorEnterCallback(window, entered);
}

bool key_down(const ImGuiIO& io, int a, int b) {
  auto down = [&](int k) { return k >= 0 && k < IM_ARRAYSIZE(io.KeysDown) && io.KeysDown[k]; };
  return down(a) || down(b);
}

}  // namespace

void input_install(GLFWwindow* window, bool glfw_wheel) {
  g_glfw_wheel = glfw_wheel;
  glfwSetCursorPosCallback(window, on_cursor_pos);
  glfwSetMouseButtonCallback(window, on_mouse_button);
  glfwSetScrollCallback(window, on_scroll);
  glfwSetKeyCallback(window, on_key);
  glfwSetCharCallback(window, on_char);
  glfwSetWindowFocusCallback(window, on_focus);
  glfwSetCursorEnterCallback(window, on_cursor_enter);
}

InputQueue& input_queue() {
  return g_queue;
}

void input_feed_frame() {
  const FrameInput f = g_queue.next_frame();
  ImGuiIO& io = ImGui::GetIO();
  for (int i = 0; i < FrameInput::kButtons; ++i)
    io.MouseDown[i] = f.mouse_down[static_cast<std::size_t>(i)];
  // The backend set the live cursor position (or "no mouse" when it left an unfocused window);
  // the queued one is where this frame's events happened.
  if (f.has_mouse_pos && io.MousePos.x > -FLT_MAX / 2) io.MousePos = ImVec2{f.mouse_x, f.mouse_y};
  io.MouseWheel += f.wheel;
  io.MouseWheelH += f.wheel_h;
  for (const auto& [key, down] : f.keys)
    if (key >= 0 && key < IM_ARRAYSIZE(io.KeysDown)) io.KeysDown[key] = down;
  io.KeyCtrl = key_down(io, GLFW_KEY_LEFT_CONTROL, GLFW_KEY_RIGHT_CONTROL);
  io.KeyShift = key_down(io, GLFW_KEY_LEFT_SHIFT, GLFW_KEY_RIGHT_SHIFT);
  io.KeyAlt = key_down(io, GLFW_KEY_LEFT_ALT, GLFW_KEY_RIGHT_ALT);
#ifdef __EMSCRIPTEN__
  io.KeySuper = false;  // as ImGui's backend: the browser's Cmd/Win key is not a shortcut modifier
#else
  io.KeySuper = key_down(io, GLFW_KEY_LEFT_SUPER, GLFW_KEY_RIGHT_SUPER);
#endif
  for (unsigned c : f.chars) io.AddInputCharacter(c);
}

void input_count_frame() {
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) ++g_counters.clicks;
  if (ImGui::IsMouseReleased(ImGuiMouseButton_Left)) ++g_counters.releases;
}

const InputCounters& input_counters() {
  return g_counters;
}

bool apply_ui_scale(App& app, float display_scale, float logical_width, float logical_height) {
  if (!(display_scale > 0.25f && display_scale < 8.0f)) display_scale = 1.0f;
  // Quantised to 1/20 so dragging a window's edge rebuilds the font atlas a few times, not every
  // frame.
  const float window = std::round(window_ui_factor(logical_width, logical_height) * 20.0f) / 20.0f;
  const float s = display_scale * window * app.ui_scale_user;
  if (g_applied_scale > 0 && std::fabs(s - g_applied_scale) < 0.005f) return false;
  const bool first = g_applied_scale == 0;
  g_applied_scale = s;
  app.ui_scale = s;
  setup_style(s);  // style sizes and a font atlas rasterised at 15 px x s: crisp, not stretched
  // Only the font texture changes: re-upload it (shaders and buffers stay).
  if (!first) {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
  return true;
}

}  // namespace loadlab::app
