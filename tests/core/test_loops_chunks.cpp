// Chunk sequences of the loop-scheduling techniques against hand calculations from the survey's
// definitions (paper 002, Section 3.1) and LB4OMP's formulas for FSC / weighted factoring.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "core/loops/all_techniques.h"
#include "core/verify/loop_verify.h"

using namespace loadlab::core;

namespace {

LoopParams params(std::int64_t n, int p) {
  LoopParams s;
  s.iterations = n;
  s.processors = p;
  return s;
}

// Sizes in the order a central queue hands them out (any thread may ask).
std::vector<std::int64_t> queue_sizes(const char* name, const LoopParams& s) {
  auto d = find_loop_technique(name)->make(s);
  std::vector<std::int64_t> out;
  for (LoopChunk c = d->next(0); !c.empty(); c = d->next(0)) out.push_back(c.size());
  return out;
}

std::vector<std::pair<std::int64_t, std::int64_t>> ranges_of(ChunkDispenser& d, int thread) {
  std::vector<std::pair<std::int64_t, std::int64_t>> out;
  for (LoopChunk c = d.next(thread); !c.empty(); c = d.next(thread))
    out.push_back({c.begin, c.end});
  return out;
}

using Ranges = std::vector<std::pair<std::int64_t, std::int64_t>>;

}  // namespace

TEST_CASE("Loops.Registry.AllTechniquesWithFormula") {
  const char* names[] = {
      "static_block",  "cyclic", "block_cyclic", "self", "chunk",    "gss", "agss",
      "factoring",     "fac2",   "tapering",     "tss",  "affinity", "fsc", "weighted_factoring",
      "factoring_prob"};
  CHECK(loop_techniques().size() == 15);
  for (const char* n : names) {
    const LoopTechnique* t = find_loop_technique(n);
    REQUIRE_MESSAGE(t != nullptr, n);
    CHECK(std::string(t->formula).size() > 10);
    CHECK(std::string(t->source).size() > 5);
  }
  CHECK(find_loop_technique("nope") == nullptr);
}

TEST_CASE("Loops.StaticBlock.EvenBlocks") {
  // N=10, P=4: q=2, r=2 -> sizes 3,3,2,2.
  auto d = find_loop_technique("static_block")->make(params(10, 4));
  CHECK(ranges_of(*d, 0) == Ranges{{0, 3}});
  CHECK(ranges_of(*d, 1) == Ranges{{3, 6}});
  CHECK(ranges_of(*d, 2) == Ranges{{6, 8}});
  CHECK(ranges_of(*d, 3) == Ranges{{8, 10}});
  // N < P: threads 3..4 get nothing.
  auto e = find_loop_technique("static_block")->make(params(3, 5));
  CHECK(ranges_of(*e, 2) == Ranges{{2, 3}});
  CHECK(ranges_of(*e, 4).empty());
}

TEST_CASE("Loops.Cyclic.RoundRobin") {
  auto d = find_loop_technique("cyclic")->make(params(5, 2));
  CHECK(ranges_of(*d, 0) == Ranges{{0, 1}, {2, 3}, {4, 5}});
  CHECK(ranges_of(*d, 1) == Ranges{{1, 2}, {3, 4}});
}

TEST_CASE("Loops.BlockCyclic.BlocksOfB") {
  LoopParams s = params(10, 2);
  s.block_size = 3;  // blocks [0,3)->0, [3,6)->1, [6,9)->0, [9,10)->1
  auto d = find_loop_technique("block_cyclic")->make(s);
  CHECK(ranges_of(*d, 0) == Ranges{{0, 3}, {6, 9}});
  CHECK(ranges_of(*d, 1) == Ranges{{3, 6}, {9, 10}});
}

TEST_CASE("Loops.Self.OneAtATime") {
  CHECK(queue_sizes("self", params(3, 2)) == std::vector<std::int64_t>{1, 1, 1});
}

TEST_CASE("Loops.Chunk.UniformK") {
  LoopParams s = params(10, 2);
  s.chunk_size = 4;  // 4, 4, then the 2 left
  CHECK(queue_sizes("chunk", s) == std::vector<std::int64_t>{4, 4, 2});
  // Default K = ceil(N/(8P)) = ceil(100/32) = 4.
  CHECK(queue_sizes("chunk", params(100, 4)).front() == 4);
}

