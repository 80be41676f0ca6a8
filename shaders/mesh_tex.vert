// Partition view, dense meshes (src/app/partition/mesh_renderer.cpp): one rectangle over the
// canvas (u_rect in normalized device coordinates: x0, y0, x1, y1), no vertex attributes; the
// fragment shader fetches its pixel's texel. The host prepends the #version line.
uniform vec4 u_rect;

void main() {
  vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1);
  gl_Position = vec4(mix(u_rect.xy, u_rect.zw, corner), 0.0, 1.0);
}
