// The partition view's step view (src/app/partition/model_steps.cpp over
// core::trace_first_bisection): the recorded first bisection is the method's own (same sides as the
// method's result for P = 2), the cut after the last step is the metrics code's edge cut, gains add
// up to the cut decrease, and the Fiedler vector of a path is monotone so the spectral split cuts
// the middle edge.
#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>

#include "app/model/app_state.h"
#include "app/partition/model_steps.h"
#include "app/partition/model_view.h"
#include "core/partition/metrics.h"
#include "io/scenario.h"
#include "run_in_state.h"

using namespace loadlab;
using namespace loadlab::app;
using io::Json;

namespace {

const io::PartitionScenario& scenario_of(const AppState& s) {
  const auto* sc = dynamic_cast<const io::PartitionScenario*>(s.parsed.get());
  REQUIRE(sc != nullptr);
  return *sc;
}

// The cut of a two-sided labelling counted over the mesh's edge list (independent of the core's
// two_sided_cut and of the FM bookkeeping).
std::int64_t count_cut(const core::Mesh& m, const std::vector<std::uint8_t>& side) {
  std::int64_t cut = 0;
  for (int v = 0; v < m.size(); ++v)
    for (int w : m.neighbours(v))
      cut += side[static_cast<std::size_t>(v)] != side[static_cast<std::size_t>(w)] ? 1 : 0;
  return cut / 2;
}

Json path_scenario(int n) {
  Json edges = Json::array();
  for (int v = 0; v + 1 < n; ++v) edges.push_back({v, v + 1});
  return {{"loadlab", 1},
          {"kind", "partition"},
          {"mesh", {{"vertices", n}, {"edges", edges}}},
          {"parts", 2},
          {"algorithms", {"orb_e"}}};
}

}  // namespace

TEST_CASE("PartitionSteps.FiedlerVectorOfAPathIsMonotoneAndCutsTheMiddle") {
  // The path's Laplacian has Fiedler vector cos(pi (i + 1/2) / n): strictly monotone in i, so the
  // median split puts 0..n/2-1 on one side and cuts exactly the middle edge.
  AppState s;
  testing::run_in_state(s, path_scenario(101));
  const BisectionSteps st = build_bisection_steps(scenario_of(s), "orb_e");
  const auto& key = st.trace.key;
  REQUIRE(key.size() == 101);
  const bool up = key[1] > key[0];
  for (std::size_t i = 1; i < key.size(); ++i)
    CHECK((up ? key[i] > key[i - 1] : key[i] < key[i - 1]));
  CHECK(st.key_name == "Fiedler vector");
  CHECK_FALSE(st.trace.refined);
  CHECK(st.steps.empty());
  CHECK(st.trace.initial_cut == 1);
  CHECK(st.trace.final_cut == 1);
  // 101 unit vertices into 1 : 1: target_left = (101 + 1) / 2 = 51 on the left side (side 0).
  CHECK(std::count(st.trace.final_side.begin(), st.trace.final_side.end(), 0) == 51);
  // Both path ends are on different sides, and the key's split lies between them.
  CHECK(st.trace.final_side.front() != st.trace.final_side.back());
  CHECK(st.split > st.key_lo);
  CHECK(st.split < st.key_hi);
}

TEST_CASE("PartitionSteps.TraceOfOrbKlIsTheMethodsOwnBisection") {
  // P = 2: the method's result is its first bisection, so the trace must end in the same sides and
  // the cut after the last step must be the metrics code's edge cut.
  AppState s;
  testing::run_in_state(s, Json::parse(R"({"loadlab": 1, "kind": "partition", "seed": 3,
      "mesh": {"generator": "random_points", "points": 600}, "parts": 2,
      "algorithms": ["orb_kl"], "params": {"orb_kl": {"imbalance": 0.05}}})"));
  const PartitionViewModel vm = partition_view_model(s);
  REQUIRE(vm.methods.size() == 1);
  const auto& result = vm.methods[0];
  REQUIRE(result.verified);
  const BisectionSteps st = build_bisection_steps(scenario_of(s), "orb_kl");
  const core::Mesh& mesh = *scenario_of(s).mesh;
  REQUIRE(st.trace.refined);
  REQUIRE_FALSE(st.trace.moves.empty());
  for (int v = 0; v < mesh.size(); ++v)
    CHECK(static_cast<int>(st.trace.final_side[static_cast<std::size_t>(v)]) ==
          result.part()[static_cast<std::size_t>(v)]);
  CHECK(st.cut_at(st.size()) == result.metrics().edge_cut);
  CHECK(count_cut(mesh, sides_at_step(st, st.size())) == result.metrics().edge_cut);
  // The inertia split of random points is not locally optimal: FM kept at least one move and
  // lowered the cut.
  std::size_t kept = 0;
  for (const auto& p : st.trace.passes) kept += p.kept;
  CHECK(kept > 0);
  CHECK(st.trace.final_cut < st.trace.initial_cut);
}

