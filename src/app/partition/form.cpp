// The "partition" kind's form (docs/scenario-partition.md): the mesh (generator and its sizes, or
// the imported graph), vertex weights, P, the processor network of the allocation phase, the
// methods and their main settings. Every edit rewrites the scenario and re-runs it (live update).
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/partition/module.h"
#include "app/partition/view_state.h"
#include "app/shell/app.h"
#include "app/widgets/algorithm_picker.h"
#include "app/widgets/number_field.h"

namespace loadlab::app {

namespace {

const char* const kGenerators[] = {"grid",    "l_shape",       "with_holes",
                                   "annulus", "random_points", "graded"};

io::Json default_mesh(const std::string& g) {
  if (g == "annulus") return {{"generator", g}, {"rings", 16}, {"sectors", 64}};
  if (g == "random_points") return {{"generator", g}, {"points", 2000}};
  if (g == "with_holes") return {{"generator", g}, {"rows", 40}, {"cols", 40}, {"holes", 4}};
  if (g == "graded") return {{"generator", g}, {"rows", 32}, {"cols", 32}, {"grading", 2}};
  return {{"generator", g}, {"rows", 32}, {"cols", 32}};
}

bool partition_int_field(const char* label, io::Json& obj, const char* key, int dflt, int lo,
                         int hi, bool log = false) {
  int v = obj.value(key, dflt);
  if (!slider_int(label, &v, lo, hi, "%d",
                  log ? static_cast<int>(ImGuiSliderFlags_Logarithmic) : 0))
    return false;
  obj[key] = std::clamp(v, lo, hi);
  return true;
}

// The network of the allocation phase, sized to P nodes.
io::Json topology_for(const std::string& type, int parts) {
  if (type == "hypercube") {
    int d = 0;
    while ((1 << d) < parts) ++d;
    return {{"type", "hypercube"}, {"dim", d}};
  }
  if (type == "mesh" || type == "torus") {
    int rows = static_cast<int>(std::sqrt(static_cast<double>(parts)));
    while (rows > 1 && parts % rows != 0) --rows;
    return {{"type", type}, {"rows", rows}, {"cols", parts / rows}};
  }
  return {{"type", "ring"}, {"nodes", parts}};
}

bool is_power_of_two(int p) {
  return p > 0 && (p & (p - 1)) == 0;
}

void refining_params(io::Json& doc, const std::string& alg, bool& changed) {
  io::Json& p = doc["params"][alg];
  if (!p.is_object()) p = io::Json::object();
  ImGui::PushID(alg.c_str());
  ImGui::TextDisabled("%s", alg.c_str());
  ImGui::Indent();
  if (alg == "orb_kl" || alg == "orb_sa") {
    const char* bases[] = {"orb_m", "orb_i", "orb_e"};
    std::string b = p.value("base", std::string("orb_i"));
    if (ImGui::BeginCombo("base bisector", b.c_str())) {
      for (const char* x : bases)
        if (ImGui::Selectable(x, b == x)) p["base"] = x, changed = true;
      ImGui::EndCombo();
    }
  }
  if (alg != "orb_e") {
    double imb = p.value("imbalance", 0.03);
    const double lo = 0.0, hi = 0.3;
    if (slider_scalar("allowed imbalance", ImGuiDataType_Double, &imb, &lo, &hi, "%.3f"))
      p["imbalance"] = imb, changed = true;
  }
  if (alg == "orb_kl" || alg == "ggp" || alg == "multilevel")
    changed |= partition_int_field("passes", p, "passes", 8, 1, 100);
  if (alg == "sa" || alg == "orb_sa")
    changed |= partition_int_field("sweeps", p, "sweeps", 30, 1, 1000, true);
  if (alg == "orb_e")
    changed |= partition_int_field("coarse limit", p, "coarse_limit", 1500, 16, 200000, true);
  ImGui::Unindent();
  ImGui::PopID();
  if (p.empty()) doc["params"].erase(alg);
}

}  // namespace

void draw_partition_form(App& app) {
  io::Json doc = app_edit_copy(app);
  bool changed = false;
  ImGui::PushItemWidth(-ImGui::GetFontSize() * 7);

  io::Json& mesh = doc["mesh"];
  if (!mesh.is_object()) mesh = default_mesh("grid");
  const bool generated = mesh.contains("generator");
  if (generated) {
    std::string g = mesh.value("generator", std::string("grid"));
    if (ImGui::BeginCombo("Mesh", g.c_str())) {
      for (const char* x : kGenerators)
        if (ImGui::Selectable(x, g == x) && g != x) {
          io::Json fresh = default_mesh(x);
          if (mesh.contains("weights")) fresh["weights"] = mesh["weights"];
          mesh = fresh;
          g = x;
          changed = true;
        }
      ImGui::EndCombo();
    }
    if (g == "annulus") {
      changed |= partition_int_field("rings", mesh, "rings", 16, 2, 1000, true);
      changed |= partition_int_field("sectors", mesh, "sectors", 64, 3, 4000, true);
    } else if (g == "random_points") {
      changed |= partition_int_field("points", mesh, "points", 2000, 3, 1 << 20, true);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("seeded uniform points, Delaunay-triangulated");
    } else {
      changed |= partition_int_field("rows", mesh, "rows", 32, 2, 1448, true);
      changed |= partition_int_field("cols", mesh, "cols", 32, 2, 1448, true);
      if (g == "with_holes") changed |= partition_int_field("holes", mesh, "holes", 4, 0, 64);
      if (g == "graded") {
        changed |= partition_int_field("grading", mesh, "grading", 2, 1, 4);
      }
      if (g == "grid") {
        bool three_d = mesh.contains("depth");
        if (ImGui::Checkbox("3-D", &three_d)) {
          if (three_d)
            mesh["depth"] = 4;
          else
            mesh.erase("depth");
          changed = true;
        }
        if (three_d) changed |= partition_int_field("depth", mesh, "depth", 4, 1, 256, true);
      }
    }
  } else if (partition_state(app).model.mesh) {
    ImGui::TextWrapped(
        "Mesh: %s (%d vertices, %lld edges%s)", partition_state(app).model.mesh_description.c_str(),
        partition_state(app).model.mesh->size(),
        static_cast<long long>(partition_state(app).model.mesh->edge_count()),
        partition_state(app).model.mesh->has_coordinates()
            ? ""
            : ", no coordinates: drawn with a graph layout, which the geometric methods use too");
    if (ImGui::SmallButton("replace by a generated grid"))
      mesh = default_mesh("grid"), changed = true;
  }
  {
    std::string w = mesh.value("weights", std::string("uniform"));
    bool hot = w == "hot_region";
    if (form_checkbox("hot region (weight 4 in the lower-left quarter)", &hot)) {
      if (hot)
        mesh["weights"] = "hot_region";
      else
        mesh.erase("weights");
      changed = true;
    }
  }
  int parts = doc.value("parts", 4);
  bool parts_changed = false;
  if (slider_int("Parts P", &parts, 1, 256, "%d", ImGuiSliderFlags_Logarithmic)) {
    doc["parts"] = std::max(1, parts);
    parts = std::max(1, parts);
    changed = parts_changed = true;
  }
  ImGui::PopItemWidth();

  // Allocation phase: the network is rebuilt whenever P changes so it always has P nodes.
  ImGui::PushTextWrapPos(0);  // wraps in a narrow panel instead of being cut
  ImGui::TextDisabled("Allocation phase (objective (2))");
  ImGui::PopTextWrapPos();
  bool has_topo = doc.contains("topology");
  std::string type =
      has_topo ? doc["topology"].value("type", std::string("ring")) : std::string("ring");
  if (form_checkbox("map parts onto a network", &has_topo)) {
    if (has_topo)
      doc["topology"] = topology_for(is_power_of_two(parts) ? "hypercube" : "ring", parts);
    else
      doc.erase("topology");
    changed = true;
  }
  if (has_topo) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
    if (ImGui::BeginCombo("##topo_type", type.c_str())) {
      for (const char* x : {"hypercube", "mesh", "torus", "ring"}) {
        const bool ok = std::string(x) != "hypercube" || is_power_of_two(parts);
        if (ImGui::Selectable(x, type == x,
                              ok ? 0 : static_cast<int>(ImGuiSelectableFlags_Disabled))) {
          doc["topology"] = topology_for(x, parts);
          type = x;
          changed = true;
        }
      }
      ImGui::EndCombo();
    }
    if (parts_changed)
      doc["topology"] =
          topology_for(type == "hypercube" && !is_power_of_two(parts) ? "ring" : type, parts);
  }

