// The results table's columns, stable across runs: per scenario kind, the columns seen so far in
// the order first seen, and each column's width from its header and the widest value it has
// shown. A re-run (or a run with a failed row, or one algorithm fewer) keeps the same columns in
// the same places; a new metric adds a column at the end. Pure, so tests/app checks it.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace loadlab::app {

class ResultsColumnMemory {
 public:
  /// The kind's columns after seeing `now` (this run's metric keys): the remembered ones in their
  /// order, then those of `now` not seen before. Keys missing from this run keep their column.
  const std::vector<std::string>& columns(const std::string& kind,
                                          const std::vector<std::string>& now);
  /// The width of `key`'s column: the largest `wanted` ever passed for it (header or value
  /// widths, in any unit the caller keeps constant, e.g. font heights), never shrinking.
  float width(const std::string& kind, const std::string& key, float wanted);
  /// Forgets a kind (e.g. a test); other kinds keep theirs.
  void reset(const std::string& kind);

 private:
  struct KindColumns {
    std::vector<std::string> order;
    std::map<std::string, float> widths;
  };
  std::map<std::string, KindColumns> kinds_;
};

}  // namespace loadlab::app
