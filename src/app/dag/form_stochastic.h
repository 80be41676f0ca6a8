// The dag form's "Random costs" fields (params.stochastic, docs/scenario-dag.md): shown when the
// scenario's graph has a cost distribution or the settings are present.
#pragma once

#include "io/scenario.h"

namespace loadlab::app {

/// Draws the plan (mean or mean + k std), k and the number of executions; returns true when
/// `doc` changed.
bool dag_stochastic_fields(io::Json& doc);

}  // namespace loadlab::app
