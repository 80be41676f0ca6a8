// Placeholder until the paper's issue lands.
#include "cli/commands.h"

namespace loadlab::cli {

int reproduce_dlt(const ReproduceOptions&, std::ostream& out) {
  out << "reproduce dlt: not available in this build yet\n";
  return 2;
}

}  // namespace loadlab::cli
