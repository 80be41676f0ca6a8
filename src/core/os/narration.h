// The os kind's narration: each scheduling decision of a run (a moment at which some processor
// starts something new), saying which job each processor now serves, which jobs wait and how many
// processors stand idle while jobs are in the system (the fragmentation of Houstis, Kapidakis,
// Markatos & Gelenbe's survey, Section 4.2).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/common/narration.h"
#include "core/os/model.h"

namespace loadlab::core {

/// Short pseudo-code of an os policy; empty if unknown.
std::vector<std::string> os_pseudocode(std::string_view policy);

/// Narrates a run of `policy` whose result kept its intervals (OsSimOptions::keep_intervals):
/// step k is the k-th distinct time at which a processor starts a segment, or a job arrives or
/// finishes. Processor ranges are named "P0–P9".
Narration os_narration(std::string_view policy, int processors, const std::vector<OsJob>& jobs,
                       const OsRunResult& run);

}  // namespace loadlab::core
