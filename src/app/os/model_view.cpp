#include "app/os/model_view.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "core/os/model.h"

namespace loadlab::app {

namespace {

std::uint32_t rgb(int r, int g, int b, int a = 255) {
  return static_cast<std::uint32_t>(r) | (static_cast<std::uint32_t>(g) << 8) |
         (static_cast<std::uint32_t>(b) << 16) | (static_cast<std::uint32_t>(a) << 24);
}

}  // namespace

std::uint32_t os_job_colour(int job) {
  const double h = std::fmod(0.12 + 0.61803398875 * job, 1.0) * 6.0;
  const double s = 0.55, v = (job % 3 == 0) ? 0.90 : (job % 3 == 1 ? 0.76 : 0.64);
  const int i = static_cast<int>(h);
  const double f = h - i, p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));
  double r = v, g = t, b = p;
  switch (i % 6) {
    case 0:
      r = v, g = t, b = p;
      break;
    case 1:
      r = q, g = v, b = p;
      break;
    case 2:
      r = p, g = v, b = t;
      break;
    case 3:
      r = p, g = q, b = v;
      break;
    case 4:
      r = t, g = p, b = v;
      break;
    default:
      r = v, g = p, b = q;
      break;
  }
  auto c = [](double x) { return static_cast<int>(std::clamp(x, 0.0, 1.0) * 255.0 + 0.5); };
  return rgb(c(r), c(g), c(b));
}

std::uint32_t os_segment_colour(const std::string& kind) {
  if (kind == "barrier_spin") return rgb(235, 70, 70);
  // Mid grey: white vanished on the light theme's plot background, black on the dark one.
  if (kind == "context_switch") return rgb(128, 128, 128);
  if (kind == "cache_reload") return rgb(250, 200, 60);
  if (kind == "migration") return rgb(80, 220, 240);
  if (kind == "checkpoint") return rgb(170, 120, 250);
  if (kind == "restart") return rgb(250, 120, 200);
  if (kind == "lock_spin") return rgb(255, 150, 40);
  if (kind == "remote_access") return rgb(120, 160, 255);
  return 0;
}

std::vector<OsBar> os_chart_bars(const io::OsResult& r) {
  std::vector<OsBar> bars;
  bars.reserve(r.chart.size());
  for (const auto& c : r.chart) {
    OsBar b;
    b.row = c.processor;
    b.start = c.start;
    b.end = c.end;
    b.job = c.job;
    b.kind = c.kind;
    const std::uint32_t seg = os_segment_colour(c.kind);
    if (seg == 0) {
      b.colour = os_job_colour(c.job);
    } else if (c.kind == "barrier_spin" || c.kind == "lock_spin") {
      // Spinning still holds the processor for the job: the job's band, a red stripe through it.
      b.colour = seg;
      b.y0 = 0.35f;
      b.y1 = 0.65f;
    } else {
      b.colour = seg;
      b.y0 = 0.0f;
      b.y1 = 0.3f;
    }
    bars.push_back(std::move(b));
  }
  // Compute first, overheads after, so the thin bands are drawn on top of the job colours.
  std::stable_partition(bars.begin(), bars.end(),
                        [](const OsBar& b) { return os_segment_colour(b.kind) == 0; });
  return bars;
}

std::vector<OsLostItem> os_lost_items(const core::OsLostTime& lost) {
  return {{"barrier spin", lost.barrier_spin},  {"context switch", lost.context_switch},
          {"cache reload", lost.cache_reload},  {"migration", lost.migration},
          {"checkpoint", lost.checkpoint},      {"restart", lost.restart},
          {"rolled-back work", lost.rollback},  {"lock spin", lost.lock_spin},
          {"remote access", lost.remote_access}};
}

