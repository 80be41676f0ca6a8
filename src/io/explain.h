// `loadlab explain` and the playground's caption share this: the kind's narration of one result
// (io::KindHandler::explain) and its JSON form.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

/// The pseudo-code the narration of `algorithm` of `kind` shows beside its captions, without
/// running anything (the help panel shows it too); empty when that algorithm narrates none.
std::vector<std::string> narration_pseudocode(std::string_view kind, std::string_view algorithm);

}  // namespace loadlab::io
