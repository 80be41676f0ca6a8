// Dear ImGui's fragment: the vertex colour times the texture (the font atlas or an image). The
// atlas' white pixel samples as exactly 1, so ImGui's solid shapes (every vertex there: ImGui never
// mixes it with other coordinates in a triangle) skip the sampling, which costs SwiftShader most.
in vec2 v_uv;
in vec4 v_colour;
in float v_solid;
uniform sampler2D u_tex;
out vec4 frag_colour;

void main() {
  if (v_solid > 0.5)
    frag_colour = v_colour;
  else
    frag_colour = v_colour * texture(u_tex, v_uv);
}
