#include "core/balance/balance_result.h"

namespace loadlab::core {

LoadVector apply_transfers(const LoadVector& initial, const std::vector<Transfer>& transfers) {
  LoadVector w = initial;
  for (const Transfer& t : transfers) {
    w[t.from] -= t.count;
    w[t.to] += t.count;
  }
  return w;
}

}  // namespace loadlab::core
