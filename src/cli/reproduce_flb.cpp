// Placeholder until the paper's issue lands.
#include "cli/commands.h"

namespace loadlab::cli {

int reproduce_flb(const ReproduceOptions&, std::ostream& out) {
  out << "reproduce flb: not available in this build yet\n";
  return 2;
}

}  // namespace loadlab::cli
