// The adversarial search's instances as dag scenarios, shared by the CLI
// (`loadlab adversary -o worst.json`) and the playground's adversary panel: the worst instance
// found is written as an ordinary dag scenario that `loadlab run` and io::parse_scenario accept.
// Search: core/dag/adversary.h (PISA, Coleman et al.); format: docs/scenario-dag.md.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/dag/adversary.h"
#include "io/json_reader.h"
#include "io/kinds/dag.h"

namespace loadlab::io {

/// A dag scenario holding the instance: inline graph (tasks "t0".. with "cost", edges with
/// "cost" = data), "processors", "machine" only when non-trivial (speeds unless all 1, bandwidth
/// unless every off-diagonal entry is 1; diagonal written as 0), "algorithms" and "seed".
/// Numbers are written exactly (JSON doubles round-trip), so the scenario reproduces the
/// instance's makespans bit for bit.
Json adversary_instance_scenario(const core::AdversaryInstance& inst,
                                 const std::vector<std::string>& algorithms, std::uint64_t seed);

/// The instance of a parsed dag scenario (its graph and machine, machine.processors = P).
core::AdversaryInstance adversary_instance_from(const DagScenario& sc);

}  // namespace loadlab::io
