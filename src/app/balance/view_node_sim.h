// The network view's node-simulation mode: a toolbar (node engine on/off, play/pause/step/reset,
// speed, counters, frame time) and an overlay that draws the messages of the last superstep as
// dots moving along the links, while the view colours nodes by the simulation's loads.
//
// The simulation runs on NodeSimRunner's thread (a Web Worker in the browser); everything here
// runs on the UI thread and only reads the runner's latest snapshot, so per-frame cost is
// bounded: one poll (try_lock + swap), at most max_dots dots culled to the view.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/balance/model_node_runner.h"
#include "core/model/loads.h"
#include "core/model/topology.h"
#include "io/json_reader.h"

namespace loadlab::app {

struct App;

/// Everything the node-simulation mode keeps between frames (a field of App).
struct NodeSimState {
  NodeSimRunner runner;
  /// The "node programs" toggle: the view shows the simulation instead of the step player.
  bool enabled = false;
  std::string algorithm;  ///< chosen among the scenario's node-capable algorithms
  int threads = 2;        ///< engine threads (clamped to 1..4: the browser's worker pool)
  float speed = 8.0f;     ///< supersteps per second when not `fast`
  bool fast = false;      ///< as fast as possible
  bool paused = false;    ///< the last command sent (the runner applies it between supersteps)
  int max_dots = 4096;    ///< per-frame bound on drawn messages

  NodeSimSnapshot snap;  ///< the UI's copy of the last published superstep
  bool have_snap = false;
  double anim = 1.0;  ///< 0..1: how far the snapshot's messages have travelled

  // What the current run started from (a scenario change resets the run).
  int start_nodes = 0;
  core::TopologyKind start_kind = core::TopologyKind::Custom;
  std::int64_t start_edges = 0;
  core::LoadVector start_loads;

  // Frame times (ms) as the UI thread sees them.
  long long last_update_frame = -1;
  float frame_ms = 0, frame_ms_avg = 0;
  float frame_ms_max_running = 0;  ///< max while the current run was stepping
  long long frames_running = 0;    ///< frames drawn while it was stepping
  int matches_central = -1;        ///< once finished: 1 = final loads equal the run's result
  float overlay_ms = 0, overlay_ms_max = 0;  ///< this mode's own UI-thread time per frame
};

/// View transform of the network canvas (the mapping of balance/view_network.cpp: screen =
/// centre + (p - 0.5 + pan) * scale), its clip rectangle and the node radius in pixels.
struct NodeSimView {
  float clip_x0 = 0, clip_y0 = 0, clip_x1 = 0, clip_y1 = 0;
  float centre_x = 0, centre_y = 0, scale = 1, pan_x = 0, pan_y = 0;
  float node_radius = 4;
};

/// Toolbar row at the top of the network view. Also advances the mode once per frame (polls the
/// runner, animation clock, frame times, resets the run when the scenario changed). When the mode
/// is off it draws only the toggle and leaves the cursor on the same line.
void draw_node_sim_controls(App& app);

/// Messages of the last superstep as dots moving from sender to receiver. Call inside the
/// canvas's clip rectangle after the nodes are drawn; does nothing when the mode is off.
void draw_node_sim_overlay(App& app, const NodeSimView& view);

/// True when the view must show the simulation (hide the step player and transfer arrows).
bool node_sim_active(const App& app);

/// The loads to colour nodes with while node_sim_active(): the last completed superstep's, or the
/// scenario's initial loads before a run. nullptr when the mode is off.
const core::LoadVector* node_sim_loads(const App& app);

/// The scenario's algorithms that have node programs and fit its topology.
std::vector<std::string> node_sim_candidates(const App& app);

/// Starts a run (turning the mode on). algorithm "" = the default candidate; speed <= 0 = as fast
/// as possible. Returns an error text, or "" on success. UI thread.
std::string node_sim_start(App& app, const std::string& algorithm, int threads, double speed,
                           bool paused);

/// "pause", "resume", "step", "reset", "off". Returns false for an unknown command. UI thread.
bool node_sim_command(App& app, const std::string& command);

/// Supersteps per second; <= 0 = as fast as possible. UI thread.
void node_sim_set_speed(App& app, double supersteps_per_second);

/// The test hook's view of the mode; `with_loads` adds final_loads once finished.
io::Json node_sim_json(const App& app, bool with_loads);

}  // namespace loadlab::app
