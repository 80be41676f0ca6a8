// The dag view's online runs, headless: what the Steps tab shows at a decision of an online_*
// result (core/dag/online.h's frame) as the test hook reports it, and which offline scheduler
// its run is compared with.
#pragma once

#include <string>
#include <string_view>

#include "io/kinds/dag.h"

namespace loadlab::app {

/// The offline scheduler an online one runs without the future ("online_heft" -> "heft"); empty
/// for other names.
std::string dag_offline_counterpart(std::string_view algorithm);

/// The test hook's "online" facts of result `r` at decision `step` (0-based, clamped):
/// {"algorithm", "step", "steps", "time", "revealed", "placed", "waiting" (task names),
/// "next": {"task", "released"} (the next reveal, unknown to the scheduler) when there is one}.
/// Null JSON when `r` carries no online record.
io::Json dag_online_state_json(const io::DagRunResult& r, int step);

}  // namespace loadlab::app
