// The "dag" kind's form (docs/scenario-dag.md): graph source (inline, generator with its
// parameters, file), processors P and the schedulers to compare. Every edit rewrites the scenario
// (the single source of truth) and re-runs it on the worker (live_update.h). Sliders of large
// graphs apply on release, since validating a scenario builds its graph.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/dag/form_params.h"
#include "app/dag/form_stochastic.h"
#include "app/dag/model_machine_form.h"
#include "app/dag/module.h"
#include "app/dag/view.h"
#include "app/shell/app.h"
#include "app/widgets/algorithm_picker.h"
#include "app/widgets/input_text.h"
#include "app/widgets/number_field.h"
#include "app/widgets/plot_util.h"
#include "core/dag/generators.h"
#include "io/dag_formats/dag_formats.h"
#include "io/scenario.h"

namespace loadlab::app {

namespace {

// A slider on graph[key] that shows the dragged value at once but, for large graphs, writes it
// only when released (so the UI thread validates one big graph, not one per frame).
bool slider(DagDeferredSlider& d, const char* label, io::Json& obj, const char* key, double def,
            double lo, double hi, bool integer, bool log, bool defer, const char* fmt = nullptr) {
  double v = obj.value(key, def);
  if (d.label == label) v = d.value;
  bool edited;
  const ImGuiSliderFlags f = log ? ImGuiSliderFlags_Logarithmic : ImGuiSliderFlags_None;
  if (integer) {
    int iv = static_cast<int>(v);
    edited =
        slider_int(label, &iv, static_cast<int>(lo), static_cast<int>(hi), fmt ? fmt : "%d", f);
    v = iv;
  } else {
    edited = slider_scalar(label, ImGuiDataType_Double, &v, &lo, &hi, fmt ? fmt : "%.3g", f);
  }
  if (ImGui::IsItemActive()) d.label = label, d.value = v;
  const bool commit = defer ? ImGui::IsItemDeactivatedAfterEdit() : edited;
  if (ImGui::IsItemDeactivated()) d.label.clear();
  if (!commit) return false;
  if (integer)
    obj[key] = static_cast<std::int64_t>(std::llround(v));
  else
    obj[key] = v;
  return true;
}

// A generator's own fields (the ones io/kinds/dag.cpp accepts for it).
bool generator_fields(DagDeferredSlider& d, io::Json& g, bool defer) {
  const std::string gen = g.value("generator", std::string("lu"));
  bool ch = false;
  if (gen == "lu" || gen == "gaussian") {
    ch |= slider(d, "Matrix size", g, "size", gen == "lu" ? 62 : 63, gen == "lu" ? 1 : 2, 200, true,
                 false, defer);
  } else if (gen == "laplace") {
    ch |= slider(d, "Width", g, "width", 32, 1, 256, true, false, defer);
    ch |= slider(d, "Iterations", g, "iterations", 60, 1, 500, true, false, defer);
  } else if (gen == "stencil") {
    ch |= slider(d, "Width", g, "width", 40, 1, 1000, true, false, defer);
    ch |= slider(d, "Steps", g, "steps", 50, 1, 1000, true, false, defer);
  } else if (gen == "fft") {
    int lg = static_cast<int>(std::lround(std::log2(std::max(2, g.value("points", 256)))));
    char buf[32];
    std::snprintf(buf, sizeof buf, "%d points", 1 << lg);
    if (slider_int("Points", &lg, 1, 16, buf)) g["points"] = 1 << lg, ch = true;
  } else if (gen == "fork_join") {
    ch |= slider(d, "Width", g, "width", 8, 1, 256, true, false, defer);
    ch |= slider(d, "Stages", g, "stages", 4, 1, 256, true, false, defer);
  } else if (gen == "out_tree" || gen == "in_tree") {
    ch |= slider(d, "Branching", g, "branching", 2, 1, 8, true, false, defer);
    ch |= slider(d, "Depth", g, "depth", 5, 0, 16, true, false, true);
  } else if (gen == "saga_chains") {  // SAGA's weights: no CCR or cost fields
    ch |= slider(d, "Chains", g, "num_chains", 2, 1, 256, true, false, defer);
    return ch | slider(d, "Chain length", g, "chain_length", 3, 1, 256, true, false, defer);
  } else if (gen == "saga_out_tree" || gen == "saga_in_tree") {
    ch |= slider(d, "Branching", g, "branching_factor", 2, 1, 8, true, false, defer);
    return ch | slider(d, "Levels", g, "num_levels", 3, 0, 16, true, false, true);
  } else if (gen == "wfcommons_recipe") {  // costs fitted on real traces: no CCR or cost fields
    const auto& recipes = core::wfcommons_recipe_names();
    const std::string recipe = g.value("recipe", std::string("blast"));
    if (ImGui::BeginCombo("Recipe", recipe.c_str())) {
      for (const auto& r : recipes)
        if (ImGui::Selectable(r.c_str(), r == recipe) && r != recipe) g["recipe"] = r, ch = true;
      ImGui::EndCombo();
    }
    return ch | slider(d, "Tasks", g, "tasks", 50, core::wfcommons_recipe_min_tasks(recipe), 2000,
                       true, true, true);
  } else if (gen == "layered") {
    ch |= slider(d, "Tasks n", g, "n", 100, 1, 1000000, true, true, true);
    ch |= slider(d, "Fat", g, "fat", 0.5, 0.01, 1, false, false, defer);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Level width ~ n^fat");
    ch |= slider(d, "Density", g, "density", 0.5, 0, 1, false, false, defer);
    ch |= slider(d, "Regularity", g, "regularity", 0.5, 0, 1, false, false, defer);
    ch |= slider(d, "Jump", g, "jump", 1, 1, 10, true, false, defer);
  }
  ch |= slider(d, "CCR", g, "ccr", 1.0, 0.01, 100, false, true, defer);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Communication-to-computation ratio (average edge / average task cost)");
  ch |= slider(d, "Mean task cost", g, "mean_comp", 10.0, 0.1, 1000, false, true, defer);
  const char* dists[] = {"uniform", "exponential", "unit"};
  const std::string dist = g.value("distribution", std::string("uniform"));
  int di =
      static_cast<int>(std::find(std::begin(dists), std::end(dists), dist) - std::begin(dists));
  if (ImGui::Combo("Costs", &di, dists, 3)) g["distribution"] = dists[di], ch = true;
  return ch;
}

// The machine: identical processors, speeds per processor (a compact "1, 2, 4" field),
// and links of unit time per datum, one uniform bandwidth, or a matrix edited in the JSON. An ETC
// matrix is shown, not edited here. io's errors name the field (/machine/speeds/2) in the
// status line, and the last one about the machine is repeated under these fields.
bool machine_fields(App& app, io::Json& doc) {
  DagMachineFields f = read_machine_fields(doc);
  DagViewState& v = dag_state(app);
  bool changed = false;
  const int p = doc.value("processors", 4);
  if (f.model == DagMachineFields::etc) {
    ImGui::TextDisabled("ETC matrix: a time per task and processor (edit it in the JSON)");
  } else {
    const char* models[] = {"identical", "speeds"};
    int model = f.model;
    if (ImGui::Combo("Processors are", &model, models, 2) && model != f.model) {
      f.model = static_cast<DagMachineFields::Model>(model);
      if (f.model == DagMachineFields::speeds && f.speed_values.empty()) {
        // A first heterogeneous machine: speeds 1, 2, 1, 2, ... so the change is visible.
        for (int i = 0; i < p; ++i) f.speed_values.push_back(i % 2 ? 2.0 : 1.0);
      }
      changed = true;
    }
    if (f.model == DagMachineFields::speeds) {
      const std::string current = speeds_text(f.speed_values);
      // The field shows the scenario's speeds unless it is being typed in.
      if (!v.speeds_active && v.speeds_edit_for != current) {
        v.speeds_edit = current;
        v.speeds_edit_for = current;
      }
      input_text("Speeds", v.speeds_edit);
      v.speeds_active = ImGui::IsItemActive();
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "One per processor, e.g. 1, 2, 4: a task of cost c takes c / speed. "
            "Applied when you press Enter or leave the field.");
      if (ImGui::IsItemDeactivatedAfterEdit()) {
        std::string error;
        if (auto parsed = parse_speeds(v.speeds_edit, &error)) {
          f.speed_values = *parsed;
          v.speeds_error.clear();
          changed = true;
        } else {
          v.speeds_error = "Speeds: " + error;
        }
      }
    }
  }
  const char* links[] = {"unit (data = time)", "one bandwidth", "matrix (in the JSON)"};
  int l = f.links;
  if (ImGui::Combo("Links", &l, links, f.links == DagMachineFields::matrix ? 3 : 2) &&
      l != f.links) {
    f.links = static_cast<DagMachineFields::Links>(l);
    changed = true;
  }
  if (f.links == DagMachineFields::uniform) {
    double b = f.bandwidth;
    const double lo = 0.01, hi = 1000;
    if (slider_scalar("Bandwidth", ImGuiDataType_Double, &b, &lo, &hi, "%.3g",
                      ImGuiSliderFlags_Logarithmic))
      f.bandwidth = b, changed = true;
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Every link: an edge's data d takes d / bandwidth between two processors");
  }
  if (!v.speeds_error.empty())
    ImGui::TextColored({1, 0.45f, 0.45f, 1}, "%s", v.speeds_error.c_str());
  const std::string& st = app.state.status;
  if (app.state.status_is_error && st.rfind("/machine", 0) == 0) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored({1, 0.45f, 0.45f, 1}, "%s", st.c_str());
    ImGui::PopTextWrapPos();
  }
  if (changed) write_machine_fields(doc, f);
  return changed;
}

}  // namespace

