// The technique registry and the loop kind's descriptor table.
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 3.1 (each technique's file cites its
// rule).
#include <stdexcept>
#include <string_view>

#include "core/loops/all_techniques.h"
#include "core/loops/registry.h"

namespace loadlab::core {

const std::vector<LoopTechnique>& loop_techniques() {
  static const std::vector<LoopTechnique> all = {
      static_block_technique(),  cyclic_technique(),
      block_cyclic_technique(),  self_technique(),
      chunk_technique(),         gss_technique(),
      agss_technique(),          factoring_technique(),
      fac2_technique(),          tapering_technique(),
      tss_technique(),           affinity_technique(),
      fsc_technique(),           weighted_factoring_technique(),
      factoring_prob_technique()};
  return all;
}

namespace {

struct LoopText {
  const char* name;
  const char* applies_to;
  const char* description;
  const char* complexity;
};

// What the help panel says about each technique (same order as loop_techniques()).
constexpr LoopText kTexts[] = {
    {"static_block", "any loop",
     "Each processor gets one contiguous block of about N/P iterations, fixed before the loop "
     "starts: no scheduling overhead, but no defence against uneven iteration costs or "
     "processors.",
     "O(P) chunks, no synchronization"},
    {"cyclic", "any loop",
     "Iteration i runs on processor i mod P: spreads regularly varying costs evenly across "
     "processors at the price of locality.",
     "O(N) chunks, no synchronization"},
    {"block_cyclic", "any loop",
     "Blocks of B consecutive iterations are dealt to the processors round-robin: between static "
     "block (B = N/P) and cyclic (B = 1).",
     "O(N/B) chunks, no synchronization"},
    {"self", "any loop",
     "Every idle processor takes the next single iteration from a central queue: the best "
     "balance, but one synchronization per iteration.",
     "N synchronizations"},
    {"chunk", "any loop",
     "Self-scheduling with chunks of K iterations: K trades the number of synchronizations "
     "(N/K) against the imbalance at the end (up to K iterations).",
     "N/K synchronizations"},
    {"gss", "any loop",
     "Each idle processor takes 1/P of the iterations still remaining: large chunks first, small "
     "ones at the end, so few synchronizations and a balanced finish.",
     "O(P log(N/P)) synchronizations"},
    {"agss", "any loop",
     "Adaptive GSS: a static, interleaved first half (consecutive iterations to different "
     "processors), then guided self-scheduling on the rest.",
     "O(N/(2P) + P log N) chunks"},
    {"factoring", "any loop",
     "The survey's factoring: iterations are handed out in phases; each phase divides one half "
     "of the remaining iterations equally among the P processors. Before this version "
     "'factoring' sized the phases from the cost profile; that rule is now 'factoring_prob'. "
     "Same batches as 'fac2'.",
     "O(P log N) synchronizations"},
    {"fac2", "any loop",
     "Factoring with the practical rule: each batch hands out half of the remaining iterations in "
     "P equal chunks (the same rule as 'factoring').",
     "O(P log N) synchronizations"},
    {"tapering", "loops with a cost profile (mean and deviation)",
     "Chunk sizes shrink with the remaining work and grow more cautious as the coefficient of "
     "variation of iteration costs rises.",
     "O(P log N) synchronizations"},
    {"tss", "any loop",
     "Trapezoid self-scheduling: chunk sizes fall linearly from N/(2P) by a constant step, so the "
     "number of chunks is fixed in advance (about 4P).",
     "O(P) synchronizations"},
    {"affinity", "any loop",
     "Each processor starts on its own static block, taking a fraction of it at a time; an idle "
     "processor steals part of the most loaded processor's remaining block, keeping most "
     "iterations where their data is.",
     "O(P log(N/P)) local chunks plus steals"},
    {"fsc", "loops with a cost profile and an overhead h",
     "Fixed-size chunking: the chunk size that minimises the expected finish time given the "
     "scheduling overhead h and the deviation of iteration costs.",
     "N/K synchronizations"},
    {"weighted_factoring", "processors of different speeds",
     "Factoring for heterogeneous processors: each batch's chunk is scaled by the processor's "
     "relative weight (by default its speed).",
     "O(P log N) synchronizations"},
    {"factoring_prob", "loops with a cost profile (mean and deviation)",
     "Factoring with the probabilistic batch size of Hummel, Schonberg and Flynn: each batch is "
     "the fraction of what remains that the mean and deviation of iteration costs allow while "
     "the last batch still balances. With a small deviation the first batch is most of the "
     "loop (about 95% of a decreasing loop of 1000 iterations on 4 processors), not the "
     "survey's 'usually one half'; 'factoring' follows the survey.",
     "O(P log N) synchronizations"},
};

}  // namespace

const std::vector<AlgorithmInfo>& loop_algorithm_table() {
  static const std::vector<AlgorithmInfo> table = [] {
    std::vector<AlgorithmInfo> rows;
    for (const auto& t : loop_techniques()) {
      const LoopText* text = nullptr;
      for (const auto& x : kTexts)
        if (std::string_view(x.name) == t.name) text = &x;
      if (!text) throw std::logic_error(std::string("loop technique without help text: ") + t.name);
      rows.push_back({t.name, t.title, t.source, text->applies_to, text->description, t.formula,
                      text->complexity, false});
    }
    return attach_algorithm_guides("loop", std::move(rows));
  }();
  return table;
}

const LoopTechnique* find_loop_technique(std::string_view name) {
  for (const auto& t : loop_techniques())
    if (name == t.name) return &t;
  return nullptr;
}

}  // namespace loadlab::core
