// What the os view draws, read from the typed scenario (io::OsScenario: P, the jobs) and the typed
// results (io::OsResult: the policy's run and its processor x time chart): no result JSON is
// parsed back. Headless (no ImGui), tested in tests/app. Paper: survey 002 §4
// (../shared/seeds/002_6cf480ff57e2bb72.txt).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app/model/app_state.h"
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
/// Colour of an overhead segment by name ("spin", "context_switch", ...); compute = 0 (use the job's).
std::uint32_t os_segment_colour(const std::string& kind);

/// Time lost per category of a run, in a fixed order with labels (for the stacked table/bars).
struct OsLostItem {
  const char* label;
  double value;
};
std::vector<OsLostItem> os_lost_items(const core::OsLostTime& lost);

}  // namespace loadlab::app
