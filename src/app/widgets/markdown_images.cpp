// Textures of the guide's pictures: one per file, kept for the session (the guide has about
// thirty, each at most 1280 pixels wide once shrunk).
#include "app/widgets/markdown_images.h"

#include <imgui.h>

#include <map>
#include <stdexcept>

#include "app/model/png_decode.h"
#include "app/widgets/gl_headers.h"

namespace loadlab::app {

namespace {

// Wider screenshots (the 2x ones are 2560 pixels) are averaged down to this: the guide's panel
// is narrower, and a quarter of the texture memory.
constexpr int kGuideImageMaxWidth = 1280;

std::map<std::string, MarkdownImage>& guide_image_cache() {
  static std::map<std::string, MarkdownImage> cache;
  return cache;
}

unsigned guide_upload_texture(const RgbaImage& img) {
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  GLint align = 4;
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &align);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, img.width, img.height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
               img.rgba.data());
  glPixelStorei(GL_UNPACK_ALIGNMENT, align);
  // Drawn smaller than its size in a narrow panel: mipmaps keep the text of a screenshot legible.
  glGenerateMipmap(GL_TEXTURE_2D);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);
  return tex;
}

}  // namespace

const MarkdownImage& markdown_image(const std::string& path, ImageFileReader read) {
  static int decoded_in_frame = -1;
  MarkdownImage& m = guide_image_cache()[path];
  if (m.state != MarkdownImage::State::loading) return m;
  const int frame = ImGui::GetFrameCount();
  if (decoded_in_frame == frame) return m;  // one picture per frame: this one waits a frame
  std::string bytes;
  const ImageFile f = read(path, bytes);
  if (f == ImageFile::pending) return m;
  if (f == ImageFile::missing) {
    m.state = MarkdownImage::State::failed;
    m.error = path + " was not found";
    return m;
  }
  decoded_in_frame = frame;
  try {
    const RgbaImage full = decode_png(bytes);
    const RgbaImage img = shrink_image(full, kGuideImageMaxWidth);
    m.texture = guide_upload_texture(img);
    m.width = full.width, m.height = full.height;
    m.state = MarkdownImage::State::ready;
  } catch (const std::exception& e) {
    m.state = MarkdownImage::State::failed;
    m.error = path + ": " + e.what();
  }
  return m;
}

MarkdownImageCounts markdown_image_counts() {
  MarkdownImageCounts c;
  for (const auto& [path, m] : guide_image_cache()) {
    if (m.state == MarkdownImage::State::ready) ++c.ready;
    if (m.state == MarkdownImage::State::failed) ++c.failed;
  }
  return c;
}

}  // namespace loadlab::app
