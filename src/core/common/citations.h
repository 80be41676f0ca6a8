// The sources LoadLab's algorithms come from, in one table, and how user-visible text cites them.
//
// Every algorithm row's `paper` field (core::AlgorithmInfo) is "KEY WHERE[; KEY WHERE ...]": a
// citation key of this table followed by the section, figure or table inside that source, e.g.
// "wu1997 §3.1, Fig 5". The help panel, tooltips, results tables and the CLI render it through
// cite_sources() / cite_full(), so the same paper is named the same way everywhere and no
// user-visible text shows a key or a file name.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace loadlab::core {

struct Citation {
  const char* key;         ///< e.g. "wu1997"; the first word of a `paper` field
  const char* authors;     ///< e.g. "M.-Y. Wu"
  const char* short_name;  ///< e.g. "Wu (1997)": how running text names it
  const char* title;
  const char* venue;  ///< journal / proceedings / "course notes"
  const char* year;   ///< "1997"; "undated" when the source carries no date
  const char* link;   ///< DOI or URL; "" when none is known
};

/// Every source, the five papers the project is built from first.
const std::vector<Citation>& citations();

/// The row called `key`, or nullptr.
const Citation* find_citation(std::string_view key);

/// One source named by a `paper` field: the citation (nullptr if the key is unknown) and the
/// place inside it ("§3.1, Fig 5"; may be empty). `raw` is the segment as written.
struct SourceRef {
  const Citation* citation = nullptr;
  std::string where;
  std::string raw;
};

/// The sources of a `paper` field, split at "; " outside parentheses.
std::vector<SourceRef> parse_sources(std::string_view paper);

/// Short form for running text: "Wu (1997), §3.1, Fig 5; Radulescu & van Gemund (1999), §3.1".
/// A segment whose key is unknown is shown as written.
std::string cite_sources(std::string_view paper);

/// Full reference: `M.-Y. Wu, "On Runtime Parallel Scheduling for Processor Load Balancing",
/// IEEE Transactions on Parallel and Distributed Systems, 1997` (plus the link when known).
std::string cite_full(const Citation& c);

/// The full reference of the source called `key`, then the place inside it when given
/// (`..., 1996, Section 3.1`): how a narration names its source. Throws std::invalid_argument for
/// a key the table lacks (a programming error the narration tests catch).
std::string cite_full(std::string_view key, std::string_view where);

}  // namespace loadlab::core
