#include "app/shell/kinds.h"

#include "app/shell/ui.h"
#include "io/scenario.h"

namespace loadlab::app {

namespace {

void balance_loaded(App& app) {
  app.balance.form.from_json(app.state.scenario, io::algorithm_names_of("balance"));
  // The link's view state (select, step, zoom, pan): applied once its results arrive.
  app.link.balance_pending = read_balance_ui(app.state.scenario.value("ui", io::Json::object()));
  app.link.balance_results_seen = nullptr;
}

}  // namespace

const std::vector<UiKind>& ui_kinds() {
  static const std::vector<UiKind> kinds = {
      {"balance", "Network###main", draw_balance_form, draw_balance_view, balance_loaded},
      {"dlt", "Divisible load###main", draw_dlt_form, draw_dlt_view, nullptr},
      {"loop", "Loop schedule###main", draw_loop_form, draw_loop_view, nullptr},
      {"dag", "Task graph###main", draw_dag_form, draw_dag_view, nullptr},
      {"partition", "Mesh partition###main", draw_partition_form, draw_partition_view, nullptr},
      {"os", "OS scheduling###main", draw_os_form, draw_os_view, nullptr},
      {"dynamic", "Dynamic balancing###main", draw_dynamic_form, draw_dynamic_view, nullptr},
  };
  return kinds;
}

const UiKind* find_ui_kind(std::string_view kind) {
  for (const auto& k : ui_kinds())
    if (kind == k.kind) return &k;
  return nullptr;
}

}  // namespace loadlab::app
