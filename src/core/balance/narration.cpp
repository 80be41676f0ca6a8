// Narration of the walking algorithms, DEM and the optimum. Sources: M.-Y. Wu, "On Runtime
// Parallel Scheduling for Processor Load Balancing", IEEE TPDS, 1997: TWA Fig 5 (Example 1), DEM
// Fig 7 (Example 2), CWA Fig 10 (Example 3), MWA Fig 12 (Example 4, with the corrected quota of
// Q_i^1 one row longer and q_i^0 for i < R), the min-cost flow of Section 2.
//
// Every caption is rebuilt from the transfer records: a step's transfers, the loads before the
// step (the initial loads with the earlier steps applied) and the quotas of Fig 4, so the same
// text describes the central run and the node programs' run.
#include "core/balance/narration.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "core/balance/quota.h"
#include "core/balance/twa.h"
#include "core/common/citations.h"

namespace loadlab::core {

namespace {

// A caption names this many moves, then how many more.
constexpr std::size_t kNarrMaxClauses = 4;

std::string narr_int(std::int64_t v) {
  return std::to_string(v);
}

std::string narr_loads(const LoadVector& w) {
  if (w.size() > 32) return std::to_string(w.size()) + " loads";
  std::string s = "[";
  for (std::size_t i = 0; i < w.size(); ++i) s += (i ? ", " : "") + narr_int(w[i]);
  return s + "]";
}

std::string narr_move(const Transfer& t) {
  return narr_int(t.from) + "→" + narr_int(t.to) + " ×" + narr_int(t.count);
}

// "0→4 ×6, 1→5 ×3" (at most kNarrMaxClauses, then "and N more").
std::string narr_moves(const std::vector<Transfer>& ts) {
  std::string s;
  for (std::size_t i = 0; i < ts.size() && i < kNarrMaxClauses; ++i)
    s += (i ? ", " : "") + narr_move(ts[i]);
  if (ts.size() > kNarrMaxClauses) s += " and " + narr_int(ts.size() - kNarrMaxClauses) + " more";
  return s;
}

// Joins clauses with "; ", at most kNarrMaxClauses, then how many more.
std::string narr_join(const std::vector<std::string>& clauses, const char* more_what) {
  std::string s;
  for (std::size_t i = 0; i < clauses.size() && i < kNarrMaxClauses; ++i)
    s += (i ? "; " : "") + clauses[i];
  if (clauses.size() > kNarrMaxClauses)
    s += "; and " + narr_int(clauses.size() - kNarrMaxClauses) + " more " + more_what;
  return s;
}

std::int64_t narr_tasks(const std::vector<Transfer>& ts) {
  std::int64_t n = 0;
  for (const auto& t : ts) n += t.count;
  return n;
}

std::string narr_range(std::int64_t first, std::int64_t last) {
  return first == last ? "node " + narr_int(first)
                       : "nodes " + narr_int(first) + "–" + narr_int(last);
}

// "node 3 holds 9 tasks, its quota is 8" / "nodes 0–3 hold 41 tasks, their quota is 32".
std::string narr_holds(const std::string& who, bool plural, std::int64_t held, std::int64_t quota) {
  return who + (plural ? " hold " : " holds ") + narr_int(held) +
         (plural ? " tasks, their quota is " : " tasks, its quota is ") + narr_int(quota);
}

// The transfers of each step 0..steps-1 and the loads before the step being narrated (one load
// vector, advanced step by step: a big network's trace is never held).
struct NarrSteps {
  std::vector<std::vector<Transfer>> moves;
  LoadVector w;
  void advance(int step) {
    for (const auto& t : moves[static_cast<std::size_t>(step)]) {
      w[static_cast<std::size_t>(t.from)] -= t.count;
      w[static_cast<std::size_t>(t.to)] += t.count;
    }
  }
};

NarrSteps narr_split_steps(const BalanceResult& r, int steps) {
  NarrSteps s;
  s.moves.resize(static_cast<std::size_t>(steps));
  for (const auto& t : r.transfers)
    if (t.step >= 0 && t.step < steps) s.moves[static_cast<std::size_t>(t.step)].push_back(t);
  s.w = r.initial_loads;
  return s;
}

std::string narr_outcome(const char* name, const BalanceResult& r) {
  std::int64_t hops = 0;
  for (const auto& t : r.transfers) hops += t.count;
  const auto [lo, hi] = std::minmax_element(r.final_loads.begin(), r.final_loads.end());
  const std::int64_t spread = r.final_loads.empty() ? 0 : *hi - *lo;
  std::string s = std::string(name) + " done: loads " + narr_loads(r.final_loads) +
                  ", max − min = " + narr_int(spread) +
                  (spread <= 1 ? " (fully balanced)" : " (not fully balanced)") + "; " +
                  narr_int(hops) + " task-hops in " + narr_int(r.steps) + " exchange steps";
  if (r.info_steps > 0) s += " after " + narr_int(r.info_steps) + " information steps";
  return s + ".";
}

std::string narr_average(const Average& a) {
  return "T = " + narr_int(a.total) + " tasks on N = " + narr_int(a.nodes) +
         " nodes (w_avg = " + narr_int(a.w_avg) + ", R = " + narr_int(a.remainder) + ")";
}

// "1 link" / "3 links".
std::string narr_count(std::int64_t n, const char* one, const char* many) {
  return narr_int(n) + " " + (n == 1 ? one : many);
}

// "a, b, c and 2 more" (at most kNarrMaxClauses items).
std::string narr_list(const std::vector<std::string>& items) {
  std::string s;
  for (std::size_t i = 0; i < items.size() && i < kNarrMaxClauses; ++i)
    s += (i ? ", " : "") + items[i];
  if (items.size() > kNarrMaxClauses)
    s += " and " + narr_int(items.size() - kNarrMaxClauses) + " more";
  return s;
}

// Bounded number of steps narrated one by one (the contract's cap).
int narr_step_cap(int steps) {
  return std::min<int>(steps, static_cast<int>(Narration::kMaxNarratedSteps));
}

void narr_finish(Narration& n, const BalanceResult& r, int narrated, const char* name,
                 int outcome_line) {
  if (narrated < r.steps)
    n.steps.push_back({"Steps " + narr_int(narrated + 1) + "–" + narr_int(r.steps) +
                           " continue the same way (not narrated one by one).",
                       -1});
  n.steps.push_back({narr_outcome(name, r), outcome_line});
}

// ---- TWA (Fig 5) ----
Narration narrate_twa(const Topology& topo, const BalanceResult& r, Narration n) {
  TwaTable table;
  twa(topo, r.initial_loads, &table);
  std::vector<int> parent = topo.kind() == TopologyKind::Tree ? topo.parents() : std::vector<int>{};
  if (parent.empty())
    for (int i = 0; i < topo.size(); ++i) parent.push_back(i - 1);
  const Average avg = average_load(r.initial_loads);
  const int narrated = narr_step_cap(r.steps);
  NarrSteps s = narr_split_steps(r, narrated);
  for (int k = 0; k < narrated; ++k) {
    std::vector<std::string> clauses;
    int line = 4;
    for (const auto& t : s.moves[static_cast<std::size_t>(k)]) {
      const bool up = parent[static_cast<std::size_t>(t.from)] == t.to;
      const int child = up ? t.from : t.to;
      const auto c = static_cast<std::size_t>(child);
      std::string cl = "node " + narr_int(child) + ": its subtree holds " + narr_int(table.W[c]) +
                       " tasks, its quota is " + narr_int(table.Q[c]) + ", so ";
      cl += up ? "it sends " + narr_int(t.count) + " up to node " + narr_int(t.to)
               : "node " + narr_int(t.from) + " sends " + narr_int(t.count) + " down to it";
      if (clauses.empty()) line = up ? 4 : 5;
      clauses.push_back(std::move(cl));
    }
    std::string text;
    if (k == 0)
      text = "TWA steps 1–3 (" + narr_int(r.info_steps) + " information steps): the subtree sums " +
             "W_i go up the tree, the root's " + narr_average(avg) + " come down, and each node " +
             "derives its subtree's quota Q_i. ";
    text += "TWA step 4, exchange " + narr_int(k + 1) + " of " + narr_int(r.steps) + ": " +
            narr_join(clauses, "links") + ".";
    n.steps.push_back({std::move(text), line});
  }
  narr_finish(n, r, narrated, "TWA", 3);
  return n;
}

// ---- CWA (Fig 10): step s walks dimension k = d - 1 - s ----
Narration narrate_cwa(const Topology& topo, const BalanceResult& r, Narration n) {
  const int d = topo.dim();
  const Average avg = average_load(r.initial_loads);
  const int narrated = narr_step_cap(r.steps);
  NarrSteps s = narr_split_steps(r, narrated);
  for (int step = 0; step < narrated; ++step) {
    const int k = d - 1 - step;
    const std::int64_t half = std::int64_t{1} << k;
    const LoadVector& w = s.w;
    const auto& moves = s.moves[static_cast<std::size_t>(step)];
    std::vector<std::string> clauses;
    for (std::int64_t base = 0; base < topo.size(); base += 2 * half) {
      std::int64_t held = 0;
      for (std::int64_t i = base; i < base + half; ++i) held += w[static_cast<std::size_t>(i)];
      const std::int64_t q = range_quota(base, half, avg);
      if (held == q) continue;
      std::vector<Transfer> mine;
      for (const auto& t : moves)
        if (t.from >= base && t.from < base + 2 * half) mine.push_back(t);
      const bool lower_sends = held > q;
      const std::int64_t first = lower_sends ? base : base + half;
      std::int64_t held_sender = held, q_sender = q;
      if (!lower_sends) {
        held_sender = q_sender = 0;
        for (std::int64_t i = base + half; i < base + 2 * half; ++i)
          held_sender += w[static_cast<std::size_t>(i)];
        q_sender = range_quota(base + half, half, avg);
      }
      clauses.push_back(
          narr_holds(narr_range(first, first + half - 1), half > 1, held_sender, q_sender) +
          (half > 1 ? ", so they send " : ", so it sends ") + narr_int(held_sender - q_sender) +
          " across dimension " + narr_int(k) + " (" + narr_moves(mine) + ")");
    }
    std::string text;
    if (step == 0)
      text = "CWA steps 1–2 (" + narr_int(r.info_steps) + " information steps): every node " +
             "learns the tasks of each subcube it belongs to; " + narr_average(avg) + ". ";
    text += "CWA iteration k = " + narr_int(k) + " (exchange " + narr_int(step + 1) + " of " +
            narr_int(r.steps) + "), dimension " + narr_int(k) + ": ";
    text += clauses.empty() ? "every half already holds its quota, nothing moves"
                            : narr_join(clauses, "subcubes");
    n.steps.push_back({text + ".", clauses.empty() ? 3 : 4});
    s.advance(step);
  }
  narr_finish(n, r, narrated, "CWA", 2);
  return n;
}

// ---- DEM (Fig 7): step k exchanges across dimension k ----
Narration narrate_dem(const Topology& topo, const BalanceResult& r, Narration n) {
  const int narrated = narr_step_cap(r.steps);
  NarrSteps s = narr_split_steps(r, narrated);
  for (int k = 0; k < narrated; ++k) {
    const LoadVector& w = s.w;
    const auto& moves = s.moves[static_cast<std::size_t>(k)];
    std::vector<std::string> clauses;
    for (const auto& t : moves)
      clauses.push_back(
          "node " + narr_int(t.from) + " (" + narr_int(w[static_cast<std::size_t>(t.from)]) +
          ") and node " + narr_int(t.to) + " (" + narr_int(w[static_cast<std::size_t>(t.to)]) +
          ") differ by " +
          narr_int(w[static_cast<std::size_t>(t.from)] - w[static_cast<std::size_t>(t.to)]) +
          ", so " + narr_int(t.from) + " sends " + narr_int(t.count));
    std::string text = "DEM step " + narr_int(k + 1) + " of " + narr_int(r.steps) + ", dimension " +
                       narr_int(k) + ": each node pairs with its neighbour " + "across dimension " +
                       narr_int(k) + " (i xor " + narr_int(std::int64_t{1} << k) +
                       ") and they halve their difference; " + narr_int(moves.size()) + " of " +
                       narr_int(topo.size() / 2) + " pairs move " +
                       narr_count(narr_tasks(moves), "task", "tasks");
    if (!clauses.empty()) text += ": " + narr_join(clauses, "pairs");
    text += "; a difference of 1 stays (only whole tasks move).";
    n.steps.push_back({std::move(text), moves.empty() ? 3 : 2});
    s.advance(k);
  }
  narr_finish(n, r, narrated, "DEM", 0);
  return n;
}

// ---- MWA (Fig 12): vertical steps first (iteration 1), then along the rows (iteration 0) ----
Narration narrate_mwa(const Topology& topo, const BalanceResult& r, Narration n) {
  const int n1 = topo.rows(), n2 = topo.cols();
  const Average avg = average_load(r.initial_loads);
  const auto row_of = [n2](int node) { return node / n2; };
  int steps1 = 0;
  for (const auto& t : r.transfers)
    if (row_of(t.from) != row_of(t.to)) steps1 = std::max(steps1, t.step + 1);
  std::vector<std::int64_t> row_prefix(static_cast<std::size_t>(n1), 0);
  std::int64_t acc = 0;
  for (int row = 0; row < n1; ++row) {
    for (int c = 0; c < n2; ++c) acc += r.initial_loads[static_cast<std::size_t>(row * n2 + c)];
    row_prefix[static_cast<std::size_t>(row)] = acc;
  }
  const int narrated = narr_step_cap(r.steps);
  NarrSteps s = narr_split_steps(r, narrated);
  for (int k = 0; k < narrated; ++k) {
    const auto& moves = s.moves[static_cast<std::size_t>(k)];
    const LoadVector& w = s.w;
    std::map<std::pair<int, int>, std::vector<Transfer>> groups;  // (row or link, direction)
    std::vector<std::string> clauses;
    int line = 3;
    if (k < steps1) {
      for (const auto& t : moves) groups[{row_of(t.from), row_of(t.to)}].push_back(t);
      for (const auto& [rows, ts] : groups) {
        const auto [from_row, to_row] = rows;
        const int upper = std::min(from_row, to_row);
        const std::int64_t W = row_prefix[static_cast<std::size_t>(upper)];
        const std::int64_t Q = mesh_rows_prefix_quota(std::int64_t(upper) * n2, n2, avg);
        const std::string range = upper == 0 ? "row 0" : "rows 0–" + narr_int(upper);
        const std::string holds = narr_holds(range, upper > 0, W, Q);
        if (to_row > from_row)
          clauses.push_back(holds + ", so row " + narr_int(from_row) + " sends " + narr_int(W - Q) +
                            " down to row " + narr_int(to_row) + " (" + narr_moves(ts) + ")");
        else
          clauses.push_back(holds + ", so row " + narr_int(from_row) + " sends " + narr_int(Q - W) +
                            " up to row " + narr_int(to_row) + " (" + narr_moves(ts) + ")");
      }
    } else {
      line = 5;
      for (const auto& t : moves) {
        const int left = std::min(t.from, t.to);
        const int base = row_of(left) * n2;
        std::int64_t P = 0;
        for (int j = base; j <= left; ++j) P += w[static_cast<std::size_t>(j)];
        const std::int64_t Q = mesh_row_prefix_quota(left, n2, avg);
        clauses.push_back("in row " + narr_int(row_of(left)) + ", " +
                          narr_holds(narr_range(base, left), left > base, P, Q) + ", so node " +
                          narr_int(t.from) + " sends " + narr_int(t.count) +
                          (t.to > t.from ? " right" : " left") + " to node " + narr_int(t.to));
      }
    }
    std::string text;
    if (k == 0)
      text = "MWA steps 1–2 (" + narr_int(r.info_steps) + " information steps): row and column " +
             "scans give prefix task counts; " + narr_average(avg) + ". ";
    text += k < steps1 ? "MWA iteration 1 (between rows), exchange " + narr_int(k + 1) + ": "
                       : "MWA iteration 0 (along the rows), exchange " + narr_int(k + 1) + ": ";
    text += narr_join(clauses, k < steps1 ? "row passes" : "links") + ".";
    n.steps.push_back({std::move(text), line});
    s.advance(k);
  }
  narr_finish(n, r, narrated, "MWA", 1);
  return n;
}

// ---- The optimum (Section 2): a min-cost flow sent in data-flow order ----
Narration narrate_optimal(const Topology&, const BalanceResult& r, Narration n) {
  const Average avg = average_load(r.initial_loads);
  std::int64_t hops = 0;
  for (const auto& t : r.transfers) hops += t.count;
  std::vector<std::string> surplus, deficit;
  std::int64_t total_surplus = 0;
  for (std::size_t i = 0; i < r.initial_loads.size(); ++i) {
    const std::int64_t e = r.initial_loads[i] - quota(static_cast<std::int64_t>(i), avg);
    if (e > 0)
      surplus.push_back(narr_int(static_cast<std::int64_t>(i)) + " (+" + narr_int(e) + ")");
    if (e < 0) deficit.push_back(narr_int(static_cast<std::int64_t>(i)) + " (" + narr_int(e) + ")");
    if (e > 0) total_surplus += e;
  }
  const int narrated = narr_step_cap(r.steps);
  NarrSteps s = narr_split_steps(r, narrated);
  for (int k = 0; k < narrated; ++k) {
    const auto& moves = s.moves[static_cast<std::size_t>(k)];
    std::string text;
    if (k == 0)
      text = "Min-cost flow: " + narr_average(avg) + "; the source feeds the surplus nodes " +
             narr_list(surplus) + ", the deficit nodes " + narr_list(deficit) +
             " drain to the sink, every link costs 1 per task. The cheapest flow moves " +
             narr_int(total_surplus) + " surplus tasks over " + narr_int(hops) + " task-hops. ";
    text += "Step " + narr_int(k + 1) + " of " + narr_int(r.steps) + ": " +
            narr_count(static_cast<std::int64_t>(moves.size()), "link carries its",
                       "links carry their") +
            " flow (" + narr_count(narr_tasks(moves), "task", "tasks") +
            ", one hop each): " + narr_moves(moves) +
            "; a node forwards only tasks it has already received.";
    n.steps.push_back({std::move(text), k == 0 ? 4 : 5});
  }
  narr_finish(n, r, narrated, "Min-cost flow", 4);
  return n;
}

}  // namespace

std::vector<std::string> balance_pseudocode(std::string_view algorithm) {
  if (algorithm == "twa")
    return {"1. W_i ← w_i + Σ W_c over the children c of i (sums up the tree)",
            "2. root: T ← W_root, w_avg ← ⌊T/N⌋, R ← T mod N; broadcast down",
            "3. Q_i ← Σ q_j over i's subtree, q_j = w_avg + 1 if j < R else w_avg",
            "4. η_i ← W_i − Q_i on the link from i to its parent",
            "5.   η_i > 0: i sends η_i tasks up to its parent",
            "6.   η_i < 0: the parent sends −η_i tasks down to i",
            "   (a node sends only after it has received what it will receive)"};
  if (algorithm == "cwa")
    return {"1. w_i^k ← tasks in i's k-dimensional subcube, k = 0..d (d exchanges)",
            "2. w_avg ← ⌊T/N⌋, R ← T mod N; q^k ← quota of each k-subcube",
            "3. for k = d−1 down to 0:", "4.   δ ← w − q of each half of a (k+1)-subcube;",
            "     the half with δ > 0 sends δ tasks across dimension k"};
  if (algorithm == "dem")
    return {"for k = 0 .. d−1:", "  j ← i xor 2^k  (the neighbour across dimension k)",
            "  if w_i − w_j ≥ 2: i sends ⌊(w_i − w_j) / 2⌋ tasks to j",
            "  (a difference of 1 stays: only whole tasks move)"};
  if (algorithm == "mwa")
    return {"1. row scans and a column scan: prefix task counts W^0 (row) and W^1 (rows above)",
            "2. w_avg ← ⌊T/N⌋, R ← T mod N; quotas Q^0, Q^1 of those prefixes",
            "3. iteration 1: rows 0..r hold W^1, quota Q^1: η ← W^1 − Q^1",
            "4.   η > 0: row r sends η down the columns; η < 0: row r+1 sends −η up",
            "5. iteration 0: nodes left of a link hold W^0, quota Q^0: θ ← W^0 − Q^0",
            "6.   the link carries θ tasks right (θ > 0) or −θ left"};
  if (algorithm == "optimal")
    return {"1. w_avg ← ⌊T/N⌋, R ← T mod N; q_i ← w_avg + 1 if i < R else w_avg",
            "2. source → node i, capacity w_i − q_i (surplus nodes)",
            "3. node j → sink, capacity q_j − w_j (deficit nodes)",
            "4. every link: capacity ∞, cost 1 per task",
            "5. min-cost max-flow: the flow on a link = the tasks it carries",
            "6. send in data-flow order: a node forwards only what it has received"};
  if (algorithm == "gde")
    return {"for sweep = 1, 2, … until max − min < stop:", "  for colour class c = 0 .. C−1:",
            "    for every edge (i, j) of colour c, at once:",
            "      w_i ← w_i + λ (w_j − w_i),  w_j ← w_j + λ (w_i − w_j)"};
  if (algorithm == "diffusion")
    return {"for sweep = 1, 2, … until max − min < stop:", "  for every node i, at once:",
            "    w_i ← w_i + Σ_{j ∈ N(i)} α (w_j − w_i)"};
  if (algorithm == "gradient")
    return {
        "p_i ← 0 if w_i < threshold, else 1 + min over neighbours p_j",
        "for sweep = 1, 2, … until max − min < stop:", "  recompute the pressures p from the loads",
        "  p_i > 0: send min(w_i − L, (w_i − w_j) / 2) to a neighbour j with p_j = p_i − 1"};
  return {};
}

std::string balance_citation(std::string_view algorithm) {
  if (algorithm == "twa" || algorithm == "cwa" || algorithm == "dem" || algorithm == "mwa" ||
      algorithm == "optimal")
    return cite_full("wu1997", "");
  if (algorithm == "gde" || algorithm == "diffusion" || algorithm == "gradient")
    return cite_full("notes", "Overview of Techniques");
  return "";
}

Narration narrate_balance(const Topology& topology, const BalanceResult& result) {
  Narration n;
  n.algorithm = result.algorithm;
  n.citation = balance_citation(result.algorithm);
  n.pseudocode = balance_pseudocode(result.algorithm);
  if (result.initial_loads.size() != static_cast<std::size_t>(topology.size()))
    throw std::invalid_argument("narration: the result does not belong to this topology");
  if (result.algorithm == "twa") return narrate_twa(topology, result, std::move(n));
  if (result.algorithm == "cwa") return narrate_cwa(topology, result, std::move(n));
  if (result.algorithm == "dem") return narrate_dem(topology, result, std::move(n));
  if (result.algorithm == "mwa") return narrate_mwa(topology, result, std::move(n));
  if (result.algorithm == "optimal") return narrate_optimal(topology, result, std::move(n));
  throw std::invalid_argument("narration: no narration for balance algorithm '" + result.algorithm +
                              "'");
}

}  // namespace loadlab::core
