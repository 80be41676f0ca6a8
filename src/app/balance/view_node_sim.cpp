// Node-simulation mode of the network view: toolbar, per-frame update and the message overlay.
#include "app/balance/view_node_sim.h"
#include "app/balance/module.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "app/shell/app.h"
#include "app/widgets/model_network.h"
#include "app/widgets/number_field.h"
#include "app/widgets/view_colours.h"
#include "core/balance/registry.h"
#include "io/kinds/balance.h"
#include "sim/programs/balance_nodes.h"

namespace loadlab::app {

namespace {

constexpr int kMaxThreads = 4;  // the browser's engine pool (WorkerPool::max_threads)

bool stepping(const NodeSimState& ns) {
  return ns.runner.active() && !ns.paused &&
         !(ns.have_snap && (ns.snap.finished || ns.snap.failed));
}

void remember_inputs(NodeSimState& ns, const AppState& st) {
  ns.start_nodes = balance_scene(st).topology->size();
  ns.start_kind = balance_scene(st).topology->kind();
  ns.start_edges = balance_scene(st).topology->edge_count();
  ns.start_loads = balance_scene(st).loads;
}

// The run no longer matches the scenario (a new one was loaded or edited): its loads would
// colour the wrong nodes.
bool inputs_changed(const NodeSimState& ns, const AppState& st) {
  if (!balance_scene(st).topology || st.kind != "balance") return true;
  const core::Topology& t = *balance_scene(st).topology;
  return t.size() != ns.start_nodes || t.kind() != ns.start_kind ||
         t.edge_count() != ns.start_edges || balance_scene(st).loads != ns.start_loads;
}

void clear_run(NodeSimState& ns) {
  ns.runner.reset();
  ns.have_snap = false;
  ns.snap.in_flight.clear();
  ns.anim = 1.0;
  ns.matches_central = -1;
}

// 1 if the finished run's loads equal the centralized result's final_loads, 0 if not, -1 if that
// result is not there (yet).
int compare_with_central(const NodeSimState& ns, const AppState& st) {
  // The typed results (io::BalanceRunResult): no result JSON is read back.
  for (const auto& r : st.typed_results) {
    const auto* b = dynamic_cast<const io::BalanceRunResult*>(r.get());
    if (!b || b->failed() || b->algorithm != ns.snap.algorithm) continue;
    return b->result.final_loads == ns.snap.loads ? 1 : 0;
  }
  return -1;
}

// Once per frame: poll the runner, animate, measure, follow scenario changes.
void update(App& app) {
  NodeSimState& ns = node_sim_state(app);
  if (ns.last_update_frame == app.state.frames) return;
  ns.last_update_frame = app.state.frames;
  const float dt = ImGui::GetIO().DeltaTime;
  ns.frame_ms = dt * 1000.0f;
  ns.frame_ms_avg =
      ns.frame_ms_avg == 0 ? ns.frame_ms : 0.9f * ns.frame_ms_avg + 0.1f * ns.frame_ms;
  if (!ns.runner.active()) return;
  if (inputs_changed(ns, app.state)) {
    clear_run(ns);
    return;
  }
  if (stepping(ns)) {
    ns.frame_ms_max_running = std::max(ns.frame_ms_max_running, ns.frame_ms);
    ns.frames_running++;
  }
  if (ns.runner.poll(ns.snap)) {
    ns.have_snap = true;
    ns.anim = 0.0;
  }
  // Dots travel for one superstep interval. Paused, they stop half-way along their link (still
  // in flight: they are delivered by the next superstep).
  const double rate = ns.paused ? 1.0 / 0.4 : ns.fast ? 60.0 : std::max(0.05, double(ns.speed));
  ns.anim = std::min(ns.paused ? std::max(ns.anim, 0.5) : 1.0, ns.anim + dt * rate);
  if (ns.have_snap && ns.snap.finished && ns.matches_central < 0)
    ns.matches_central = compare_with_central(ns, app.state);
}

int clamp_threads(int t) {
  return std::clamp(t, 1, kMaxThreads);
}

}  // namespace

std::vector<std::string> node_sim_candidates(const App& app) {
  std::vector<std::string> out;
  const AppState& st = app.state;
  if (!balance_scene(st).topology || st.kind != "balance") return out;
  // The typed scenario's algorithms (those named, or the default set the topology supports).
  const std::vector<std::string> named =
      st.parsed ? st.parsed->algorithms : std::vector<std::string>{};
  for (const std::string& a : sim::node_balance_algorithms()) {
    if (!named.empty() && std::find(named.begin(), named.end(), a) == named.end()) continue;
    if (core::balance_unsupported_reason(a, *balance_scene(st).topology).empty()) out.push_back(a);
  }
  return out;
}

bool node_sim_active(const App& app) {
  return node_sim_state(app).enabled && balance_scene(app.state).topology &&
         app.state.kind == "balance";
}

const core::LoadVector* node_sim_loads(const App& app) {
  if (!node_sim_active(app)) return nullptr;
  const NodeSimState& ns = node_sim_state(app);
  const std::size_t n = static_cast<std::size_t>(balance_scene(app.state).topology->size());
  if (ns.runner.active() && ns.have_snap && ns.snap.loads.size() == n) return &ns.snap.loads;
  return balance_scene(app.state).loads.size() == n ? &balance_scene(app.state).loads : nullptr;
}

// Which node programs exist and where they run, from the balance table (no list of our own).
static std::string no_node_program_message() {
  std::string have;
  for (const std::string& a : sim::node_balance_algorithms())
    if (const core::BalanceAlgorithm* row = core::find_balance_algorithm(a))
      have += (have.empty() ? "" : "; ") + a + ": " + row->info.applies_to;
  return "no node program fits this scenario (" + have + ")";
}

std::string node_sim_start(App& app, const std::string& algorithm, int threads, double speed,
                           bool paused) {
  NodeSimState& ns = node_sim_state(app);
  const std::vector<std::string> candidates = node_sim_candidates(app);
  if (candidates.empty()) return no_node_program_message();
  std::string alg = algorithm.empty() ? ns.algorithm : algorithm;
  if (std::find(candidates.begin(), candidates.end(), alg) == candidates.end()) {
    if (!algorithm.empty())
      return "algorithm \"" + algorithm + "\" has no node program for this scenario";
    alg = candidates.front();
  }
  clear_run(ns);
  ns.enabled = true;
  ns.algorithm = alg;
  ns.threads = clamp_threads(threads);
  ns.fast = speed <= 0;
  if (speed > 0) ns.speed = static_cast<float>(speed);
  ns.paused = paused;
  ns.frame_ms_max_running = 0;
  ns.frames_running = 0;
  ns.overlay_ms_max = 0;
  remember_inputs(ns, app.state);
  ns.runner.start(alg, *balance_scene(app.state).topology, balance_scene(app.state).loads,
                  ns.threads, ns.fast ? 0.0 : double(ns.speed), paused);
  return "";
}

void node_sim_set_speed(App& app, double supersteps_per_second) {
  NodeSimState& ns = node_sim_state(app);
  ns.fast = supersteps_per_second <= 0;
  if (!ns.fast) ns.speed = static_cast<float>(supersteps_per_second);
  ns.runner.set_speed(ns.fast ? 0.0 : double(ns.speed));
}

bool node_sim_command(App& app, const std::string& command) {
  NodeSimState& ns = node_sim_state(app);
  if (command == "pause") {
    ns.paused = true;
    ns.runner.pause();
  } else if (command == "resume") {
    if (!ns.runner.active())
      return node_sim_start(app, "", ns.threads, ns.fast ? 0 : ns.speed, false).empty();
    ns.paused = false;
    ns.runner.resume();
  } else if (command == "step") {
    if (!ns.runner.active()) {
      if (!node_sim_start(app, "", ns.threads, ns.fast ? 0 : ns.speed, true).empty()) return false;
    }
    ns.paused = true;
    ns.runner.single_step();
  } else if (command == "reset") {
    clear_run(ns);
    ns.paused = false;
  } else if (command == "off") {
    clear_run(ns);
    ns.enabled = false;
  } else {
    return false;
  }
  return true;
}

namespace {

double now_ms() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

void draw_node_sim_controls(App& app) {
  const double t0 = now_ms();
  update(app);
  node_sim_state(app).overlay_ms = static_cast<float>(now_ms() - t0);  // the overlay adds its share
  NodeSimState& ns = node_sim_state(app);
  const float em = ImGui::GetFontSize();
  bool on = ns.enabled;
  if (ImGui::Checkbox("Node programs", &on)) {
    if (on)
      ns.enabled = true;
    else
      node_sim_command(app, "off");
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Run the algorithm as per-node programs on the BSP engine (worker threads):\n"
        "every node knows only its own load and its neighbours' messages.");
  if (!ns.enabled) {
    ImGui::SameLine();
    return;
  }

  const std::vector<std::string> candidates = node_sim_candidates(app);
  if (candidates.empty()) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", no_node_program_message().c_str());
    return;
  }
  if (std::find(candidates.begin(), candidates.end(), ns.algorithm) == candidates.end()) {
    ns.algorithm = candidates.front();
    // Prefer the algorithm of the result the view shows.
    const auto& res = app.state.results;
    if (res.is_array() && app.state.selected_result < static_cast<int>(res.size())) {
      const std::string sel = res[app.state.selected_result].value("algorithm", "");
      if (std::find(candidates.begin(), candidates.end(), sel) != candidates.end())
        ns.algorithm = sel;
    }
  }
  const bool active = ns.runner.active();
  const bool done = active && ns.have_snap && (ns.snap.finished || ns.snap.failed);

  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 4.5f);
  if (ImGui::BeginCombo("##alg", ns.algorithm.c_str())) {
    for (const auto& a : candidates)
      if (ImGui::Selectable(a.c_str(), a == ns.algorithm) && a != ns.algorithm) {
        ns.algorithm = a;
        clear_run(ns);
      }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 5);
  int threads = ns.threads;
  if (readable_slider_int("##threads", &threads, 1, kMaxThreads, "%d thr")) {
    ns.threads = clamp_threads(threads);
    clear_run(ns);  // the thread count is fixed per run (results do not depend on it)
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Engine threads (results do not depend on it)");

  ImGui::SameLine();
  const bool running = active && !ns.paused && !done;
  if (ImGui::Button(running ? "Pause##ns" : done ? "Replay##ns" : "Play##ns", {em * 4, 0})) {
    if (running)
      node_sim_command(app, "pause");
    else if (done || !active)
      node_sim_start(app, ns.algorithm, ns.threads, ns.fast ? 0 : ns.speed, false);
    else
      node_sim_command(app, "resume");
  }
  ImGui::SameLine();
  ImGui::BeginDisabled(done);
  if (ImGui::Button("Step##ns")) node_sim_command(app, "step");
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!active);
  if (ImGui::Button("Reset##ns")) node_sim_command(app, "reset");
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(ns.fast);
  ImGui::SetNextItemWidth(em * 7);
  float speed = ns.speed;
  if (readable_slider_float("##speed", &speed, 0.5f, 500.0f, "%.1f step/s",
                            ImGuiSliderFlags_Logarithmic))
    node_sim_set_speed(app, std::max(0.5f, speed));
  ImGui::EndDisabled();
  ImGui::SameLine();
  bool fast = ns.fast;
  if (ImGui::Checkbox("max", &fast)) node_sim_set_speed(app, fast ? 0.0 : double(ns.speed));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("As fast as possible");

