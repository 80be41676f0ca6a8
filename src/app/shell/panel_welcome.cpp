// The welcome panel: what LoadLab is, a gallery of ready scenarios (the papers' worked
// examples and one big scenario per kind, io/presets.cpp) and the keyboard shortcuts. Shown on a
// first visit that did not open a given scenario; dismissing is remembered (platform settings:
// localStorage / ~/.config/loadlab/settings); Help > Welcome brings it back.
#include <imgui.h>

#include <map>

#include "app/shell/panel_help.h"
#include "app/shell/panel_lessons.h"
#include "app/shell/platform.h"
#include "app/shell/ui.h"
#include "io/presets.h"
#include "io/scenario.h"

namespace loadlab::app {

namespace {

constexpr const char* kDismissedKey = "welcome_dismissed";

// One line per preset; presets added later fall back to their menu title.
const std::map<std::string, const char*>& blurbs() {
  static const std::map<std::string, const char*> m = {
      {"adversary_flb_etf",
       "Adversarial search: vary the graph (costs, edges) to find where FLB does worst against "
       "ETF; open the worst instance with both Gantt charts side by side."},
      {"wu_example1",
       "Wu (1997), Example 1: the tree walking algorithm moves 9 tasks; TWA equals the optimum."},
      {"wu_example3",
       "Wu (1997), Example 3 (Fig 1): cube walking vs dimension exchange vs the task-hop optimum."},
      {"wu_example4", "Wu (1997), Example 4: the mesh walking algorithm on a 4x4 mesh."},
      {"wu_random_cube", "A random 6-cube with about 20 tasks per node: where CWA and DEM differ."},
      {"notes_problem2", "Course notes Problem 2: one averaging sweep leaves 7500 on every node."},
      {"notes_problem3", "Course notes Problem 3: 22 sweeps of GDE until max - min < 1."},
      {"flb_table1",
       "Radulescu & van Gemund, FLB: Fast Load Balancing, Table 1: FLB, ETF and MCP list schedules "
       "of an 8-task graph, with the optimum."},
      {"dag_stochastic_example",
       "Random task costs: HEFT, CPOP, PEFT and DLS plan on mean + std (SHEFT); each schedule "
       "runs 2,000 times with drawn costs, and the Gantt chart shades each task's p5-p95 end."},
      {"loop_decreasing",
       "Houstis et al. (1996), loop scheduling: nine techniques on a loop with expensive early "
       "iterations."},
      {"os_mixed",
       "Houstis et al. (1996), the operating-system layer: eight policies on a Poisson stream of "
       "parallel jobs."},
      {"os_coscheduling_fragmentation",
       "Houstis et al. (1996), coscheduling: how a 10- and a 5-process job fragment 10 "
       "processors."},
      {"dlt_example1",
       "Li, Veeravalli & Ko, divisible load on a hypercube, Example 1: the closed-form divisible "
       "load schedule, T* = 273.8."},
      {"dlt_example4",
       "Li, Veeravalli & Ko, Examples 3-4: finite buffers (IBS) and a smallest share (Algorithms "
       "A, A')."},
      {"dynamic_hotspot_mesh",
       "Tasks keep arriving at one node of a mesh: seven dynamic strategies."},
      {"dynamic_bursts_hypercube", "Bursts of tasks on a 4-cube: who absorbs them fastest."},
      {"dynamic_bnb_ring", "A branch-and-bound tree grows on a ring of 8."},
      {"partition_grid",
       "Houstis et al. (1996), Table 1: ten mesh partitioners on a 32x32 grid, mapped onto a "
       "3-cube."},
      {"partition_holes_hot", "A mesh with holes and a heavy region, 16 parts on a 4x4 torus."},
      {"big_balance", "4,096 nodes: CWA and DEM against the min-cost-flow optimum."},
      {"big_dag",
       "An LU task graph of 1,953 tasks: four list and clustering schedulers on 8 processors."},
      {"big_loop", "A Mandelbrot loop of 10,000 uneven rows: nine techniques on 16 processors."},
      {"big_dlt", "1,048,576 processors, finite buffers: closed form, IBS and Algorithms A, A'."},
      {"big_dynamic", "A hot spot on 256 nodes with steady arrivals: seven strategies."},
      {"big_partition", "65,536 vertices in 64 parts, mapped onto a 6-cube."},
      {"big_os", "80 parallel jobs with barriers on 32 processors under eight OS policies."},
  };
  return m;
}

}  // namespace

std::string example_label(const io::Preset& preset) {
  if (preset.scenario.contains("name") && preset.scenario["name"].is_string())
    return preset.scenario["name"].get<std::string>();
  return preset.title;
}

std::string example_blurb(const io::Preset& preset) {
  const auto it = blurbs().find(preset.name);
  return it != blurbs().end() ? it->second : preset.title;
}

bool open_example(App& app, const std::string& name) {
  for (const auto& p : io::presets())
    if (p.name == name) {
      app_load_scenario(app, p.scenario, "example " + p.name);
      return true;
    }
  return false;
}

void open_welcome(App& app) {
  app.help.welcome_decided = true;
  app.help.welcome_open = true;
}

void dismiss_welcome(App& app) {
  app.help.welcome_open = false;
  platform_save_setting(kDismissedKey, "1");
}

void draw_welcome_window(App& app) {
  HelpUi& h = app.help;
  if (!h.welcome_decided) {
    h.welcome_decided = true;
    h.welcome_open =
        platform_load_setting(kDismissedKey) != "1" && !platform_opened_with_scenario();
  }
  if (!h.welcome_open) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float f = ImGui::GetFontSize();
  ImGui::SetNextWindowSize(
      {std::min(62 * f, vp->WorkSize.x * 0.9f), std::min(46 * f, vp->WorkSize.y * 0.9f)},
      ImGuiCond_Appearing);
  ImGui::SetNextWindowPos(
      {vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f},
      ImGuiCond_Appearing, {0.5f, 0.5f});
  ImGui::SetNextWindowBgAlpha(1.0f);
  bool open = true;
  if (ImGui::Begin("Welcome to LoadLab###welcome", &open,
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse)) {
    ImGui::TextWrapped(
        "LoadLab runs the algorithms of five classic papers on load balancing and scheduling: "
        "moving tasks across processor networks (trees, hypercubes, meshes), scheduling task "
        "graphs and parallel loops, dividing a load over a hypercube, partitioning meshes and "
        "OS-level policies. Every result is checked by an independent verifier, and a scenario "
        "is a small JSON document: File > Copy link shares it with its results.");
    ImGui::Spacing();
    if (ImGui::Button("Start exploring")) open = false;
    ImGui::SameLine();
    if (ImGui::Button("Open the user guide")) open_user_guide(app);
    ImGui::SameLine();
    ImGui::TextDisabled("(Help > Welcome shows this again)");
    ImGui::Separator();

    const float shortcuts_w = 21 * f;
    ImGui::BeginChild("gallery", {-shortcuts_w, 0}, false);
    if (draw_lessons_section(app)) open = false;
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::TextUnformatted("Ready scenarios: click one to open and run it");
    for (const auto& k : io::scenario_kinds()) {
      bool header = false;
      for (const auto& p : io::presets()) {
        if (p.scenario.value("kind", "") != k.name) continue;
        if (!header) {
          ImGui::Spacing();
          ImGui::TextColored({0.55f, 0.75f, 1.0f, 1.0f}, "%s", k.title);
          header = true;
        }
        ImGui::PushID(p.name.c_str());
        if (ImGui::Selectable(example_label(p).c_str())) {
          open_example(app, p.name);
          open = false;
        }
        if (ImGui::IsItemHovered())
          ImGui::SetTooltip(
              "%s\nClick to open it here; the command line prints it with: loadlab "
              "preset %s",
              p.title.c_str(), p.name.c_str());
        ImGui::Indent();
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("%s", example_blurb(p).c_str());
        ImGui::PopTextWrapPos();
        ImGui::Unindent();
        ImGui::PopID();
      }
    }
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("keys", {0, 0}, true);
    ImGui::TextUnformatted("Keyboard");
    ImGui::Separator();
    const char* keys[][2] = {
        {"F1", "help on the selected algorithm"},   {"Ctrl+Enter", "run the scenario"},
        {"Space", "play / pause the steps"},        {"Left / Right", "previous / next step"},
        {"Ctrl+= / Ctrl+-", "UI larger / smaller"}, {"Ctrl+L", "copy a share link"},
    };
    for (const auto& kv : keys) {
      ImGui::TextUnformatted(kv[0]);
      ImGui::Indent();
      ImGui::TextDisabled("%s", kv[1]);
      ImGui::Unindent();
    }
    ImGui::Spacing();
    ImGui::TextUnformatted("Mouse");
    ImGui::Separator();
    ImGui::TextDisabled("drag: pan\nwheel: zoom at the cursor\nhover: details");
    ImGui::EndChild();
  }
  ImGui::End();
  if (!open) dismiss_welcome(app);
}

}  // namespace loadlab::app
