// Strategy "symmetric": sender- and receiver-initiated transfer together.
// Papers: ../shared/seeds/003_6046837c8e4c81af.txt, the initiation rule ("If balancing is
// initiated by an overloaded node, then designated as sender-initiated. If initiated by an
// underloaded node, then known as receiver-initiated. Symmetrical policies are also possible."),
// and ../shared/seeds/000_ace8fcde3218dd88.txt Section 6, which cites Eager et al. [6] for the
// threshold rules both halves use.
// The sender half is strategy "sender" unchanged (SenderStrategy). The receiver half is Eager's
// receiver rule: a node whose load falls below T (when a task ends or it idles) polls up to
// `probe_limit` random neighbours, one at a time; a polled node whose load exceeds T and that has
// a queued task sends its oldest one (poll + reply or task = two messages or one message and a
// migration). When every poll fails the node waits `backoff` before polling again, as Eager et al.
// wait "a predetermined period": without it an idle node beside idle neighbours would poll forever
// at one instant when messages are free.
#include <vector>

#include "core/dynamic/strategy_sender.h"

namespace loadlab::core {

namespace {

enum SymmetricTag {
  kSymPoll = kSenderTagEnd,  // receiver -> polled node
  kSymRefuse,                // polled node -> receiver: nothing to give
  kSymGiven,                 // tag of a migrated task answering a poll
  kSymRetry                  // receiver's timer after a failed polling sequence
};

class SymmetricStrategy final : public SenderStrategy {
 public:
  SymmetricStrategy(const SenderParams& p, double backoff) : SenderStrategy(p), backoff_(backoff) {}

  void on_start(DynamicSim& s) override {
    polling_.assign(static_cast<std::size_t>(s.nodes()), 0);
    SenderStrategy::on_start(s);
    for (int v = 0; v < s.nodes(); ++v) maybe_poll(s, v);
  }

  void on_task_arrived(DynamicSim& s, int node, DynTaskId t, int tag) override {
    s.enqueue(node, t);
    if (tag == kSymGiven) {
      polling_[static_cast<std::size_t>(node)] = 0;
      maybe_poll(s, node);
    }
  }

  void on_idle(DynamicSim& s, int v) override { maybe_poll(s, v); }
  void on_task_end(DynamicSim& s, int v) override { maybe_poll(s, v); }

  void on_message(DynamicSim& s, int to, int from, int tag, std::int64_t value) override {
    if (tag < kSenderTagEnd) {
      SenderStrategy::on_message(s, to, from, tag, value);
      return;
    }
    if (tag == kSymPoll) {
      if (overloaded(s, to))
        s.migrate(s.take_oldest(to), to, from, 1, kSymGiven);
      else
        s.message(to, from, 1, kSymRefuse, 0);
      return;
    }
    if (tag == kSymRefuse) {
      int& attempts = polling_[static_cast<std::size_t>(to)];
      if (attempts < p_.probe_limit && underloaded(s, to)) {
        poll(s, to);
      } else {
        attempts = -1;  // waiting for the retry timer
        s.timer(s.now() + backoff_, to, kSymRetry);
      }
    }
  }

  void on_timer(DynamicSim& s, int v, int, std::int64_t) override {
    polling_[static_cast<std::size_t>(v)] = 0;
    maybe_poll(s, v);
  }

 private:
  bool underloaded(const DynamicSim& s, int v) const {
    return static_cast<double>(s.load(v)) < p_.threshold;
  }
  void maybe_poll(DynamicSim& s, int v) {
    if (polling_[static_cast<std::size_t>(v)] != 0 || p_.probe_limit <= 0) return;
    if (!underloaded(s, v) || !s.work_remaining()) return;
    poll(s, v);
  }
  void poll(DynamicSim& s, int v) {
    const auto nb = s.topology().neighbours(v);
    if (nb.empty()) return;
    ++polling_[static_cast<std::size_t>(v)];
    s.message(v, nb[static_cast<std::size_t>(s.rng().below(nb.size()))], 1, kSymPoll, 0);
  }

  double backoff_;
  std::vector<int> polling_;  // 0 idle, k > 0 polls sent in this sequence, -1 backing off
};

}  // namespace

std::unique_ptr<DynamicStrategy> make_symmetric_strategy(const SymmetricParams& p) {
  return make_dynamic_strategy<SymmetricStrategy>(SenderParams{p.threshold, p.probe_limit},
                                                  p.backoff);
}

}  // namespace loadlab::core