  // Second row: counters.
  if (active && ns.have_snap) {
    const NodeSimSnapshot& s = ns.snap;
    if (s.failed) {
      ImGui::TextColored({1.0f, 0.45f, 0.4f, 1.0f}, "Node simulation failed: %s", s.error.c_str());
      return;
    }
    // Supersteps run so far (including quiet ones that only detect the end) against the paper's
    // bound on communication steps: "13 (bound 12)" read like an overrun.
    ImGui::Text(
        "communication steps %lld of at most %lld (paper's bound), supersteps run %lld"
        "  messages %lld  tasks moved %lld  in flight %zu",
        static_cast<long long>(s.supersteps), static_cast<long long>(s.expected),
        static_cast<long long>(s.executed), static_cast<long long>(s.messages),
        static_cast<long long>(s.tasks_moved), s.in_flight.size());
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "A superstep: every node computes, then sends; messages arrive in the next one.\n"
          "Communication steps count supersteps up to the last one that sent a message\n"
          "(the papers' measure); a final superstep only receives, so supersteps run can\n"
          "exceed the bound by one.");
    if (app.developer_overlay) {  // frame timings are for developers (View > Developer overlay)
      ImGui::SameLine();
      ImGui::TextDisabled("| step %.2f ms | frame %.1f ms (max %.1f, overlay %.2f)", s.last_step_ms,
                          ns.frame_ms_avg, ns.frame_ms_max_running, ns.overlay_ms);
    }
    if (s.finished) {
      ImGui::SameLine();
      if (ns.matches_central == 1)
        ImGui::TextColored({0.5f, 0.9f, 0.5f, 1.0f}, "= central result");
      else if (ns.matches_central == 0)
        ImGui::TextColored({1.0f, 0.45f, 0.4f, 1.0f}, "differs from central result!");
    }
  } else if (active) {
    ImGui::TextDisabled("starting %s on %d thread(s)...", ns.algorithm.c_str(), ns.threads);
  } else {
    ImGui::TextDisabled("%s as node programs: Play to run, Step for one superstep.",
                        ns.algorithm.c_str());
  }
}

