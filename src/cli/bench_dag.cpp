// Placeholder until the area's issue lands.
#include "cli/commands.h"

namespace loadlab::cli {

nlohmann::json bench_dag(const BenchOptions&) { return nlohmann::json::array(); }

}  // namespace loadlab::cli
