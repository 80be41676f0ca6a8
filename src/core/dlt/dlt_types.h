// Divisible load on a hypercube: the shared model of all solvers (paper 004).
//
// Paper: ../shared/seeds/004_11d6ddba309eeb28.txt, Section 2 (model), Fig 2 (timing diagram).
// A load L starts at node 0 of a d-cube. Layer i = the C(d,i) nodes at Hamming distance i; all
// nodes of a layer are treated alike, so a schedule is a handful of numbers per layer. Erratum
// (ERRATA.md 004): L_i is the load received by ONE processor of layer i; layer totals are
// C(d,i)·L_i.
//
// Contents: limits, parameters, per-layer timing, schedule, IBS iteration record, truncation trial,
// solver result, and the helpers every solver shares (binomial, schedule assembly from α and L).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace loadlab::core {

/// Size limits shared by the solvers, the scenario validator and docs/scenario-dlt.md.
struct DltLimits {
  static constexpr int min_dim = 1;
  static constexpr int max_dim = 24;
  /// Range of E and C (time per unit load). Keeping E/C >= 1e-6 keeps 1 - α_i (the forwarded
  /// share) accurate to about 1e-10; beyond that it is lost to cancellation.
  static constexpr double min_rate = 1e-3;
  static constexpr double max_rate = 1e3;
  /// Range of load, buffer and granularity.
  static constexpr double min_amount = 1e-6;
  static constexpr double max_amount = 1e15;
};

/// The machine and the load: d-cube, compute time E and link time C per unit load, total load L.
struct DltParams {
  int dim = 1;
  double E = 1.0;
  double C = 1.0;
  double load = 1.0;
};

/// One layer's bars in the Fig 2 timing diagram (times in the units of E·load).
struct LayerTiming {
  double receive_start = 0, receive_end = 0;  // from layer i-1 (empty for layer 0)
  double compute_start = 0, compute_end = 0;  // α_i·L_i·E, overlapping the forward (front-ends)
  double forward_start = 0, forward_end = 0;  // to layer i+1 (empty for the last layer)
};

/// A load distribution over the layers. Every vector has dim+1 entries, indexed by layer; layers
/// beyond last_layer take no part and hold zeros.
struct DltSchedule {
  int dim = 0;
  int last_layer = 0;
  std::vector<double> processors;          // C(d,i)
  std::vector<double> alpha;               // α_i: share of what a processor receives that it keeps
  std::vector<double> received;            // L_i (ℓ*_i for IBS): load arriving at ONE processor
  std::vector<double> load_per_processor;  // α_i·L_i
  std::vector<double> load_per_layer;      // C(d,i)·α_i·L_i
  std::vector<double> received_per_layer;  // C(d,i)·L_i (what Example 1 prints as "L_i")
  std::vector<LayerTiming> timing;
  double finish_time = 0;  // latest compute_end
};

enum class DltStatus {
  ok,                  // a schedule was found
  filled_exactly,      // IBS: L equals the total buffer space; every buffer is filled
  not_enough_buffers,  // IBS: L exceeds the total buffer space; no schedule exists
  no_feasible_layer,   // Algorithm A / A': no last layer k >= 1 meets the granularity δ
};

/// Name used in results ("ok", "filled_exactly", "not_enough_buffers", "no_feasible_schedule").
const char* dlt_status_name(DltStatus status);

/// One IBS iteration (Table 1 / Table 2 row). Vectors have dim+1 entries.
struct IbsIteration {
  int k = 0;                  // iteration number, from 1
  int q = 0;                  // layer where this iteration's load is injected (layers < q relay)
  double L_q = 0;             // per-processor injection at layer q
  double X = 0;               // X^(k): load distributed in this iteration
  double remaining = 0;       // R^(k) after the iteration
  bool stop = false;          // the last iteration (X^(k) took all of R)
  std::vector<double> alpha;  // α_i^(k) (0 for relaying layers)
  std::vector<double> L;      // L_i^(k) per processor
  std::vector<double> buffers_left;  // B_i^(k) after the iteration
};

/// One step of the Algorithm A / A' loop: the cube truncated at last layer k.
struct DltTrial {
  int k = 0;
  double min_load_per_processor = 0;  // smallest α_i·L_i over layers 0..k
  bool enough_buffers = true;         // A' only: L fits the buffers of layers 0..k
  bool accepted = false;
};

/// What a solver returns: status, the schedule (when status is ok or filled_exactly) and the
/// intermediate steps the playground animates.
struct DltResult {
  DltStatus status = DltStatus::ok;
  std::string message;  // why no schedule exists, or a note ("fill all buffers exactly")
  DltSchedule schedule;
  std::vector<IbsIteration> iterations;  // IBS / A' (for the accepted truncation)
  std::vector<DltTrial> trials;          // Algorithm A / A'
  bool feasible() const { return status == DltStatus::ok || status == DltStatus::filled_exactly; }
};

/// Throws std::invalid_argument naming the parameter if it is outside DltLimits (or not finite).
void check_dlt_params(const DltParams& p);
/// Same for an optional buffer size / granularity (name is used in the message).
void check_dlt_amount(double value, const char* name);

/// C(n, k) as a double (exact for n <= DltLimits::max_dim).
double binomial(int n, int k);

/// Builds the per-layer arrays and the Fig 2 timing from α_i and L_i (i = 0..last_layer):
/// layer i starts computing and forwarding when its receive ends (store-and-forward), and the
/// receive at layer i+1 lasts (1-α_i)·L_i·C/(d-i) because its i+1 parents send over parallel links.
DltSchedule assemble_dlt_schedule(const DltParams& p, int last_layer,
                                  const std::vector<double>& alpha,
                                  const std::vector<double>& received);

}  // namespace loadlab::core