TEST_CASE("Loops.Gss.N100P4") {
  // ceil(R/P): R=100->25, 75->19, 56->14, 42->11, 31->8, 23->6, 17->5, 12->3, 9->3, 6->2, then
  // R=4,3,2,1 -> 1 each. Sum 100.
  const std::vector<std::int64_t> want = {25, 19, 14, 11, 8, 6, 5, 3, 3, 2, 1, 1, 1, 1};
  CHECK(queue_sizes("gss", params(100, 4)) == want);
  CHECK(gss_bounds(params(100, 4)).size() == want.size() + 1);
}

TEST_CASE("Loops.Gss.MinChunk") {
  // GSS(k=3), N=20, P=2: 10, then R=10 -> 5, R=5 -> 3, R=2 -> 3 clamped to 2.
  LoopParams s = params(20, 2);
  s.min_chunk = 3;
  CHECK(queue_sizes("gss", s) == std::vector<std::int64_t>{10, 5, 3, 2});
}

TEST_CASE("Loops.Fac2.N100P4") {
  // Batches of P=4 chunks of ceil(R_j/(2P)): R=100 -> 13 (52 taken), R=48 -> 6 (24), R=24 -> 3
  // (12), R=12 -> 2 (8), R=4 -> 1 (4).
  const std::vector<std::int64_t> want = {13, 13, 13, 13, 6, 6, 6, 6, 3, 3,
                                          3,  3,  2,  2,  2, 2, 1, 1, 1, 1};
  CHECK(queue_sizes("fac2", params(100, 4)) == want);
}

TEST_CASE("Loops.Factoring.SurveyHalfPerPhase") {
  // The survey: "during each phase, only a subset of the remaining loop iterations (usually one
  // half) is divided equally among the available processors". N = 100, P = 4: half of 100 = 50 in
  // 4 chunks of ceil(50/4) = 13 (52 taken), R = 48 -> 24 in chunks of 6, R = 24 -> 3, R = 12 ->
  // ceil(6/4) = 2, R = 4 -> 1. The cost profile does not change it.
  const std::vector<std::int64_t> want = {13, 13, 13, 13, 6, 6, 6, 6, 3, 3,
                                          3,  3,  2,  2,  2, 2, 1, 1, 1, 1};
  LoopParams s = params(100, 4);
  CHECK(queue_sizes("factoring", s) == want);
  s.mean_cost = 1;
  s.sd_cost = 0.5;
  CHECK(queue_sizes("factoring", s) == want);
  // Each phase hands out at least half and at most half + P of what remains (ceil per chunk).
  const auto q = queue_sizes("factoring", params(1000, 8));
  std::int64_t remaining = 1000;
  for (std::size_t i = 0; i < q.size(); i += 8) {
    std::int64_t phase = 0;
    for (std::size_t k = i; k < i + 8 && k < q.size(); ++k) phase += q[k];
    CHECK(2 * phase >= remaining);
    if (remaining >= 16) CHECK(phase <= remaining / 2 + 8);
    remaining -= phase;
  }
  CHECK(remaining == 0);
}

TEST_CASE("Loops.FactoringProb.DecreasingLoopFirstBatch") {
  // The survey's decreasing loop (cost 2(N - i - 1/2)/N, N = 1000): mu = 1, sigma^2 = 1/3 - 1/(3
  // N^2), P = 4: b = 4 sigma / (2 sqrt(1000)) = 0.036511, x_0 = 1 + b^2 + b sqrt(b^2 + 2) =
  // 1.05298, first chunk ceil(1000 / (4 x_0)) = ceil(237.42) = 238: 952 of 1000 iterations
  // (95 %) in the first batch, against 4 x 125 = 500 under the survey's rule.
  LoopParams s = params(1000, 4);
  s.mean_cost = 1;
  s.sd_cost = std::sqrt(1.0 / 3 - 1.0 / (3.0 * 1000 * 1000));
  const auto prob = queue_sizes("factoring_prob", s);
  REQUIRE(prob.size() >= 4);
  CHECK(prob[0] == 238);
  CHECK(prob[0] + prob[1] + prob[2] + prob[3] == 952);
  const auto half = queue_sizes("factoring", s);
  CHECK(half[0] + half[1] + half[2] + half[3] == 500);
}

