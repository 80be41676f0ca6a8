// Paper: ../shared/seeds/004_11d6ddba309eeb28.txt, Section 2 (model), eq (1) (load flow), eq (2)
// and Lemma 5 (equal finish times), Table 1 (buffer limits, T*), Sections 3.2/4.2 (granularity).
// Deliberately shares no code with the solvers in core/dlt beyond the data types.
#include "core/verify/dlt_verify.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace loadlab::core {

namespace {

constexpr double kTol = 1e-9;  // relative

double choose(int n, int k) {
  double r = 1.0;
  for (int j = 1; j <= k; ++j) r *= static_cast<double>(n - j + 1) / j;
  return std::round(r);
}

class Checker {
 public:
  // Callers test first, so passing checks build no message.
  void fail(std::string what) {
    out_.ok = false;
    out_.problems.push_back(std::move(what));
  }
  DltVerification result() { return std::move(out_); }

 private:
  DltVerification out_;
};

std::string dlt_num(double x) {
  std::ostringstream os;
  os.precision(10);
  os << x;
  return os.str();
}

std::string at(const std::string& what, int layer) {
  return what + " at layer " + std::to_string(layer);
}

}  // namespace

DltVerification verify_dlt_schedule(const DltParams& p, const DltSchedule& s,
                                    const DltConstraints& c) {
  Checker ck;
  const int d = p.dim;
  const auto n = static_cast<std::size_t>(d + 1);
  if (s.dim != d) ck.fail("schedule dim " + std::to_string(s.dim) + " != " + std::to_string(d));
  if (!(s.last_layer >= 0 && s.last_layer <= d)) ck.fail("last_layer out of range");
  const bool shapes = s.alpha.size() == n && s.received.size() == n &&
                      s.load_per_processor.size() == n && s.load_per_layer.size() == n &&
                      s.received_per_layer.size() == n && s.processors.size() == n &&
                      s.timing.size() == n;
  if (!shapes) ck.fail("per-layer arrays must have dim+1 entries");
  if (!shapes || s.dim != d || s.last_layer < 0 || s.last_layer > d) return ck.result();
  const int k = s.last_layer;
  const double load_tol = kTol * p.load;

  // Load flow: the root holds L; recursion (1) moves what layer i does not keep to layer i+1.
  if (!(std::abs(s.received[0] - p.load) <= load_tol))
    ck.fail("layer 0 receives " + dlt_num(s.received[0]) + ", not the load " + dlt_num(p.load));
  double total = 0;
  for (int i = 0; i <= d; ++i) {
    const auto u = static_cast<std::size_t>(i);
    const double a = s.alpha[u], got = s.received[u], kept = a * got;
    if (!(std::isfinite(a) && std::isfinite(got))) ck.fail(at("non-finite value", i));
    if (s.processors[u] != choose(d, i)) ck.fail(at("wrong processor count", i));
    if (i > k) {
      if (!(a == 0 && got == 0 && s.load_per_processor[u] == 0))
        ck.fail(at("load beyond the last layer", i));
      continue;
    }
    if (!(a >= -kTol && a <= 1 + kTol)) ck.fail(at("alpha outside [0, 1]", i));
    if (got < 0) ck.fail(at("negative load", i));
    if (!(std::abs(s.load_per_processor[u] - kept) <= load_tol))
      ck.fail(at("load_per_processor != alpha * received", i));
    if (!(std::abs(s.load_per_layer[u] - choose(d, i) * kept) <= load_tol))
      ck.fail(at("load_per_layer != C(d,i) * load_per_processor", i));
    if (!(std::abs(s.received_per_layer[u] - choose(d, i) * got) <= load_tol))
      ck.fail(at("received_per_layer != C(d,i) * received", i));
    total += choose(d, i) * kept;
    if (i < k) {
      const double passed = choose(d, i) * (1 - a) * got;
      const double arrived = choose(d, i + 1) * s.received[u + 1];
      if (!(std::abs(passed - arrived) <= load_tol))
        ck.fail(at("load not conserved between layers (" + dlt_num(passed) + " sent, " +
                       dlt_num(arrived) + " received)",
                   i));
    }
    if (c.buffer && !(kept <= *c.buffer * (1 + kTol)))
      ck.fail(at("buffer exceeded: " + dlt_num(kept) + " > " + dlt_num(*c.buffer), i));
    if (c.granularity && !(kept >= *c.granularity * (1 - kTol)))
      ck.fail(
          at("fraction below granularity: " + dlt_num(kept) + " < " + dlt_num(*c.granularity), i));
  }
  if (!(std::abs(s.alpha[static_cast<std::size_t>(k)] - 1) <= kTol))
    ck.fail("the last layer must keep all it receives (alpha = 1)");
  if (!(std::abs(total - p.load) <= load_tol))
    ck.fail("fractions sum to " + dlt_num(total) + ", not the load " + dlt_num(p.load));

  // Timing diagram (Fig 2), recomputed: store-and-forward, computing overlaps forwarding.
  double t = 0, finish = 0;
  std::vector<double> ends(n, 0.0);
  for (int i = 0; i <= k; ++i) {
    const auto u = static_cast<std::size_t>(i);
    const double kept = s.alpha[u] * s.received[u];
    ends[u] = t + kept * p.E;
    finish = std::max(finish, ends[u]);
    const double next = i < k ? t + (1 - s.alpha[u]) * s.received[u] * p.C / (d - i) : t;
    const LayerTiming& lt = s.timing[u];
    const double tt = kTol * std::max(1.0, ends[u] + next);
    const bool ok = std::abs(lt.compute_start - t) <= tt &&
                    std::abs(lt.compute_end - ends[u]) <= tt &&
                    std::abs(lt.forward_start - t) <= tt && std::abs(lt.forward_end - next) <= tt &&
                    std::abs(lt.receive_end - (i == 0 ? 0.0 : t)) <= tt &&
                    lt.receive_start <= lt.receive_end + tt;
    if (!ok) ck.fail(at("timing diagram inconsistent", i));
    t = next;
  }
  const double time_tol = kTol * std::max(1.0, finish) * 10;
  if (!(std::abs(s.finish_time - finish) <= time_tol))
    ck.fail("finish_time " + dlt_num(s.finish_time) + " != " + dlt_num(finish));

  // Optimality principle (eq (2), Lemma 5): processors not stopped by a full buffer all finish
  // at the finish time; those with full buffers finish no later.
  for (int i = 0; i <= k; ++i) {
    const auto u = static_cast<std::size_t>(i);
    const double kept = s.alpha[u] * s.received[u];
    const bool full = c.buffer && kept >= *c.buffer * (1 - 1e-7);
    if (full && ends[u] > finish + time_tol) ck.fail(at("full layer finishes after the others", i));
    if (!full && std::abs(ends[u] - finish) > time_tol)
      ck.fail(at("finish " + dlt_num(ends[u]) + " differs from " + dlt_num(finish), i));
  }
  return ck.result();
}

