// The "os" scenario kind: parallel jobs on a multiprogrammed multiprocessor under the operating
// system policies of paper 002, Section 4. Format and limits: docs/scenario-os.md.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/os/model.h"
#include "core/verify/os_verify.h"
#include "io/kind.h"

namespace loadlab::io {

/// Documented in docs/scenario-os.md; checked before anything is allocated.
struct OsLimits {
  static constexpr std::int64_t max_processors = 1024;
  static constexpr std::int64_t max_jobs = 100'000;
  static constexpr std::int64_t max_total_threads = 2'000'000;
  static constexpr double max_time = 1e12;   ///< arrivals, costs, quanta
  static constexpr double max_work = 1e9;    ///< per job
  static constexpr double max_phases = 1e6;  ///< work / barrier_every per job
  static constexpr double max_events = 2e6;  ///< estimated simulated events per algorithm
  static constexpr std::size_t chart_intervals = 20'000;  ///< chart decimated above this
};

struct OsScenario : TypedScenario {
  int processors = 1;
  std::vector<core::OsJob> jobs;
  /// The generator the jobs came from ("jobs": {"generator": ...}); unset for an explicit list.
  std::optional<core::OsGenerator> generator;
  core::OsCosts costs;
  std::map<std::string, core::OsParams> params;  ///< per algorithm (defaults filled)
};

struct OsChartInterval {
  std::int32_t processor, job;
  double start, end;
  std::string kind;  ///< a segment name, or "" in a decimated chart (dominant job per cell)
};

struct OsResult : TypedResult {
  std::string title, paper;
  core::OsRunResult run;  ///< intervals dropped after checking (the chart keeps a view)
  std::vector<OsChartInterval> chart;
  bool chart_decimated = false;
  int processors = 1;
  Json to_json() const override;
};

/// Parses the kind's fields (throws ScenarioError naming the field).
std::shared_ptr<OsScenario> parse_os_scenario(const JsonReader& s);

/// Runs one policy of a parsed scenario and checks it with core::verify_os.
std::shared_ptr<OsResult> run_os_algorithm(const OsScenario& sc, const std::string& algorithm,
                                           const std::atomic<bool>* cancel = nullptr);

/// Processor x time chart of a run: the intervals themselves, or above `limit` a grid sampled at
/// cell midpoints (merged runs of the same job per processor).
std::vector<OsChartInterval> os_chart(const core::OsRunResult& run, int processors,
                                      std::size_t limit, bool* decimated);

}  // namespace loadlab::io
