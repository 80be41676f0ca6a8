// Strategy "none": every task runs on the node where it appears (the baseline every dynamic
// comparison in ../shared/seeds/000_ace8fcde3218dd88.txt Section 1 and 003 is measured against).
#include "core/dynamic/strategies.h"

namespace loadlab::core {

namespace {
class NoneStrategy final : public DynamicStrategy {};
}  // namespace

std::unique_ptr<DynamicStrategy> make_none_strategy() {
  return make_dynamic_strategy<NoneStrategy>();
}

}  // namespace loadlab::core
