// The level-of-detail load heatmap: one textured quad (two triangles from gl_VertexID, no
// vertex buffer). The host prepends the #version line.
// u_rect: (x0, y0, x1, y1) of the quad in framebuffer pixels (y down); u_viewport: framebuffer size.
uniform vec4 u_rect;
uniform vec2 u_viewport;
out vec2 v_uv;

void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));
  vec2 px = mix(u_rect.xy, u_rect.zw, corner);
  v_uv = corner;
  gl_Position = vec4(px.x / u_viewport.x * 2.0 - 1.0, 1.0 - px.y / u_viewport.y * 2.0, 0.0, 1.0);
}
