// Loop narration on the survey's decreasing loop (Houstis, Kapidakis, Markatos & Gelenbe 1996,
// Section 3.1; examples/loop_decreasing.json: N = 1000, P = 4). Expected chunk sizes are hand
// calculations from the survey's rules: GSS takes 1/P of what remains (250, then ⌈750/4⌉ = 188),
// factoring hands out P chunks of half the remainder per batch (⌈1000/8⌉ = 125, then
// ⌈500/8⌉ = 63), TSS starts at N/(2P) = 125 and shrinks by N/(8P²) = 7.8125 (⌈117.19⌉ = 118).
#include <doctest/doctest.h>

#include <string>

#include "core/loops/narration.h"

using namespace loadlab::core;

namespace {

Narration narrate_decreasing(const char* name) {
  LoopParams p;
  p.iterations = 1000;
  p.processors = 4;
  CostProfile prof;
  prof.profile = "decreasing";
  const auto costs = iteration_costs(prof, p.iterations, 1);
  LoopMachine m;
  m.overhead = p.overhead = 0.5;
  const LoopTechnique* t = find_loop_technique(name);
  REQUIRE(t != nullptr);
  const LoopRunResult run = simulate_loop(*t, p, costs, m);
  Narration n = loop_narration(*t, p, run);
  CHECK(n.steps.size() == static_cast<std::size_t>(run.num_chunks));
  CHECK(n.algorithm == name);
  CHECK(n.citation.find("Houstis") != std::string::npos);
  for (const auto& s : n.steps)
    CHECK((s.line >= 0 && s.line < static_cast<int>(n.pseudocode.size())));
  return n;
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("Narration.Loop.GssOnTheDecreasingLoop") {
  const Narration n = narrate_decreasing("gss");
  REQUIRE(n.steps.size() >= 2);
  CAPTURE(n.steps[0].text);
  CHECK(has(n.steps[0].text, "R = 1000 remain"));
  CHECK(has(n.steps[0].text, "⌈1000/4⌉) = 250"));
  CHECK(has(n.steps[0].text, "[0, 250)"));
  CAPTURE(n.steps[1].text);
  CHECK(has(n.steps[1].text, "⌈750/4⌉) = 188"));
  CHECK(has(n.steps[1].text, "[250, 438)"));
  CHECK(n.pseudocode[static_cast<std::size_t>(n.steps[1].line)].find("R/P") != std::string::npos);
}

TEST_CASE("Narration.Loop.FactoringBatches") {
  const Narration n = narrate_decreasing("factoring");
  REQUIRE(n.steps.size() >= 6);
  for (int i = 0; i < 4; ++i) {
    CAPTURE(n.steps[static_cast<std::size_t>(i)].text);
    CHECK(has(n.steps[static_cast<std::size_t>(i)].text, "factoring batch 1"));
    CHECK(has(n.steps[static_cast<std::size_t>(i)].text, "⌈1000/8⌉ = 125"));
    CHECK(has(n.steps[static_cast<std::size_t>(i)].text, "(125 iterations)"));
  }
  CAPTURE(n.steps[4].text);
  CHECK(has(n.steps[4].text, "factoring batch 2"));
  CHECK(has(n.steps[4].text, "R = 500"));
  CHECK(has(n.steps[4].text, "⌈500/8⌉ = 63"));
  CHECK(has(n.steps[4].text, "[500, 563)"));
}

TEST_CASE("Narration.Loop.TrapezoidDecrement") {
  const Narration n = narrate_decreasing("tss");
  REQUIRE(n.steps.size() >= 2);
  CAPTURE(n.steps[0].text);
  CHECK(has(n.steps[0].text, "= 125 "));
  CHECK(has(n.steps[0].text, "7.812"));
  CAPTURE(n.steps[1].text);
  CHECK(has(n.steps[1].text, "= 118 "));
  CHECK(has(n.steps[1].text, "[125, 243)"));
}

TEST_CASE("Narration.Loop.StaticBlockAndAffinity") {
  const Narration b = narrate_decreasing("static_block");
  REQUIRE(b.steps.size() == 4);
  for (const auto& s : b.steps) CHECK(has(s.text, "(250 iterations)"));
  // Affinity: each processor first takes ⌈250/4⌉ = 63 of its own block of 250.
  const Narration a = narrate_decreasing("affinity");
  REQUIRE(a.steps.size() >= 4);
  for (int i = 0; i < 4; ++i) {
    CAPTURE(a.steps[static_cast<std::size_t>(i)].text);
    CHECK(has(a.steps[static_cast<std::size_t>(i)].text, "r = 250"));
    CHECK(has(a.steps[static_cast<std::size_t>(i)].text, "= 63 "));
  }
  bool stole = false;
  for (const auto& s : a.steps) stole = stole || has(s.text, "steals");
  CHECK(stole);  // the heavy first block is finished by thieves
}

TEST_CASE("Narration.Loop.PseudocodeForEveryTechnique") {
  for (const auto& t : loop_techniques()) {
    CAPTURE(t.name);
    CHECK(!loop_pseudocode(t.name).empty());
  }
  CHECK(loop_pseudocode("no_such_technique").empty());
}
