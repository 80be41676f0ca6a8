// Dear ImGui's fragment: the vertex colour times the texture (the font atlas or an image).
in vec2 v_uv;
in vec4 v_colour;
uniform sampler2D u_tex;
out vec4 frag_colour;

void main() {
  frag_colour = v_colour * texture(u_tex, v_uv);
}
