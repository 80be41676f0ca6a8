// The decision of strategy "receiver_min_cost": the transfers of one round that minimise the
// survey's cost function (3).
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 2.5 (Houstis et al. 1996).
#pragma once

#include <cstdint>
#include <vector>

namespace loadlab::core {

struct ReceiverTransfer {
  int sender = 0;
  int receiver = 0;
  std::int64_t tasks = 0;
};

/// Cost function (3) of a round with π_sr = 1 on every pair that moves work (0 elsewhere) and
/// f(W) = f·W, g(W) = g·W: 1/M Σ_r (L_r + (1 + f) X_r − L_A)^M + 1/M Σ_s (L_s − (1 − g) Y_s −
/// L_A)^M, X_r received by r, Y_s sent by s; the sums run over R = {L_r < L_A} and S = {L_s > L_A}.
double receiver_round_cost(const std::vector<double>& loads, const std::vector<std::int64_t>& got,
                           const std::vector<std::int64_t>& sent, double f, double g, int M);

/// Integer transfers minimising receiver_round_cost under the survey's constraints: a receiver
/// takes at most ⌊L_A − L_r⌋, a sender gives at most ⌊L_s − L_A⌋. The cost is separable and
/// convex in the per-node totals, linked only by Σ X_r = Σ Y_s, so adding one task at a time from
/// the sender with the smallest marginal cost to the receiver with the smallest marginal cost,
/// while the sum of the two marginals is negative, is exact. Ties: the lower node index. Pairs
/// are listed by sender, then receiver.
std::vector<ReceiverTransfer> receiver_min_cost_transfers(const std::vector<double>& loads,
                                                          double f, double g, int M);

}  // namespace loadlab::core
