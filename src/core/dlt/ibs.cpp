// Paper: ../shared/seeds/004_11d6ddba309eeb28.txt, Section 4, Table 1 (IBS), Lemmas 2-5, Example 3.
// Erratum: ERRATA.md 004 — M(q, i-1) = prod_{m=q}^{i-1} (m+1)(1-α_m)/(d-m), i.e. recursion (1)
// unrolled from layer q; "L_q = min(B_i/α_i)" is the largest per-processor injection at layer q
// that overflows no vacant buffer, which is always B_q/α_q: an injection at q uses a fixed ratio
// ρ_i < 1 (Lemma 1) of layer q's space at layer i, and so did every earlier iteration, so
// B_i >= ρ_i·B_q always holds.
//
// The α_i^(k) of (3) do not depend on k for i >= q (the branching below layer q is the same in
// every iteration), so they are computed once.
#include "core/dlt/ibs.h"

#include <cmath>
#include <stdexcept>

#include "core/dlt/closed_form.h"

namespace loadlab::core {

namespace {

// Relative slack for comparing sums of doubles with the buffer capacity.
constexpr double kRelTol = 1e-12;

DltResult fill_all_buffers(const DltParams& p, double buffer, int k) {
  // Every processor of layers 0..k computes exactly B; what passes layer i is the buffer space of
  // layers i..k, shared by the C(d,i) processors of layer i.
  const int d = p.dim;
  std::vector<double> alpha(static_cast<std::size_t>(d + 1), 0.0);
  std::vector<double> received(static_cast<std::size_t>(d + 1), 0.0);
  double below = 0;
  for (int i = k; i >= 0; --i) {
    const auto u = static_cast<std::size_t>(i);
    below += binomial(d, i) * buffer;
    received[u] = below / binomial(d, i);
    alpha[u] = buffer / received[u];
  }
  received[0] = p.load;  // the same number, without the rounding of the sum
  alpha[0] = buffer / p.load;
  DltResult r;
  r.status = DltStatus::filled_exactly;
  r.message = "optimal schedule is to fill all the buffers exactly";
  r.schedule = assemble_dlt_schedule(p, k, alpha, received);
  return r;
}

}  // namespace

DltResult dlt_ibs(const DltParams& p, double buffer, int last_layer) {
  check_dlt_params(p);
  check_dlt_amount(buffer, "buffer");
  const int d = p.dim;
  const int k_last = last_layer < 0 ? d : last_layer;
  if (k_last > d) throw std::invalid_argument("last_layer must be <= dim");
  const auto n = static_cast<std::size_t>(d + 1);

  // Schedulability check of Table 1.
  double capacity = 0;
  for (int i = 0; i <= k_last; ++i) capacity += binomial(d, i) * buffer;
  if (p.load > capacity * (1 + kRelTol)) {
    DltResult r;
    r.status = DltStatus::not_enough_buffers;
    r.message = "not enough buffers: load " + std::to_string(p.load) + " exceeds the " +
                std::to_string(capacity) + " of buffer space in layers 0.." +
                std::to_string(k_last);
    return r;
  }
  if (p.load >= capacity * (1 - kRelTol)) return fill_all_buffers(p, buffer, k_last);

  const std::vector<double> a = dlt_alphas(p, k_last);
  std::vector<double> buffers(n, buffer);
  std::vector<double> ell(n, 0.0), computed(n, 0.0);
  double remaining = p.load;
  DltResult r;
  for (int q = 0; q <= k_last; ++q) {
    const auto uq = static_cast<std::size_t>(q);
    IbsIteration it;
    it.k = q + 1;
    it.q = q;
    it.L_q = buffers[uq] / a[uq];
    it.X = binomial(d, q) * it.L_q;
    // At the last layer (α = 1) the capacity check guarantees X >= R up to rounding.
    it.stop = it.X >= remaining || q == k_last;
    if (it.stop) {
      it.X = remaining;
      it.L_q = it.X / binomial(d, q);
      remaining = 0;
    } else {
      remaining -= it.X;
    }
    it.remaining = remaining;
    it.L = dlt_received(p, k_last, a, q, it.L_q);
    it.alpha.assign(n, 0.0);
    for (int i = 0; i < q; ++i) it.L[static_cast<std::size_t>(i)] = it.X / binomial(d, i);
    for (int i = q; i <= k_last; ++i) {
      const auto u = static_cast<std::size_t>(i);
      it.alpha[u] = a[u];
      buffers[u] -= a[u] * it.L[u];
    }
    if (!it.stop) buffers[uq] = 0;  // filled exactly (Lemma 2); avoid a rounding residue
    for (int i = 0; i <= k_last; ++i) {
      const auto u = static_cast<std::size_t>(i);
      ell[u] += it.L[u];
      computed[u] += it.alpha[u] * it.L[u];
    }
    it.buffers_left = buffers;
    const bool stop = it.stop;
    r.iterations.push_back(std::move(it));
    if (stop) break;
  }
  std::vector<double> alpha_star(n, 0.0);
  for (int i = 0; i <= k_last; ++i) {
    const auto u = static_cast<std::size_t>(i);
    alpha_star[u] = computed[u] / ell[u];
  }
  alpha_star[static_cast<std::size_t>(k_last)] = 1.0;
  r.schedule = assemble_dlt_schedule(p, k_last, alpha_star, ell);
  return r;
}

}  // namespace loadlab::core