DltVerification verify_dlt_infeasible(const DltParams& p, DltStatus status,
                                      const DltConstraints& c) {
  Checker ck;
  const int d = p.dim;
  if (status == DltStatus::not_enough_buffers) {
    if (!c.buffer)
      ck.fail("'not enough buffers' without a buffer size");
    else if (!(p.load > *c.buffer * std::ldexp(1.0, d) * (1 - kTol)))
      ck.fail("'not enough buffers' but the load fits the cube's buffers");
    return ck.result();
  }
  if (status != DltStatus::no_feasible_layer) ck.fail("status is not an infeasibility");
  if (!c.granularity) {
    ck.fail("'no feasible schedule' without a granularity");
    return ck.result();
  }
  // The cube cut after layer 1: the root keeps α_0 of L (eq (3) with α_1 = 1) unless its buffer
  // stops it; the d processors of layer 1 share the rest.
  const double a0 = 1.0 / (1.0 + d * p.E / (p.E + p.C));
  double root = a0 * p.load, each = (1 - a0) * p.load / d;
  if (c.buffer) {
    if (p.load > *c.buffer * (1 + d) * (1 + kTol)) return ck.result();  // does not even fit
    root = std::min(root, *c.buffer);
    each = (p.load - root) / d;
  }
  if (!(std::min(root, each) < *c.granularity * (1 + kTol)))
    ck.fail("'no feasible schedule' but the cube cut after layer 1 meets the granularity");
  return ck.result();
}

DltVerification verify_dlt_result(const DltParams& p, const DltResult& r, const DltConstraints& c) {
  if (r.feasible()) return verify_dlt_schedule(p, r.schedule, c);
  return verify_dlt_infeasible(p, r.status, c);
}

}  // namespace loadlab::core
