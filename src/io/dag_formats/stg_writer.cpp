// Writer for Kasahara's Standard Task Graph Set format (the reader is stg.cpp): line 1 the number
// n of real tasks, then n+2 lines "id cost npred pred..." with a dummy entry task 0 and a dummy
// exit task n+1 of cost 0. A graph read from STG (tasks "0".."n+1", dummies included) is written
// back as it was; any other graph gets the two dummies around it.
#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

#include "io/dag_formats/dag_formats.h"

namespace loadlab::io {

namespace {

// True when `g` already has STG's shape: tasks named "0".."m-1" in order, zero-cost task 0 with no
// predecessors and zero-cost task m-1 with no successors.
bool stg_shaped(const core::TaskGraph& g) {
  const core::TaskId m = g.size();
  if (m < 2 || g.comp(0) != 0 || g.comp(m - 1) != 0) return false;
  for (core::TaskId t = 0; t < m; ++t)
    if (g.name(t) != std::to_string(t)) return false;
  for (const auto& e : g.edges())
    if (e.to == 0 || e.from == m - 1) return false;
  return true;
}

}  // namespace

std::string write_stg(const core::TaskGraph& g, std::size_t* dropped_comm) {
  const core::TaskId m = g.size();
  std::size_t dropped = 0;
  for (const auto& e : g.edges())
    if (e.comm != 0) ++dropped;
  if (dropped_comm) *dropped_comm = dropped;
  for (core::TaskId t = 0; t < m; ++t) {
    const double c = g.comp(t);
    if (c != std::floor(c) || c < 0 || c > 9.0e15)
      throw DagFormatError("STG", "task '" + g.name(t) + "'",
                           "costs are whole numbers in STG; this task costs " + std::to_string(c) +
                               " (scale the costs first)");
  }
  const bool as_is = stg_shaped(g);
  // STG id of task t, and the predecessor lists in STG ids.
  const core::TaskId shift = as_is ? 0 : 1;
  const core::TaskId total = as_is ? m : m + 2;
  std::vector<std::vector<core::TaskId>> preds(static_cast<std::size_t>(total));
  std::vector<bool> has_pred(static_cast<std::size_t>(m), false), has_succ(has_pred);
  for (const auto& e : g.edges()) {
    preds[static_cast<std::size_t>(e.to + shift)].push_back(e.from + shift);
    has_pred[static_cast<std::size_t>(e.to)] = true;
    has_succ[static_cast<std::size_t>(e.from)] = true;
  }
  if (!as_is) {
    for (core::TaskId t = 0; t < m; ++t) {
      if (!has_pred[static_cast<std::size_t>(t)])
        preds[static_cast<std::size_t>(t + 1)].push_back(0);
      if (!has_succ[static_cast<std::size_t>(t)])
        preds[static_cast<std::size_t>(m + 1)].push_back(t + 1);
    }
  }
  std::ostringstream os;
  os << total - 2 << "\n";
  for (core::TaskId id = 0; id < total; ++id) {
    auto& p = preds[static_cast<std::size_t>(id)];
    std::sort(p.begin(), p.end());
    const bool dummy = !as_is && (id == 0 || id == total - 1);
    const double c = dummy ? 0 : g.comp(id - shift);
    os << id << " " << static_cast<long long>(c) << " " << p.size();
    for (core::TaskId q : p) os << " " << q;
    os << "\n";
  }
  os << "# written by loadlab convert"
     << (as_is ? ""
               : " (tasks 0 and " + std::to_string(total - 1) + " are the dummy entry and exit)")
     << "\n";
  return os.str();
}

}  // namespace loadlab::io
