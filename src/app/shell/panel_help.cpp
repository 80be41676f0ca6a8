// The per-algorithm help window, the Help > Algorithms menu, and tooltips on algorithm names and
// results columns. Algorithm text: the kind's core descriptor table (core::AlgorithmInfo) via
// io::find_kind; metric text: the table below (units and directions from docs/scenario-*.md).
#include "app/shell/panel_help.h"

#include <imgui.h>

#include <cstring>

#include "app/shell/ui.h"
#include "core/common/algorithm_info.h"
#include "io/scenario.h"

namespace loadlab::app {

namespace {

const core::AlgorithmInfo* find_info(const std::string& kind, const std::string& algorithm) {
  const io::KindHandler* k = io::find_kind(kind);
  return k ? core::find_algorithm(k->algorithms(), algorithm) : nullptr;
}

struct MetricInfo {
  const char* kind;  ///< "" = any kind
  const char* key;   ///< result key without "metrics."
  const char* header;
  const char* what;
  const char* unit;
  int better;  ///< -1 lower is better, +1 higher is better, 0 neither (a fact)
};

// clang-format off
const MetricInfo kMetrics[] = {
    // balance (docs/scenario-balance.md)
    {"balance", "task_hops", "task-hops", "Tasks moved times links crossed: the cost the optimum minimises (Wu, On Runtime Parallel Scheduling for Processor Load Balancing, 1997, §2).", "task x hop", -1},
    {"balance", "non_local_tasks", "non-local tasks", "Tasks that end on another node than where they started.", "tasks", -1},
    {"balance", "min_non_local_tasks", "min non-local", "The fewest tasks any full balancing must move (000 Theorem 2).", "tasks", 0},
    {"balance", "max_minus_min", "max - min", "Final load spread: largest minus smallest node load; <= 1 means fully balanced.", "tasks", -1},
    {"balance", "fully_balanced", "balanced", "Whether max - min <= 1 after the run (000 Theorem 1).", "yes/no", 1},
    {"balance", "comm_steps", "comm. steps", "Communication steps as the paper counts them: information steps + exchange steps.", "steps", -1},
    {"balance", "exchange_steps", "exchange steps", "Steps in which tasks actually move.", "steps", -1},
    {"balance", "steps", "steps", "Communication steps recorded in the transfer list.", "steps", -1},
    {"balance", "messages", "messages", "Messages sent (each transfer over one link).", "messages", -1},
    {"balance", "transfers", "transfers", "Transfers in the result (one sender, one receiver, a task count).", "transfers", -1},
    {"balance", "std_dev", "std. dev.", "Standard deviation of the final loads.", "tasks", -1},
    {"balance", "sweeps", "sweeps", "Iterations of the iterative scheme until it stopped.", "sweeps", -1},
    {"balance", "supersteps", "supersteps", "BSP supersteps of the node simulation.", "supersteps", -1},
    {"balance", "control_messages", "control msgs", "Messages that carry information, not tasks.", "messages", -1},
    // dag (docs/scenario-dag.md)
    {"dag", "makespan", "makespan", "Finish time of the last task of the schedule.", "time units", -1},
    {"dag", "lower_bound", "lower bound", "max(critical path, total work / P): no schedule is shorter. On a machine: the critical path of each task's fastest time, and total cost / sum of speeds (ETC: sum of per-task minima / P).", "time units", 0},
    {"dag", "nsl_lower_bound", "NSL (bound)", "Makespan divided by the lower bound (normalised schedule length).", "ratio", -1},
    {"dag", "nsl_mcp", "NSL vs MCP", "Makespan divided by MCP's makespan (FLB paper Section 6).", "ratio", -1},
    {"dag", "nsl_heft", "NSL vs HEFT", "Makespan divided by HEFT's makespan: the reference on heterogeneous machines, where MCP does not apply.", "ratio", -1},
    {"dag", "speedup", "speedup", "Sequential time (sum of task costs; on a machine the best single processor's time) / makespan.", "x", 1},
    {"dag", "efficiency", "efficiency", "Speedup / processors used.", "fraction 0..1", 1},
    {"dag", "scheduling_time_ms", "sched. time", "Wall time the scheduler took (not deterministic).", "ms", -1},
    {"dag", "processors", "P", "Processors available to the scheduler.", "processors", 0},
    {"dag", "processors_used", "P used", "Processors that run at least one task (clustering may use more than P).", "processors", 0},
    // loop (docs/scenario-loop.md)
    {"loop", "parallel_time", "parallel time", "T_par: when the last thread finishes (with scheduling overhead).", "time units", -1},
    {"loop", "percent_imbalance", "imbalance", "(T_par - mean finish) / T_par * P/(P-1) * 100.", "%", -1},
    {"loop", "num_chunks", "chunks", "Chunks handed out (each one a scheduling operation).", "chunks", -1},
    {"loop", "synchronizations", "syncs", "Synchronisation operations the technique needs (scheduling steps).", "operations", -1},
    {"loop", "cov", "CoV", "Standard deviation / mean of the threads' finish times.", "ratio", -1},
    // dlt (docs/scenario-dlt.md)
    {"dlt", "finish_time", "finish time", "T: when the last processor finishes computing its share.", "time units", -1},
    {"dlt", "iterations", "iterations", "Rounds of the iterative algorithm.", "rounds", -1},
    {"dlt", "processors", "processors", "Processors that receive a share of the load.", "processors", 0},
    {"dlt", "trials", "trials", "Candidate layer counts tried.", "trials", -1},
    {"dlt", "last_layer", "last layer", "Deepest layer of the cube that receives load.", "layer", 0},
    {"dlt", "feasible", "feasible", "Whether every share fits the buffers and the granularity.", "yes/no", 1},
    {"dlt", "enough_buffers", "buffers ok", "Whether the buffers can hold the shares.", "yes/no", 1},
    // dynamic (docs/scenario-dynamic.md)
    {"dynamic", "completion_time", "completion", "When the last task finishes.", "time units", -1},
    {"dynamic", "efficiency", "efficiency", "Total work / (N x completion time).", "fraction 0..1", 1},
    {"dynamic", "total_work", "total work", "Sum of the task durations.", "time units", 0},
    {"dynamic", "tasks", "tasks", "Tasks executed.", "tasks", 0},
    {"dynamic", "idle_time", "idle time", "Per node: completion - busy, summed.", "time units", -1},
    {"dynamic", "migrations", "migrations", "Tasks moved between nodes.", "tasks", -1},
    {"dynamic", "task_hops", "task-hops", "Tasks moved times links crossed.", "task x hop", -1},
    {"dynamic", "messages", "messages", "Messages sent by the strategy.", "messages", -1},
    {"dynamic", "system_phases", "sys. phases", "Global balancing phases (RIPS).", "phases", -1},
    {"dynamic", "cost_function", "cost", "The receiver-initiated scheme's cost function (3), summed over rounds (0 for others).", "cost", -1},
    {"dynamic", "events", "events", "Events the simulator processed.", "events", 0},
    // partition (docs/scenario-partition.md)
    {"partition", "edge_cut", "edge cut", "Weight of mesh edges between different parts.", "edge weight", -1},
    {"partition", "imbalance", "imbalance", "Heaviest part weight / average part weight (1 = perfectly even).", "ratio", -1},
    {"partition", "communication_volume", "comm. volume", "Sum over vertices of the number of other parts among their neighbours (METIS totalv).", "vertices", -1},
    {"partition", "boundary_vertices", "boundary", "Vertices with a neighbour in another part.", "vertices", -1},
    {"partition", "hop_weighted_cut", "hop cut", "Edge cut weighted by processor hops after mapping.", "edge weight x hop", -1},
    {"partition", "natural_hop_weighted_cut", "hop cut (natural)", "Hop-weighted cut with part i on processor i.", "edge weight x hop", -1},
    {"partition", "objective_2", "objective 2", "max over parts of part weight + cut x hops to adjacent parts (survey 002, objective (2)).", "weight", -1},
    {"partition", "natural_objective_2", "objective 2 (natural)", "Objective (2) with part i on processor i.", "weight", -1},
    {"partition", "max_neighbour_parts", "max nbr parts", "Most parts adjacent to any one part.", "parts", -1},
    {"partition", "empty_parts", "empty parts", "Parts without vertices.", "parts", -1},
    {"partition", "disconnected_parts", "split parts", "Parts that are not connected.", "parts", -1},
    {"partition", "swaps", "swaps", "Vertex moves of the refinement.", "moves", 0},
    {"partition", "time_ms", "time", "Wall time of the method (not deterministic).", "ms", -1},
    // os (docs/scenario-os.md)
    {"os", "makespan", "makespan", "When the last job finishes.", "time units", -1},
    {"os", "mean_response_time", "mean response", "Average of finish - arrival over the jobs.", "time units", -1},
    {"os", "throughput", "throughput", "Jobs / makespan.", "jobs per time unit", 1},
    {"os", "utilization", "utilization", "Useful compute / (P x makespan).", "fraction 0..1", 1},
    {"os", "fairness", "fairness", "Jain's index of the jobs' slowdowns (1 = all equal).", "index 0..1", 1},
    {"os", "fragmentation", "fragmentation", "Idle processor time while a job is in the system / (P x that time) (002 §4.2).", "fraction 0..1", -1},
    {"os", "time_lost", "time lost", "Processor time lost to switches, reloads, migrations, checkpoints.", "time units", -1},
    {"os", "idle", "idle", "Processor time with nothing to run.", "time units", -1},
    {"os", "busy", "busy", "Processor time spent running threads.", "time units", 0},
    // any kind
    {"", "verified", "verified", "The independent verifier (src/core/verify) accepted the result.", "yes/no", 1},
    {"", "nodes", "nodes", "Nodes of the network.", "nodes", 0},
    {"", "threads", "threads", "Threads the run used.", "threads", 0},
};
// clang-format on

const MetricInfo* find_metric(const std::string& kind, const std::string& key) {
  const std::string k = key.rfind("metrics.", 0) == 0 ? key.substr(8) : key;
  for (const auto& m : kMetrics)
    if (kind == m.kind && k == m.key) return &m;
  for (const auto& m : kMetrics)
    if (!*m.kind && k == m.key) return &m;
  return nullptr;
}

void draw_algorithm_text(const std::string& kind, const core::AlgorithmInfo& a) {
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + 34 * ImGui::GetFontSize());
  ImGui::Text("%s (%s)", a.title, a.name);
  ImGui::TextDisabled("kind %s | runs on: %s", kind.c_str(), a.applies_to);
  ImGui::Separator();
  ImGui::TextWrapped("%s", a.description);
  if (a.formula && *a.formula) {
    ImGui::Spacing();
    ImGui::TextDisabled("Formula / sketch");
    ImGui::TextUnformatted(a.formula);
  }
  ImGui::Spacing();
  ImGui::Text("Complexity: %s",
              a.complexity && *a.complexity ? a.complexity : "not stated by the paper");
  ImGui::Text("Paper: %s", a.paper);
  if (a.unbounded) ImGui::TextDisabled("May use more processors than given (clustering).");
  ImGui::PopTextWrapPos();
}

}  // namespace

