// Draws parsed Markdown (model_markdown.h) with ImGui: wrapped paragraphs word by word, headings
// in the accent colour, lists, code blocks, tables, links (the caller opens them) and images as
// links to the picture.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "app/widgets/model_markdown.h"

namespace loadlab::app {

struct MarkdownViewState {
  std::string scroll_to;  ///< an anchor to scroll to on the next frame ("" = none)
};

/// Draws `blocks` in the current window. `open_link` gets every clicked link that is not an
/// in-page anchor ("#..."), and every image's path.
void draw_markdown(const std::vector<MdBlock>& blocks, MarkdownViewState& state,
                   const std::function<void(const std::string&)>& open_link);

}  // namespace loadlab::app
