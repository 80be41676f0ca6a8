// `loadlab explain` and the playground's caption share this: the kind's narration of one result
// (io::KindHandler::explain) and its JSON form.
#pragma once

#include <optional>

#include "core/common/narration.h"
#include "io/kind.h"

namespace loadlab::io {

/// Whether the scenario's kind narrates its results (its handler has `explain`).
bool kind_narrates(const TypedScenario& scenario);

/// The narration of one result of `scenario`, or nullopt when its kind narrates nothing or the
/// result failed at run time.
std::optional<core::Narration> explain_result(const TypedScenario& scenario,
                                              const TypedResult& result);

/// {"algorithm", "citation", "pseudocode": [...], "steps": [{"step", "text", "line"}]}
/// ("line": the 0-based pseudo-code line, null for none).
Json narration_json(const core::Narration& narration);

}  // namespace loadlab::io