void draw_node_sim_overlay(App& app, const NodeSimView& v) {
  NodeSimState& ns = node_sim_state(app);
  if (!node_sim_active(app) || !ns.runner.active() || !ns.have_snap) return;
  const double t0 = now_ms();
  struct Account {  // adds this call's time to the per-frame figure on every return path
    NodeSimState& ns;
    double t0;
    ~Account() {
      ns.overlay_ms += static_cast<float>(now_ms() - t0);
      ns.overlay_ms_max = std::max(ns.overlay_ms_max, ns.overlay_ms);
    }
  } account{ns, t0};
  const auto& msgs = ns.snap.in_flight;
  const BalanceScene& scene = balance_scene(app.state);
  const auto& layout = scene.layout;
  const int n = static_cast<int>(layout.size());
  if (msgs.empty() || n == 0) return;
  const float f = static_cast<float>(ns.anim);
  const bool wraps = scene.topology && scene.topology->kind() == core::TopologyKind::Torus;
  const float rc = std::clamp(v.node_radius * 0.35f, 1.5f, 6.0f * app.ui_scale);
  const float rt = std::clamp(v.node_radius * 0.5f, 2.0f, 8.0f * app.ui_scale);
  // A dot travels from the sender's rim to the receiver's rim (layout units -> pixels first).
  auto pos = [&](const sim::InFlight& m, ImVec2& out) {
    if (m.from < 0 || m.to < 0 || m.from >= n || m.to >= n) return false;
    core::Point a = layout[m.from], b = layout[m.to];
    float t_seg = f;
    if (wraps && is_wrap_link(*scene.topology, m.from, m.to)) {
      // A torus wrap-around message leaves through the border stub, then comes back in through
      // the opposite one (as the network view draws the link).
      Segment seg[2];
      link_segments(*scene.topology, layout, m.from, m.to, seg);
      const Segment& s = f < 0.5f ? seg[0] : seg[1];
      a = s.a, b = s.b;
      t_seg = f < 0.5f ? f * 2 : f * 2 - 1;
    }
    const float ax = v.centre_x + (a.x - 0.5f + v.pan_x) * v.scale;
    const float ay = v.centre_y + (a.y - 0.5f + v.pan_y) * v.scale;
    const float dx = (b.x - a.x) * v.scale, dy = (b.y - a.y) * v.scale;
    const float len = std::sqrt(dx * dx + dy * dy);
    const float inset = len > 2 * v.node_radius ? v.node_radius / len : 0.0f;
    const float t = inset + (1 - 2 * inset) * t_seg;
    out = {ax + dx * t, ay + dy * t};
    return out.x >= v.clip_x0 - rt && out.y >= v.clip_y0 - rt && out.x <= v.clip_x1 + rt &&
           out.y <= v.clip_y1 + rt;
  };
  // Bound the work: with more visible messages than max_dots draw an even sample of them.
  ImVec2 p;
  std::size_t visible = 0;
  if (msgs.size() > static_cast<std::size_t>(ns.max_dots))
    for (const auto& m : msgs) visible += pos(m, p) ? 1 : 0;
  const std::size_t stride = visible > static_cast<std::size_t>(ns.max_dots)
                                 ? (visible + ns.max_dots - 1) / ns.max_dots
                                 : 1;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 task_col = view_contrast(IM_COL32(255, 170, 40, 255), 3.0f),
              ctrl_col = view_contrast(IM_COL32(120, 210, 255, 230), 3.0f);
  const int segs = rc > 3 ? 10 : 6;
  // The sample is picked by a hash of the message's rank among the visible ones: a plain every
  // stride-th pick would alias with the senders' id pattern (e.g. bands on a hypercube layout).
  std::uint32_t k = 0;
  for (const auto& m : msgs) {
    if (!pos(m, p)) continue;
    if (stride > 1 && ((k++ * 2654435761u) >> 8) % stride != 0) continue;
    if (m.tasks > 0)
      dl->AddCircleFilled(p, rt, task_col, segs);
    else
      dl->AddCircleFilled(p, rc, ctrl_col, segs);
  }
}

