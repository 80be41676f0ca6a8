// Speedup models, the job generator and names of the "os" kind. Paper 002, Section 4.
#include "core/os/model.h"

#include <algorithm>
#include <cmath>

#include "core/util/det_math.h"
#include "core/util/rng.h"

namespace loadlab::core {

double os_speedup(const OsSpeedup& s, double n) {
  if (n <= 1) return n <= 0 ? 0.0 : 1.0;
  switch (s.model) {
    case OsSpeedupModel::Linear:
      return n;
    case OsSpeedupModel::Amdahl:
      return 1.0 / (s.serial_fraction + (1.0 - s.serial_fraction) / n);
    case OsSpeedupModel::Downey: {
      // Downey (1997), eqs. for low (sigma <= 1) and high (sigma >= 1) variance in parallelism.
      const double a = s.A, sg = s.sigma;
      if (sg <= 1) {
        if (n <= a) return a * n / (a + sg * (n - 1) / 2);
        if (n <= 2 * a - 1) return a * n / (sg * (a - 0.5) + n * (1 - sg / 2));
        return a;
      }
      if (n <= a + a * sg - sg) return n * a * (sg + 1) / (sg * (n + a - 1) + a);
      return a;
    }
  }
  return n;
}

std::vector<OsJob> generate_os_jobs(const OsGenerator& g, int processors, std::uint64_t seed) {
  // Separate streams for arrivals, work and threads, so changing one profile leaves the others.
  const auto work = iteration_costs(g.work, g.count, seed ^ 0x9E3779B97F4A7C15ULL);
  const auto threads = iteration_costs(g.threads, g.count, seed ^ 0xC2B2AE3D27D4EB4FULL);
  util::Rng rng(seed);
  std::vector<OsJob> out(static_cast<std::size_t>(g.count));
  double t = 0;
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (i > 0) t += -util::det_log(1.0 - rng.uniform01()) / g.rate;
    OsJob& j = out[i];
    j.arrival = t;
    j.work = std::max(work[i], 1e-6);
    j.threads = static_cast<int>(
        std::clamp<long long>(std::llround(threads[i]), 1, static_cast<long long>(processors)));
    j.speedup = g.speedup;
    j.barrier_every = g.barrier_every;
    j.lock_every = g.lock_every;
    j.lock_length = g.lock_length;
  }
  return out;
}

const std::vector<std::string>& os_allocation_names() {
  static const std::vector<std::string> names = {
      "equal",  "sqrt_work",      "average_parallelism", "average_parallelism_exact",
      "sevcik", "efficiency_knee"};
  return names;
}

const std::vector<std::string>& os_lock_remedy_names() {
  static const std::vector<std::string> names = {"none", "two_minute_warning", "do_not_preempt",
                                                 "scheduler_activations"};
  return names;
}

const std::vector<std::string>& os_placement_names() {
  static const std::vector<std::string> names = {"pools", "subcube", "scattered"};
  return names;
}

const std::vector<std::string>& os_migration_transfer_names() {
  static const std::vector<std::string> names = {"full", "precopy", "copy_on_reference"};
  return names;
}

const char* os_segment_name(OsSegment s) {
  switch (s) {
    case OsSegment::Compute:
      return "compute";
    case OsSegment::Spin:
      return "barrier_spin";
    case OsSegment::ContextSwitch:
      return "context_switch";
    case OsSegment::CacheReload:
      return "cache_reload";
    case OsSegment::Migration:
      return "migration";
    case OsSegment::Checkpoint:
      return "checkpoint";
    case OsSegment::Restart:
      return "restart";
    case OsSegment::LockSpin:
      return "lock_spin";
    case OsSegment::RemoteAccess:
      return "remote_access";
  }
  return "?";
}

}  // namespace loadlab::core