void draw_dag_form(App& app) {
  dag_refresh_model(app);
  io::Json doc = app_edit_copy(app);  // the newest edit, still parsing on the worker
  if (!doc.is_object() || !doc.contains("graph")) return;
  io::Json& graph = doc["graph"];
  bool changed = false;
  DagDeferredSlider& d = dag_state(app).deferred;
  auto model = dag_current_model(app);
  const std::int32_t tasks = model && model->error.empty() ? model->graph.size() : 0;
  const bool defer = tasks > 20000;
  ImGui::PushItemWidth(-ImGui::GetFontSize() * 7.5f);

  ImGui::TextDisabled("Task graph");
  const int source = graph.contains("file") ? 2 : graph.contains("generator") ? 1 : 0;
  const char* sources[] = {"inline", "generator", "file"};
  int pick = source;
  if (ImGui::Combo("Source", &pick, sources, source == 2 ? 3 : 2) && pick != source) {
    if (pick == 1) {
      graph = io::Json{{"generator", "lu"}, {"size", 20}, {"ccr", 1.0}};
    } else if (pick == 0 && model && model->error.empty() && tasks <= 5000) {
      graph = io::graph_to_json(model->graph);  // freeze the current graph so it can be edited
    } else if (pick == 0) {
      graph = io::Json{
          {"tasks",
           {{{"id", "a"}, {"cost", 2}}, {{"id", "b"}, {"cost", 3}}, {{"id", "c"}, {"cost", 1}}}},
          {"edges",
           {{{"from", "a"}, {"to", "b"}, {"cost", 1}}, {{"from", "a"}, {"to", "c"}, {"cost", 2}}}}};
    }
    changed = true;
  }
  if (pick == 1 && graph.contains("generator")) {
    const auto& names = core::generator_names();
    const std::string gen = graph.value("generator", std::string("lu"));
    if (ImGui::BeginCombo("Generator", gen.c_str())) {
      for (const auto& name : names)
        if (ImGui::Selectable(name.c_str(), name == gen) && name != gen) {
          // Keep the cost fields; drop the old generator's own fields (the kind rejects them).
          io::Json ng{{"generator", name}};
          // SAGA's weights and WfCommons' fitted costs take only a seed
          const bool saga = name.rfind("saga_", 0) == 0 || name == "wfcommons_recipe";
          for (const char* k : {"ccr", "mean_comp", "distribution", "seed"})
            if (graph.contains(k) && (!saga || std::string(k) == "seed")) ng[k] = graph[k];
          graph = ng;
          changed = true;
        }
      ImGui::EndCombo();
    }
    changed |= generator_fields(d, graph, defer);
    int seed = static_cast<int>(doc.value("seed", std::int64_t{1}));
    if (ImGui::InputInt("Seed", &seed)) doc["seed"] = std::max(seed, 0), changed = true;
  } else if (source == 2) {
    ImGui::TextWrapped("File: %s", graph.value("file", std::string()).c_str());
    changed |=
        slider(d, "Bandwidth B/s", graph, "bandwidth", 1e8, 1e3, 1e12, false, true, true, "%.3g");
  } else {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("Edit tasks and edges in the Scenario JSON below.");
    ImGui::PopStyleColor();
  }
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("File > Import also reads .stg, .dot and WfCommons .json graphs.");
  ImGui::PopStyleColor();
  if (model && model->error.empty())
    ImGui::Text("%d tasks, %lld edges, CCR %s", tasks,
                static_cast<long long>(model->graph.edge_count()),
                short_number(model->ccr).c_str());
  else if (dag_state(app).builder.busy())
    ImGui::TextDisabled("building the graph...");

  ImGui::Spacing();
  ImGui::TextDisabled("Machine");
  int p = doc.value("processors", 4);
  if (slider_int("Processors P", &p, 1, 64))
    doc["processors"] = std::clamp(p, 1, 4096), changed = true;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Fully connected processors. Type up to 4096 in the box");
  changed |= machine_fields(app, doc);
  changed |= dag_stochastic_fields(doc);
  ImGui::PopItemWidth();

  // Schedulers: two columns of checkboxes, in the descriptor table's order.
  ImGui::Spacing();
  ImGui::TextDisabled("Schedulers");
  AlgorithmPickerOptions picker;
  picker.tooltip = [](const std::string& name) -> const char* {
    return name == "optimal" ? "Branch and bound: proven optimum for graphs of at most 24 tasks"
                             : nullptr;
  };
  picker.presets = {{"FLB paper set", {"flb", "etf", "mcp", "fcp", "dsc_llb"}},
                    {"notes' priorities", {"hlfet", "hlfnet", "scfet", "scfnet", "random"}}};
  picker.none_checked_note = "(none checked: flb, etf, mcp and dsc_llb run)";
  changed |= algorithm_picker(doc, "dag", picker);
  ImGui::PushItemWidth(-ImGui::GetFontSize() * 7.5f);
  changed |= dag_param_fields(doc, pick == 1);
  ImGui::PopItemWidth();

  if (changed) {
    app_edit_restore(app, doc);
    live_apply(app, doc, dag_machine_make_consistent(doc));
  }
}

}  // namespace loadlab::app
