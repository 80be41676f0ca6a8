// The scissor test of the stock backend, per fragment: pixel p is drawn when
// clip.x <= p.x < clip.z and clip.y <= p.y < clip.w (gl_FragCoord is the pixel's centre, p + 0.5).
in vec2 v_uv;
in vec4 v_colour;
flat in vec4 v_clip;
uniform sampler2D u_tex;
out vec4 frag_colour;

void main() {
  vec2 p = gl_FragCoord.xy;
  if (p.x < v_clip.x || p.x > v_clip.z || p.y < v_clip.y || p.y > v_clip.w) discard;
  frag_colour = v_colour * texture(u_tex, v_uv);
}
