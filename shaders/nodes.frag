// Round, anti-aliased node discs with a thin dark rim, from the point sprite's coordinates. The
// rim fades out on small discs: at a few pixels it would darken the whole node (a muddy view).
in vec4 v_colour;
uniform float u_radius;
out vec4 frag_colour;

void main() {
  vec2 d = gl_PointCoord * 2.0 - vec2(1.0);
  float r = length(d);
  float aa = 1.5 / max(u_radius, 1.0);
  float alpha = 1.0 - smoothstep(1.0 - aa, 1.0, r);
  if (alpha <= 0.0) discard;
  float rim = smoothstep(1.0 - 3.0 * aa, 1.0 - aa, r) * clamp((u_radius - 3.0) / 4.0, 0.0, 1.0);
  frag_colour = vec4(mix(v_colour.rgb, v_colour.rgb * 0.35, rim), v_colour.a * alpha);
}
