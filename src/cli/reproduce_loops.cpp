// `loadlab reproduce loops`: the loop-scheduling claims of Houstis, Kapidakis, Markatos & Gelenbe,
// "Execution of Compute-Intensive Applications into Parallel Machines" (1996), Section 3.1, each
// judged on the loop simulator (experiments/loop_claims.h). Exit 1 only when a file cannot be
// written: a DIFFERS verdict is a finding, not a failure.
#include <algorithm>

#include "cli/commands.h"
#include "cli/text.h"
#include "experiments/loop_claims.h"

namespace loadlab::cli {

int reproduce_loops(const ReproduceOptions& opts, std::ostream& out) {
  experiments::LoopClaimOptions lo;
  lo.seed = opts.seed;
  lo.cases = opts.quick ? std::min(opts.cases, 20) : std::min(opts.cases, 200);
  // One process computes everything (the claims take well under a second); the others of a
  // split run only take part in the gather.
  if (opts.gather) {
    opts.gather("");
    if (opts.part != 0) return 0;
  }
  const auto claims = experiments::judge_loop_claims(lo);
  out << "Houstis, Kapidakis, Markatos & Gelenbe, Execution of Compute-Intensive Applications "
         "into Parallel Machines (1996), Section 3.1: loop scheduling claims, simulated\n"
      << "seed " << opts.seed << ", " << lo.cases << " random loops per random claim\n\n";
  print_claims(claims, out);
  if (!opts.csv_dir.empty() &&
      !write_csv_file(opts.csv_dir, "loops_claims.csv", experiments::claims_csv(claims), out))
    return 1;
  return 0;
}

}  // namespace loadlab::cli
