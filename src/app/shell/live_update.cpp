#include "app/shell/live_update.h"

namespace loadlab::app {

bool live_apply(App& app, const io::Json& scenario) {
  if (auto err = set_scenario(app.state, scenario)) {
    set_status(app.state, *err, true);
    return false;
  }
  app.json_editor = app.state.scenario.dump(2);
  app_run(app);  // supersedes a running job: app_run cancels it and re-runs when it stops
  return true;
}

}  // namespace loadlab::app
