// Independent checker for OS-scheduling runs; see os_verify.h. Written from the model's definition
// (docs/scenario-os.md), not from core/os.
#include "core/verify/os_verify.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace loadlab::core {

namespace {

// Speedup formulas re-derived here on purpose (Amdahl; Downey 1997, low and high variance).
double speedup_of(const OsSpeedup& s, int n) {
  const double x = n;
  if (n <= 1) return 1.0;
  if (s.model == OsSpeedupModel::Linear) return x;
  if (s.model == OsSpeedupModel::Amdahl) return x / (1.0 + s.serial_fraction * (x - 1.0));
  const double A = s.A, sg = s.sigma;
  double v;
  if (sg <= 1) {
    if (x <= A)
      v = A * x / (A + sg / 2 * (x - 1));
    else if (x <= 2 * A - 1)
      v = A * x / (sg * (A - 0.5) + x * (1 - sg / 2));
    else
      v = A;
  } else {
    v = x <= A + A * sg - sg ? A * x * (sg + 1) / (sg * (x + A - 1) + A) : A;
  }
  return v;
}

bool close(double a, double b, double scale) {
  return std::fabs(a - b) <= 1e-6 * std::max(1.0, scale);
}

std::string os_num(double x) {
  char b[40];
  std::snprintf(b, sizeof b, "%.9g", x);
  return b;
}

}  // namespace

