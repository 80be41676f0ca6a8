// Loop narration: each chunk handed out, with its technique's rule evaluated on the run's numbers.
// Rules: Houstis, Kapidakis, Markatos & Gelenbe, "Execution of Compute-Intensive Applications into
// Parallel Machines" (1996), Section 3.1; the rows beyond the survey (FSC, tapering's and
// probabilistic factoring's sizes, weighted factoring) follow the LB4OMP definitions their own
// files cite. The sizes are recomputed here from the formulas, independently of the dispensers,
// so a caption whose arithmetic disagrees with the chunk it describes shows the disagreement.
#include "core/loops/narration.h"

#include <cmath>
#include <cstdio>

#include "core/common/citations.h"
#include "core/loops/all_techniques.h"

namespace loadlab::core {

namespace {

std::string loop_num(double x) {
  return narration_number(x);
}

std::string loop_int(std::int64_t x) {
  return std::to_string(x);
}

enum class LoopRule {
  static_block,
  cyclic,
  block_cyclic,
  queue_fixed,
  gss,
  batch,
  tss,
  tapering,
  factoring_prob,
  weighted,
  agss,
  affinity,
  other
};

LoopRule loop_rule(std::string_view a) {
  if (a == "static_block") return LoopRule::static_block;
  if (a == "cyclic") return LoopRule::cyclic;
  if (a == "block_cyclic") return LoopRule::block_cyclic;
  if (a == "self" || a == "chunk" || a == "fsc") return LoopRule::queue_fixed;
  if (a == "gss") return LoopRule::gss;
  if (a == "factoring" || a == "fac2") return LoopRule::batch;
  if (a == "tss") return LoopRule::tss;
  if (a == "tapering") return LoopRule::tapering;
  if (a == "factoring_prob") return LoopRule::factoring_prob;
  if (a == "weighted_factoring") return LoopRule::weighted;
  if (a == "agss") return LoopRule::agss;
  if (a == "affinity") return LoopRule::affinity;
  return LoopRule::other;
}

// The pseudo-code lines every central-queue technique shares; line 2 is its rule.
std::vector<std::string> loop_queue_code(const std::string& rule) {
  return {"while the central queue holds R > 0 iterations:",
          "  an idle processor locks the queue (pays the overhead h)", "  " + rule,
          "  it takes the next chunk and runs it"};
}

std::string loop_chunk_where(const LoopChunk& c) {
  return "P" + std::to_string(c.thread) + " takes iterations [" + loop_int(c.begin) + ", " +
         loop_int(c.end) + ") (" + loop_int(c.size()) +
         (c.size() == 1 ? " iteration" : " iterations") +
         ") and runs them from t = " + loop_num(c.start) + " to " + loop_num(c.finish);
}

// "; only 7 were left" when the rule asked for more than the queue held.
std::string loop_clamped(std::int64_t rule_size, const LoopChunk& c) {
  if (rule_size > c.size()) return "; only " + loop_int(c.size()) + " were left";
  return "";
}

}  // namespace

std::vector<std::string> loop_pseudocode(std::string_view algorithm) {
  switch (loop_rule(algorithm)) {
    case LoopRule::static_block:
      return {"q = ⌊N/P⌋, r = N mod P", "for each processor t (no synchronisation):",
              "  t runs its one block [t·q + min(t, r), (t+1)·q + min(t+1, r))"};
    case LoopRule::cyclic:
      return {"for each processor t (no synchronisation):",
              "  t runs iterations t, t + P, t + 2P, ..."};
    case LoopRule::block_cyclic:
      return {"B = block size (default ⌈N/(8P)⌉)", "for each processor t (no synchronisation):",
              "  t runs blocks t, t + P, t + 2P, ... of B iterations"};
    case LoopRule::queue_fixed:
      if (algorithm == "self") return loop_queue_code("chunk = 1");
      if (algorithm == "chunk") return loop_queue_code("chunk = K (default ⌈N/(8P)⌉)");
      return loop_queue_code("chunk = K = ⌊(√2·N·h / (σ·P·√ln P))^(2/3)⌋ (fixed-size chunking)");
    case LoopRule::gss:
      return loop_queue_code("chunk = max(k, ⌈R/P⌉)");
    case LoopRule::tss:
      return loop_queue_code("chunk_i = max(1, ⌈N/(2P) − i·N/(8P²)⌉), i = chunks so far");
    case LoopRule::tapering:
      return loop_queue_code("T = R/P, v = α·σ/μ; chunk = max(k, ⌈T + v²/2 − v·√(2T + v²/4)⌉)");
    case LoopRule::batch:
      return {"while R > 0:  // one batch",
              "  c = max(k, ⌈R/(2P)⌉)  // half of what remains, split P ways",
              "  each of the next P requests takes a chunk of c (the last takes what is left)",
              "  R = R − P·c"};
    case LoopRule::factoring_prob:
      return {"while R > 0:  // batch j", "  b = P·σ / (2μ·√R)",
              "  x = 1 + b² + b·√(b² + 2) (j = 0), else 2 + b² + b·√(b² + 4)",
              "  each of the next P requests takes c = ⌈R/(x·P)⌉", "  R = R − P·c"};
    case LoopRule::weighted:
      return {"c_0 = ⌈N/(2P)⌉; c_j = ⌈c_(j−1)/2⌉", "batch j = chunks so far / P",
              "processor t takes max(k, ⌈w_t·c_j⌉) from the central queue"};
    case LoopRule::agss:
      return {"S = ⌊N/2⌋, b = ⌈S/P²⌉",
              "first S iterations: block j of b goes to processor j mod P (no synchronisation)",
              "then, from the central queue: chunk = max(k, ⌈R/P⌉)", "  run it"};
    case LoopRule::affinity:
      return {"queue of processor t = its static block",
              "while t's own queue holds r > 0: take ⌈r/P⌉ from its front",
              "when empty: steal ⌈r_s/P⌉ from the back of the most loaded queue s",
              "stop when every queue is empty"};
    case LoopRule::other:
      break;
  }
  return {};
}

Narration loop_narration(const LoopTechnique& technique, const LoopParams& params,
                         const LoopRunResult& run) {
  Narration n;
  n.algorithm = technique.name;
  n.citation = cite_full("houstis1996", "Section 3.1");
  n.pseudocode = loop_pseudocode(technique.name);
  const LoopRule rule = loop_rule(technique.name);
  const std::int64_t N = params.iterations, k = params.min_chunk;
  const int P = params.processors;
  const std::int64_t P64 = P;
  const std::string title = technique.title;

  // Affinity: the queues' state as the run consumed them (own chunks from the front, steals from
  // the back), to tell a processor's own chunk from a steal and give r.
  std::vector<std::int64_t> aff_lo, aff_hi;
  if (rule == LoopRule::affinity)
    for (int t = 0; t < P; ++t) {
      aff_lo.push_back(home_begin(N, P, t));
      aff_hi.push_back(home_begin(N, P, t + 1));
    }
  std::int64_t batch_size = 0;  // factoring: c of the current batch

  const std::size_t shown = std::min(run.chunks.size(), Narration::kMaxNarratedSteps);
  for (std::size_t i = 0; i < shown; ++i) {
    const LoopChunk& c = run.chunks[i];
    const std::int64_t R = N - c.begin;  // central queues hand chunks out in order
    StepCaption s;
    std::string head = title + ", chunk " + std::to_string(i + 1) + ": ";
    switch (rule) {
      case LoopRule::static_block:
        s.text = head + loop_chunk_where(c) + ": its static block (q = ⌊" + loop_int(N) + "/" +
                 std::to_string(P) + "⌋ = " + loop_int(N / P64) + ", r = " + loop_int(N % P64) +
                 "), computed locally without synchronisation";
        s.line = 2;
        break;
      case LoopRule::cyclic:
        s.text = head + loop_chunk_where(c) + ": iteration " + loop_int(c.begin) + " mod " +
                 std::to_string(P) + " = " + loop_int(c.begin % P64) + ", so it is P" +
                 loop_int(c.begin % P64) + "'s, without synchronisation";
        s.line = 1;
        break;
      case LoopRule::block_cyclic: {
        const std::int64_t b =
            c.size() > 0
                ? c.begin / std::max<std::int64_t>(
                                1, params.block_size > 0 ? params.block_size : default_chunk(N, P))
                : 0;
        s.text = head + loop_chunk_where(c) + ": block " + loop_int(b) + " mod " +
                 std::to_string(P) + " = " + loop_int(b % P64) + ", without synchronisation";
        s.line = 2;
        break;
      }
      case LoopRule::queue_fixed: {
        std::string why;
        std::int64_t want = 1;
        if (technique.name == std::string_view("self")) {
          why = "self-scheduling takes one iteration at a time";
        } else if (technique.name == std::string_view("chunk")) {
          want = params.chunk_size > 0 ? params.chunk_size : default_chunk(N, P);
          why = "uniform chunks of K = " + loop_int(want) +
                (params.chunk_size > 0 ? ""
                                       : " = ⌈" + loop_int(N) + "/(8·" + std::to_string(P) + ")⌉");
        } else {
          want = fsc_chunk_size(params);
          why = "fixed-size chunks of K = " + loop_int(want) +
                " from h = " + loop_num(params.overhead) + ", σ = " + loop_num(params.sd_cost);
        }
        s.text = head + "R = " + loop_int(R) + " remain; " + why + ". " + loop_chunk_where(c) +
                 loop_clamped(want, c);
        s.line = 2;
        break;
      }
      case LoopRule::gss: {
        const std::int64_t want = std::max(k, ceil_div(R, P64));
        s.text = head + "R = " + loop_int(R) + " remain, chunk = max(k, ⌈R/P⌉) = max(" +
                 loop_int(k) + ", ⌈" + loop_int(R) + "/" + std::to_string(P) +
                 "⌉) = " + loop_int(want) + ". " + loop_chunk_where(c) + loop_clamped(want, c);
        s.line = 2;
        break;
      }
      case LoopRule::tss: {
        const std::int64_t num = N * (4 * P64 - static_cast<std::int64_t>(i));
        const std::int64_t want = num <= 0 ? 1 : ceil_div(num, 8 * P64 * P64);
        s.text = head + "chunk_" + std::to_string(i) + " = ⌈N/(2P) − i·N/(8P²)⌉ = ⌈" + loop_int(N) +
                 "/" + loop_int(2 * P64) + " − " + std::to_string(i) + "·" + loop_int(N) + "/" +
                 loop_int(8 * P64 * P64) + "⌉ = " + loop_int(want) + " (each chunk " +
                 loop_num(static_cast<double>(N) / (8.0 * P * P)) + " smaller than the last). " +
                 loop_chunk_where(c) + loop_clamped(want, c);
        s.line = 2;
        break;
      }
      case LoopRule::tapering: {
        const double v = params.tapering_alpha * params.sd_cost / params.mean_cost;
        const double T = static_cast<double>(R) / P;
        const auto raw =
            static_cast<std::int64_t>(std::ceil(T + v * v / 2 - v * std::sqrt(2 * T + v * v / 4)));
        const std::int64_t want = std::max(k, raw);
        s.text = head + "R = " + loop_int(R) + ", T = R/P = " + loop_num(T) +
                 ", v = α·σ/μ = " + loop_num(v) +
                 ": chunk = max(k, ⌈T + v²/2 − v·√(2T + v²/4)⌉) = " + loop_int(want) + ". " +
                 loop_chunk_where(c) + loop_clamped(want, c);
        s.line = 2;
        break;
      }
      case LoopRule::batch: {
        const std::size_t j = i / static_cast<std::size_t>(P);
        if (i % static_cast<std::size_t>(P) == 0) batch_size = std::max(k, ceil_div(R, 2 * P64));
        const std::int64_t Rj = N - run.chunks[j * static_cast<std::size_t>(P)].begin;
        s.text = "factoring batch " + std::to_string(j + 1) + ", chunk " + std::to_string(i + 1) +
                 ": R = " + loop_int(Rj) +
                 " remained when the batch began, so chunk = max(k, ⌈R/(2P)⌉) = ⌈" + loop_int(Rj) +
                 "/" + loop_int(2 * P64) + "⌉ = " + loop_int(batch_size) +
                 ": half of what remains, split " + std::to_string(P) + " ways. " +
                 loop_chunk_where(c) + loop_clamped(batch_size, c);
        s.line = i % static_cast<std::size_t>(P) == 0 ? 1 : 2;
        break;
      }
      case LoopRule::factoring_prob: {
        const std::size_t j = i / static_cast<std::size_t>(P);
        const std::int64_t Rj = N - run.chunks[j * static_cast<std::size_t>(P)].begin;
        const double b =
            P * params.sd_cost / (2.0 * params.mean_cost) / std::sqrt(static_cast<double>(Rj));
        const double x =
            j == 0 ? 1 + b * b + b * std::sqrt(b * b + 2) : 2 + b * b + b * std::sqrt(b * b + 4);
        const auto want =
            std::max(k, static_cast<std::int64_t>(std::ceil(static_cast<double>(Rj) / (x * P))));
        s.text = "factoring batch " + std::to_string(j + 1) + ", chunk " + std::to_string(i + 1) +
                 ": R = " + loop_int(Rj) + ", b = " + loop_num(b) + ", x = " + loop_num(x) +
                 ", chunk = ⌈R/(x·P)⌉ = ⌈" + loop_int(Rj) + "/(" + loop_num(x) + "·" +
                 std::to_string(P) + ")⌉ = " + loop_int(want) + ". " + loop_chunk_where(c) +
                 loop_clamped(want, c);
        s.line = 3;
        break;
      }
      case LoopRule::weighted: {
        const std::int64_t j = static_cast<std::int64_t>(i) / P64;
        std::int64_t cj = ceil_div(N, 2 * P64);
        for (std::int64_t b = 0; b < j && cj > 1; ++b) cj = ceil_div(cj, 2);
        const double w = static_cast<std::size_t>(c.thread) >= params.weights.size()
                             ? 1.0
                             : params.weights[static_cast<std::size_t>(c.thread)];
        const auto want =
            std::max(k, static_cast<std::int64_t>(std::ceil(w * static_cast<double>(cj))));
        s.text = "weighted factoring batch " + loop_int(j + 1) + ", chunk " +
                 std::to_string(i + 1) + ": c_" + loop_int(j) + " = " + loop_int(cj) + ", P" +
                 std::to_string(c.thread) + "'s weight w = " + loop_num(w) +
                 ", so it asks for ⌈w·c⌉ = " + loop_int(want) + ". " + loop_chunk_where(c) +
                 loop_clamped(want, c);
        s.line = 2;
        break;
      }
      case LoopRule::agss: {
        const std::int64_t split = N / 2;
        if (c.end <= split && !c.sync) {
          s.text = head + "in the static first half (S = " + loop_int(split) +
                   "): " + loop_chunk_where(c) +
                   ", dealt round-robin so consecutive blocks land on different processors";
          s.line = 1;
        } else {
          const std::int64_t want = std::max(k, ceil_div(R, P64));
          s.text = head + "from the central queue, R = " + loop_int(R) +
                   ", chunk = max(k, ⌈R/P⌉) = " + loop_int(want) + ". " + loop_chunk_where(c) +
                   loop_clamped(want, c);
          s.line = 2;
        }
        break;
      }
      case LoopRule::affinity: {
        const auto t = static_cast<std::size_t>(c.thread);
        if (t < aff_lo.size() && c.begin == aff_lo[t] && c.end <= aff_hi[t]) {
          const std::int64_t r = aff_hi[t] - aff_lo[t];
          s.text = head + "P" + std::to_string(c.thread) + "'s own queue holds r = " + loop_int(r) +
                   ", so it takes ⌈r/P⌉ = ⌈" + loop_int(r) + "/" + std::to_string(P) +
                   "⌉ = " + loop_int(ceil_div(r, P64)) +
                   " from its front (its cache already holds them). " + loop_chunk_where(c);
          aff_lo[t] = c.end;
          s.line = 1;
        } else {
          std::size_t victim = aff_lo.size();
          for (std::size_t v = 0; v < aff_lo.size(); ++v)
            if (aff_hi[v] == c.end && aff_lo[v] <= c.begin) victim = v;
          if (victim < aff_lo.size()) {
            const std::int64_t r = aff_hi[victim] - aff_lo[victim];
            s.text = head + "P" + std::to_string(c.thread) + "'s queue is empty; P" +
                     std::to_string(victim) + "'s is the most loaded (r = " + loop_int(r) +
                     "), so it steals ⌈r/P⌉ = " + loop_int(ceil_div(r, P64)) + " from its back. " +
                     loop_chunk_where(c);
            aff_hi[victim] = c.begin;
          } else {
            s.text = head + loop_chunk_where(c);
          }
          s.line = 2;
        }
        break;
      }
      case LoopRule::other:
        s.text = head + loop_chunk_where(c) + " (rule: " + technique.formula + ")";
        break;
    }
    n.steps.push_back(std::move(s));
  }
  if (run.num_chunks > static_cast<std::int64_t>(shown)) {
    StepCaption s;
    s.text = title + ": " + loop_int(run.num_chunks - static_cast<std::int64_t>(shown)) +
             " more chunks follow the same rule (not listed); the loop ends at T_par = " +
             loop_num(run.parallel_time);
    n.steps.push_back(std::move(s));
  } else if (!n.steps.empty()) {
    n.steps.back().text += ". Last chunk: the loop ends at T_par = " + loop_num(run.parallel_time) +
                           " with " + loop_num(run.percent_imbalance) + " % imbalance";
  }
  return n;
}

}  // namespace loadlab::core
