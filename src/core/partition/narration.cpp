// Partition narration, in the terms of Houstis, Kapidakis, Markatos & Gelenbe, "Execution of
// Compute-Intensive Applications into Parallel Machines" (1996), Section 2.3 and Table 1 (and of
// Hendrickson & Leland / Karypis & Kumar for the multilevel method). The bisection steps come from
// the trace the method records when asked; the part steps are measured on the result itself.
#include "core/partition/narration.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <map>

#include "core/common/citations.h"
namespace loadlab::core {

namespace {

std::string partition_num(double x) {
  return narration_number(x);
}

std::string partition_percent(double x) {
  return narration_fixed(x, 2) + " %";
}

// What one part is called in the method's terms ("" = just "part").
std::string partition_part_noun(std::string_view m) {
  if (m == "strips_1xp") return "strip";
  if (m == "strips_pxq") return "lattice cell";
  if (m == "cm") return "Cuthill–McKee group";
  if (m == "ggp" || m == "sa") return "";
  return "subdomain";
}

std::string partition_key_name(const std::string& bisector) {
  if (bisector == "orb_e") return "the Fiedler vector";
  if (bisector == "orb_i") return "the position along the principal inertia axis";
  return "the coordinate along the axis of largest spread";
}

// Line of the pseudo-code a part step points at: the method's last line (the parts it yields).
int partition_result_line(std::string_view m) {
  const auto code = partition_pseudocode(m);
  return code.empty() ? -1 : static_cast<int>(code.size()) - 1;
}

}  // namespace

std::vector<std::string> partition_pseudocode(std::string_view m) {
  if (m == "strips_1xp")
    return {"sort the vertices along the longest side of the bounding box",
            "cut the sorted list into P groups of equal weight: P strips"};
  if (m == "strips_pxq")
    return {"factor P = p·q with the shortest total cut for the bounding box",
            "sort by x; cut into p slabs of equal weight",
            "sort each slab by y; cut it into q pieces: p × q lattice cells"};
  if (m == "orb_m" || m == "orb_i" || m == "orb_e") {
    const std::string key = m == "orb_m"   ? "key = coordinate along the axis of largest spread"
                            : m == "orb_i" ? "key = projection on the principal inertia axis"
                                           : "key = Fiedler vector of the Laplacian L = D − A";
    return {"bisect(domain, P): if P = 1, it is one subdomain", "  " + key,
            "  split at the weighted median: ⌊P/2⌋ : ⌈P/2⌉ of the weight",
            "  bisect(left, ⌊P/2⌋); bisect(right, ⌈P/2⌉)  → P subdomains"};
  }
  if (m == "orb_kl")
    return {"bisect(domain, P): if P = 1, it is one subdomain",
            "  split at the weighted median of the inertia-axis key (or params.base)",
            "  FM pass: move the free vertex of best gain (may be negative), lock it",
            "  at the end of the pass, roll back to the best prefix; repeat while the cut drops",
            "  bisect both halves  → P subdomains"};
  if (m == "orb_sa")
    return {"bisect(domain, P): split at the weighted median of the ORB key",
            "  anneal the bisection: accept a move of gain g with probability min(1, e^(g/T))",
            "  T ← cooling · T after each sweep; bisect both halves  → P subdomains"};
  if (m == "ggp")
    return {"start from a feasible P-way partition (params.initial)",
            "pass: move each boundary vertex to the neighbouring part of largest profit > 0",
            "repeat passes until none moves  → P parts"};
  if (m == "sa")
    return {
        "start from params.initial; T = t0",
        "sweep: propose |V| moves of a vertex to a neighbouring part; accept with min(1, e^(g/T))",
        "T ← cooling · T; stop after the sweeps  → P parts"};
  if (m == "cm")
    return {"from a pseudo-peripheral vertex, label unlabelled neighbours by increasing degree",
            "cut the Cuthill–McKee order into P consecutive groups of equal weight"};
  if (m == "multilevel" || m == "metis")
    return {"coarsen: contract a heavy-edge matching, level after level",
            "on the coarsest graph, grow a region greedily to half the weight",
            "uncoarsen: project and refine every level by FM with rollback",
            "bisect both halves recursively; a final P-way pass  → P parts"};
  return {};
}

Narration partition_narration(std::string_view method, const Mesh& m, int parts,
                              const std::vector<int>& part, const BisectionTrace* trace) {
  Narration n;
  n.algorithm = std::string(method);
  n.citation = method == "multilevel" || method == "metis"
                   ? cite_full("hendrickson1995", "") + "; " + cite_full("karypis1998", "")
                   : cite_full("houstis1996", "Section 2.3, Table 1");
  n.pseudocode = partition_pseudocode(method);
  const std::int64_t total = m.total_weight();

  if (trace && !trace->initial_side.empty()) {
    const bool kl = method == "orb_kl";
    std::int64_t left = 0, count_left = 0;
    for (std::size_t v = 0; v < trace->initial_side.size(); ++v)
      if (trace->initial_side[v] == 0) {
        left += m.weight(static_cast<int>(v));
        ++count_left;
      }
    n.steps.push_back({"First bisection: sort by " + partition_key_name(trace->bisector) +
                           " and split at the weighted median: the left side gets " +
                           std::to_string(count_left) + " vertices of weight " +
                           std::to_string(left) + " (target " + std::to_string(trace->target_left) +
                           " of " + std::to_string(total) + " for " + std::to_string(parts / 2) +
                           " of " + std::to_string(parts) + " parts); " +
                           std::to_string(trace->initial_cut) + " edges cross the cut",
                       kl ? 1 : 2});
    for (std::size_t p = 0; p < trace->passes.size(); ++p) {
      const FmPass& pass = trace->passes[p];
      for (std::size_t j = pass.first; j < pass.first + pass.count; ++j) {
        if (n.steps.size() >= Narration::kMaxNarratedSteps - 1) break;
        const FmMove& mv = trace->moves[j];
        n.steps.push_back({"FM pass " + std::to_string(p + 1) + ", move " +
                               std::to_string(j - pass.first + 1) + ": vertex " +
                               std::to_string(mv.vertex) + " has the best gain (" +
                               std::to_string(mv.gain) + "), so it changes side and is locked; " +
                               "the cut is now " + std::to_string(mv.cut),
                           2});
      }
      if (pass.kept < pass.count && n.steps.size() < Narration::kMaxNarratedSteps - 1)
        n.steps.push_back(
            {"End of FM pass " + std::to_string(p + 1) + ": the best prefix was the first " +
                 std::to_string(pass.kept) + " of " + std::to_string(pass.count) +
                 " moves, so the last " + std::to_string(pass.count - pass.kept) +
                 " are rolled back; the cut goes from " + std::to_string(pass.cut_before) + " to " +
                 std::to_string(pass.cut_after),
             3});
    }
    if (n.steps.size() >= Narration::kMaxNarratedSteps - 1)
      n.steps.push_back({"(further FM moves not narrated) the first bisection ends with cut " +
                             std::to_string(trace->final_cut),
                         -1});
  }

  // One step per part, measured on the result.
  const auto P = static_cast<std::size_t>(std::max(parts, 1));
  std::vector<std::int64_t> weight(P, 0), count(P, 0), cut(P, 0);
  std::vector<std::map<int, std::int64_t>> borders(P);
  const int dim = m.dim();
  std::vector<double> lo(P * 3, std::numeric_limits<double>::max()),
      hi(P * 3, std::numeric_limits<double>::lowest());
  std::int64_t total_cut = 0;
  for (int v = 0; v < m.size() && static_cast<std::size_t>(v) < part.size(); ++v) {
    const int pv = part[static_cast<std::size_t>(v)];
    if (pv < 0 || static_cast<std::size_t>(pv) >= P) continue;
    const auto u = static_cast<std::size_t>(pv);
    weight[u] += m.weight(v);
    ++count[u];
    for (int a = 0; a < dim; ++a) {
      lo[u * 3 + static_cast<std::size_t>(a)] =
          std::min(lo[u * 3 + static_cast<std::size_t>(a)], m.coord(v, a));
      hi[u * 3 + static_cast<std::size_t>(a)] =
          std::max(hi[u * 3 + static_cast<std::size_t>(a)], m.coord(v, a));
    }
    for (int w : m.neighbours(v)) {
      if (static_cast<std::size_t>(w) >= part.size()) continue;
      const int pw = part[static_cast<std::size_t>(w)];
      if (pw != pv) {
        ++cut[u];
        ++borders[u][pw];
        if (v < w) ++total_cut;
      }
    }
  }
  const double target = static_cast<double>(total) / static_cast<double>(P);
  const std::string noun = partition_part_noun(method);
  const int line = partition_result_line(method);
  for (std::size_t k = 0; k < P && n.steps.size() < Narration::kMaxNarratedSteps; ++k) {
    std::string text =
        "Part " + std::to_string(k) + (noun.empty() ? "" : " (" + noun + ")") + ": " +
        std::to_string(count[k]) + " vertices of weight " + std::to_string(weight[k]) +
        " (average " + partition_num(target) + ", " +
        partition_percent(target > 0 ? 100.0 * (static_cast<double>(weight[k]) / target - 1) : 0) +
        " off)";
    if (dim >= 2 && count[k] > 0) {
      text += ", spanning x ∈ [" + partition_num(lo[k * 3]) + ", " + partition_num(hi[k * 3]) +
              "], y ∈ [" + partition_num(lo[k * 3 + 1]) + ", " + partition_num(hi[k * 3 + 1]) + "]";
      if (dim == 3)
        text +=
            ", z ∈ [" + partition_num(lo[k * 3 + 2]) + ", " + partition_num(hi[k * 3 + 2]) + "]";
    }
    text += "; " + std::to_string(cut[k]) + " of its edges are cut";
    if (!borders[k].empty()) {
      text += " (to part";
      text += borders[k].size() == 1 ? " " : "s ";
      std::size_t i = 0;
      for (const auto& [q, c] : borders[k]) {
        if (i == 6) {
          text += ", …";
          break;
        }
        text += (i++ ? ", " : "") + std::to_string(q) + ": " + std::to_string(c);
      }
      text += ")";
    }
    if (k + 1 == P) text += ". In all " + std::to_string(total_cut) + " edges are cut";
    n.steps.push_back({std::move(text), line});
  }
  return n;
}

}  // namespace loadlab::core