OsVerification verify_os(int processors, const std::vector<OsJob>& jobs, const OsRunResult& run) {
  OsVerification v;
  auto fail = [&](const std::string& m) {
    v.ok = false;
    if (v.errors.size() < 8) v.errors.push_back(m);
  };
  const auto& iv = run.intervals;
  const double makespan = run.makespan;
  const double eps = 1e-9 * std::max(1.0, makespan);
  const std::size_t n = jobs.size();
  if (run.finish.size() != n) {
    fail("finish times: " + std::to_string(run.finish.size()) + " for " + std::to_string(n) +
         " jobs");
    return v;
  }

  // 1. Each interval on its own.
  double busy = 0, lost = 0;
  for (const auto& x : iv) {
    if (x.processor < 0 || x.processor >= processors || x.job < 0 ||
        static_cast<std::size_t>(x.job) >= n) {
      fail("interval with processor " + std::to_string(x.processor) + " / job " +
           std::to_string(x.job) + " out of range");
      return v;
    }
    const OsJob& j = jobs[static_cast<std::size_t>(x.job)];
    if (x.end < x.start)
      fail("interval of job " + std::to_string(x.job) + " ends before it starts");
    if (x.start < j.arrival - eps)
      fail("job " + std::to_string(x.job) + " runs at " + os_num(x.start) + " before its arrival " +
           os_num(j.arrival));
    if (x.end > makespan + eps) fail("interval ends after the makespan");
    if (x.degree < 1 || x.degree > j.threads || x.thread < 0 || x.thread >= x.degree)
      fail("job " + std::to_string(x.job) + " runs thread " + std::to_string(x.thread) +
           " of degree " + std::to_string(x.degree) + " but has " + std::to_string(j.threads) +
           " threads");
    (x.kind == OsSegment::Compute ? busy : lost) += x.end - x.start;
  }
  if (!v.ok) return v;

  // 2. Per processor: no overlap; idle = gaps.
  std::vector<std::size_t> idx(iv.size());
  for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = i;
  std::sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
    if (iv[a].processor != iv[b].processor) return iv[a].processor < iv[b].processor;
    return iv[a].start < iv[b].start;
  });
  double idle = 0;
  {
    std::size_t k = 0;
    for (int p = 0; p < processors; ++p) {
      double t = 0;
      for (; k < idx.size() && iv[idx[k]].processor == p; ++k) {
        const auto& x = iv[idx[k]];
        if (x.start < t - eps)
          fail("processor " + std::to_string(p) + " runs two threads at once at " +
               os_num(x.start));
        idle += std::max(0.0, x.start - t);
        t = std::max(t, x.end);
      }
      idle += std::max(0.0, makespan - t);
    }
  }

  // 3. Per job: parallelism and thread uniqueness, by a sweep over its interval endpoints.
  std::sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
    if (iv[a].job != iv[b].job) return iv[a].job < iv[b].job;
    return iv[a].start < iv[b].start;
  });
  std::vector<double> work(n, 0.0), last_end(n, -1.0);
  for (std::size_t k = 0; k < idx.size();) {
    const int job = iv[idx[k]].job;
    std::size_t e = k;
    while (e < idx.size() && iv[idx[e]].job == job) ++e;
    std::vector<std::pair<double, int>>
        ev;  // (time, +1/-1); ends sort before starts at equal times
    std::vector<std::pair<double, std::pair<int, double>>> by_thread;
    for (std::size_t q = k; q < e; ++q) {
      const auto& x = iv[idx[q]];
      if (x.end <= x.start) continue;
      ev.push_back({x.start, +1});
      ev.push_back({x.end, -1});
      by_thread.push_back({x.start, {x.thread, x.end}});
      if (x.kind == OsSegment::Compute) {
        work[static_cast<std::size_t>(job)] +=
            (x.end - x.start) * speedup_of(jobs[static_cast<std::size_t>(job)].speedup, x.degree) /
            x.degree;
        last_end[static_cast<std::size_t>(job)] =
            std::max(last_end[static_cast<std::size_t>(job)], x.end);
      }
    }
    std::sort(ev.begin(), ev.end(), [&](const auto& a, const auto& b) {
      if (a.first != b.first) return a.first < b.first;
      return a.second < b.second;  // an end and a start at the same instant do not overlap
    });
    int on = 0;
    for (const auto& [t, d] : ev) {
      on += d;
      if (on > jobs[static_cast<std::size_t>(job)].threads) {
        fail("job " + std::to_string(job) + " is on " + std::to_string(on) + " processors at " +
             os_num(t) + " but has " + std::to_string(jobs[static_cast<std::size_t>(job)].threads) +
             " threads");
        break;
      }
    }
    std::sort(by_thread.begin(), by_thread.end(), [](const auto& a, const auto& b) {
      if (a.second.first != b.second.first) return a.second.first < b.second.first;
      return a.first < b.first;
    });
    for (std::size_t q = 1; q < by_thread.size(); ++q)
      if (by_thread[q].second.first == by_thread[q - 1].second.first &&
          by_thread[q].first < by_thread[q - 1].second.second - eps) {
        fail("thread " + std::to_string(by_thread[q].second.first) + " of job " +
             std::to_string(job) + " is on two processors at once at " +
             os_num(by_thread[q].first));
        break;
      }
    k = e;
  }

  // 4. Work done exactly once.
  std::vector<double> rolled(n, 0.0);
  double rollback_time = 0;
  for (const auto& r : run.rollbacks) {
    if (r.job < 0 || static_cast<std::size_t>(r.job) >= n || r.work < 0) {
      fail("bad rollback record");
      return v;
    }
    rolled[static_cast<std::size_t>(r.job)] += r.work;
    rollback_time += r.time;
  }
  for (std::size_t j = 0; j < n; ++j) {
    const double done = work[j] - rolled[j];
    if (!close(done, jobs[j].work, jobs[j].work))
      fail("job " + std::to_string(j) + " completed " + os_num(done) + " of its work " +
           os_num(jobs[j].work));
    if (!close(last_end[j], run.finish[j], makespan))
      fail("job " + std::to_string(j) + " reported finished at " + os_num(run.finish[j]) +
           " but computed until " + os_num(last_end[j]));
  }

  // 5. Time conservation, and the run's own totals.
  const double total = static_cast<double>(processors) * makespan;
  const double scale = std::max(1.0, total);
  if (!close(busy + idle + lost, total, scale))
    fail("time not conserved: busy " + os_num(busy) + " + idle " + os_num(idle) + " + lost " +
         os_num(lost) + " != P x makespan " + os_num(total));
  if (!close(busy - rollback_time, run.busy, scale))
    fail("reported busy time " + os_num(run.busy) + " != " + os_num(busy - rollback_time));
  if (!close(idle, run.idle, scale))
    fail("reported idle time " + os_num(run.idle) + " != " + os_num(idle));
  if (!close(lost + rollback_time, run.lost.total(), scale))
    fail("reported lost time " + os_num(run.lost.total()) + " != " + os_num(lost + rollback_time));
  return v;
}

}  // namespace loadlab::core
