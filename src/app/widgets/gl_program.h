// Compiling and linking our GLSL (shaders/, embedded at build time) for the custom renderers that
// draw big networks and meshes inside ImGui windows (balance/node_renderer,
// partition/mesh_renderer). The GLSL version line is added here: "#version 330 core" on the
// desktop, "#version 300 es" in the browser (WebGL2), with the default float precision the caller
// asks for.
#pragma once

#include <cstddef>
#include <cstdint>

namespace loadlab::app {

enum class GlPrecision { Medium, High };

/// The linked program, or 0 after printing the compiler's log to stderr (`what` names the shader in
/// that message). Needs a current GL context.
unsigned gl_link_program(const char* vert, const char* frag, GlPrecision precision,
                         const char* what);

/// A vertex array with attribute 0 = vec2 position (float, from `positions`) and attribute 1 =
/// RGBA8 colour (normalized, from `colours`): the point layout of the node and mesh shaders.
void gl_point_vao(unsigned& vao, unsigned& positions, unsigned& colours);

/// Mixes what a GL canvas will draw this frame (its buffers' keys, its transform) into the frame's
/// canvas key. A draw callback's picture is not in ImGui's draw data, and the browser skips
/// drawing a frame whose draw data and canvas key equal the last drawn frame's
/// (shell/main_web.cpp): a canvas that queues a callback must call this with everything its
/// picture depends on.
void gl_canvas_content(const void* bytes, std::size_t n);

/// The canvas key mixed since the previous call (0 if nothing was), and starts the next one.
std::uint64_t gl_canvas_content_take();

}  // namespace loadlab::app
