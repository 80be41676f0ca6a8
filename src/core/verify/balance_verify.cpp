// Verifier for paper 000's algorithms: ../shared/seeds/000_ace8fcde3218dd88.txt, Lemmas 1-3 and
// Theorem 1 (final = quotas), Section 2 (transfers along links). Erratum: ERRATA.md 000 "Execution
// order" (loads never negative in data-flow order).
#include "core/verify/balance_verify.h"

#include <string>

namespace loadlab::core {

namespace {

constexpr std::size_t kMaxErrors = 20;

class Report {
 public:
  explicit Report(BalanceVerification& v) : v_(v) {}
  void fail(const std::string& what) {
    v_.ok = false;
    if (v_.errors.size() < kMaxErrors) v_.errors.push_back(what);
  }
  bool full() const { return v_.errors.size() >= kMaxErrors; }

 private:
  BalanceVerification& v_;
};

std::string describe(std::size_t index, const Transfer& t) {
  return "transfer " + std::to_string(index) + " (step " + std::to_string(t.step) + ", " +
         std::to_string(t.from) + "->" + std::to_string(t.to) + " x" + std::to_string(t.count) +
         ")";
}

}  // namespace

bool balance_promises_quotas(const std::string& algorithm) {
  return algorithm == "twa" || algorithm == "cwa" || algorithm == "mwa" || algorithm == "kwa" ||
         algorithm == "optimal";
}

BalanceVerification verify_balance(const Topology& topology, const LoadVector& initial,
                                   const BalanceResult& result) {
  BalanceVerification v;
  Report report(v);
  const int n = topology.size();
  if (static_cast<int>(initial.size()) != n) {
    report.fail("initial loads have " + std::to_string(initial.size()) + " entries for " +
                std::to_string(n) + " nodes");
    return v;
  }
  std::int64_t total = 0;
  for (int i = 0; i < n; ++i) {
    if (initial[i] < 0) report.fail("initial load of node " + std::to_string(i) + " is negative");
    total += initial[i];
  }
  if (!result.initial_loads.empty() && result.initial_loads != initial)
    report.fail("result's initial loads differ from the scenario's");
  if (static_cast<int>(result.final_loads.size()) != n) {
    report.fail("final loads have " + std::to_string(result.final_loads.size()) + " entries for " +
                std::to_string(n) + " nodes");
    return v;
  }

  // Well-formed transfers along links, in step order.
  bool well_formed = true;
  for (std::size_t k = 0; k < result.transfers.size() && !report.full(); ++k) {
    const Transfer& t = result.transfers[k];
    const bool nodes_ok = t.from >= 0 && t.from < n && t.to >= 0 && t.to < n;
    if (!nodes_ok)
      report.fail(describe(k, t) + " names a node outside [0, " + std::to_string(n) + ")");
    else if (!topology.has_link(t.from, t.to))
      report.fail(describe(k, t) + " is not along a link");
    if (t.count <= 0) report.fail(describe(k, t) + " moves a non-positive number of tasks");
    if (t.step < 0 || t.step >= result.steps)
      report.fail(describe(k, t) + " lies outside steps [0, " + std::to_string(result.steps) + ")");
    if (k > 0 && t.step < result.transfers[k - 1].step)
      report.fail(describe(k, t) + " is out of step order");
    well_formed = well_formed && nodes_ok;
  }
  if (!well_formed) return v;

  // Re-execute step by step: sends come out of the load held at the start of the step.
  LoadVector load = initial;
  std::vector<std::int64_t> sent(n, 0);
  std::vector<int> touched;
  std::size_t k = 0;
  while (k < result.transfers.size()) {
    const int step = result.transfers[k].step;
    std::size_t end = k;
    for (; end < result.transfers.size() && result.transfers[end].step == step; ++end) {
      const Transfer& t = result.transfers[end];
      if (sent[t.from] == 0) touched.push_back(t.from);
      sent[t.from] += t.count;
    }
    for (int u : touched) {
      if (sent[u] > load[u])
        report.fail("step " + std::to_string(step) + ": node " + std::to_string(u) + " sends " +
                    std::to_string(sent[u]) + " tasks but holds only " + std::to_string(load[u]));
      sent[u] = 0;
    }
    touched.clear();
    for (; k < end; ++k) {
      load[result.transfers[k].from] -= result.transfers[k].count;
      load[result.transfers[k].to] += result.transfers[k].count;
    }
  }
  std::int64_t final_total = 0;
  for (int i = 0; i < n; ++i) {
    final_total += result.final_loads[i];
    if (load[i] != result.final_loads[i] && !report.full())
      report.fail("node " + std::to_string(i) + ": reported final load " +
                  std::to_string(result.final_loads[i]) + " but the transfers give " +
                  std::to_string(load[i]));
    if (result.final_loads[i] < 0 && !report.full())
      report.fail("node " + std::to_string(i) + " ends with a negative load");
  }
  if (final_total != total)
    report.fail("tasks not conserved: " + std::to_string(total) + " before, " +
                std::to_string(final_total) + " after");

  if (balance_promises_quotas(result.algorithm)) {
    // Fig 4 quotas, computed here from scratch rather than through core/balance/quota.h.
    const std::int64_t w_avg = total / n, rem = total % n;
    for (int i = 0; i < n && !report.full(); ++i) {
      const std::int64_t q = w_avg + (i < rem ? 1 : 0);
      if (result.final_loads[i] != q)
        report.fail("node " + std::to_string(i) + " ends with " +
                    std::to_string(result.final_loads[i]) + " tasks, its quota is " +
                    std::to_string(q));
    }
  }
  return v;
}

}  // namespace loadlab::core
