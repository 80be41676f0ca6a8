// The operating-system claims of Houstis, Kapidakis, Markatos & Gelenbe, "Execution of
// Compute-Intensive Applications into Parallel Machines" (1996), Section 4, judged on the OS
// simulator (core/os): `loadlab reproduce os` prints each section's text, CSV tables and verdict,
// and the playground's experiments panel shows the same claims and sweeps.
//
// The survey reports what the studies it cites found (Crovella et al., Tucker & Gupta, Squillante &
// Lazowska, Ousterhout/Medusa, Sevcik, Eager et al.), mostly without numbers: where a value is
// known (the fragmentation example is exactly 1/3, Medusa's "about 80 %", Psyche's "factor of
// three") it is the paper value; elsewhere the verdict says what was measured.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <limits>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "core/os/model.h"
#include "experiments/svg_plot.h"
#include "experiments/verdict.h"

namespace loadlab::experiments {

/// One simulation of the sections: its metrics and whether core::verify_os accepted it.
struct OsClaimRun {
  core::OsRunResult result;  ///< metrics, time lost and lock counters (no interval log needed)
  /// Of the processor time spent executing, the share with the job's whole gang running (Medusa's
  /// "coscheduled"); computed only when asked.
  double coscheduled_share = 0;
  bool verified = false;
  std::string error;  ///< the checker's first error when not verified
};

/// Runs one policy. The CLI passes one that may split the runs across processes.
using OsClaimRunner = std::function<OsClaimRun(
    const std::string& policy, int processors, const std::vector<core::OsJob>& jobs,
    const core::OsCosts& costs, const core::OsParams& params, bool want_coscheduled_share)>;

/// The default runner: core::simulate_os then core::verify_os, in this process.
OsClaimRun os_claim_run_verified(const std::string& policy, int processors,
                                 const std::vector<core::OsJob>& jobs, const core::OsCosts& costs,
                                 const core::OsParams& params, bool want_coscheduled_share);

struct OsCsvTable {
  std::string name;  ///< file name, e.g. "os_barriers.csv"
  std::string text;
};

/// One section of `reproduce os`: the printed text (heading, claim, workload, table), its CSV
/// tables, the judged claim (measured = the verdict's explanation) and the swept series, if any.
struct OsClaimSection {
  std::string text;
  std::vector<OsCsvTable> csv;
  ClaimResult claim;
  std::vector<Plot> plots;
};

struct OsClaimOptions {
  std::uint64_t seed = 1;
  bool quick = true;     ///< 120 jobs per stream and loads 0.5, 0.9; false: 1000 jobs, five loads
  OsClaimRunner runner;  ///< empty: os_claim_run_verified
  std::function<void(double)> progress;       ///< fraction of sections done (may be empty)
  const std::atomic<bool>* cancel = nullptr;  ///< checked between sections
};

struct OsClaimsResult {
  std::int64_t jobs_per_stream = 0;
  std::vector<OsClaimSection> sections;  ///< in the order `reproduce os` prints them
  int runs = 0;
  int failures = 0;  ///< runs the checker rejected
  bool cancelled = false;
};

OsClaimsResult judge_os_claims(const OsClaimOptions& options);

/// The claims of a result, in order.
std::vector<ClaimResult> os_claims_of(const OsClaimsResult& result);

namespace os_claims_detail {

// What the sections share (os_claims.cpp); the mechanisms' sections are in
// os_claims_mechanisms.cpp.
struct OsClaimCtx {
  const OsClaimOptions& opts;
  OsClaimRunner runner;
  std::ostream* out = nullptr;  ///< the current section's text
  int runs = 0;
  int failures = 0;
};

/// One verified run; a failure is counted and written into the section's text.
core::OsRunResult os_claim_run(OsClaimCtx& c, const std::string& policy, int p,
                               const std::vector<core::OsJob>& jobs, const core::OsCosts& costs,
                               const core::OsParams& prm, double* coscheduled_share = nullptr);

/// Poisson jobs at an offered load, exponential work, uniform threads.
std::vector<core::OsJob> os_claim_stream(std::uint64_t seed, int p, double load, std::int64_t count,
                                         double mean_work, double threads_lo, double threads_hi,
                                         core::OsSpeedup s, double barrier);

inline constexpr double kOsNoPaperValue = std::numeric_limits<double>::quiet_NaN();

/// What a section's measurement found: the verdict and its explanation (the line `reproduce os`
/// prints), the measured number, the section's CSV table and its sweeps.
struct OsMeasured {
  bool holds = false;
  std::string why;
  double value = kOsNoPaperValue;
  std::string csv;  ///< written to the section's csv_file
  std::vector<Plot> plots;
};

/// The stream length and the loads a sweep visits (quick or the full set).
struct OsSectionSizes {
  std::int64_t count = 0;
  std::vector<double> loads;
};

/// The short facts of a section: its claim's id and place in the survey, the CSV file it writes
/// (nullptr: none), the survey's number (kOsNoPaperValue where it gives none) and the unit.
struct OsSectionKeys {
  const char* id;
  const char* where;  ///< "Section 4.3"
  const char* csv_file;
  double paper_value;
  const char* unit;
};

/// One section of `reproduce os` as data: what it prints before its table, the survey's claim and
/// the rule that judges it. `measure` runs the policies and writes its table under the heading.
struct OsSection {
  OsSectionKeys keys;
  const char* heading;  ///< the section's title, the claim as printed and the workload
  const char* claim;    ///< the claim in the survey's words (ClaimResult::claim)
  const char* rule;     ///< what decides the verdict (ClaimResult::rule)
  OsMeasured (*measure)(OsClaimCtx& c, const OsSectionSizes& sizes, std::ostream& o);
};

/// The section's text and its judged claim.
OsClaimSection os_run_section(const OsSection& section, OsClaimCtx& c, const OsSectionSizes& sizes);

/// snprintf of one number.
std::string os_num(const char* format, double x);

// The mechanisms' sections (os_claims_mechanisms.cpp).
extern const OsSection kOsEfficiencyRulesSection;
extern const OsSection kOsMigrationTransferSection;
extern const OsSection kOsSpinLocksSection;
extern const OsSection kOsPoolsSection;

}  // namespace os_claims_detail

}  // namespace loadlab::experiments
