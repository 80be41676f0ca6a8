// The "partition" kind's room (PartitionViewState) and the functions its module registers.
#pragma once

#include "app/partition/view_state.h"

namespace loadlab::app {

struct App;

PartitionViewState& partition_state(App& app);
const PartitionViewState& partition_state(const App& app);

void draw_partition_view(
    App& app);  // partition/view.cpp: mesh by part, methods compared, parts on the network
void draw_partition_form(App& app);  // partition/form.cpp: mesh generator, parts, network, methods

}  // namespace loadlab::app
