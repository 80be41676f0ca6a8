// HEFT's upward rank with a choice of how a task's cost and an edge's communication are averaged
// over the machine (params.heft.rank in the dag scenario).
//
//   mean  - Topcuoglu, Hariri, Wu, "Performance-effective and low-complexity task scheduling for
//           heterogeneous computing", IEEE TPDS 13(3), 2002, Section 3: mean execution time over
//           the processors, data / mean bandwidth over the P(P-1) ordered pairs of distinct
//           processors (today's rank; the default).
//   saga  - the rank of SAGA (Coleman, Krishnamachari et al., ANRGUSC/saga): mean execution time,
//           and the mean of data / bandwidth over every link of its undirected network including
//           the P self-links, whose cost is 0: sum over p != q of data / b(p, q), divided by
//           P(P+1). With one bandwidth b this is data / b x (P-1)/(P+1).
//   best  - Zhao & Sakellariou, "An experimental investigation into the rank function of the
//           heterogeneous earliest finish time scheduling algorithm", Euro-Par 2003: the best
//           value, the shortest execution time over the processors and the shortest transfer
//           over the distinct links.
//   worst - the same paper's worst value: the longest execution time and the longest transfer.
// On one processor communication is free under every variant.
#pragma once

#include <string>
#include <vector>

#include "core/dag/machine.h"
#include "core/dag/task_graph.h"

namespace loadlab::core {

enum class HeftRank { mean, saga, best, worst };

/// "mean", "saga", "best", "worst" (the scenario's spellings; a contract).
const std::vector<std::string>& heft_rank_names();
/// The name of `r` in heft_rank_names().
const char* heft_rank_name(HeftRank r);
/// The variant named `name`; throws std::invalid_argument for any other name.
HeftRank parse_heft_rank(const std::string& name);

/// rank_u(t) = w(t) + max over successors s of (c(t, s) + rank_u(s)) with w and c averaged as the
/// variant says. HeftRank::mean gives exactly upward_ranks(g, m) (hetero_placement.h).
std::vector<double> heft_upward_ranks(const TaskGraph& g, const Machine& m, HeftRank variant);

}  // namespace loadlab::core