OsViewModel os_view_model(const AppState& st) {
  OsViewModel m;
  if (const auto* sc = dynamic_cast<const io::OsScenario*>(st.parsed.get())) {
    m.processors = sc->processors;
    m.jobs = sc->jobs;
    for (const auto& j : m.jobs) {
      const int d = std::max(1, std::min(j.threads, m.processors));
      m.alone.push_back(j.work / core::os_speedup(j.speedup, d));
    }
  }
  for (const auto& r : st.typed_results) {
    auto orr = std::dynamic_pointer_cast<const io::OsResult>(r);
    if (!orr || orr->failed()) continue;  // its row in the results table shows why
    OsPolicyData d;
    d.result = orr;
    d.name = orr->algorithm;
    d.title = orr->title;
    d.paper = orr->paper;
    d.verified = orr->verified;
    m.policies.push_back(std::move(d));
  }
  return m;
}

std::optional<OsSweepSpec> os_sweep_spec(const AppState& st) {
  const auto* sc = dynamic_cast<const io::OsScenario*>(st.parsed.get());
  if (!sc || !sc->generator) return std::nullopt;
  OsSweepSpec spec;
  spec.processors = sc->processors;
  spec.seed = sc->seed;
  spec.generator = *sc->generator;
  spec.scenario_jobs = spec.generator.count;
  spec.costs = sc->costs;
  for (const auto& a : sc->algorithms) {
    const auto it = sc->params.find(a);
    if (it == sc->params.end()) continue;
    spec.policies.push_back(a);
    spec.params.push_back(it->second);
  }
  for (const double f : kOsSweepFactors) spec.rates.push_back(spec.generator.rate * f);
  // The event estimate does not depend on the arrival times, so one job list prices every rate.
  std::int64_t count = std::min(spec.generator.count, kOsSweepMaxJobs);
  for (int tries = 0; tries < 8 && count > kOsSweepMinJobs; ++tries) {
    core::OsGenerator g = spec.generator;
    g.count = count;
    const auto jobs = core::generate_os_jobs(g, spec.processors, spec.seed);
    double events = 0;
    for (std::size_t k = 0; k < spec.policies.size(); ++k)
      events += core::estimate_os_events(spec.policies[k], spec.processors, jobs, spec.params[k]);
    events *= static_cast<double>(spec.rates.size());
    if (events <= kOsSweepMaxEvents) break;
    count = std::max<std::int64_t>(
        kOsSweepMinJobs,
        static_cast<std::int64_t>(static_cast<double>(count) * kOsSweepMaxEvents / events * 0.95));
  }
  spec.generator.count = count;
  return spec;
}

OsSweep run_os_sweep(const OsSweepSpec& spec, const JobControl& control) {
  OsSweep out;
  out.rate = spec.generator.rate;
  out.rates = spec.rates;
  out.jobs = spec.generator.count;
  out.scenario_jobs = spec.scenario_jobs;
  for (const auto& p : spec.policies)
    out.series.push_back(
        {p, std::vector<double>(spec.rates.size(), std::numeric_limits<double>::quiet_NaN())});
  core::OsSimOptions so;
  so.keep_intervals = false;
  so.max_events = kOsSweepRunEvents;
  so.cancel = control.cancel;
  const double total =
      static_cast<double>(spec.rates.size() * std::max<std::size_t>(spec.policies.size(), 1));
  double done = 0;
  for (std::size_t i = 0; i < spec.rates.size(); ++i) {
    core::OsGenerator g = spec.generator;
    g.rate = spec.rates[i];
    const auto jobs = core::generate_os_jobs(g, spec.processors, spec.seed);
    for (std::size_t k = 0; k < spec.policies.size(); ++k) {
      if (control.cancelled()) return out;
      try {
        out.series[k].mean_response[i] = core::simulate_os(spec.policies[k], spec.processors, jobs,
                                                           spec.costs, spec.params[k], so)
                                             .mean_response_time;
      } catch (const core::OsLimitError&) {
        // over the per-run budget: the point stays NaN
      } catch (const std::runtime_error&) {
        if (control.cancelled()) return out;  // the engine's cancel check
        throw;
      }
      control.progress(++done / total);
    }
  }
  return out;
}

}  // namespace loadlab::app
