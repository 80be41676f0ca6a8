// A paper's evaluation claim judged against our measurement: the claim in the paper's words, where
// it is printed, what we measured and whether it holds. Structured (not printed text) so the CLI
// (`loadlab reproduce ...`) prints it and the playground's experiments panel can plot the measured
// series with the claim beside it.
#pragma once

#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace loadlab::experiments {

/// Where a claim is printed: the paper (authors, title, year) and the section or figure.
struct ClaimSource {
  std::string authors;
  std::string title;
  int year = 0;  ///< 0 = undated (the course notes)
  std::string where;
};

ClaimSource wu_paper(const std::string& where);
ClaimSource flb_paper(const std::string& where);
ClaimSource survey_paper(const std::string& where);
ClaimSource notes_paper(const std::string& where);
ClaimSource dlt_paper(const std::string& where);

enum class Verdict { Holds, Differs };

struct ClaimResult {
  std::string id;     ///< short stable key, e.g. "flb.lu_mcp_vs_etf"
  std::string claim;  ///< the paper's words (quoted) or, for a figure, its stated trend
  ClaimSource source;
  std::string measured;  ///< what we measured, in words, with the number
  /// The paper's figure and ours in `unit` (NaN where the paper gives no number).
  double paper_value = std::numeric_limits<double>::quiet_NaN();
  double measured_value = std::numeric_limits<double>::quiet_NaN();
  std::string unit;  ///< "%", "pp", "" ...
  Verdict verdict = Verdict::Differs;
  /// How far from the paper: measured_value - paper_value where both are numbers, else 0.
  double by = 0;
  /// The rule that decided the verdict, e.g. "holds when within 5 pp of the paper's 23 %".
  std::string rule;
};

/// A claim with a numeric comparison: holds when `holds`; `by` = measured - paper when the paper
/// gives a number.
ClaimResult make_claim(std::string id, std::string claim, ClaimSource source, std::string measured,
                       double paper_value, double measured_value, std::string unit, bool holds,
                       std::string rule);

/// "up to X %": holds when the direction agrees (measured > 0) and the measured extreme is within
/// max(5, X / 2) of X. The paper's extremes come from 5 random graphs per cell, so a tolerance is
/// needed; the difference is always printed.
bool up_to_holds(double paper_percent, double measured_percent);

/// "Flb paper (Radulescu & van Gemund, ..., 1999), Section 6, Fig 4".
std::string source_text(const ClaimSource& s);
/// Several lines: claim, source, measured, verdict.
std::string claim_text(const ClaimResult& c);
/// One line per claim: id,verdict,paper_value,measured_value,unit,by,source,claim,measured.
std::string claims_csv(const std::vector<ClaimResult>& claims);
/// "N claims: H hold, D differ".
std::string claims_summary(const std::vector<ClaimResult>& claims);

}  // namespace loadlab::experiments
