// Mesh partitioning (survey 002 §2.2–2.3, Table 1, ../shared/seeds/002_6cf480ff57e2bb72.txt): split
// a mesh into P subdomains of nearly equal weight with few cut edges. One file per method; this
// header is their common interface and the dispatcher; the descriptor table is in registry.h.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/algorithm_info.h"
#include "core/partition/mesh.h"

namespace loadlab::core {

/// Per-algorithm settings (scenario "params/<algorithm>"); defaults documented in
/// docs/scenario-partition.md.
struct PartitionParams {
  std::uint64_t seed = 1;
  /// Allowed imbalance (max part weight / average − 1) for the refining methods.
  double imbalance = 0.03;
  /// orb_kl, orb_sa: the geometric bisector refined ("orb_m", "orb_i" or "orb_e").
  std::string base = "orb_i";
  /// ggp, sa: the initial partition ("" = orb_i with coordinates, cm without).
  std::string initial;
  /// KL/FM passes per bisection (orb_kl) or P-way passes (ggp).
  int passes = 8;
  /// Simulated annealing: sweeps (|V| proposals each), start temperature, cooling factor per sweep.
  int sweeps = 30;
  double t0 = 0.8;
  double cooling = 0.85;
  /// orb_e: graphs up to this size are solved by Lanczos directly; larger ones are coarsened first.
  int coarse_limit = 1500;
  /// orb_e: Jacobi smoothing sweeps per level when interpolating the Fiedler vector.
  int smoothing = 10;
};

/// A method refused for this input (e.g. a geometric method on a graph without coordinates, or
/// METIS in WebAssembly); the message names the method.
class PartitionRefused : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// True for the methods that read coordinates (strips, ORB-M/I and what is built on them). On a
/// mesh without coordinates they run on its computed layout (layout.h: mesh_with_layout).
bool partition_needs_coordinates(std::string_view method, const PartitionParams& params);
/// True when this build links METIS (native builds with libmetis).
bool metis_available();

/// Runs `method` on `mesh` into `parts` parts: part[v] in [0, parts). A geometric method on a mesh
/// without coordinates uses the mesh's cached layout. Throws PartitionRefused or
/// std::invalid_argument.
std::vector<int> run_partition_method(std::string_view method, const Mesh& mesh, int parts,
                                      const PartitionParams& params);

// The methods (one file each).
std::vector<int> partition_strips_1xp(const Mesh& m, int parts);
std::vector<int> partition_strips_pxq(const Mesh& m, int parts);
std::vector<int> partition_orb_m(const Mesh& m, int parts);
std::vector<int> partition_orb_i(const Mesh& m, int parts);
std::vector<int> partition_orb_e(const Mesh& m, int parts, const PartitionParams& p);
std::vector<int> partition_orb_kl(const Mesh& m, int parts, const PartitionParams& p);
std::vector<int> partition_ggp(const Mesh& m, int parts, const PartitionParams& p);
std::vector<int> partition_orb_sa(const Mesh& m, int parts, const PartitionParams& p);
std::vector<int> partition_sa(const Mesh& m, int parts, const PartitionParams& p);
std::vector<int> partition_cm(const Mesh& m, int parts);
std::vector<int> partition_metis(const Mesh& m, int parts, const PartitionParams& p);
std::vector<int> partition_multilevel(const Mesh& m, int parts, const PartitionParams& p);

}  // namespace loadlab::core
