// Network nodes as round point sprites. The host prepends the #version line
// ("330 core" on the desktop, "300 es" in the browser).
// a_pos: layout position in [0,1]^2; a_colour: RGBA8 normalised.
// u_transform: (centre.x, centre.y, scale, unused) in framebuffer pixels, u_pan: layout offset,
// u_viewport: framebuffer size; u_radius: node radius in pixels.
layout(location = 0) in vec2 a_pos;
layout(location = 1) in vec4 a_colour;
uniform vec4 u_transform;
uniform vec2 u_pan;
uniform vec2 u_viewport;
uniform float u_radius;
out vec4 v_colour;

void main() {
  vec2 px = u_transform.xy + (a_pos - vec2(0.5) + u_pan) * u_transform.z;
  vec2 ndc = vec2(px.x / u_viewport.x * 2.0 - 1.0, 1.0 - px.y / u_viewport.y * 2.0);
  gl_Position = vec4(ndc, 0.0, 1.0);
  gl_PointSize = 2.0 * u_radius;
  v_colour = a_colour;
}