TEST_CASE("PartitionSteps.GainsAddUpToTheCutAfterEveryStep") {
  AppState s;
  testing::run_in_state(s, Json::parse(R"({"loadlab": 1, "kind": "partition", "seed": 5,
      "mesh": {"generator": "random_points", "points": 500}, "parts": 4, "algorithms": ["orb_kl"]})"));
  const BisectionSteps st = build_bisection_steps(scenario_of(s), "orb_kl");
  const core::Mesh& mesh = *scenario_of(s).mesh;
  const auto& t = st.trace;
  REQUIRE_FALSE(t.passes.empty());
  // Within a pass, each move's cut is the pass's starting cut minus the gains so far; the kept
  // gains of all passes add up to the total cut decrease.
  std::int64_t kept_gain = 0;
  std::int64_t cut = t.initial_cut;
  for (const auto& p : t.passes) {
    CHECK(p.cut_before == cut);
    std::int64_t c = p.cut_before;
    for (std::size_t j = p.first; j < p.first + p.count; ++j) {
      c -= t.moves[j].gain;
      CHECK(t.moves[j].cut == c);
      if (j < p.first + p.kept) kept_gain += t.moves[j].gain;
    }
    cut = p.cut_after;
  }
  CHECK(kept_gain == t.initial_cut - t.final_cut);
  CHECK(cut == t.final_cut);
  // The recorded cut after each step is the cut of the sides at that step, counted from scratch.
  REQUIRE(st.size() > 3);
  for (std::size_t k : {std::size_t{0}, std::size_t{1}, st.size() / 2, st.size() - 1, st.size()})
    CHECK(count_cut(mesh, sides_at_step(st, k)) == st.cut_at(k));
  // The slider's cursor agrees with replaying from the start, forwards and backwards.
  StepCursor cur;
  cur.reset(st);
  for (std::size_t k : {st.size(), std::size_t{2}, st.size() / 2, std::size_t{0}, st.size() - 1}) {
    cur.seek(k);
    CHECK(cur.side == sides_at_step(st, k));
  }
  // Highlighted vertices: the vertex of a move step comes first.
  const auto first_move =
      std::find_if(st.steps.begin(), st.steps.end(),
                   [](const BisectionStep& x) { return x.kind == BisectionStep::move; });
  REQUIRE(first_move != st.steps.end());
  const std::size_t k = static_cast<std::size_t>(first_move - st.steps.begin()) + 1;
  const auto moved = moved_vertices_at(st, k);
  REQUIRE_FALSE(moved.empty());
  CHECK(moved.front() == t.moves[first_move->first].vertex);
}

TEST_CASE("PartitionSteps.AnOptimalSplitKeepsNoMove") {
  // A 8 x 8 grid cut across the middle by the inertia axis already has the minimum bisection cut 8
  // of a square grid; FM tries moves but keeps none.
  AppState s;
  testing::run_in_state(s, Json::parse(R"({"loadlab": 1, "kind": "partition",
      "mesh": {"generator": "grid", "rows": 8, "cols": 8}, "parts": 2, "algorithms": ["orb_kl"]})"));
  const BisectionSteps st = build_bisection_steps(scenario_of(s), "orb_kl");
  CHECK(st.trace.initial_cut == 8);
  CHECK(st.trace.final_cut == 8);
  for (const auto& p : st.trace.passes) CHECK(p.kept == 0);
  CHECK(st.key_name == "position along the principal inertia axis");
}

TEST_CASE("PartitionSteps.KeyColourIsWhiteAtTheSplitAndDivergesToBlueAndRed") {
  BisectionSteps st;
  st.key_lo = -1, st.key_hi = 3, st.split = 1;
  CHECK(key_colour(st, 1) == 0xFFFFFFFFu);
  const auto ch = [](std::uint32_t c, int k) { return static_cast<int>((c >> (8 * k)) & 0xFF); };
  const std::uint32_t lo = key_colour(st, -1), hi = key_colour(st, 3);
  CHECK(ch(lo, 2) > ch(lo, 0));     // blue > red below the split
  CHECK(ch(hi, 0) > ch(hi, 2));     // red > blue above it
  CHECK(key_colour(st, -5) == lo);  // clamped
}

TEST_CASE("PartitionSteps.OnlyBisectionMethodsAreTraced") {
  AppState s;
  testing::run_in_state(s, path_scenario(10));
  CHECK_THROWS(build_bisection_steps(scenario_of(s), "cm"));
  CHECK(core::bisection_traceable("orb_kl"));
  CHECK_FALSE(core::bisection_traceable("ggp"));
}
