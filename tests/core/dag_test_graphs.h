// Small task graphs used by several DAG tests.
#pragma once

#include "core/dag/task_graph.h"

namespace loadlab::test {

/// Figure 1 of paper 001 as reconstructed in ERRATA.md 001 (reproduces Table 1).
inline core::TaskGraph flb_figure1() {
  using core::DagEdge;
  return core::TaskGraph({2, 2, 2, 3, 3, 3, 2, 2}, {{0, 1, 1},
                                                    {0, 2, 4},
                                                    {0, 3, 1},
                                                    {1, 4, 2},
                                                    {1, 5, 1},
                                                    {1, 6, 2},
                                                    {3, 5, 1},
                                                    {2, 6, 1},
                                                    {4, 7, 1},
                                                    {5, 7, 3},
                                                    {6, 7, 2}});
}

}  // namespace loadlab::test
