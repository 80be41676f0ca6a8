// Draws parsed Markdown (model_markdown.h) with ImGui: wrapped paragraphs word by word, headings
// in the accent colour, lists, code blocks, tables, links (the caller opens them) and images drawn
// to the width of the panel (or of their table cell), loaded when first scrolled to.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "app/widgets/model_markdown.h"

namespace loadlab::app {

struct MarkdownImage;

struct MarkdownViewState {
  std::string scroll_to;  ///< an anchor to scroll to on the next frame ("" = none)
  int images_drawn = 0;   ///< pictures drawn as textures by the last draw_markdown call
};

/// The picture of an image's path as written in the document; nullptr draws images as links.
using MarkdownImageSource = std::function<const MarkdownImage*(const std::string& path)>;

/// Draws `blocks` in the current window. `open_link` gets every clicked link that is not an
/// in-page anchor ("#..."), and every clicked image's path. `image` is asked only for pictures
/// that are scrolled into view (so it may start loading them then).
void draw_markdown(const std::vector<MdBlock>& blocks, MarkdownViewState& state,
                   const std::function<void(const std::string&)>& open_link,
                   const MarkdownImageSource& image = nullptr);

}  // namespace loadlab::app
