// Partition narration on meshes whose answers are hand calculations: the bisection of an 8 × 8
// grid (two halves of 32 vertices, 8 edges cut) and 1 × P strips of a 64 × 64 grid into 4
// (strips of 16 columns, 1024 vertices each; an inner strip has 2·64 cut edges, 3·64 in all), as in
// Houstis, Kapidakis, Markatos & Gelenbe's survey (1996), Section 2.3, Table 1.
#include <doctest/doctest.h>

#include <string>

#include "core/partition/generators.h"
#include "core/partition/narration.h"
#include "core/partition/partition.h"

using namespace loadlab::core;

namespace {

bool part_says(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("Narration.Partition.GridBisection") {
  const Mesh m = grid_mesh(8, 8);
  const PartitionParams prm;
  const auto part = run_partition_method("orb_m", m, 2, prm);
  const BisectionTrace trace = trace_first_bisection("orb_m", m, 2, prm);
  const Narration n = partition_narration("orb_m", m, 2, part, &trace);
  CHECK(n.citation.find("Houstis") != std::string::npos);
  // The split, then the two halves (ORB-M does no FM moves).
  REQUIRE(n.steps.size() == 3);
  CAPTURE(n.steps[0].text);
  CHECK(part_says(n.steps[0].text, "32 vertices of weight 32"));
  CHECK(part_says(n.steps[0].text, "8 edges cross the cut"));
  for (int k = 1; k <= 2; ++k) {
    const std::string& t = n.steps[static_cast<std::size_t>(k)].text;
    CAPTURE(t);
    CHECK(part_says(t, "32 vertices of weight 32"));
    CHECK(part_says(t, "8 of its edges are cut"));
  }
  CHECK(part_says(n.steps[2].text, "In all 8 edges are cut"));
}

TEST_CASE("Narration.Partition.StripsOfAGrid") {
  const Mesh m = grid_mesh(64, 64);
  const auto part = run_partition_method("strips_1xp", m, 4, {});
  const Narration n = partition_narration("strips_1xp", m, 4, part, nullptr);
  REQUIRE(n.steps.size() == 4);
  int inner = 0, outer = 0;
  for (const auto& s : n.steps) {
    CAPTURE(s.text);
    CHECK(part_says(s.text, "(strip): 1024 vertices"));
    if (part_says(s.text, "128 of its edges are cut")) ++inner;
    if (part_says(s.text, " 64 of its edges are cut")) ++outer;
  }
  CHECK(inner == 2);
  CHECK(outer == 2);
  CHECK(part_says(n.steps[3].text, "In all 192 edges are cut"));
}

TEST_CASE("Narration.Partition.KernighanLinMoves") {
  // ORB-KL on a mesh with holes: the narration has the split, one step per FM move or rollback of
  // the trace, then the parts, and the cut it reports after each move is the trace's.
  const Mesh m = with_holes_mesh(24, 24, 3);
  PartitionParams prm;
  const BisectionTrace t = trace_first_bisection("orb_kl", m, 4, prm);
  const auto part = run_partition_method("orb_kl", m, 4, prm);
  const Narration n = partition_narration("orb_kl", m, 4, part, &t);
  std::size_t rollbacks = 0;
  for (const auto& p : t.passes) rollbacks += p.kept < p.count ? 1 : 0;
  REQUIRE(n.steps.size() == 1 + t.moves.size() + rollbacks + 4);
  if (!t.moves.empty()) {
    CAPTURE(n.steps[1].text);
    CHECK(part_says(n.steps[1].text, "vertex " + std::to_string(t.moves[0].vertex)));
    CHECK(part_says(n.steps[1].text, "the cut is now " + std::to_string(t.moves[0].cut)));
  }
  for (const char* a : {"strips_1xp", "strips_pxq", "orb_m", "orb_i", "orb_e", "orb_kl", "ggp",
                        "orb_sa", "sa", "cm", "multilevel", "metis"})
    CHECK(!partition_pseudocode(a).empty());
}
