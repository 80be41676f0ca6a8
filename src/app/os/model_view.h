// What the os view draws, read from the typed scenario (io::OsScenario: P, the jobs) and the typed
// results (io::OsResult: the policy's run and its processor x time chart): no result JSON is
// parsed back. Headless (no ImGui), tested in tests/app. Paper: survey 002 §4
// (../shared/seeds/002_6cf480ff57e2bb72.txt).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/model/app_state.h"
#include "app/model/background_job.h"
#include "io/kinds/os.h"

namespace loadlab::app {

struct OsPolicyData {
  std::shared_ptr<const io::OsResult> result;
  std::string name, title, paper;
  bool verified = false;
  const core::OsRunResult& run() const { return result->run; }
};

struct OsViewModel {
  int processors = 0;
  std::vector<core::OsJob> jobs;
  /// Per job: the response time it would have alone on the machine, work / speedup(min(threads, P))
  /// (the slowdown's denominator, docs/scenario-os.md).
  std::vector<double> alone;
  std::vector<OsPolicyData> policies;
};

OsViewModel os_view_model(const AppState& st);

/// One bar of the processor x time chart: row = processor, coloured by job (os_job_colour), the
/// overhead segments (spin, switches, reloads, migration, checkpoint, restart) as thinner bands.
struct OsBar {
  int row = 0;
  double start = 0, end = 0;
  int job = 0;
  std::string kind;  ///< segment name ("compute", "spin", ...) or "" in a decimated chart
  std::uint32_t colour = 0;
  float y0 = 0, y1 = 1;
};
std::vector<OsBar> os_chart_bars(const io::OsResult& r);

/// Colour of job j (packed RGBA as ImU32), the same across policies.
std::uint32_t os_job_colour(int job);
/// Colour of an overhead segment by name ("spin", "context_switch", ...); compute = 0 (use the
/// job's).
std::uint32_t os_segment_colour(const std::string& kind);

/// Time lost per category of a run, in a fixed order with labels (for the stacked table/bars).
struct OsLostItem {
  const char* label;
  double value;
};
std::vector<OsLostItem> os_lost_items(const core::OsLostTime& lost);

/// Response time against load: the scenario's job generator re-run
/// at rate x factor for each of kOsSweepFactors (same seed: the same work and threads, arrivals
/// compressed or stretched), every policy the scenario runs, mean response time per point. Only
/// for generated jobs. Capped so it stays interactive in the browser: the generator's count cut to
/// at most kOsSweepMaxJobs jobs,
/// and fewer (never below kOsSweepMinJobs) while the runs' estimated events
/// (core::estimate_os_events) exceed kOsSweepMaxEvents in all; a run that still exceeds
/// kOsSweepRunEvents simulated events is left out (NaN).
inline constexpr double kOsSweepFactors[] = {0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0};
inline constexpr std::int64_t kOsSweepMaxJobs = 400;
inline constexpr std::int64_t kOsSweepMinJobs = 20;
inline constexpr double kOsSweepMaxEvents = 4e6;
inline constexpr std::int64_t kOsSweepRunEvents = 2'000'000;

struct OsSweepSpec {
  int processors = 1;
  std::uint64_t seed = 0;
  core::OsGenerator generator;     ///< count already capped; rate = the scenario's
  std::int64_t scenario_jobs = 0;  ///< the scenario's count (before the cap)
  core::OsCosts costs;
  std::vector<std::string> policies;
  std::vector<core::OsParams> params;  ///< per policy
  std::vector<double> rates;           ///< generator.rate x kOsSweepFactors
};

struct OsSweepSeries {
  std::string policy;
  std::vector<double> mean_response;  ///< per rate; NaN = over kOsSweepRunEvents
};

struct OsSweep {
  double rate = 0;  ///< the scenario's arrival rate
  std::vector<double> rates;
  std::vector<OsSweepSeries> series;
  std::int64_t jobs = 0, scenario_jobs = 0;
};

/// The sweep of the current os scenario, or nullopt when its jobs are an explicit list.
std::optional<OsSweepSpec> os_sweep_spec(const AppState& st);
/// Runs it (seconds at most: see the caps); reads control.cancelled() between runs and inside them.
OsSweep run_os_sweep(const OsSweepSpec& spec, const JobControl& control);

}  // namespace loadlab::app
