// The sender-initiated probing rule as a class, so the symmetric strategy (strategy_symmetric.cpp)
// runs exactly this sender half and adds a receiver half beside it.
#pragma once

#include <vector>

#include "core/dynamic/strategies.h"

namespace loadlab::core {

/// Message tags of the sender half; other strategies built on it use tags above these.
enum SenderTag { kSenderProbe = 1, kSenderReply = 2, kSenderTagEnd = 3 };

class SenderStrategy : public DynamicStrategy {
 public:
  explicit SenderStrategy(const SenderParams& p) : p_(p) {}

  void on_start(DynamicSim& s) override;
  void on_new_task(DynamicSim& s, int node, DynTaskId t) override;
  void on_message(DynamicSim& s, int to, int from, int tag, std::int64_t value) override;

 protected:
  bool overloaded(const DynamicSim& s, int v) const {
    return static_cast<double>(s.load(v)) > p_.threshold && s.queued(v) > 0;
  }
  /// Starts a probing sequence at v if v is overloaded and not already probing.
  void maybe_probe(DynamicSim& s, int v);

  SenderParams p_;

 private:
  void probe(DynamicSim& s, int v, int attempts);
  std::vector<int> probing_;  // 0 = not probing, else probes sent in the current sequence
};

}  // namespace loadlab::core