  ImGui::PushTextWrapPos(0);  // wraps in a narrow panel instead of being cut
  ImGui::TextDisabled("Methods (Houstis et al., Table 1)");
  ImGui::PopTextWrapPos();
  AlgorithmPickerOptions opt;
  opt.colour = [](const std::string&) { return IM_COL32(235, 110, 90, 255); };
  opt.all_button = true;
  opt.presets = {{"geometric", {"strips_1xp", "strips_pxq", "orb_m", "orb_i"}},
                 {"refining", {"orb_kl", "ggp", "orb_sa", "sa"}}};
  opt.none_checked_note = "nothing checked: every method the mesh allows runs";
  changed |= algorithm_picker(doc, "partition", opt);

  if (ImGui::CollapsingHeader("Method settings")) {
    std::vector<std::string> listed;
    if (doc.contains("algorithms") && doc["algorithms"].is_array())
      for (const auto& a : doc["algorithms"]) listed.push_back(a.get<std::string>());
    if (!doc.contains("params") || !doc["params"].is_object()) doc["params"] = io::Json::object();
    const bool had_params = !doc["params"].empty();
    for (const char* a : {"orb_e", "orb_kl", "ggp", "orb_sa", "sa", "metis", "multilevel"})
      if (std::find(listed.begin(), listed.end(), a) != listed.end())
        refining_params(doc, a, changed);
    if (doc["params"].empty() && !had_params) doc.erase("params");
  }
  if (changed) {
    app_edit_restore(app, doc);
    live_apply(app, doc);
  }
}

}  // namespace loadlab::app
