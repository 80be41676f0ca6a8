// Partition view (src/app/partition/mesh_renderer.cpp): mesh vertices as square point sprites and
// mesh edges as lines, in world coordinates relative to the mesh's bounding-box corner (floats keep
// their precision at 10^6 vertices). The host prepends the #version line.
// u_offset: framebuffer pixel of world (0, 0) with y down; u_scale: framebuffer pixels per world
// unit; u_viewport: framebuffer size; u_point: point size in pixels; u_colour: if its alpha > 0 it
// replaces the per-vertex colour (cut edges in one colour).
layout(location = 0) in vec2 a_pos;
layout(location = 1) in vec4 a_colour;
uniform vec2 u_offset;
uniform float u_scale;
uniform vec2 u_viewport;
uniform float u_point;
uniform vec4 u_colour;
out vec4 v_colour;

void main() {
  vec2 px = vec2(u_offset.x + a_pos.x * u_scale, u_offset.y - a_pos.y * u_scale);
  gl_Position = vec4(px.x / u_viewport.x * 2.0 - 1.0, 1.0 - px.y / u_viewport.y * 2.0, 0.0, 1.0);
  gl_PointSize = u_point;
  v_colour = u_colour.a > 0.0 ? u_colour : a_colour;
}
