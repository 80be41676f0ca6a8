// `loadlab explain SCENARIO [--algorithm A] [--step K] [--json]`: runs a scenario and prints each
// algorithm's narration (its citation, pseudo-code and one caption per step), the same text the
// playground shows under its view.
#pragma once

#include <ostream>
#include <string>

namespace loadlab::cli {

struct ExplainOptions {
  std::string scenario;     ///< file, '-' = stdin
  std::string algorithm;    ///< "" = every algorithm of the scenario
  int step = -1;            ///< with step_given: only this step
  bool step_given = false;  ///< --step was given (else every step)
  bool json = false;
};

/// The option descriptions and examples shown by `loadlab explain --help`.
extern const char* const kExplainHelp;

/// Returns the exit code: 0, 2 bad input (scenario, unknown algorithm, step out of range, a kind
/// that narrates nothing; the message on `err`), 3 an algorithm failed at run time.
int explain_command(const ExplainOptions& options, std::ostream& out, std::ostream& err);

}  // namespace loadlab::cli
