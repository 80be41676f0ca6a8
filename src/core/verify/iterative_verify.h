// Independent checker for the iterative balancers (gde, diffusion, gradient;
// core/balance/iterative.h).
//
// Written separately from the algorithms: from the initial loads it is given and the result's
// per-edge flows it rebuilds every node's final load and checks: conservation of the total (1e-9
// relative in the real model, exactly in the tasks model); final = initial + flows in - flows out
// per node (so load only moved along links: flows are indexed by the topology's edges); no negative
// load; integral loads in the tasks model; recorded transfers run along links, never overdraw a
// node when replayed in step order and reproduce the final loads; the GDE colouring is proper; the
// history's last entry is the final loads' max - min.
#pragma once

#include <string>
#include <vector>

#include "core/balance/iterative.h"

namespace loadlab::core {

struct IterativeVerification {
  bool ok = true;
  std::vector<std::string> errors;
};

IterativeVerification verify_iterative(const Topology& topology, const LoadVector& initial,
                                       const IterativeResult& result);

}  // namespace loadlab::core
