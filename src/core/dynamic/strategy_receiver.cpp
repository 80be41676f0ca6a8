// Strategy "receiver": the receiver-initiated, load-imbalance-based policy.
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 2.5. A round: every node broadcasts its
// load L_i (N messages; decisions after diameter * message time); all know L_A; S = {L_s > L_A},
// R = {L_r < L_A}. Each receiver r computes π_sr for every sender s, selects the senders with
// π_sr > θ_r and requests W_sr from each (one message), with Σ_s W_sr ≤ L_A − L_r; a sender sends
// at most what is requested (and at most its own excess L_s − L_A), over d(s, r) hops.
// Choices the survey leaves open (docs/scenario-dynamic.md):
//  - π_sr = (L_s − L_A) / max_s'(L_s' − L_A) / d(s, r): in (0, 1], 1 for the most loaded sender
//  next
//    door; receivers ask senders in decreasing π_sr (ties: lower s);
//  - loads count queued + running + in-flight tasks, and whole tasks move (W_sr integers);
//  - cost function (3) is evaluated per round on the loads after the round's transfers,
//    C = 1/M Σ_r (L_r + Σ_s π_sr f(W_sr) − L_A)^M + 1/M Σ_s (L_s + Σ_r π_sr g(W_sr) − L_A)^M with
//    f(W) = f·W, g(W) = g·W. The printed (3) lacks the exponent on the receivers' sum; with M even
//    on both sums C is positive, as the text requires ("so that C can be positive").
//  - rounds: every `period`, or (period 0) at time 0 and whenever a node runs dry while another
//    still has queued tasks and no round is in progress.
// "receiver_min_cost" keeps the rounds, messages and constraints but takes the survey at its word
// that C is "to be minimized by the load balancing algorithm": each round's requests are the
// integer W_sr that minimise (3) (receiver_min_cost.h), with π_sr = 1 on the pairs that move work.
#include "core/dynamic/receiver_min_cost.h"
#include "core/dynamic/strategies.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace loadlab::core {

namespace {

enum ReceiverTag { kReceiverDecide = 1, kReceiverRequest = 2, kReceiverPeriod = 3 };

class ReceiverStrategy final : public DynamicStrategy {
 public:
  ReceiverStrategy(const ReceiverParams& p, bool minimise) : p_(p), minimise_(minimise) {}

  void on_start(DynamicSim& s) override {
    const auto n = static_cast<std::size_t>(s.nodes());
    snapshot_.assign(n, 0);
    sent_.assign(n, 0);
    got_.assign(n, 0);
    fcost_.assign(n, 0);
    gcost_.assign(n, 0);
    diameter_ = s.topology().diameter();
    start_round(s);
    if (p_.period > 0) s.timer(s.now() + p_.period, 0, kReceiverPeriod);
  }

  void on_idle(DynamicSim& s, int) override {
    if (p_.period > 0 || in_round_ || !progressed_) return;
    for (int v = 0; v < s.nodes(); ++v)
      if (s.queued(v) > 0) {
        start_round(s);
        return;
      }
  }

  void on_task_end(DynamicSim&, int) override { progressed_ = true; }

  void on_timer(DynamicSim& s, int, int tag, std::int64_t round) override {
    if (tag == kReceiverPeriod) {
      if (!s.work_remaining()) return;
      if (!in_round_) start_round(s);
      s.timer(s.now() + p_.period, 0, kReceiverPeriod);
      return;
    }
    if (round == round_) decide(s);
  }

  void on_message(DynamicSim& s, int to, int from, int, std::int64_t value) override {
    // A request from receiver `from` to sender `to`: value = round * 2^32 + W_sr.
    const std::int64_t round = value >> 32, want = value & 0xFFFFFFFF;
    if (round == round_) {
      const auto sv = static_cast<std::size_t>(to), rv = static_cast<std::size_t>(from);
      const std::int64_t excess = static_cast<std::int64_t>(std::floor(snapshot_[sv] - avg_));
      const std::int64_t w = std::min({want, excess - sent_[sv], s.queued(to)});
      if (w > 0) {
        const int d = s.topology().distance(to, from);
        for (std::int64_t i = 0; i < w; ++i) s.migrate(s.take_newest(to), to, from, d);
        const double pi = pi_sr(to, d);
        sent_[sv] += w;
        got_[rv] += w;
        fcost_[rv] += pi * p_.f * static_cast<double>(w);
        gcost_[sv] += pi * p_.g * static_cast<double>(w);
      }
      if (--outstanding_ == 0) end_round();
    }
  }

  double cost_function() const override { return total_cost_ + (in_round_ ? round_cost() : 0.0); }

 private:
  double pi_sr(int s, int d) const {
    if (minimise_) return 1.0;  // only pairs that move work are asked: π_sr = 1 there
    const double ex = snapshot_[static_cast<std::size_t>(s)] - avg_;
    return max_excess_ > 0 ? ex / max_excess_ / std::max(1, d) : 0.0;
  }

