// The partition kind's descriptor table and dispatcher (survey 002 Table 1,
// ../shared/seeds/002_6cf480ff57e2bb72.txt; METIS as the baseline).
#include <string>

#include "core/partition/layout.h"
#include "core/partition/partition.h"
#include "core/partition/registry.h"

namespace loadlab::core {

const std::vector<AlgorithmInfo>& partition_algorithm_table() {
  static const std::vector<AlgorithmInfo> table = attach_algorithm_guides(
      "partition",
      {
          {"strips_1xp", "1 × P strips", "houstis1996 §2.3, Table 1 (1 × P)",
           "any graph: coordinates, else its computed layout",
           "Sort the vertices along the longest side of the bounding box and cut the sorted list "
           "into "
           "P "
           "groups of equal weight (1-D strips).",
           "order = sort by x (longest axis); part(v) = ⌊(prefix weight of v + w(v)/2) · P / W⌋",
           "O(N log N)"},
          {"strips_pxq", "P × Q lattice", "houstis1996 §2.3, Table 1 (P × Q)",
           "any graph: coordinates, else its computed layout",
           "Cut into p slabs along x, then each slab into q pieces along y (p · q = P, the "
           "factorisation "
           "with the shortest cuts for the bounding box).",
           "slabs = split(sort by x, p); pieces = split(sort slab by y, q)", "O(N log N)"},
          {"orb_m", "ORB-M: mass-centre ORB", "houstis1996 Table 1 (ORB-M, its reference [157])",
           "any graph: coordinates, else its computed layout",
           "Recursive bisection perpendicular to the coordinate axis of largest spread about the "
           "mass "
           "centre, at the weighted median.",
           "axis = argmax_a Σ w(v)(x_a(v) − c_a)²; split at weighted median; recurse",
           "O(N log N log P)"},
          {"orb_i", "ORB-I: inertia-axis ORB",
           "houstis1996 Table 1 (ORB-I, its reference [Chri91])",
           "any graph: coordinates, else its computed layout",
           "Recursive bisection perpendicular to the principal axis of inertia (dominant "
           "eigenvector "
           "of "
           "the weighted covariance), at the weighted median of the projections.",
           "e = top eigenvector of Σ w(v)(x(v) − c)(x(v) − c)ᵀ; split at weighted median of eᵀx",
           "O(N log N log P)"},
          {"orb_e", "ORB-E: spectral (eigenvalue) ORB",
           "houstis1996 Table 1 (ORB-E, its reference [19])", "any graph",
           "Recursive bisection at the weighted median of the Fiedler vector of the subgraph's "
           "Laplacian. "
           "Multilevel: heavy-edge coarsening, Lanczos (Spectra, shift-invert) on the coarsest "
           "graph, "
           "interpolation with Jacobi smoothing.",
           "L = D − A; x₂ = argmin xᵀLx / xᵀx, x ⊥ 1; split at weighted median of x₂",
           "O(E log P)"},
          {"orb_kl", "ORB-KL: Kernighan–Lin ORB",
           "houstis1996 Table 1 (ORB-KL, its reference [74])",
           "any graph (base orb_m/orb_i: coordinates, else the computed layout)",
           "Recursive bisection (params.base, inertia axis by default) with every bisection "
           "refined by "
           "Kernighan–Lin in Fiduccia–Mattheyses form within a balance cap.",
           "gain(v) = ext(v) − int(v); move best feasible, lock; roll back to best prefix",
           "O(E log P) per pass"},
          {"ggp", "GGP: P-way geometric graph partitioning",
           "houstis1996 §2.3, Table 1 (GGP, its reference [24])", "any graph",
           "From an initial partition (params.initial), P-way Kernighan–Lin-style passes move "
           "boundary "
           "vertices to the adjacent part of largest positive profit within the balance cap.",
           "profit(v → q) = edges(v, q) − edges(v, own); move if > 0 (or = 0 and evens weights)",
           "O(E) per pass"},
          {"orb_sa", "ORB-SA: simulated-annealing ORB", "houstis1996 Table 1 (ORB-SA)",
           "any graph (base orb_m/orb_i: coordinates, else the computed layout)",
           "Recursive bisection with every bisection refined by 2-way simulated annealing "
           "(seeded).",
           "accept Δcut ≤ 0, else with probability exp(−Δcut / T); T = t0 · cooling^sweep",
           "O(sweeps · N log P)"},
          {"sa", "SA: P-way simulated annealing",
           "houstis1996 §2.3, Table 1 (SA, its reference [157])", "any graph",
           "P-way simulated annealing from an initial partition (params.initial) with hard balance "
           "caps "
           "(seeded).",
           "propose v → part of a random neighbour; Metropolis on Δcut; caps (1 + ε)·W/P",
           "O(sweeps · N)"},
          {"cm", "CM-clustering: Cuthill–McKee",
           "houstis1996 §2.3, Table 1 (Cuthill-McKee, its reference [46])", "any graph",
           "Cuthill–McKee order from a pseudo-peripheral vertex (unlabelled neighbours by "
           "increasing "
           "degree), then P consecutive groups of equal weight.",
           "order = BFS, neighbours by increasing degree; part = ⌊prefix · P / W⌋",
           "O(E + N log Δ)"},
          {"metis", "METIS k-way (baseline)",
           "karypis1998 (METIS, the baseline beside the survey's Table 1)",
           "any graph; native builds only",
           "The field's standard multilevel k-way partitioner (libmetis 5.1), as a reference cut. "
           "Not "
           "in "
           "WebAssembly builds: there the method is refused as native only.",
           "coarsen (heavy-edge matching) → initial k-way → refine while uncoarsening", "O(E)"},
          {"multilevel", "Multilevel bisection with FM", "hendrickson1995; karypis1998",
           "any graph; also in WebAssembly",
           "Recursive bisection, each bisection multilevel: coarsen by heavy-edge matching "
           "(seeded), "
           "grow several greedy regions on the coarsest graph and keep the best, project back "
           "refining "
           "every level with Fiduccia–Mattheyses (Kernighan–Lin) passes within the balance cap; a "
           "final "
           "P-way greedy boundary pass.",
           "G₀ → G₁ → … → G_c (match heaviest edge); bisect G_c; for l = c … 0: project, FM(l)",
           "O(E log P)"},
      });
  return table;
}

bool partition_needs_coordinates(std::string_view method, const PartitionParams& params) {
  if (method == "strips_1xp" || method == "strips_pxq" || method == "orb_m" || method == "orb_i")
    return true;
  if (method == "orb_kl" || method == "orb_sa") return params.base != "orb_e";
  if (method == "ggp" || method == "sa") {
    // An initial partition that itself takes an initial partition is refused when run; asking it
    // here would recurse forever on the same params.
    if (params.initial == "ggp" || params.initial == "sa") return false;
    return !params.initial.empty() && partition_needs_coordinates(params.initial, params);
  }
  return false;
}

std::vector<int> run_partition_method(std::string_view method, const Mesh& mesh, int parts,
                                      const PartitionParams& params) {
  if (parts < 1 || parts > MeshLimits::max_parts)
    throw std::invalid_argument("parts must be in [1, " + std::to_string(MeshLimits::max_parts) +
                                "]");
  // A geometric method on a graph without coordinates works on its computed layout (layout.h).
  if (partition_needs_coordinates(method, params) && !mesh.has_coordinates())
    return run_partition_method(method, mesh_with_layout(mesh), parts, params);
  if (method == "strips_1xp") return partition_strips_1xp(mesh, parts);
  if (method == "strips_pxq") {
    if (mesh.dim() < 2) throw PartitionRefused("strips_pxq: needs 2-D or 3-D coordinates");
    return partition_strips_pxq(mesh, parts);
  }
  if (method == "orb_m") return partition_orb_m(mesh, parts);
  if (method == "orb_i") return partition_orb_i(mesh, parts);
  if (method == "orb_e") return partition_orb_e(mesh, parts, params);
  if (method == "orb_kl") return partition_orb_kl(mesh, parts, params);
  if (method == "ggp") return partition_ggp(mesh, parts, params);
  if (method == "orb_sa") return partition_orb_sa(mesh, parts, params);
  if (method == "sa") return partition_sa(mesh, parts, params);
  if (method == "cm") return partition_cm(mesh, parts);
  if (method == "metis") return partition_metis(mesh, parts, params);
  if (method == "multilevel") return partition_multilevel(mesh, parts, params);
  throw std::invalid_argument("unknown partitioning method '" + std::string(method) + "'");
}

}  // namespace loadlab::core
