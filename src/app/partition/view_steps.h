// The partition view's "Bisection steps" tab (view_steps.cpp).
#pragma once

namespace loadlab::app {

struct App;
struct PartitionViewState;

/// The first bisection of the selected method: the bisector's key (ORB-E: the Fiedler vector) as a
/// heatmap over the mesh, and the Kernighan–Lin / FM moves (ORB-KL) with a step slider, the moved
/// vertices highlighted and the cut after each step plotted.
void draw_partition_steps_tab(App& app, PartitionViewState& c, int sel);

}  // namespace loadlab::app
