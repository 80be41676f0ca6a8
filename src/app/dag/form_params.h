// The dag form's per-scheduler settings (docs/scenario-dag.md): HEFT's rank (params.heft.rank),
// WBA's alpha, Hybrid's portfolio, the optimum's node budget, the seed of the seeded schedulers,
// and the step traces; each shown when a scheduler that reads it is checked.
#pragma once

#include "io/scenario.h"

namespace loadlab::app {

/// Draws the settings the checked schedulers read; `seed_shown`: the form already has a Seed
/// field (the generator's). Returns true when `doc` changed.
bool dag_param_fields(io::Json& doc, bool seed_shown);

}  // namespace loadlab::app