TEST_CASE("Loops.FactoringProb.WithProfile") {
  // mu = 1, sigma = 0.5, N = 100, P = 4: P*sigma/(2 mu) = 1.
  // batch 0: b = 1/sqrt(100) = 0.1, x0 = 1 + 0.01 + 0.1*sqrt(2.01) = 1.15177, 100/(4 x0) = 21.71 ->
  // 22
  //          (88 taken, R = 12)
  // batch 1: b = 1/sqrt(12), b^2 = 1/12, b*sqrt(b^2+4) = 7/12, x = 2 + 8/12, 12/(4x) = 1.125 -> 2
  //          (8 taken, R = 4)
  // batch 2: b = 0.5, x = 2.25 + 0.5*sqrt(4.25) = 3.2808, 4/(4x) = 0.30 -> 1 (4 chunks of 1)
  LoopParams s = params(100, 4);
  s.mean_cost = 1;
  s.sd_cost = 0.5;
  const std::vector<std::int64_t> want = {22, 22, 22, 22, 2, 2, 2, 2, 1, 1, 1, 1};
  CHECK(queue_sizes("factoring_prob", s) == want);
  // sigma = 0: b = 0, x0 = 1 -> one batch of P chunks of N/P.
  s.sd_cost = 0;
  CHECK(queue_sizes("factoring_prob", s) == std::vector<std::int64_t>{25, 25, 25, 25});
}

TEST_CASE("Loops.Tapering.WithProfile") {
  // v = alpha*sigma/mu = 1, N = 100, P = 4, chunk = ceil(T + 1/2 - sqrt(2T + 1/4)), T = R/4:
  // R=100: 25.5-sqrt(50.25)=18.41->19; R=81: 20.75-6.384=14.37->15; R=66: 17-5.766=11.23->12;
  // R=54: 14-5.220=8.78->9; R=45: 11.75-4.770=6.98->7; R=38: 10-4.387=5.61->6;
  // R=32: 8.5-4.031=4.47->5; R=27: 7.25-3.708=3.54->4; R=23: 6.25-3.428=2.82->3;
  // R=20: 5.5-3.202=2.30->3; R=17: 4.75-2.958=1.79->2; R=15: 4.25-2.784=1.47->2;
  // R=13: 3.75-2.598=1.15->2; R=11: 3.25-2.398=0.85->1; then 1 each (min chunk) for R=10..1.
  LoopParams s = params(100, 4);
  s.mean_cost = 1;
  s.sd_cost = 1;
  s.tapering_alpha = 1;
  std::vector<std::int64_t> want = {19, 15, 12, 9, 7, 6, 5, 4, 3, 3, 2, 2, 2};
  for (int i = 0; i < 11; ++i) want.push_back(1);
  CHECK(queue_sizes("tapering", s) == want);
  // sigma = 0 -> v = 0 -> chunk = ceil(R/P), i.e. GSS.
  s.sd_cost = 0;
  CHECK(queue_sizes("tapering", s) == queue_sizes("gss", params(100, 4)));
}

TEST_CASE("Loops.Tss.N100P4") {
  // First N/(2P) = 12.5, decrement N/(8P^2) = 0.78125: ceil(12.5 - 0.78125 i) for i = 0..10 =
  // 13, 12, 11, 11, 10, 9, 8, 8, 7, 6, 5 (sum 100).
  const std::vector<std::int64_t> want = {13, 12, 11, 11, 10, 9, 8, 8, 7, 6, 5};
  CHECK(queue_sizes("tss", params(100, 4)) == want);
}

TEST_CASE("Loops.Tss.ConstantDecrement") {
  // N = 64, P = 2: first 16, decrement 64/32 = 2 exactly: 16, 14, 12, 10, 8, then 4 of the 6 left.
  CHECK(queue_sizes("tss", params(64, 2)) == std::vector<std::int64_t>{16, 14, 12, 10, 8, 4});
}

TEST_CASE("Loops.Fsc.KruskalWeiss") {
  // N=1000, P=4, h=1, sigma=2: (sqrt(2)*1000 / (2*4*sqrt(ln 4)))^(2/3) = (1414.21/9.4193)^(2/3)
  // = 150.14^(2/3) = 28.25 -> 28.
  LoopParams s = params(1000, 4);
  s.overhead = 1;
  s.sd_cost = 2;
  CHECK(fsc_chunk_size(s) == 28);
  CHECK(queue_sizes("fsc", s).front() == 28);
  s.sd_cost = 0;  // no variance: one chunk per processor
  CHECK(fsc_chunk_size(s) == 250);
}

