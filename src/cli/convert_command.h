// `loadlab convert IN OUT`: between the task-graph formats (STG, DOT, WfCommons, the inline JSON
// graph), the METIS graph format and scenario JSON. Documentation: docs/convert.md.
#pragma once

#include <ostream>
#include <string>

namespace loadlab::cli {

struct ConvertOptions {
  std::string in, out;  ///< files; "-" = stdin / stdout (then --from / --to are needed)
  std::string from,
      to;  ///< stg | dot | wfcommons | graph | metis | scenario; empty = from the name
  double bandwidth = 1e8;  ///< WfCommons input: bytes per second (file sizes become edge costs)
  int processors = 4;      ///< dag scenario output
  int parts = 4;           ///< partition scenario output
  std::string name;        ///< scenario output's "name" (default: the input's file name)
};

/// The text of --help's format table (also in docs/convert.md).
extern const char* const kConvertHelp;

/// Converts; throws ScenarioError (bad input, named field or line; or an impossible direction).
/// Lossy conversions print what was left out on `warn`.
void convert_command(const ConvertOptions& opts, std::ostream& warn);

}  // namespace loadlab::cli
