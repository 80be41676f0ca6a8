// The dlt descriptor table. Paper 004 (../shared/seeds/004_11d6ddba309eeb28.txt): closed form
// (Section 3.1, eqs (1)-(3)), Algorithm A (§3.2), IBS (§4, Table 1), Algorithm A' (§4.2).
#include "core/dlt/registry.h"

#include "core/dlt/algorithm_a.h"
#include "core/dlt/algorithm_a_prime.h"
#include "core/dlt/closed_form.h"
#include "core/dlt/ibs.h"

namespace loadlab::core {

namespace {

DltResult run_closed_form(const DltParams& p, std::optional<double>, std::optional<double>) {
  return dlt_closed_form(p);
}
DltResult run_algorithm_a(const DltParams& p, std::optional<double>, std::optional<double> g) {
  return dlt_algorithm_a(p, g.value());
}
DltResult run_ibs(const DltParams& p, std::optional<double> b, std::optional<double>) {
  return dlt_ibs(p, b.value());
}
DltResult run_algorithm_a_prime(const DltParams& p, std::optional<double> b,
                                std::optional<double> g) {
  return dlt_algorithm_a_prime(p, b.value(), g.value());
}

}  // namespace

const std::vector<DltAlgorithm>& dlt_algorithms() {
  static const std::vector<DltAlgorithm> rows = {
      {{"closed_form", "Closed form (infinite buffers)", "li2001 §3.1, eqs (1)-(3), Example 1",
        "hypercube, infinite buffers",
        "The originator sends the load layer by layer down the hypercube's spanning tree; the "
        "fractions per layer come from the recursion that makes every processor finish at the "
        "same time, which gives the minimum finish time when buffers are unlimited.",
        "layer fractions alpha_i from recursions (1) and (3);  T = alpha_0 * L * E", "O(d)", false},
       false,
       false,
       run_closed_form},
      {{"algorithm_a", "Algorithm A (granularity)", "li2001 §3.2, Example 2",
        "hypercube, infinite buffers, granularity δ",
        "Tries the closed form with fewer and fewer layers until every processor's share is at "
        "least the granularity δ (a load cannot be split below δ).",
        "for k = d..0: if closed form on layers 0..k gives every processor >= δ: accept k",
        "O(d^2)", false},
       false,
       true,
       run_algorithm_a},
      {{"ibs", "Incremental Balancing Strategy", "li2001 §4, Table 1, Example 3 / Table 2",
        "hypercube, finite buffers B",
        "With a finite buffer B per processor the load is injected in iterations: each injects, "
        "at the current layer q, the largest amount per processor that overflows no vacant "
        "buffer, spread over the deeper layers with the closed-form ratios, until the whole load "
        "is placed; it reports when the buffers of the cube cannot hold the load.",
        "iteration k at layer q: L_q = B_q / alpha_q per processor;  X = injected load;\n"
        "remaining -= X;  stop when remaining = 0 (or no buffer space is left)",
        "O(d^2)", false},
       true,
       false,
       run_ibs},
      {{"algorithm_a_prime", "Algorithm A' (buffers and granularity)", "li2001 §4.2, Example 4",
        "hypercube, finite buffers B, granularity δ",
        "Combines IBS and Algorithm A: IBS with fewer and fewer layers until every used "
        "processor's share respects the granularity and the buffers suffice.",
        "for k = d..0: run IBS on layers 0..k; accept when enough buffers and every share >= δ",
        "O(d^3)", false},
       true,
       true,
       run_algorithm_a_prime},
  };
  return rows;
}

const DltAlgorithm* find_dlt_algorithm(std::string_view name) {
  for (const auto& a : dlt_algorithms())
    if (name == a.info.name) return &a;
  return nullptr;
}

const std::vector<AlgorithmInfo>& dlt_algorithm_table() {
  static const std::vector<AlgorithmInfo> table = [] {
    std::vector<AlgorithmInfo> t;
    for (const auto& a : dlt_algorithms()) t.push_back(a.info);
    return attach_algorithm_guides("dlt", std::move(t));
  }();
  return table;
}

}  // namespace loadlab::core
