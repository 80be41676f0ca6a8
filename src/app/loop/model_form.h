// The loop form's consistency rules: after an edit the form's scenario must
// still be valid, so what depends on another field follows it instead of failing validation.
#pragma once

#include <string>
#include <vector>

#include "io/json_reader.h"

namespace loadlab::app {

/// Makes a loop scenario document consistent after a form edit: per-processor arrays
/// (start_delays, speeds, weights) get one entry per processor (the old list repeated or
/// truncated), a Mandelbrot profile's max_iter is lowered to the documented work limit
/// (iterations * width * max_iter <= 1e9), and a uniform/bimodal "high" below "low" is raised.
/// Returns one note per change for the status line.
std::vector<std::string> loop_make_consistent(io::Json& doc);

}  // namespace loadlab::app
