// DLT narration, in the terms of Li, Veeravalli & Ko, "Divisible Load Scheduling on a Hypercube
// Cluster with Finite-size Buffers and Granularity Constraints" (2001): recursions (1) and (3),
// Algorithm A (Section 3), IBS (Section 4, Table 1) and Algorithm A'. L_i is the load reaching ONE
// processor of layer i; the paper's Example 1 prints layer totals C(d,i)·L_i, so captions give
// both.
#include "core/dlt/narration.h"

#include <cstdio>

#include "core/common/citations.h"
namespace loadlab::core {

namespace {

std::string dlt_num(double x) {
  return narration_number(x);
}

// Finish times keep one more digit: the paper's T* values differ in the fourth.
std::string dlt_time(double x) {
  return narration_number(x, 5);
}

std::string dlt_alpha_text(double x) {
  return narration_fixed(x, 5);
}

bool dlt_has_trials(std::string_view a) {
  return a == "algorithm_a" || a == "algorithm_a_prime";
}
bool dlt_has_rounds(std::string_view a) {
  return a == "ibs" || a == "algorithm_a_prime";
}

// The pseudo-code line numbers the captions use.
constexpr int kTrialLoop = 1, kTrialAccept = 2, kTrialReject = 3;

}  // namespace

std::vector<std::string> dlt_pseudocode(std::string_view a) {
  if (a == "closed_form")
    return {"α_d = 1; for i = d−1 down to 0: α_i from recursion (3)",
            "L_0 = L; L_(i+1) = (i+1)·(1 − α_i)·L_i / (d − i)   (1)",
            "each processor of layer i keeps α_i·L_i and forwards the rest to layer i+1",
            "T* = α_0·L_0·E: every layer finishes computing at the same time"};
  if (a == "algorithm_a")
    return {"for k = d, d−1, ..., 1:",
            "  truncate the cube at layer k (α_k = 1); recompute (3) and (1)",
            "  if min_i α_i·L_i ≥ δ: accept k and stop", "  otherwise try k − 1",
            "each processor of layer i ≤ k keeps α_i·L_i and forwards the rest"};
  if (a == "algorithm_a_prime")
    return {"for k = d, d−1, ..., 1:",
            "  truncate at layer k; skip k if L exceeds the buffers of layers 0..k",
            "  if IBS on layers 0..k gives min_i α*_i·ℓ*_i ≥ δ: accept k and stop",
            "  otherwise try k − 1",
            "IBS round q: L_q = B_q/α_q, X = C(d,q)·L_q (X ≥ R: X = R, stop)",
            "  layers < q relay X; layers ≥ q keep α_i·L_i; B_i −= α_i·L_i; R −= X"};
  if (a == "ibs")
    return {"R = L; for q = 0, 1, ..., d:   // round k = q + 1",
            "  L_q = B_q/α_q   // the largest injection no vacant buffer overflows",
            "  X = C(d,q)·L_q; if X ≥ R: X = R and stop",
            "  layers < q relay X; each processor of layer i ≥ q keeps α_i·L_i",
            "  B_i −= α_i·L_i (layer q's buffers are now full); R −= X"};
  return {};
}

Narration dlt_narration(std::string_view algorithm, const DltParams& p, const DltResult& r,
                        std::optional<double> buffer, std::optional<double> granularity) {
  Narration n;
  n.algorithm = std::string(algorithm);
  n.citation = cite_full("li2001", "");
  n.pseudocode = dlt_pseudocode(algorithm);
  const int d = p.dim;
  const std::string delta = granularity ? dlt_num(*granularity) : "δ";

  if (dlt_has_trials(algorithm))
    for (const DltTrial& t : r.trials) {
      StepCaption s;
      std::string head = std::string(algorithm == "algorithm_a" ? "Algorithm A" : "Algorithm A'") +
                         ", truncate at layer k = " + std::to_string(t.k) + ": ";
      if (!t.enough_buffers) {
        s.text = head + "L = " + dlt_num(p.load) + " exceeds the buffers of layers 0.." +
                 std::to_string(t.k) + ", so k is skipped";
        s.line = kTrialLoop;
      } else if (t.accepted) {
        s.text = head + "the smallest load per processor is " + dlt_num(t.min_load_per_processor) +
                 " ≥ δ = " + delta + ", so k = " + std::to_string(t.k) + " is accepted";
        s.line = kTrialAccept;
      } else {
        s.text = head + "the smallest load per processor is " + dlt_num(t.min_load_per_processor) +
                 " < δ = " + delta + ": too fine-grained, try k − 1";
        s.line = kTrialReject;
      }
      n.steps.push_back(std::move(s));
    }

  if (!r.feasible()) {
    n.steps.push_back({"No schedule: " + r.message, -1});
    return n;
  }
  const DltSchedule& sc = r.schedule;

  if (dlt_has_rounds(algorithm) && !r.iterations.empty()) {
    const bool prime = algorithm == "algorithm_a_prime";
    const int l_line = prime ? 4 : 1;
    for (const IbsIteration& it : r.iterations) {
      const auto q = static_cast<std::size_t>(it.q);
      StepCaption s;
      std::string text = "IBS round " + std::to_string(it.k) +
                         ": inject at layer q = " + std::to_string(it.q) + ". ";
      if (it.stop) {
        text += "X = R = " + dlt_num(it.X) + " is all that is left (" + dlt_num(it.L_q) +
                " per processor of layer " + std::to_string(it.q) + "), so this is the last round";
        s.line = prime ? l_line : 2;
      } else {
        text += "L_" + std::to_string(it.q) + " = B_" + std::to_string(it.q) + "/α_" +
                std::to_string(it.q) + " = " +
                (buffer ? dlt_num(it.L_q * it.alpha[q]) : std::string("B")) + "/" +
                dlt_alpha_text(it.alpha[q]) + " = " + dlt_num(it.L_q) + ", so X = C(" +
                std::to_string(d) + "," + std::to_string(it.q) + ")·L_q = " + dlt_num(it.X) +
                " is distributed and R = " + dlt_num(it.remaining) + " remains";
        s.line = l_line;
      }
      if (it.q > 0)
        text +=
            "; layers 0.." + std::to_string(it.q - 1) + " only relay it (their buffers are full)";
      text += ". Buffer left per processor by layer: ";
      for (int i = 0; i <= sc.last_layer; ++i)
        text += (i ? ", " : "") + dlt_num(it.buffers_left[static_cast<std::size_t>(i)]);
      s.text = std::move(text);
      if (it.stop) s.text += ". T* = " + dlt_time(sc.finish_time);
      n.steps.push_back(std::move(s));
    }
    return n;
  }

  if (r.status == DltStatus::filled_exactly) {
    n.steps.push_back(
        {"L equals the buffer space of layers 0.." + std::to_string(sc.last_layer) +
             ": every processor computes exactly its buffer, T* = " + dlt_time(sc.finish_time),
         -1});
    return n;
  }

  const bool a = algorithm == "algorithm_a";
  for (int i = 0; i <= sc.last_layer; ++i) {
    const auto u = static_cast<std::size_t>(i);
    const LayerTiming& t = sc.timing[u];
    std::string text = "Layer " + std::to_string(i) + " (" + dlt_num(sc.processors[u]) +
                       (sc.processors[u] == 1 ? " processor" : " processors") + "): ";
    if (i == 0)
      text += "p_0 holds the whole load L_0 = " + dlt_num(sc.received[u]);
    else
      text += "each processor receives L_" + std::to_string(i) + " = " + dlt_num(sc.received[u]) +
              " from its " + std::to_string(i) + (i == 1 ? " parent" : " parents") + " during [" +
              dlt_num(t.receive_start) + ", " + dlt_num(t.receive_end) + "] (layer total " +
              dlt_num(sc.received_per_layer[u]) + ")";
    text += "; it keeps α_" + std::to_string(i) + " = " + dlt_alpha_text(sc.alpha[u]) +
            " and computes " + dlt_num(sc.load_per_processor[u]) +
            " until t = " + dlt_num(t.compute_end);
    if (i < sc.last_layer)
      text += ", forwarding " + dlt_num(sc.received[u] - sc.load_per_processor[u]) + " to layer " +
              std::to_string(i + 1) + " over its " + std::to_string(d - i) + " outgoing links";
    else if (a || i < d)
      text += "; it is the last layer (α = 1) and forwards nothing";
    if (i == sc.last_layer) text += ". Every layer ends together: T* = " + dlt_time(sc.finish_time);
    n.steps.push_back({std::move(text), a ? 4 : 2});
  }
  return n;
}

}  // namespace loadlab::core
