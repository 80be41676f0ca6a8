// WfCommons recipes whose costs come from WfCommons' own fitted distributions
// (generators_wfchef.cpp), routed to by the wfcommons_recipe_* functions of generators.h.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "core/dag/generators.h"
#include "core/util/scipy_dists.h"

namespace loadlab::core {

struct WfchefOutput {
  util::ScipyDist dist;
  double max;
  int files;           ///< 0: one per child (BWA's fastq_reduce writes a .fastq per bwa)
  bool fixed = false;  ///< the file's "distribution" is null: WfCommons takes its min (= max)
};
struct WfchefType {
  const char* type;
  util::ScipyDist runtime;
  double runtime_max;                 ///< seconds
  std::vector<WfchefOutput> outputs;  ///< bytes
};
struct WfchefPartialRead {
  const char* from;
  const char* to;
  int file;  ///< the only parent file the child reads; -1: the k-th for the parent's k-th child
};
struct WfchefRecipe {
  const char* name;
  std::vector<WfchefType> types;
  std::vector<WfchefPartialRead> partial_reads;
};

/// Builds a recipe's shape, naming tasks "<type>_ID0000001", ... in creation order as WfCommons
/// does (every recipe, in generators_wfcommons.cpp and generators_wfchef.cpp).
struct WfShapeBuilder {
  GraphShape s;
  TaskId add(const char* type) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%s_ID%07d", type, s.tasks + 1);
    s.names.emplace_back(buf);
    return s.tasks++;
  }
  void edge(TaskId a, TaskId b) { s.edges.push_back({a, b}); }
};

/// The recipes' fitted costs (generators_wfchef_costs.cpp).
const std::vector<WfchefRecipe>& wfchef_recipe_table();

const std::vector<std::string>& wfchef_recipe_names();
bool is_wfchef_recipe(const std::string& recipe);
std::int32_t wfchef_recipe_min_tasks(const std::string& recipe);
GraphShape wfchef_recipe_shape(const std::string& recipe, std::int32_t tasks);
TaskGraph wfchef_recipe_graph(const std::string& recipe, std::int32_t tasks, std::uint64_t seed,
                              double bandwidth);

}  // namespace loadlab::core
