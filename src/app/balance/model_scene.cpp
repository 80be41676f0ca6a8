#include "app/balance/model_scene.h"

#include <algorithm>
#include <memory>

#include "io/kinds/balance.h"

namespace loadlab::app {

DerivedScenario derive_balance_scene(const io::TypedScenario& parsed) {
  const auto* b = dynamic_cast<const io::BalanceScenario*>(&parsed);
  if (!b) return nullptr;
  auto scene = std::make_shared<BalanceScene>();
  scene->topology = b->topology;  // read once by io (the network view draws its own copy)
  scene->loads = b->loads;
  scene->layout = scene->topology->layout();
  return scene;
}

const BalanceScene& balance_scene(const AppState& s) {
  static const BalanceScene none;  // immutable: shared by every state without a scene
  const auto* scene = dynamic_cast<const BalanceScene*>(s.derived.get());
  return scene ? *scene : none;
}

int balance_step_count(const AppState& s, int index) {
  if (index < 0 || index >= static_cast<int>(s.typed_results.size())) return 0;
  const auto* r = dynamic_cast<const io::BalanceRunResult*>(
      s.typed_results[static_cast<std::size_t>(index)].get());
  if (!r || r->failed()) return 0;
  int steps = 0;
  for (const auto& t : r->result.transfers) steps = std::max(steps, t.step + 1);
  return steps;
}

}  // namespace loadlab::app
