#include "app/widgets/gl_program.h"

#include <cstdio>
#include <string>

#include "app/widgets/gl_headers.h"

namespace loadlab::app {

namespace {

std::string prefix(GlPrecision precision) {
#ifdef __EMSCRIPTEN__
  // highp where world positions need it (a 1000 x 1000 grid exceeds mediump's 10-bit mantissa).
  return precision == GlPrecision::High ? "#version 300 es\nprecision highp float;\n"
                                        : "#version 300 es\nprecision mediump float;\n";
#else
  (void)precision;
  return "#version 330 core\n";
#endif
}

unsigned compile(GLenum type, const char* body, GlPrecision precision, const char* what) {
  const std::string text = prefix(precision) + body;
  const char* src = text.c_str();
  GLuint s = glCreateShader(type);
  glShaderSource(s, 1, &src, nullptr);
  glCompileShader(s);
  GLint ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[1024];
    glGetShaderInfoLog(s, sizeof log, nullptr, log);
    std::fprintf(stderr, "loadlab: %s shader failed to compile: %s\n", what, log);
    glDeleteShader(s);
    return 0;
  }
  return s;
}

}  // namespace

unsigned gl_link_program(const char* vert, const char* frag, GlPrecision precision,
                         const char* what) {
  const unsigned vs = compile(GL_VERTEX_SHADER, vert, precision, what);
  const unsigned fs = compile(GL_FRAGMENT_SHADER, frag, precision, what);
  if (!vs || !fs) {
    if (vs) glDeleteShader(vs);
    if (fs) glDeleteShader(fs);
    return 0;
  }
  GLuint program = glCreateProgram();
  glAttachShader(program, vs);
  glAttachShader(program, fs);
  glLinkProgram(program);
  GLint ok = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  glDeleteShader(vs);
  glDeleteShader(fs);
  if (!ok) {
    std::fprintf(stderr, "loadlab: %s shader program failed to link\n", what);
    glDeleteProgram(program);
    return 0;
  }
  return program;
}

void gl_point_vao(unsigned& vao, unsigned& positions, unsigned& colours) {
  glGenVertexArrays(1, &vao);
  glGenBuffers(1, &positions);
  glGenBuffers(1, &colours);
  glBindVertexArray(vao);
  glBindBuffer(GL_ARRAY_BUFFER, positions);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glBindBuffer(GL_ARRAY_BUFFER, colours);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, nullptr);
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
}

namespace {
std::uint64_t g_canvas_content = 0;
}  // namespace

void gl_canvas_content(const void* bytes, std::size_t n) {
  // FNV-1a: a few dozen bytes per canvas and frame.
  std::uint64_t h = g_canvas_content ? g_canvas_content : 1469598103934665603ull;
  const auto* b = static_cast<const unsigned char*>(bytes);
  for (std::size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 1099511628211ull;
  g_canvas_content = h;
}

std::uint64_t gl_canvas_content_take() {
  const std::uint64_t h = g_canvas_content;
  g_canvas_content = 0;
  return h;
}

}  // namespace loadlab::app