void open_algorithm_help(App& app, const std::string& kind, const std::string& algorithm) {
  app.help.help_kind = kind;
  app.help.help_topic = algorithm;
  app.help.help_open = true;
  app.help.help_focus = true;
}

void open_help_for_selection(App& app) {
  const auto& st = app.state;
  std::string alg;
  if (st.results.is_array() && st.selected_result >= 0 &&
      st.selected_result < static_cast<int>(st.results.size()))
    alg = st.results[st.selected_result].value("algorithm", "");
  if (alg.empty() && st.scenario.contains("algorithms") && st.scenario["algorithms"].is_array() &&
      !st.scenario["algorithms"].empty() && st.scenario["algorithms"][0].is_string())
    alg = st.scenario["algorithms"][0].get<std::string>();
  if (alg.empty()) {
    const auto names = io::algorithm_names_of(st.kind);
    if (!names.empty()) alg = names.front();
  }
  open_algorithm_help(app, st.kind, alg);
}

void draw_help_window(App& app) {
  HelpUi& h = app.help;
  if (!h.help_open) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float f = ImGui::GetFontSize();
  ImGui::SetNextWindowSize({38 * f, 30 * f}, ImGuiCond_Appearing);
  ImGui::SetNextWindowPos(
      {vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.45f},
      ImGuiCond_Appearing, {0.5f, 0.5f});
  ImGui::SetNextWindowBgAlpha(1.0f);
  if (h.help_focus) ImGui::SetNextWindowFocus();  // in front once, when opened
  h.help_focus = false;
  if (ImGui::Begin("Algorithm help (F1)###help", &h.help_open, ImGuiWindowFlags_NoSavedSettings)) {
    // Every algorithm of the kind as a button row, then the text of the chosen one.
    if (const io::KindHandler* k = io::find_kind(h.help_kind)) {
      ImGui::TextDisabled("%s:", k->title);
      for (const auto& a : k->algorithms()) {
        ImGui::SameLine();
        if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(a.name).x + 2 * f)
          ImGui::NewLine();
        const bool on = h.help_topic == a.name;
        if (on)
          ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (ImGui::SmallButton(a.name)) h.help_topic = a.name;
        if (on) ImGui::PopStyleColor();
      }
      ImGui::Separator();
    }
    if (const core::AlgorithmInfo* a = find_info(h.help_kind, h.help_topic))
      draw_algorithm_text(h.help_kind, *a);
    else
      ImGui::TextWrapped("No algorithm '%s' in kind '%s'. Pick one from Help > Algorithms.",
                         h.help_topic.c_str(), h.help_kind.c_str());
  }
  ImGui::End();
}

