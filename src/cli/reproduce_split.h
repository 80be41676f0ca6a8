// Splitting a reproduction's independent runs across processes (ReproduceOptions::part) without
// rewriting its printer: the reproduction's code runs twice.
//
// Pass 1 runs everywhere: each run (SplitRuns::next) is computed only by the process it belongs to
// (run u on part u % parts) and its numbers are serialized; the rest of the pass prints into
// nothing. Then every part's runs are gathered on part 0, which runs the code again (pass 2): now
// `next` hands back the gathered numbers instead of computing, and the pass prints for real. So the
// printing code is the single-process code, and one process (no gather) needs a single pass that
// computes and prints. Used by reproduce notes, partition, rips and os.
#pragma once

#include <cstddef>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/commands.h"

namespace loadlab::cli {

/// One run's results: numbers and strings read back in the order they were put.
class RunRecord {
 public:
  void put(double x);
  void put_text(const std::string& s);
  double number();
  bool flag() { return number() != 0; }
  std::string text();

 private:
  friend class SplitRuns;
  std::string bytes_;
  std::size_t at_ = 0;
  /// A run another process computes (pass 1): reads give 0 and "", as nothing is printed from it.
  bool blank_ = false;
};

class SplitRuns {
 public:
  /// The next run (in the same order in both passes): `compute` fills its record if this process
  /// computes it now; otherwise the gathered record (pass 2) or a blank one (pass 1).
  RunRecord next(const std::function<void(RunRecord&)>& compute);

 private:
  friend int run_split(
      const ReproduceOptions&, std::ostream&,
      const std::function<int(const ReproduceOptions&, SplitRuns&, std::ostream&)>&);
  explicit SplitRuns(const ReproduceOptions& opts) : opts_(opts) {}
  const ReproduceOptions& opts_;
  bool replay_ = false;  // pass 2 on part 0
  std::size_t index_ = 0;
  std::string mine_;  // this part's records, each preceded by its length
  std::vector<std::string> parts_;
  std::vector<std::size_t> at_;
};

/// Runs `pass(opts, runs, out)` once (one process) or in the two passes above, and returns the
/// printing pass's exit code (0 on parts other than 0, which print nothing). In pass 1 of a split
/// run `out` discards everything and opts.csv_dir is empty, so only part 0 writes CSV files.
int run_split(const ReproduceOptions& opts, std::ostream& out,
              const std::function<int(const ReproduceOptions&, SplitRuns&, std::ostream&)>& pass);

}  // namespace loadlab::cli
