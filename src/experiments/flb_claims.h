// The scheduling-performance claims of Radulescu & van Gemund's FLB paper (Section 6.2, Fig 4)
// judged on measured normalized schedule lengths (NSL = makespan / MCP's makespan).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "experiments/verdict.h"

namespace loadlab::experiments {

/// One point of Fig 4: a problem at one CCR and processor count, with the average NSL of each
/// algorithm ("mcp", "etf", "dsc_llb", "fcp", "flb"; mcp is 1 by definition).
struct FlbCell {
  std::string problem;  ///< "LU", "Laplace", "Stencil", "FFT"
  double ccr = 0;
  int processors = 0;
  std::map<std::string, double> nsl;
};

/// The ten claims of Section 6.2 in the paper's order. Throws std::invalid_argument when a cell
/// lacks one of the five algorithms or has a non-positive NSL.
std::vector<ClaimResult> judge_flb_claims(const std::vector<FlbCell>& cells);

/// One point of Fig 3: FLB's speedup (total work / makespan) on a problem at one CCR and P.
struct FlbSpeedup {
  std::string problem;
  double ccr = 0;
  int processors = 0;
  double speedup = 0;
};

/// Fig 3's two classes ("Stencil and FFT which achieve linear speedup and LU and Laplace for which
/// there less speedup is obtained"): at the largest P of each CCR, the smaller speedup of Stencil
/// and FFT must exceed the larger of LU and Laplace. The measured value is that margin.
ClaimResult judge_flb_speedup_classes(const std::vector<FlbSpeedup>& points);

}  // namespace loadlab::experiments
