// The dag form's machine editor, headless: the scenario's "machine" object
// (docs/scenario-dag.md: speeds, bandwidth matrix, ETC) read into the form's fields and written
// back, and the rules that keep an edited scenario valid the way the balance form keeps loads
// following the node count: speeds and a uniform bandwidth follow P, and schedulers defined for
// identical processors are unchecked when the speeds become unequal (io would refuse them).
// Tested in tests/app/test_dag_adversary_model.cpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "io/json_reader.h"

namespace loadlab::app {

/// What the form shows of "machine".
struct DagMachineFields {
  enum Model { identical = 0, speeds = 1, etc = 2 } model = identical;
  std::vector<double> speed_values;  ///< model speeds
  enum Links { unit = 0, uniform = 1, matrix = 2 } links = unit;
  double bandwidth = 1;  ///< links uniform: every off-diagonal entry
};

/// Reads a dag scenario's "machine" (absent: identical processors, unit links).
DagMachineFields read_machine_fields(const io::Json& scenario);

/// Writes the fields into the scenario's "machine" (removed when identical with unit links; an ETC
/// matrix or a non-uniform bandwidth matrix is kept as it is).
void write_machine_fields(io::Json& scenario, const DagMachineFields& f);

/// "1, 2, 4" (shortest text that reads back the same numbers).
std::string speeds_text(const std::vector<double>& speeds);
/// Parses "1, 2, 4" (commas and/or spaces). On failure nullopt and `error` names the entry.
std::optional<std::vector<double>> parse_speeds(const std::string& text, std::string* error);

/// Keeps an edited dag scenario valid: speeds and a uniform bandwidth matrix follow "processors"
/// (new processors get speed 1), and the schedulers that refuse the machine are unchecked (when
/// none is left the heterogeneous default set runs). Returns notes for the status line.
std::vector<std::string> dag_machine_make_consistent(io::Json& scenario);

}  // namespace loadlab::app