TEST_CASE("Loops.WeightedFactoring.Weights") {
  // N=100, P=2, w = [1.5, 0.5]; c_0 = ceil(100/4) = 25, c_1 = 13, c_2 = 7, c_3 = 4.
  // Alternating requests 0,1,0,1,...: ceil(1.5*25)=38, ceil(0.5*25)=13, ceil(1.5*13)=20,
  // ceil(0.5*13)=7, ceil(1.5*7)=11, ceil(0.5*7)=4, ceil(1.5*4)=6, then 1 left.
  LoopParams s = params(100, 2);
  s.weights = {1.5, 0.5};
  auto d = find_loop_technique("weighted_factoring")->make(s);
  std::vector<std::int64_t> sizes;
  for (int i = 0;; ++i) {
    LoopChunk c = d->next(i % 2);
    if (c.empty()) break;
    sizes.push_back(c.size());
  }
  CHECK(sizes == std::vector<std::int64_t>{38, 13, 20, 7, 11, 4, 6, 1});
}

TEST_CASE("Loops.Affinity.OwnQueueThenSteal") {
  // N=100, P=4: queues of 25. Owner takes ceil(r/4): 25->7, 18->5, 13->4, 9->3, 6->2, 4->1, 3->1,
  // 2->1, 1->1. Then steals ceil(25/4) = 7 from the back of queue 1 (first of the equally loaded),
  // then 7 from queue 2 (now the most loaded).
  auto d = find_loop_technique("affinity")->make(params(100, 4));
  std::vector<std::int64_t> sizes;
  for (int i = 0; i < 9; ++i) sizes.push_back(d->next(0).size());
  CHECK(sizes == std::vector<std::int64_t>{7, 5, 4, 3, 2, 1, 1, 1, 1});
  LoopChunk s1 = d->next(0);
  CHECK(s1.begin == 43);
  CHECK(s1.end == 50);
  LoopChunk s2 = d->next(0);
  CHECK(s2.begin == 68);
  CHECK(s2.end == 75);
}

TEST_CASE("Loops.Agss.StaticHalfThenGss") {
  // N=100, P=4: S=50 dealt in blocks of ceil(50/16)=4, block j -> thread j mod 4, so thread 0 has
  // [0,4), [16,20), [32,36), [48,50); then GSS on the last 50: 13, 10, 7, 5, 4, 3, 2, 2, 1, 1,
  // 1, 1.
  auto d = find_loop_technique("agss")->make(params(100, 4));
  Ranges first;
  for (int i = 0; i < 4; ++i) {
    LoopChunk c = d->next(0);
    CHECK_FALSE(c.sync);
    first.push_back({c.begin, c.end});
  }
  CHECK(first == Ranges{{0, 4}, {16, 20}, {32, 36}, {48, 50}});
  std::vector<std::int64_t> rest;
  for (LoopChunk c = d->next(0); !c.empty(); c = d->next(0)) {
    CHECK(c.sync);
    if (c.begin >= 50) rest.push_back(c.size());
  }
  CHECK(rest == std::vector<std::int64_t>{13, 10, 7, 5, 4, 3, 2, 2, 1, 1, 1, 1});
}

TEST_CASE("Loops.AllTechniques.EveryIterationOnce") {
  // Drain each dispenser round-robin over the threads (as a sequential stand-in for a run) and
  // check the table with the independent verifier, for N < P, N = 0 and larger N.
  for (const auto& t : loop_techniques()) {
    for (int p : {1, 2, 3, 4, 7, 16}) {
      for (std::int64_t n : {0, 1, 2, 3, 5, 17, 100, 1000}) {
        LoopParams s = params(n, p);
        s.sd_cost = 0.7;
        s.overhead = 0.5;
        auto d = t.make(s);
        std::vector<LoopChunk> chunks;
        std::vector<bool> done(static_cast<std::size_t>(p), false);
        int active = p;
        for (int i = 0; active > 0; i = (i + 1) % p) {
          if (done[static_cast<std::size_t>(i)]) continue;
          LoopChunk c = d->next(i);
          if (c.empty()) {
            done[static_cast<std::size_t>(i)] = true;
            --active;
          } else {
            chunks.push_back(c);
          }
        }
        const auto v = verify_loop(n, p, chunks, false);
        INFO(t.name, " P=", p, " N=", n, ": ", v.message);
        CHECK(v.ok);
      }
    }
  }
}
