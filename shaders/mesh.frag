// Flat colour: square points tile a dense mesh without gaps (round sprites would leave holes
// between grid points), and lines need nothing more.
in vec4 v_colour;
out vec4 frag_colour;

void main() { frag_colour = v_colour; }
