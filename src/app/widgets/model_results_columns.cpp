#include "app/widgets/model_results_columns.h"

#include <algorithm>

namespace loadlab::app {

const std::vector<std::string>& ResultsColumnMemory::columns(const std::string& kind,
                                                             const std::vector<std::string>& now) {
  auto& order = kinds_[kind].order;
  for (const auto& key : now)
    if (std::find(order.begin(), order.end(), key) == order.end()) order.push_back(key);
  return order;
}

float ResultsColumnMemory::width(const std::string& kind, const std::string& key, float wanted) {
  float& w = kinds_[kind].widths[key];
  w = std::max(w, wanted);
  return w;
}

void ResultsColumnMemory::reset(const std::string& kind) {
  kinds_.erase(kind);
}

}  // namespace loadlab::app
