// Shared DLT helpers: parameter checks, binomials and the Fig 2 timing diagram.
// Paper: ../shared/seeds/004_11d6ddba309eeb28.txt, Section 2 and Fig 2; Table 1's T* formula.
#include "core/dlt/dlt_types.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace loadlab::core {

const char* dlt_status_name(DltStatus status) {
  switch (status) {
    case DltStatus::ok:
      return "ok";
    case DltStatus::filled_exactly:
      return "filled_exactly";
    case DltStatus::not_enough_buffers:
      return "not_enough_buffers";
    case DltStatus::no_feasible_layer:
      return "no_feasible_schedule";
  }
  return "unknown";
}

namespace {

void check_range(double v, double lo, double hi, const char* name) {
  if (!std::isfinite(v) || v < lo || v > hi) {
    std::ostringstream os;
    os << name << " must be in [" << lo << ", " << hi << "], got " << v;
    throw std::invalid_argument(os.str());
  }
}

}  // namespace

void check_dlt_params(const DltParams& p) {
  if (p.dim < DltLimits::min_dim || p.dim > DltLimits::max_dim)
    throw std::invalid_argument("dim must be in [" + std::to_string(DltLimits::min_dim) + ", " +
                                std::to_string(DltLimits::max_dim) + "], got " +
                                std::to_string(p.dim));
  check_range(p.E, DltLimits::min_rate, DltLimits::max_rate, "E");
  check_range(p.C, DltLimits::min_rate, DltLimits::max_rate, "C");
  check_range(p.load, DltLimits::min_amount, DltLimits::max_amount, "load");
}

void check_dlt_amount(double value, const char* name) {
  check_range(value, DltLimits::min_amount, DltLimits::max_amount, name);
}

double binomial(int n, int k) {
  if (k < 0 || k > n) return 0.0;
  k = std::min(k, n - k);
  // Multiplying then dividing keeps every intermediate an exact integer for n <= 60.
  double r = 1.0;
  for (int j = 1; j <= k; ++j) r = r * (n - k + j) / j;
  return r;
}

DltSchedule assemble_dlt_schedule(const DltParams& p, int last_layer,
                                  const std::vector<double>& alpha,
                                  const std::vector<double>& received) {
  const int d = p.dim;
  DltSchedule s;
  s.dim = d;
  s.last_layer = last_layer;
  const auto n = static_cast<std::size_t>(d + 1);
  s.processors.assign(n, 0.0);
  s.alpha.assign(n, 0.0);
  s.received.assign(n, 0.0);
  s.load_per_processor.assign(n, 0.0);
  s.load_per_layer.assign(n, 0.0);
  s.received_per_layer.assign(n, 0.0);
  s.timing.assign(n, LayerTiming{});
  double t = 0;  // when layer i has received everything (= starts computing and forwarding)
  for (int i = 0; i <= d; ++i) {
    const auto u = static_cast<std::size_t>(i);
    s.processors[u] = binomial(d, i);
    if (i > last_layer) continue;
    s.alpha[u] = alpha[u];
    s.received[u] = received[u];
    s.load_per_processor[u] = alpha[u] * received[u];
    s.load_per_layer[u] = s.processors[u] * s.load_per_processor[u];
    s.received_per_layer[u] = s.processors[u] * received[u];
    LayerTiming& lt = s.timing[u];
    lt.compute_start = t;
    lt.compute_end = t + s.load_per_processor[u] * p.E;
    lt.forward_start = t;
    lt.forward_end = t;
    if (i < last_layer) lt.forward_end = t + (1.0 - alpha[u]) * received[u] * p.C / (d - i);
    if (i > 0) {
      lt.receive_start = s.timing[u - 1].forward_start;
      lt.receive_end = t;
    }
    s.finish_time = std::max(s.finish_time, lt.compute_end);
    t = lt.forward_end;
  }
  return s;
}

}  // namespace loadlab::core
