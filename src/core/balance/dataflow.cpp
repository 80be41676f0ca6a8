// Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Figs 5 and 12 steps 4.x. Erratum: ERRATA.md 000
// "Execution order" (data-flow order: receive everything, then send).
#include "core/balance/dataflow.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace loadlab::core {

int assign_dataflow_steps(int nodes, std::vector<Transfer>& phase, int base_step) {
  if (phase.empty()) return 0;
  // CSR of outgoing transfers per sender; Kahn's algorithm over nodes.
  std::vector<int> out_begin(static_cast<std::size_t>(nodes) + 1, 0);
  std::vector<int> pending_in(nodes, 0);
  for (const Transfer& t : phase) {
    ++out_begin[t.from + 1];
    ++pending_in[t.to];
  }
  for (int v = 0; v < nodes; ++v) out_begin[v + 1] += out_begin[v];
  std::vector<int> out_list(phase.size());
  {
    std::vector<int> fill(out_begin.begin(), out_begin.end() - 1);
    for (std::size_t i = 0; i < phase.size(); ++i) out_list[fill[phase[i].from]++] = int(i);
  }
  // ready[v]: first step in which v may send = 1 + the last step in which it receives.
  std::vector<int> ready(nodes, 0);
  std::vector<int> queue;
  for (int v = 0; v < nodes; ++v)
    if (pending_in[v] == 0 && out_begin[v + 1] > out_begin[v]) queue.push_back(v);
  std::size_t assigned = 0;
  int last = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const int v = queue[head];
    for (int k = out_begin[v]; k < out_begin[v + 1]; ++k) {
      Transfer& t = phase[out_list[k]];
      t.step = ready[v];
      last = std::max(last, t.step);
      ++assigned;
      ready[t.to] = std::max(ready[t.to], t.step + 1);
      if (--pending_in[t.to] == 0 && out_begin[t.to + 1] > out_begin[t.to]) queue.push_back(t.to);
    }
  }
  if (assigned != phase.size())
    throw std::logic_error("exchange phase has a cycle of transfers; no data-flow order exists");
  for (Transfer& t : phase) t.step += base_step;
  sort_by_step(phase);
  return last + 1;
}

void sort_by_step(std::vector<Transfer>& transfers) {
  int last = 0;
  bool sorted = true;
  for (std::size_t i = 0; i < transfers.size(); ++i) {
    last = std::max(last, transfers[i].step);
    sorted = sorted && (i == 0 || transfers[i - 1].step <= transfers[i].step);
  }
  if (sorted) return;
  std::vector<std::size_t> start(static_cast<std::size_t>(last) + 2, 0);
  for (const Transfer& t : transfers) ++start[t.step + 1];
  for (int s = 0; s <= last; ++s) start[s + 1] += start[s];
  std::vector<Transfer> out(transfers.size());
  for (const Transfer& t : transfers) out[start[t.step]++] = t;
  transfers = std::move(out);
}

}  // namespace loadlab::core
