// Dear ImGui's vertices (position, texture coordinate, colour) with their draw command's scissor
// rectangle in framebuffer pixels (shell/model_draw_batches.h), passed on unchanged.
layout(location = 0) in vec2 a_pos;
layout(location = 1) in vec2 a_uv;
layout(location = 2) in vec4 a_colour;
layout(location = 3) in vec4 a_clip;
uniform mat4 u_projection;
out vec2 v_uv;
out vec4 v_colour;
flat out vec4 v_clip;

void main() {
  v_uv = a_uv;
  v_colour = a_colour;
  v_clip = a_clip;
  gl_Position = u_projection * vec4(a_pos, 0.0, 1.0);
}
