// Dear ImGui's vertices (position, texture coordinate, colour): shell/imgui_batched_renderer.cpp.
// u_white: the font atlas' white pixel (xy) when z is 1; a vertex there belongs to a solid shape.
layout(location = 0) in vec2 a_pos;
layout(location = 1) in vec2 a_uv;
layout(location = 2) in vec4 a_colour;
uniform mat4 u_projection;
uniform vec3 u_white;
out vec2 v_uv;
out vec4 v_colour;
out float v_solid;

void main() {
  v_uv = a_uv;
  v_colour = a_colour;
  v_solid = (u_white.z > 0.5 && a_uv == u_white.xy) ? 1.0 : 0.0;
  gl_Position = u_projection * vec4(a_pos, 0.0, 1.0);
}
