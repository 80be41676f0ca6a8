// The papers' claims as verdicts (src/experiments/verdict.h and the *_claims files): the verdict
// logic on hand-made measurements whose answers follow from arithmetic, the SVG writer's contract,
// the reconstructed Fig 9 of Wu (1997), and the independent divisible-load optimum on a case with a
// closed form.
#include <doctest/doctest.h>

#include <cmath>
#include <stdexcept>
#include <string>

#include "core/balance/dem.h"
#include "core/model/topology.h"
#include "experiments/dlt_claims.h"
#include "experiments/flb_claims.h"
#include "experiments/loop_claims.h"
#include "experiments/svg_plot.h"
#include "experiments/verdict.h"
#include "experiments/wu_claims.h"

using namespace loadlab::experiments;

namespace {

FlbCell claims_cell(const char* problem, double etf, double dsc, double fcp, double flb) {
  return FlbCell{
      problem, 5.0, 8, {{"mcp", 1.0}, {"etf", etf}, {"dsc_llb", dsc}, {"fcp", fcp}, {"flb", flb}}};
}

const ClaimResult& claim_by_id(const std::vector<ClaimResult>& v, const std::string& id) {
  for (const auto& c : v)
    if (c.id == id) return c;
  throw std::logic_error("no claim " + id);
}

}  // namespace

TEST_CASE("Claims.FlbVerdictsFollowTheCells") {
  // LU: ETF 23 % longer than MCP (the paper's figure exactly); Laplace: MCP 5 % longer than ETF.
  const std::vector<FlbCell> cells = {claims_cell("LU", 1.23, 1.35, 1.02, 1.30),
                                      claims_cell("Laplace", 1 / 1.05, 1.10, 1.0, 0.9)};
  const auto v = judge_flb_claims(cells);
  const auto& lu = claim_by_id(v, "flb.lu_mcp_better_than_etf");
  CHECK(lu.measured_value == doctest::Approx(23));
  CHECK(lu.verdict == Verdict::Holds);
  CHECK(lu.by == doctest::Approx(0).epsilon(1e-9));
  CHECK(claim_by_id(v, "flb.laplace_etf_better_than_mcp").measured_value == doctest::Approx(5));
  // FLB beats DSC-LLB in both cells: 100 % of the cells.
  CHECK(claim_by_id(v, "flb.flb_beats_dsc_llb").measured_value == doctest::Approx(100));
  // FLB beats ETF only on Laplace (0.9 < 0.952; on LU 1.30 > 1.23): 50 %, not "most of the
  // cases".
  CHECK(claim_by_id(v, "flb.flb_beats_etf_mostly").verdict == Verdict::Differs);
  CHECK_THROWS_AS(judge_flb_claims({FlbCell{"LU", 0.2, 2, {{"mcp", 1.0}}}}), std::invalid_argument);
}

TEST_CASE("Claims.UpToRule") {
  CHECK(up_to_holds(23, 23));
  CHECK(up_to_holds(23, 12));  // within 23 / 2
  CHECK_FALSE(up_to_holds(23, 11));
  CHECK_FALSE(up_to_holds(5, -1));  // wrong direction
  CHECK(up_to_holds(5, 10));        // within 5 points
  CHECK_FALSE(up_to_holds(5, 10.5));
}

TEST_CASE("Claims.TextAndCsv") {
  const ClaimResult c =
      make_claim("x.y", "\"a, b\"", flb_paper("Section 6.2"), "m", 10, 12, " %", false, "rule");
  CHECK(c.by == doctest::Approx(2));
  const std::string text = claim_text(c);
  CHECK(text.find("DIFFERS") != std::string::npos);
  CHECK(text.find("Radulescu & van Gemund") != std::string::npos);
  CHECK(text.find("(1999)") != std::string::npos);
  const std::string csv = claims_csv({c});
  CHECK(csv.find("\"\"\"a, b\"\"\"") != std::string::npos);  // quotes doubled, field quoted
  CHECK(claims_summary({c}) == "1 claims: 0 hold, 1 differ");
}

