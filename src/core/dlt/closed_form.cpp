// Paper: ../shared/seeds/004_11d6ddba309eeb28.txt, Section 3.1, eqs (1) and (3), Fig 2, Example 1.
// Erratum: ERRATA.md 004 — (1) gives per-processor L_i (Example 1 prints layer totals) and
// T* = α_0·L_0·E (the text drops E).
#include "core/dlt/closed_form.h"

#include <stdexcept>

namespace loadlab::core {

std::vector<double> dlt_alphas(const DltParams& p, int last_layer) {
  const int d = p.dim;
  std::vector<double> a(static_cast<std::size_t>(d + 1), 0.0);
  a[static_cast<std::size_t>(last_layer)] = 1.0;  // the last layer keeps all it receives
  for (int i = last_layer - 1; i >= 0; --i) {
    const auto u = static_cast<std::size_t>(i);
    a[u] = 1.0 / (1.0 + (d - i) * p.E / ((i + 1) * a[u + 1] * p.E + p.C));
  }
  return a;
}

std::vector<double> dlt_received(const DltParams& p, int last_layer,
                                 const std::vector<double>& alpha, int from, double L_from) {
  const int d = p.dim;
  std::vector<double> L(static_cast<std::size_t>(d + 1), 0.0);
  L[static_cast<std::size_t>(from)] = L_from;
  for (int i = from; i < last_layer; ++i) {
    const auto u = static_cast<std::size_t>(i);
    // What a layer-i processor passes on is split over its d-i children; each child collects
    // from its i+1 parents.
    L[u + 1] = (1.0 - alpha[u]) * L[u] * (i + 1) / (d - i);
  }
  return L;
}

DltResult dlt_closed_form(const DltParams& p, int last_layer) {
  check_dlt_params(p);
  if (last_layer < 0) last_layer = p.dim;
  if (last_layer > p.dim) throw std::invalid_argument("last_layer must be <= dim");
  const std::vector<double> a = dlt_alphas(p, last_layer);
  const std::vector<double> L = dlt_received(p, last_layer, a, 0, p.load);
  DltResult r;
  r.schedule = assemble_dlt_schedule(p, last_layer, a, L);
  return r;
}

}  // namespace loadlab::core
