// What the two GLFW hosts (main_desktop.cpp, main_web.cpp) share: input through a queue
// (model_input.h) instead of ImGui's own callbacks, and the UI scale (display scale x the View
// menu's setting) with the font atlas rebuilt at the new size.
//
// Per frame:  glfwPollEvents(); apply_ui_scale(app, display); ImGui_ImplOpenGL3_NewFrame();
//             ImGui_ImplGlfw_NewFrame(); input_feed_frame(); ImGui::NewFrame(); ...
#pragma once

struct GLFWwindow;

namespace loadlab::app {

struct App;
class InputQueue;

/// Installs GLFW callbacks that queue mouse, wheel, key and character events; call after
/// ImGui_ImplGlfw_InitForOpenGL(window, false). glfw_wheel = false in the browser, where the page
/// reports wheel events itself with their deltaMode (input_queue().push_wheel).
void input_install(GLFWwindow* window, bool glfw_wheel);

/// The queue the callbacks fill (the browser's wheel listener pushes into it too).
InputQueue& input_queue();

/// After ImGui_ImplGlfw_NewFrame and before ImGui::NewFrame: hands one frame of queued input to
/// ImGui (at most one press/release per button and key, wheel units summed).
void input_feed_frame();

/// What ImGui saw of the left button since start (after ImGui::NewFrame; the test hook reads it).
struct InputCounters {
  long clicks = 0, releases = 0;
};
void input_count_frame();
const InputCounters& input_counters();

/// Rebuilds the style and the font atlas when display_scale x app.ui_scale_user changed (call
/// before ImGui_ImplOpenGL3_NewFrame). Sets app.ui_scale; returns true when it rebuilt.
bool apply_ui_scale(App& app, float display_scale, float logical_width = 0,
                    float logical_height = 0);

}  // namespace loadlab::app
