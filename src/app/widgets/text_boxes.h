// Counts the text boxes of the last drawn frame that intersect another or are cut by their window
// or column (the test hook's text_overlaps). Every piece of text the views draw, through
// ImGui::Text* or ImDrawList::AddText, ends up as glyph quads in ImGui's draw data: they are read
// back there, so no view can draw text around the count.
#pragma once

#include <vector>

#include "app/widgets/model_text_boxes.h"

namespace loadlab::app {

/// The text boxes of the frame last rendered (valid between ImGui::Render and the next NewFrame,
/// which is when the test hook runs), with their problems marked.
std::vector<TextBox> last_frame_text_boxes();

/// How many of them overlap another or are clipped.
int last_frame_text_problems();

}  // namespace loadlab::app
