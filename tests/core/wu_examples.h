// Wu's worked examples (Wu 1997, On Runtime Parallel Scheduling for Processor Load Balancing),
// shared by the balance tests.
#pragma once

#include "core/model/loads.h"
#include "core/model/topology.h"

namespace loadlab::test {

/// Example 1's tree: children 0:{1,4,6}, 1:{2,3}, 4:{5}, 6:{7,8} in preorder.
inline core::Topology example1_tree() {
  return core::Topology::tree({-1, 0, 1, 1, 0, 4, 0, 6, 6});
}
inline const core::LoadVector kExample1Loads = {1, 4, 5, 11, 7, 2, 3, 3, 5};
/// Figure 1 / Example 3 loads on the 3-cube (as printed; see the seeds' errata for the figure).
inline const core::LoadVector kFigure1Loads = {19, 11, 2, 9, 0, 9, 10, 4};

}  // namespace loadlab::test
