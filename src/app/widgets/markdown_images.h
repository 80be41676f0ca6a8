// The user guide's pictures as GL textures: read through the reader the caller passes (the shell
// passes the platform's: fetched from the site in the browser, read from the docs on the desktop),
// decoded by model/png_decode.h and uploaded when the guide first scrolls to them.
#pragma once

#include <string>

namespace loadlab::app {

struct MarkdownImage {
  enum class State { loading, ready, failed } state = State::loading;
  unsigned texture = 0;       ///< the GL texture name when ready
  int width = 0, height = 0;  ///< the picture's own size in pixels (the texture may be smaller)
  std::string error;          ///< why it failed
};

/// How a picture's bytes arrive: pending until they are there, then ready (once), or missing.
enum class ImageFile { pending, ready, missing };
using ImageFileReader = ImageFile (*)(const std::string& path, std::string& bytes);

/// The picture at `path` (relative to the site, e.g. "docs/img/welcome.png"); the first call
/// starts loading it with `read`. At most one picture is decoded per frame, so scrolling stays
/// smooth.
const MarkdownImage& markdown_image(const std::string& path, ImageFileReader read);

/// How many pictures are on the GPU and how many failed (test hook).
struct MarkdownImageCounts {
  int ready = 0, failed = 0;
};
MarkdownImageCounts markdown_image_counts();

}  // namespace loadlab::app