TEST_CASE("Claims.SvgPlot") {
  Plot p;
  p.title = "a < b";
  p.log2_x = true;
  p.series = {{"s", {2, 4, 8}, {1, std::nan(""), 3}}};
  p.captions = {"claim"};
  const std::string svg = plot_svg(p);
  CHECK(svg.rfind("<svg", 0) == 0);
  CHECK(svg.find("</svg>") != std::string::npos);
  CHECK(svg.find("a &lt; b") != std::string::npos);
  CHECK(svg.find("<path d=\"M") != std::string::npos);
  // Two points drawn (the NaN is a gap): two circles.
  std::size_t circles = 0;
  for (std::size_t at = svg.find("<circle"); at != std::string::npos;
       at = svg.find("<circle", at + 1))
    ++circles;
  CHECK(circles == 2);
  p.series[0].y.pop_back();
  CHECK_THROWS_AS(plot_svg(p), std::invalid_argument);
  p.series = {{"s", {0, 1}, {1, 2}}};
  CHECK_THROWS_AS(plot_svg(p), std::invalid_argument);
}

TEST_CASE("Claims.WuFig9Instance") {
  // Wu, Section 3: after DEM "D = max(w_i) - min(w_i) is bounded by d"; Fig 9 has D = 4 on a
  // 4-cube. Popcount loads: every pair of neighbours differs by one, so nothing moves.
  const auto w = wu_fig9_instance();
  REQUIRE(w.size() == 16);
  const auto r = loadlab::core::dem(loadlab::core::Topology::hypercube(4), w);
  CHECK(r.transfers.empty());
  CHECK(judge_wu_fig9(w).verdict == Verdict::Holds);
  CHECK(judge_wu_fig9(loadlab::core::LoadVector(16, 3)).verdict == Verdict::Differs);
}

TEST_CASE("Claims.LoopClaims") {
  LoopClaimOptions o;
  o.cases = 3;
  const auto v = judge_loop_claims(o);
  CHECK(v.size() == 7);
  // TSS: first chunk N/(2P) = 1000/8 = 125 exactly.
  CHECK(claim_by_id(v, "loops.tss_sequence").measured_value == 125);
  // Self-scheduling's spread is at most one iteration (a property, not a sample).
  CHECK(claim_by_id(v, "loops.self_within_one_iteration").verdict == Verdict::Holds);
  for (const auto& c : v) CHECK(c.source.title.find("Compute-Intensive") != std::string::npos);
  o.cases = 0;
  CHECK_THROWS_AS(judge_loop_claims(o), std::invalid_argument);
}

TEST_CASE("Claims.DltOptimumClosedForm") {
  // A 1-cube with buffers that do not bind: x0 E = x1 (C + E) and x0 + x1 = L give
  // T = E L (C + E) / (2E + C).
  loadlab::core::DltParams p;
  p.dim = 1;
  p.E = 3;
  p.C = 2;
  p.load = 100;
  CHECK(dlt_optimal_finish_time(p, 1000) == doctest::Approx(3 * 100 * 5 / 8.0).epsilon(1e-10));
  // Buffers of 60: layer 0 computes 60 (T0 = 180), layer 1 the other 40 after 40 * 2: 80 + 120.
  CHECK(dlt_optimal_finish_time(p, 60) == doctest::Approx(200).epsilon(1e-10));
  CHECK_THROWS_AS(dlt_optimal_finish_time(p, 40), std::invalid_argument);
  const ClaimResult c = judge_dlt_conjecture1(5, 300);
  CHECK(c.measured_value == 0);
  CHECK_THROWS_AS(judge_dlt_conjecture1(5, 0), std::invalid_argument);
}

TEST_CASE("Claims.FlbSpeedupClasses") {
  // At P = 32 Stencil and FFT (30, 28) above LU and Laplace (12, 20): margin 28 - 20 = 8.
  std::vector<FlbSpeedup> s = {{"Stencil", 5, 32, 30},
                               {"FFT", 5, 32, 28},
                               {"LU", 5, 32, 12},
                               {"Laplace", 5, 32, 20},
                               {"LU", 5, 2, 1.9}};
  ClaimResult c = judge_flb_speedup_classes(s);
  CHECK(c.measured_value == doctest::Approx(8));
  CHECK(c.verdict == Verdict::Holds);
  s[3].speedup = 29;  // Laplace above FFT: the classes overlap
  c = judge_flb_speedup_classes(s);
  CHECK(c.measured_value == doctest::Approx(-1));
  CHECK(c.verdict == Verdict::Differs);
}
