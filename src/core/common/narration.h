// What an algorithm is doing at each step, in its own terms: the caption the playground shows
// under a view, the pseudo-code beside it with the current line lit, and what `loadlab explain`
// prints. Built by the core from a run's step records, so the numbers in a caption are the
// run's own and a paper's worked example can be checked against the paper's text natively.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

namespace loadlab::core {

/// One animated step: what happens and why ("TWA phase 2, node 3: its subtree holds 14 tasks,
/// its quota is 9, so it sends 5 up").
struct StepCaption {
  std::string text;
  int line = -1;  ///< 0-based index into Narration::pseudocode to highlight; -1 for none
};

/// The narration of one algorithm's run.
struct Narration {
  std::string algorithm;                ///< the scenario name, e.g. "twa"
  std::string citation;                 ///< authors, title, venue and year of its source
  std::vector<std::string> pseudocode;  ///< short pseudo-code; captions point into it
  /// One caption per step the kind's view animates, in order (step k of the view is steps[k]).
  /// Runs with more than kMaxNarratedSteps steps narrate the first ones and then one summary.
  std::vector<StepCaption> steps;
  static constexpr std::size_t kMaxNarratedSteps = 10000;
};

/// A narration and the step a view shows of it (-1: none).
struct NarrationView {
  const Narration* narration = nullptr;
  int step = -1;
};

/// x with `digits` significant digits ("%.*g"): how captions quote the run's numbers.
inline std::string narration_number(double x, int digits = 4) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*g", digits, x);
  return buf;
}

/// x with `decimals` digits after the point.
inline std::string narration_fixed(double x, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  return buf;
}

}  // namespace loadlab::core
