#include "io/explain.h"

#include "core/balance/narration.h"
#include "core/dag/narration.h"
#include "core/dlt/narration.h"
#include "core/dynamic/narration.h"
#include "core/loops/narration.h"
#include "core/os/narration.h"
#include "core/partition/narration.h"
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
  if (kind == "balance") return core::balance_pseudocode(algorithm);
  if (kind == "dynamic") return core::dynamic_pseudocode(algorithm);
  if (kind == "partition") return core::partition_pseudocode(algorithm);
  if (kind == "os") return core::os_pseudocode(algorithm);
  if (kind == "loop") return core::loop_pseudocode(algorithm);
  if (kind == "dlt") return core::dlt_pseudocode(algorithm);
  // The Steps tab narrates any list scheduler in one generic loop; only FLB's is its own.
  if (kind == "dag" && algorithm == "flb") return core::dag_pseudocode(algorithm);
  return {};
}

}  // namespace loadlab::io
