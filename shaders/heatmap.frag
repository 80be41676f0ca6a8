// Load heatmap: the texture holds (R = scale position x coverage, G = coverage) per texel, so
// mipmaps average only texels that hold nodes; the colour scale is blue (empty) -> green (the
// average) -> red (twice the average or more), the same as load_scale_rgb in model_network.cpp.
in vec2 v_uv;
uniform sampler2D u_tex;
out vec4 frag_colour;

vec3 scale_rgb(float t) {
  if (t < 0.5) {
    float u = t * 2.0;
    return vec3(0.20 + 0.05 * u, 0.45 + 0.35 * u, 0.90 - 0.55 * u);
  }
  float u = (t - 0.5) * 2.0;
  return vec3(0.25 + 0.70 * u, 0.80 - 0.55 * u, 0.35 - 0.15 * u);
}

void main() {
  vec2 rg = texture(u_tex, v_uv).rg;
  if (rg.g < 0.02) discard;
  float t = clamp(rg.r / rg.g, 0.0, 1.0);
  frag_colour = vec4(scale_rgb(t), min(1.0, rg.g * 1.5));
}