  void start_round(DynamicSim& s) {
    if (in_round_) end_round();
    ++round_;
    in_round_ = true;
    progressed_ = false;
    double sum = 0;
    for (int v = 0; v < s.nodes(); ++v) {
      snapshot_[static_cast<std::size_t>(v)] = static_cast<double>(s.load(v));
      sum += snapshot_[static_cast<std::size_t>(v)];
    }
    avg_ = sum / s.nodes();
    std::fill(sent_.begin(), sent_.end(), 0);
    std::fill(got_.begin(), got_.end(), 0);
    std::fill(fcost_.begin(), fcost_.end(), 0.0);
    std::fill(gcost_.begin(), gcost_.end(), 0.0);
    s.count_messages(s.nodes());  // one broadcast per node
    s.timer(s.now() + diameter_ * s.costs().message, 0, kReceiverDecide, round_);
  }

  void decide(DynamicSim& s) {
    std::vector<int> senders, receivers;
    max_excess_ = 0;
    for (int v = 0; v < s.nodes(); ++v) {
      const double l = snapshot_[static_cast<std::size_t>(v)];
      if (l > avg_) senders.push_back(v), max_excess_ = std::max(max_excess_, l - avg_);
      if (l < avg_) receivers.push_back(v);
    }
    outstanding_ = 0;
    if (minimise_) {
      for (const ReceiverTransfer& t : receiver_min_cost_transfers(snapshot_, p_.f, p_.g, p_.M)) {
        ++outstanding_;
        s.message(t.receiver, t.sender, s.topology().distance(t.sender, t.receiver),
                  kReceiverRequest, (round_ << 32) | std::min<std::int64_t>(t.tasks, 0xFFFFFFFF));
      }
      if (outstanding_ == 0) end_round();
      return;
    }
    std::vector<std::pair<double, int>> cand;
    for (int r : receivers) {
      std::int64_t need =
          static_cast<std::int64_t>(std::floor(avg_ - snapshot_[static_cast<std::size_t>(r)]));
      if (need <= 0) continue;
      cand.clear();
      const bool custom =
          s.topology().kind() == TopologyKind::Custom || s.topology().kind() == TopologyKind::Tree;
      std::vector<int> dist;
      if (custom) dist = s.topology().distances_from(r);
      for (int sn : senders) {
        const int d = custom ? dist[static_cast<std::size_t>(sn)] : s.topology().distance(sn, r);
        const double pi = pi_sr(sn, d);
        if (pi > p_.theta) cand.push_back({-pi, sn});
      }
      std::sort(cand.begin(), cand.end());
      for (const auto& [neg_pi, sn] : cand) {
        if (need <= 0) break;
        const auto excess =
            static_cast<std::int64_t>(std::floor(snapshot_[static_cast<std::size_t>(sn)] - avg_));
        const std::int64_t w = std::min(need, excess);
        if (w <= 0) continue;
        need -= w;
        const int d = custom ? dist[static_cast<std::size_t>(sn)] : s.topology().distance(sn, r);
        ++outstanding_;
        s.message(r, sn, d, kReceiverRequest,
                  (round_ << 32) | std::min<std::int64_t>(w, 0xFFFFFFFF));
      }
    }
    if (outstanding_ == 0) end_round();
  }

  // x^M by multiplication: exact IEEE steps, identical natively and in WebAssembly.
  double power(double x) const {
    double r = 1;
    for (int i = 0; i < p_.M; ++i) r *= x;
    return r;
  }

  double round_cost() const {
    double c = 0;
    for (std::size_t v = 0; v < snapshot_.size(); ++v) {
      const double l = snapshot_[v];
      if (l < avg_) c += power(l + static_cast<double>(got_[v]) + fcost_[v] - avg_);
      if (l > avg_) c += power(l - static_cast<double>(sent_[v]) + gcost_[v] - avg_);
    }
    return c / p_.M;
  }

  void end_round() {
    if (!in_round_) return;
    total_cost_ += round_cost();
    in_round_ = false;
  }

  ReceiverParams p_;
  bool minimise_ = false;
  std::int64_t round_ = 0;
  bool in_round_ = false;
  bool progressed_ = true;
  int outstanding_ = 0;
  int diameter_ = 0;
  double avg_ = 0, max_excess_ = 0, total_cost_ = 0;
  std::vector<double> snapshot_, fcost_, gcost_;
  std::vector<std::int64_t> sent_, got_;
};

}  // namespace

std::unique_ptr<DynamicStrategy> make_receiver_strategy(const ReceiverParams& p) {
  return make_dynamic_strategy<ReceiverStrategy>(p, false);
}

std::unique_ptr<DynamicStrategy> make_receiver_min_cost_strategy(const ReceiverParams& p) {
  return make_dynamic_strategy<ReceiverStrategy>(p, true);
}

}  // namespace loadlab::core
