// Claims judged against measurements (verdict.h): formatting shared by every `reproduce` command.
#include "experiments/verdict.h"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "core/util/number_text.h"

namespace loadlab::experiments {

namespace {

ClaimSource make_source(const char* authors, const char* title, int year,
                        const std::string& where) {
  return ClaimSource{authors, title, year, where};
}

std::string verdict_number(double x) {
  if (std::isnan(x)) return "-";
  return util::number_text(x, 4);
}

std::string csv_quoted(const std::string& s) {
  std::string q = "\"";
  for (char ch : s) {
    if (ch == '"') q += '"';
    q += ch;
  }
  return q + "\"";
}

}  // namespace

ClaimSource wu_paper(const std::string& where) {
  return make_source("Min-You Wu", "On Runtime Parallel Scheduling for Processor Load Balancing",
                     1997, where);
}
ClaimSource flb_paper(const std::string& where) {
  return make_source("Radulescu & van Gemund",
                     "FLB: Fast Load Balancing for Distributed-Memory Machines", 1999, where);
}
ClaimSource survey_paper(const std::string& where) {
  return make_source("Houstis, Kapidakis, Markatos & Gelenbe",
                     "Execution of Compute-Intensive Applications into Parallel Machines", 1996,
                     where);
}
ClaimSource notes_paper(const std::string& where) {
  return make_source("CSE 4351/5351 course notes", "Task Scheduling & Load Balancing", 0, where);
}
ClaimSource dlt_paper(const std::string& where) {
  return make_source("Li, Veeravalli & Ko",
                     "Divisible Load Scheduling on a Hypercube Cluster with Finite-size Buffers "
                     "and Granularity Constraints",
                     2001, where);
}

ClaimResult make_claim(std::string id, std::string claim, ClaimSource source, std::string measured,
                       double paper_value, double measured_value, std::string unit, bool holds,
                       std::string rule) {
  ClaimResult c;
  c.id = std::move(id);
  c.claim = std::move(claim);
  c.source = std::move(source);
  c.measured = std::move(measured);
  c.paper_value = paper_value;
  c.measured_value = measured_value;
  c.unit = std::move(unit);
  c.verdict = holds ? Verdict::Holds : Verdict::Differs;
  c.by = std::isnan(paper_value) || std::isnan(measured_value) ? 0 : measured_value - paper_value;
  c.rule = std::move(rule);
  return c;
}

bool up_to_holds(double paper_percent, double measured_percent) {
  return measured_percent > 0 &&
         std::abs(measured_percent - paper_percent) <= std::max(5.0, paper_percent / 2);
}

std::string source_text(const ClaimSource& s) {
  std::string t = s.authors + ", \"" + s.title + "\"";
  if (s.year > 0) t += " (" + std::to_string(s.year) + ")";
  if (!s.where.empty()) t += ", " + s.where;
  return t;
}

std::string claim_text(const ClaimResult& c) {
  std::string t = "  claim:    " + c.claim + "\n  source:   " + source_text(c.source) +
                  "\n  measured: " + c.measured +
                  "\n  verdict:  " + (c.verdict == Verdict::Holds ? "HOLDS" : "DIFFERS");
  if (!std::isnan(c.paper_value) && !std::isnan(c.measured_value))
    t += " (paper " + verdict_number(c.paper_value) + c.unit + ", ours " +
         verdict_number(c.measured_value) + c.unit + ", by " + util::number_text(c.by, 4, true) +
         c.unit + ")";
  else if (!std::isnan(c.measured_value))
    t += " (ours " + verdict_number(c.measured_value) + c.unit + "; the paper gives no number)";
  if (!c.rule.empty()) t += "; " + c.rule;
  return t + "\n";
}

std::string claims_csv(const std::vector<ClaimResult>& claims) {
  std::string t = "id,verdict,paper_value,measured_value,unit,by,source,claim,measured\n";
  for (const auto& c : claims)
    t += c.id + "," + (c.verdict == Verdict::Holds ? "HOLDS" : "DIFFERS") + "," +
         verdict_number(c.paper_value) + "," + verdict_number(c.measured_value) + "," +
         csv_quoted(c.unit) + "," + verdict_number(c.by) + "," + csv_quoted(source_text(c.source)) +
         "," + csv_quoted(c.claim) + "," + csv_quoted(c.measured) + "\n";
  return t;
}

std::string claims_summary(const std::vector<ClaimResult>& claims) {
  const auto holds = std::count_if(claims.begin(), claims.end(), [](const ClaimResult& c) {
    return c.verdict == Verdict::Holds;
  });
  return std::to_string(claims.size()) + " claims: " + std::to_string(holds) + " hold, " +
         std::to_string(static_cast<long long>(claims.size()) - holds) + " differ";
}

}  // namespace loadlab::experiments
