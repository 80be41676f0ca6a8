#include "app/live_update.h"

namespace loadlab::app {

namespace {
bool pending = false;  // one App per process; see loop_runner.h for the same note
}  // namespace

bool live_apply(App& app, const io::Json& scenario) {
  if (auto err = set_scenario(app.state, scenario)) {
    set_status(app.state, *err, true);
    return false;
  }
  app.json_editor = app.state.scenario.dump(2);
  if (app.jobs.busy()) {
    app.jobs.cancel();
    pending = true;
  } else {
    app_run(app);
  }
  return true;
}

void live_service(App& app) {
  if (pending && !app.jobs.busy()) {
    pending = false;
    app_run(app);
  }
}

bool live_pending() { return pending; }

const void* results_identity(const AppState& s) {
  if (!s.results.is_array()) return nullptr;
  return s.results.get_ptr<const io::Json::array_t*>();
}

}  // namespace loadlab::app
