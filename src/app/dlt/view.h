// What the DLT view (view.cpp) and form (form.cpp) share; their state is dlt_state(app), the kind
// room (view_state.h).
#pragma once

#include <imgui.h>

#include <string>

namespace loadlab::app {

/// An algorithm's colour in every DLT chart (closed_form, algorithm_a, ibs, algorithm_a_prime).
ImU32 dlt_algorithm_colour(const std::string& name);

}  // namespace loadlab::app
