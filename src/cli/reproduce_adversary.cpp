// `loadlab reproduce adversary [--quick] [--csv DIR]`: the pairwise matrix of PISA
// (Coleman et al., "PISA: An Adversarial Approach To Comparing Task Graph Scheduling
// Algorithms", SAGA): for every ordered pair (A, B) of a scheduler set, simulated annealing
// (core/dag/adversary.h) searches for the instance maximizing makespan(A) / makespan(B); the
// matrix of the worst ratios found shows that every scheduler has instances where another one
// beats it, often by far.
//
// Scheduler set: PISA's fifteen intersected with ours — BIL, CPoP, ETF, FCP, FLB, GDL (= DLS),
// HEFT, MaxMin, MCT, MET, MinMin, OLB (not Duplex, FastestNode, WBA) — on identical processors,
// which every one of them accepts (ETF, FCP and FLB are defined only for identical processors;
// PISA used heterogeneous networks). vary_machine is off so every cell uses the same model.
// Start instance: random_adversary_instance(10 tasks, 3 processors, seed); each pair 5000
// iterations with the same seed (--quick: 6 schedulers, 500 iterations).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "core/dag/adversary.h"

namespace loadlab::cli {

int reproduce_adversary(const ReproduceOptions& opts, std::ostream& out) {
  const std::vector<std::string> full = {"bil",  "cpop",    "dls", "etf", "fcp",     "flb",
                                         "heft", "max_min", "mct", "met", "min_min", "olb"};
  const std::vector<std::string> quick = {"cpop", "etf", "fcp", "flb", "heft", "mct"};
  const auto& set = opts.quick ? quick : full;
  const std::int32_t tasks = 10, processors = 3;
  core::AdversaryOptions base;
  base.iterations = opts.quick ? 500 : 5000;
  base.seed = opts.seed;
  base.vary_machine = false;
  const core::AdversaryInstance start =
      core::random_adversary_instance(tasks, processors, false, opts.seed);
  out << "PISA pairwise adversarial matrix (Coleman et al.): worst makespan(A) / makespan(B) "
         "found\n"
      << "by simulated annealing from one random instance (" << tasks << " tasks, " << processors
      << " identical processors, seed " << opts.seed << "), " << base.iterations
      << " iterations per ordered pair; rows = A, columns = B.\n\n";
  const core::AdversaryMatrix m = core::adversary_pairwise(set, start, base);
  char buf[64];
  out << "A \\ B     ";
  for (const auto& b : set) {
    std::snprintf(buf, sizeof buf, "%10s", b.c_str());
    out << buf;
  }
  out << "\n";
  std::string csv = "A\\B";
  for (const auto& b : set) csv += "," + b;
  csv += "\n";
  int above = 0, cells = 0;
  double worst = 0;
  std::string worst_pair;
  for (std::size_t i = 0; i < set.size(); ++i) {
    std::snprintf(buf, sizeof buf, "%-10s", set[i].c_str());
    out << buf;
    csv += set[i];
    for (std::size_t j = 0; j < set.size(); ++j) {
      const double r = m.ratio[i][j];
      if (i == j)
        out << "         -";
      else {
        std::snprintf(buf, sizeof buf, "%10.3f", r);
        out << buf;
        ++cells;
        if (r > 1.1) ++above;
        if (r > worst) {
          worst = r;
          worst_pair = set[i] + " / " + set[j];
        }
      }
      std::snprintf(buf, sizeof buf, ",%.6f", r);
      csv += buf;
    }
    out << "\n";
    csv += "\n";
  }
  std::snprintf(buf, sizeof buf, "%.3f", worst);
  out << "\n"
      << above << " of " << cells
      << " ordered pairs reach a ratio above 1.1 (A at least 10% worse than B on some instance);\n"
      << "largest: " << worst_pair << " = " << buf
      << ". PISA's finding: no scheduler dominates; each has instances where others beat it.\n";
  if (!opts.csv_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(opts.csv_dir, ec);
    const auto path = std::filesystem::path(opts.csv_dir) / "adversary_pairwise.csv";
    std::ofstream f(path);
    f << csv;
    if (!f) {
      out << "error: cannot write " << path.string() << "\n";
      return 1;
    }
    out << "  (CSV: " << path.string() << ")\n";
  }
  return 0;
}

}  // namespace loadlab::cli
