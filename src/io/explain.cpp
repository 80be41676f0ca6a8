#include "io/explain.h"

#include "io/scenario.h"

namespace loadlab::io {

bool kind_narrates(const TypedScenario& scenario) {
  const KindHandler* kind = find_kind(scenario.kind);
  return kind != nullptr && kind->explain != nullptr;
}

std::optional<core::Narration> explain_result(const TypedScenario& scenario,
                                              const TypedResult& result) {
  const KindHandler* kind = find_kind(scenario.kind);
  if (kind == nullptr || kind->explain == nullptr || result.failed()) return std::nullopt;
  return kind->explain(scenario, result);
}

Json narration_json(const core::Narration& narration) {
  Json steps = Json::array();
  for (std::size_t k = 0; k < narration.steps.size(); ++k) {
    const core::StepCaption& c = narration.steps[k];
    steps.push_back(
        {{"step", k}, {"text", c.text}, {"line", c.line >= 0 ? Json(c.line) : Json(nullptr)}});
  }
  return {{"algorithm", narration.algorithm},
          {"citation", narration.citation},
          {"pseudocode", narration.pseudocode},
          {"steps", steps}};
}

std::vector<std::string> narration_pseudocode(std::string_view kind, std::string_view algorithm) {
  const KindHandler* handler = find_kind(kind);
  if (handler == nullptr || handler->pseudocode == nullptr) return {};
  return handler->pseudocode(algorithm);
}

}  // namespace loadlab::io
