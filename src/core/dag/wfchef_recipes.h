// WfCommons recipes whose costs come from WfCommons' own fitted distributions
// (generators_wfchef.cpp), routed to by the wfcommons_recipe_* functions of generators.h.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/dag/generators.h"

namespace loadlab::core {

const std::vector<std::string>& wfchef_recipe_names();
bool is_wfchef_recipe(const std::string& recipe);
std::int32_t wfchef_recipe_min_tasks(const std::string& recipe);
GraphShape wfchef_recipe_shape(const std::string& recipe, std::int32_t tasks);
TaskGraph wfchef_recipe_graph(const std::string& recipe, std::int32_t tasks, std::uint64_t seed,
                              double bandwidth);

}  // namespace loadlab::core
