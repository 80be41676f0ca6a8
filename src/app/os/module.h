// The "os" kind's room (OsViewState) and the functions its module registers.
#pragma once

#include "app/os/view_state.h"

namespace loadlab::app {

struct App;

OsViewState& os_state(App& app);
const OsViewState& os_state(const App& app);

void draw_os_view(
    App& app);  // os/view.cpp: processors x time chart, response times, policies compared
void draw_os_form(App& app);  // os/form.cpp: processors, job stream, costs, policies

}  // namespace loadlab::app
