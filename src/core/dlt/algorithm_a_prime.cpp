// Paper: ../shared/seeds/004_11d6ddba309eeb28.txt, Section 4.2 (Algorithm A'), Example 4.
// Erratum: ERRATA.md 004 — the same corrected loop as Algorithm A (truncate at k, then test), with
// IBS in place of the closed form; Example 4 uses E = 3, C = 2 (printed swapped).
#include "core/dlt/algorithm_a_prime.h"

#include <algorithm>

#include "core/dlt/ibs.h"

namespace loadlab::core {

DltResult dlt_algorithm_a_prime(const DltParams& p, double buffer, double granularity) {
  check_dlt_params(p);
  check_dlt_amount(buffer, "buffer");
  check_dlt_amount(granularity, "granularity");
  std::vector<DltTrial> trials;
  for (int k = p.dim; k >= 1; --k) {
    DltResult r = dlt_ibs(p, buffer, k);
    DltTrial t;
    t.k = k;
    if (r.status == DltStatus::not_enough_buffers) {
      // Fewer layers have even less buffer space: no later k can succeed.
      t.enough_buffers = false;
      trials.push_back(t);
      if (k == p.dim) {
        r.trials = std::move(trials);
        return r;
      }
      DltResult fail;
      fail.status = DltStatus::no_feasible_layer;
      fail.message = "no feasible schedule: truncating below layer " + std::to_string(k + 1) +
                     " leaves too little buffer space, and deeper truncations give a processor "
                     "less than the granularity";
      fail.trials = std::move(trials);
      return fail;
    }
    const auto& per = r.schedule.load_per_processor;
    t.min_load_per_processor = *std::min_element(per.begin(), per.begin() + k + 1);
    t.accepted = t.min_load_per_processor >= granularity;
    trials.push_back(t);
    if (t.accepted) {
      r.trials = std::move(trials);
      return r;
    }
  }
  DltResult fail;
  fail.status = DltStatus::no_feasible_layer;
  fail.message =
      "no feasible schedule: even with only layers 0 and 1 a processor gets less than the "
      "granularity";
  fail.trials = std::move(trials);
  return fail;
}

}  // namespace loadlab::core
