// The transfers of one receiver-initiated round that minimise cost function (3).
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 2.5 (Houstis, Kapidakis, Markatos &
// Gelenbe 1996): "The cost function C to be minimized by the load balancing algorithm", with the
// receivers' constraint Σ_s W_sr ≤ L_A − L_r and senders sending at most what is requested.
// Which sender serves which receiver does not enter (3) once f and g are per task, so the
// decision is over the totals X_r, Y_s; the marginal costs are exact differences of powers
// computed by multiplication, identical natively and in WebAssembly.
#include "core/dynamic/receiver_min_cost.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <queue>
#include <utility>

namespace loadlab::core {

namespace {

double receiver_cost_power(double x, int M) {
  double r = 1;
  for (int i = 0; i < M; ++i) r *= x;
  return r;
}

double receiver_cost_average(const std::vector<double>& loads) {
  double sum = 0;
  for (double l : loads) sum += l;
  return loads.empty() ? 0 : sum / static_cast<double>(loads.size());
}

}  // namespace

double receiver_round_cost(const std::vector<double>& loads, const std::vector<std::int64_t>& got,
                           const std::vector<std::int64_t>& sent, double f, double g, int M) {
  const double avg = receiver_cost_average(loads);
  double c = 0;
  for (std::size_t v = 0; v < loads.size(); ++v) {
    const double l = loads[v];
    if (l < avg) c += receiver_cost_power(l + (1 + f) * static_cast<double>(got[v]) - avg, M);
    if (l > avg) c += receiver_cost_power(l - (1 - g) * static_cast<double>(sent[v]) - avg, M);
  }
  return c / M;
}

std::vector<ReceiverTransfer> receiver_min_cost_transfers(const std::vector<double>& loads,
                                                          double f, double g, int M) {
  const double avg = receiver_cost_average(loads);
  const std::size_t n = loads.size();
  std::vector<std::int64_t> cap(n, 0), moved(n, 0);
  // Marginal cost of one more task received (receivers) or sent (senders).
  auto marginal = [&](std::size_t v) {
    const double l = loads[v], k = static_cast<double>(moved[v]);
    if (l < avg)
      return receiver_cost_power(l + (1 + f) * (k + 1) - avg, M) -
             receiver_cost_power(l + (1 + f) * k - avg, M);
    return receiver_cost_power(l - (1 - g) * (k + 1) - avg, M) -
           receiver_cost_power(l - (1 - g) * k - avg, M);
  };
  using Entry = std::pair<double, std::size_t>;  // (marginal, node): smallest first
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> rq, sq;
  for (std::size_t v = 0; v < n; ++v) {
    if (loads[v] < avg) cap[v] = static_cast<std::int64_t>(std::floor(avg - loads[v]));
    if (loads[v] > avg) cap[v] = static_cast<std::int64_t>(std::floor(loads[v] - avg));
    if (cap[v] > 0) (loads[v] < avg ? rq : sq).push({marginal(v), v});
  }
  std::map<std::pair<int, int>, std::int64_t> pair_tasks;  // (sender, receiver): sorted
  while (!rq.empty() && !sq.empty()) {
    const Entry r = rq.top(), s = sq.top();
    if (!(r.first + s.first < 0)) break;
    rq.pop();
    sq.pop();
    ++moved[r.second];
    ++moved[s.second];
    ++pair_tasks[{static_cast<int>(s.second), static_cast<int>(r.second)}];
    if (moved[r.second] < cap[r.second]) rq.push({marginal(r.second), r.second});
    if (moved[s.second] < cap[s.second]) sq.push({marginal(s.second), s.second});
  }
  std::vector<ReceiverTransfer> pairs;
  pairs.reserve(pair_tasks.size());
  for (const auto& [sr, k] : pair_tasks) pairs.push_back({sr.first, sr.second, k});
  return pairs;
}

}  // namespace loadlab::core
