// Paper: ../shared/seeds/004_11d6ddba309eeb28.txt, Section 3.2 (Algorithm A), Example 2.
// Erratum: ERRATA.md 004 — the printed loop tests a layer before truncating at it (accepting a last
// layer below δ); the corrected loop truncates at k first (α_k = 1, (3) and (1) recomputed for
// i < k with the same d), then tests. Example 2 uses E = 3, C = 2 (printed swapped).
#include "core/dlt/algorithm_a.h"

#include <algorithm>

#include "core/dlt/closed_form.h"

namespace loadlab::core {

DltResult dlt_algorithm_a(const DltParams& p, double granularity) {
  check_dlt_params(p);
  check_dlt_amount(granularity, "granularity");
  std::vector<DltTrial> trials;
  for (int k = p.dim; k >= 1; --k) {
    DltResult r = dlt_closed_form(p, k);
    const auto& per = r.schedule.load_per_processor;
    // Lemma 1 makes layer k the smallest; the minimum over all layers says the same more robustly.
    const double least = *std::min_element(per.begin(), per.begin() + k + 1);
    DltTrial t;
    t.k = k;
    t.min_load_per_processor = least;
    t.accepted = least >= granularity;
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