void draw_help_menu_algorithms(App& app) {
  if (!ImGui::BeginMenu("Algorithms")) return;
  for (const auto& k : io::scenario_kinds()) {
    if (!ImGui::BeginMenu(k.title)) continue;
    for (const auto& a : k.algorithms()) {
      char label[160];
      std::snprintf(label, sizeof label, "%s  (%s)", a.title, a.name);
      if (ImGui::MenuItem(label)) open_algorithm_help(app, k.name, a.name);
    }
    ImGui::EndMenu();
  }
  ImGui::EndMenu();
}

void algorithm_tooltip(const std::string& kind, const std::string& algorithm) {
  if (!ImGui::IsItemHovered()) return;
  const core::AlgorithmInfo* a = find_info(kind, algorithm);
  if (!a) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
  ImGui::Text("%s (%s)", a->title, a->name);
  ImGui::TextDisabled("%s | runs on: %s", a->paper, a->applies_to);
  ImGui::TextWrapped("%s", a->description);
  if (a->complexity && *a->complexity) ImGui::Text("Complexity: %s", a->complexity);
  ImGui::TextDisabled("F1 or Help > Algorithms for the formula.");
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

std::string metric_header(const std::string& kind, const std::string& key) {
  if (const MetricInfo* m = find_metric(kind, key)) return m->header;
  std::string h = key.rfind("metrics.", 0) == 0 ? key.substr(8) : key;
  for (char& c : h)
    if (c == '_') c = ' ';
  return h;
}

void metric_tooltip(const std::string& kind, const std::string& key) {
  if (!ImGui::IsItemHovered()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 26);
  if (const MetricInfo* m = find_metric(kind, key)) {
    ImGui::TextWrapped("%s", m->what);
    ImGui::Text("Unit: %s", m->unit);
    ImGui::TextUnformatted(m->better < 0   ? "Lower is better."
                           : m->better > 0 ? "Higher is better."
                                           : "A fact, neither better nor worse.");
  } else {
    ImGui::TextUnformatted("A number the result reports.");
  }
  ImGui::TextDisabled("JSON key: %s", key.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

}  // namespace loadlab::app