io::Json node_sim_json(const App& app, bool with_loads) {
  const NodeSimState& ns = node_sim_state(app);
  const NodeSimSnapshot& s = ns.snap;
  const bool have = ns.runner.active() && ns.have_snap;
  io::Json j = {{"enabled", ns.enabled},
                {"active", ns.runner.active()},
                {"algorithm", ns.algorithm},
                {"threads", have ? s.threads : ns.threads},
                {"speed", ns.fast ? 0.0 : double(ns.speed)},
                {"paused", ns.paused},
                {"running", stepping(ns)},
                {"finished", have && s.finished},
                {"failed", have && s.failed},
                {"error", have ? s.error : std::string()},
                {"superstep", have ? s.executed : 0},
                {"supersteps", have ? s.supersteps : 0},
                {"expected_supersteps", have ? s.expected : 0},
                {"messages", have ? s.messages : 0},
                {"tasks_moved", have ? s.tasks_moved : 0},
                {"in_flight", have ? s.in_flight.size() : 0},
                {"version", have ? s.version : 0},
                {"busy_seconds", have ? s.busy_seconds : 0.0},
                {"off_ui_thread", have && s.off_ui_thread},
                {"matches_central", ns.matches_central},
                {"frames_running", ns.frames_running},
                {"frame_ms_max", ns.frame_ms_max_running},
                {"frame_ms_avg", ns.frame_ms_avg},
                {"overlay_ms", ns.overlay_ms},
                {"overlay_ms_max", ns.overlay_ms_max},
                {"candidates", node_sim_candidates(app)}};
  if (with_loads && have && s.finished) j["final_loads"] = s.loads;
  return j;
}

}  // namespace loadlab::app
