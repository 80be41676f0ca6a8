// DLT narration on Li, Veeravalli & Ko's worked examples (2001), with the corrections the project
// documents: Example 1 (closed form: α_i, layer totals 1000, 908.7, 784.5, ..., T* = 273.8),
// Example 2 (Algorithm A with E = 3, C = 2: δ = 2 → k = 6 with 2.164 per processor) and Example 3
// (IBS, Table 2: X = 109.6, 485.6, 404.8 over three rounds).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <string>

#include "core/dlt/algorithm_a.h"
#include "core/dlt/algorithm_a_prime.h"
#include "core/dlt/closed_form.h"
#include "core/dlt/ibs.h"
#include "core/dlt/narration.h"

using namespace loadlab::core;

namespace {

constexpr DltParams kDltExample{8, 3.0, 2.0, 1000.0};

bool dlt_says(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The number printed after `label`, rounded to `decimals` places, is `printed`.
bool dlt_says_rounded(const std::string& text, const std::string& label, double printed,
                      int decimals) {
  const auto at = text.find(label);
  if (at == std::string::npos) return false;
  const double x = std::strtod(text.c_str() + at + label.size(), nullptr);
  return std::abs(x - printed) <= 0.5 * std::pow(10.0, -decimals) * (1 + 1e-9);
}

void check_lines(const Narration& n) {
  CHECK(!n.pseudocode.empty());
  CHECK(n.citation.find("Veeravalli") != std::string::npos);
  for (const auto& s : n.steps) CHECK(s.line < static_cast<int>(n.pseudocode.size()));
}

}  // namespace

TEST_CASE("Narration.Dlt.Example1Layers") {
  const Narration n =
      dlt_narration("closed_form", kDltExample, dlt_closed_form(kDltExample), {}, {});
  check_lines(n);
  REQUIRE(n.steps.size() == 9);
  // The paper's α_i and layer totals, at its rounding.
  const char* alpha[] = {"0.09126", "0.13671", "0.22091", "0.34489", "0.49141",
                         "0.63963", "0.77635", "0.89655", "1.00000"};
  const double totals[] = {1000.0, 908.7, 784.5, 611.2, 400.4, 203.6, 73.4, 16.4, 1.7};
  for (int i = 0; i <= 8; ++i) {
    const std::string& t = n.steps[static_cast<std::size_t>(i)].text;
    CAPTURE(t);
    CHECK(dlt_says(t, "Layer " + std::to_string(i)));
    CHECK(dlt_says(t, std::string("α_") + std::to_string(i) + " = " + alpha[i]));
    if (i > 0) CHECK(dlt_says_rounded(t, "layer total ", totals[i], 1));
  }
  CHECK(dlt_says(n.steps[0].text, "L_0 = 1000"));
  CHECK(dlt_says(n.steps[1].text, "L_1 = 113.6"));  // 908.7 / 8
  CHECK(dlt_says_rounded(n.steps[8].text, "T* = ", 273.8, 1));
}

TEST_CASE("Narration.Dlt.Example2Trials") {
  const Narration n =
      dlt_narration("algorithm_a", kDltExample, dlt_algorithm_a(kDltExample, 2.0), {}, 2.0);
  check_lines(n);
  // Trials k = 8, 7 (rejected), 6 (accepted: 2.164 per processor), then layers 0..6.
  REQUIRE(n.steps.size() == 3 + 7);
  CHECK(dlt_says(n.steps[0].text, "k = 8"));
  CHECK(dlt_says(n.steps[0].text, "< δ = 2"));
  CHECK(dlt_says(n.steps[1].text, "k = 7"));
  CAPTURE(n.steps[2].text);
  CHECK(dlt_says(n.steps[2].text, "k = 6"));
  CHECK(dlt_says(n.steps[2].text, "2.164"));
  CHECK(dlt_says(n.steps[2].text, "accepted"));
  CHECK(dlt_says(n.steps.back().text, "Layer 6"));
  CHECK(dlt_says(n.steps.back().text, "computes 2.164"));
}

TEST_CASE("Narration.Dlt.Example3IbsRounds") {
  const Narration n = dlt_narration("ibs", kDltExample, dlt_ibs(kDltExample, 10.0), 10.0, {});
  check_lines(n);
  REQUIRE(n.steps.size() == 3);
  CAPTURE(n.steps[0].text);
  CHECK(dlt_says(n.steps[0].text, "IBS round 1"));
  CHECK(dlt_says(n.steps[0].text, "layer q = 0"));
  CHECK(dlt_says(n.steps[0].text, "B_0/α_0 = 10/0.09126"));
  CHECK(dlt_says(n.steps[0].text, "X = C(8,0)·L_q = 109.6 "));
  CHECK(dlt_says(n.steps[0].text, "R = 890.4 remains"));  // 1000 − 109.6
  CAPTURE(n.steps[1].text);
  CHECK(dlt_says(n.steps[1].text, "X = C(8,1)·L_q = 485.6 "));
  CHECK(dlt_says(n.steps[1].text, "layers 0..0 only relay"));
  CAPTURE(n.steps[2].text);
  CHECK(dlt_says(n.steps[2].text, "X = R = 404.8"));
  CHECK(dlt_says(n.steps[2].text, "last round"));
  CHECK(dlt_says_rounded(n.steps[2].text, "T* = ", 301.5, 1));
}

TEST_CASE("Narration.Dlt.Example4AlgorithmAPrime") {
  // δ = 2 → k = 7 (2.167 per processor), T* = 301.55 (the corrected Example 4).
  const Narration n = dlt_narration("algorithm_a_prime", kDltExample,
                                    dlt_algorithm_a_prime(kDltExample, 10.0, 2.0), 10.0, 2.0);
  check_lines(n);
  REQUIRE(n.steps.size() >= 3);
  CHECK(dlt_says(n.steps[0].text, "k = 8"));
  CAPTURE(n.steps[1].text);
  CHECK(dlt_says(n.steps[1].text, "k = 7"));
  CHECK(dlt_says(n.steps[1].text, "2.167"));
  CHECK(dlt_says(n.steps[1].text, "accepted"));
  CHECK(dlt_says(n.steps[2].text, "IBS round 1"));
  CHECK(dlt_says_rounded(n.steps.back().text, "T* = ", 301.55, 2));
}
