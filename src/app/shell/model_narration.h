// The narration the shell shows under the main view (KindModule::narration): which caption is
// visible, kind-neutral. Headless: the test hook's state().narration and the tests read it.
#pragma once

#include <string>

#include "core/common/narration.h"

namespace loadlab::app {

struct App;

/// The current kind's narration and its visible step, clamped: a step past the narrated ones
/// shows the last caption (the summary of a long run). narration == nullptr: nothing to show.
struct ShownNarration {
  const core::Narration* narration = nullptr;
  int step = -1;
  const core::StepCaption* caption() const {
    return narration ? &narration->steps[static_cast<std::size_t>(step)] : nullptr;
  }
};
ShownNarration shown_narration(const App& app);

/// The visible step's caption ("" when the view narrates nothing): state().narration.
std::string narration_caption(const App& app);

/// The pseudo-code line the strip highlights for the visible step ("" when none):
/// state().narration_line.
std::string narration_highlighted_line(const App& app);

}  // namespace loadlab::app
