#include "app/shell/model_narration.h"

#include <algorithm>

#include "app/shell/registry.h"
#include "app/shell/ui.h"

namespace loadlab::app {

ShownNarration shown_narration(const App& app) {
  const KindModule* kind = find_kind_module(app.state.kind);
  if (!kind) return {};
  const KindModule::NarrationView v = kind->narration(app);
  if (!v.narration || v.step < 0 || v.narration->steps.empty()) return {};
  const int last = static_cast<int>(v.narration->steps.size()) - 1;
  return {v.narration, std::min(v.step, last)};
}

std::string narration_caption(const App& app) {
  const ShownNarration s = shown_narration(app);
  return s.narration ? s.caption()->text : std::string();
}

std::string narration_highlighted_line(const App& app) {
  const ShownNarration s = shown_narration(app);
  if (!s.narration) return {};
  const int line = s.caption()->line;
  const auto& code = s.narration->pseudocode;
  return line >= 0 && line < static_cast<int>(code.size()) ? code[static_cast<std::size_t>(line)]
                                                           : std::string();
}

}  // namespace loadlab::app
