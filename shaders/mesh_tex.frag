// The points rasterised on the CPU (app/partition/model_mesh_splat.cpp), one texel per pixel:
// fetched, not sampled, so no filtering blurs them; an empty texel leaves the canvas as it is.
uniform highp sampler2D u_tex;
uniform highp ivec2 u_origin;
out vec4 frag_colour;

void main() {
  vec4 c = texelFetch(u_tex, ivec2(gl_FragCoord.xy) - u_origin, 0);
  if (c.a == 0.0) discard;
  frag_colour = c;
}
