// A load vector (tasks per node) read from a file the user picks: the "from file" load generator
// of the balance and dynamic forms. CSV or plain text (one value per line or per cell; a header
// line naming a "load" / "loads" / "tasks" / "initial" column picks that column of a table such
// as "node,load"), or JSON (an array of counts, or a scenario's "loads" or "workload.initial").
// Every error names the field and, for text, the line: "/loads: line 4 of loads.csv: ...".
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "core/model/loads.h"

namespace loadlab::io {

struct LoadFileLimits {
  static constexpr std::size_t max_bytes = 16u << 20;  ///< the browser's file limit too
  static constexpr std::size_t max_values = 1u << 21;  ///< the largest topology (2^21 nodes)
};

/// Parses `text` (from a file called `file_name`, which only appears in messages) into loads.
/// `field` is the JSON pointer the loads go to ("/loads", "/workload/initial"): every error is an
/// io::ScenarioError naming it. Values must be whole numbers in [0, max_load_per_node] with a
/// total of at most LoadLimits::max_total; an empty file is an error.
core::LoadVector parse_load_file(std::string_view text, const std::string& file_name,
                                 const std::string& field);

}  // namespace loadlab::io
