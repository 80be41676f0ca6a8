// k-ary n-cube walking algorithm (KWA): the walk Wu's conclusion invites, "It is not difficult to
// develop an algorithm for the k-ary n-cube by combining the CWA and MWA algorithms."
// Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Section 7 (the invitation), Section 3.2 (CWA,
// Fig 10) and Section 3.3 (MWA, Fig 12, Lemma 3).
#pragma once

#include "core/balance/balance_result.h"
#include "core/model/topology.h"

namespace loadlab::core {

/// Full balance on a hypercube (a 2-ary n-cube), a 2-D mesh, a 2-D torus (a k-ary 2-cube with
/// wrap-around links), a ring (a k-ary 1-cube) or a line, dimension by dimension. O(n · N) work.
BalanceResult kwa(const Topology& topology, const LoadVector& loads);

/// Empty if kwa runs on `topology`, else why not.
std::string kwa_unsupported_reason(const Topology& topology);

}  // namespace loadlab::core
