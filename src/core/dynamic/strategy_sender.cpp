// Strategy "sender": sender-initiated transfer with threshold probing.
// Papers: ../shared/seeds/000_ace8fcde3218dd88.txt Section 6 (Eager et al. compare sender- and
// receiver-initiated algorithms [6]); the probing rule is Eager's "threshold" policy: a node whose
// load exceeds T when a task appears probes up to `probe_limit` random neighbours, one at a time
// (probe + reply = two messages); the first one whose load is below T receives the newest queued
// task. One probing sequence per node at a time.
#include "core/dynamic/strategy_sender.h"

namespace loadlab::core {

void SenderStrategy::on_start(DynamicSim& s) {
  probing_.assign(static_cast<std::size_t>(s.nodes()), 0);
  for (int v = 0; v < s.nodes(); ++v) maybe_probe(s, v);
}

void SenderStrategy::on_new_task(DynamicSim& s, int node, DynTaskId t) {
  s.enqueue(node, t);
  if (!probing_.empty()) maybe_probe(s, node);
}

void SenderStrategy::on_message(DynamicSim& s, int to, int from, int tag, std::int64_t value) {
  if (tag == kSenderProbe) {
    s.message(to, from, 1, kSenderReply, s.load(to));
    return;
  }
  if (tag != kSenderReply) return;
  // Reply to `to`'s probe: `value` is the probed node's load.
  const int attempts = probing_[static_cast<std::size_t>(to)];
  if (static_cast<double>(value) < p_.threshold && overloaded(s, to)) {
    const DynTaskId t = s.take_newest(to);
    s.migrate(t, to, from, 1);
    probing_[static_cast<std::size_t>(to)] = 0;
    maybe_probe(s, to);
    return;
  }
  if (attempts < p_.probe_limit && overloaded(s, to)) {
    probe(s, to, attempts);
  } else {
    probing_[static_cast<std::size_t>(to)] = 0;
  }
}

void SenderStrategy::maybe_probe(DynamicSim& s, int v) {
  if (probing_[static_cast<std::size_t>(v)] == 0 && p_.probe_limit > 0 && overloaded(s, v))
    probe(s, v, 0);
}

void SenderStrategy::probe(DynamicSim& s, int v, int attempts) {
  const auto nb = s.topology().neighbours(v);
  if (nb.empty()) return;
  probing_[static_cast<std::size_t>(v)] = attempts + 1;
  s.message(v, nb[static_cast<std::size_t>(s.rng().below(nb.size()))], 1, kSenderProbe, 0);
}

std::unique_ptr<DynamicStrategy> make_sender_strategy(const SenderParams& p) {
  return make_dynamic_strategy<SenderStrategy>(p);
}

}  // namespace loadlab::core
