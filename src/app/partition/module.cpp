// The "partition" kind's module: its room and every hook the shell calls (shell/registry.h).
#include "app/partition/module.h"

#include "app/model/ui_state.h"
#include "app/partition/model_import.h"
#include "app/shell/app.h"
#include "app/shell/registry.h"
#include "io/kinds/partition.h"

namespace loadlab::app {

namespace {

struct PartitionRoom : KindRoom {
  PartitionViewState state;
};

class PartitionModule final : public KindModule {
 public:
  const char* kind() const override { return "partition"; }
  const char* window_title() const override { return "Mesh partition###main"; }
  std::unique_ptr<KindRoom> make_room() const override { return std::make_unique<PartitionRoom>(); }
  void draw_form(App& app) const override { draw_partition_form(app); }
  void draw_views(App& app) const override { draw_partition_view(app); }

  void test_state(App& app, io::Json& j, bool /*full*/) const override {
    // Set by the view each frame it draws: another kind's scenario has no mesh layout.
    j["mesh_layout"] = app.state.kind == kind() ? partition_state(app).mesh_layout : std::string();
    const float* b = partition_state(app).canvas_box;
    j["mesh_canvas"] = {b[0], b[1], b[2], b[3]};
    // The mesh tab's big-mesh drawing: "texture" (dense), "points" or "" (ImDrawList, small).
    j["mesh_draw"] = partition_state(app).renderer.drawn_as();
    j["mesh_texture_builds"] = partition_state(app).renderer.texture_builds();
  }
  DerivedScenario derive(const io::TypedScenario& parsed) const override {
    // The view asks the network for its layout on the UI thread; for a big custom graph that is
    // the graph layout (up to seconds): computed here, on the opener's worker, into the
    // layout's per-graph cache, the view gets it at once.
    if (const auto* part = dynamic_cast<const io::PartitionScenario*>(&parsed))
      if (part->topology) (void)part->topology->layout();
    return nullptr;
  }

  void save_ui(const App& app, UiState& u) const override {
    save_tab(u, "partition_view", partition_state(app).tabs.shown, kPartitionTabs);
  }
  NarrationView narration(const App& app) const override {
    if (app.state.kind != kind()) return {};
    return partition_state(app).narration.view();
  }
  bool caption_player(const App&) const override { return true; }
  // The mesh sits under the summary and the tabs (its controls overlay it): 0.66 leaves it over
  // 55% of the height at 1280 x 800, and the results pane five of the example's ten rows.
  float view_share(const App&) const override { return 0.66f; }
  void step_by(App& app, int delta) const override {
    auto& n = partition_state(app).narration;
    n.seek(n.step + delta);
  }
  std::optional<io::Json> command(App& app, const std::string& name,
                                  const io::Json& args) const override {
    if (app.state.kind != kind()) return std::nullopt;
    return narration_set_step_command(partition_state(app).narration, name, args);
  }
  std::vector<FileImporter> importers() const override {
    // METIS/Chaco meshes open as a partition scenario; a .xyz attaches coordinates to it.
    return {FileImporter{wrap_mesh_file_as_scenario, is_coordinates_file, attach_coordinates_file}};
  }

  std::vector<MetricHelp> metric_help() const override {
    return {
        {"edge_cut", "edge cut", "Weight of mesh edges between different parts.", "edge weight",
         -1},
        {"imbalance", "imbalance",
         "Heaviest part weight / average part weight (1 = perfectly even).", "ratio", -1},
        {"communication_volume", "comm. volume",
         "Sum over vertices of the number of other parts among their neighbours (METIS totalv).",
         "vertices", -1},
        {"boundary_vertices", "boundary", "Vertices with a neighbour in another part.", "vertices",
         -1},
        {"hop_weighted_cut", "hop cut", "Edge cut weighted by processor hops after mapping.",
         "edge weight x hop", -1},
        {"natural_hop_weighted_cut", "hop cut (natural)",
         "Hop-weighted cut with part i on processor i.", "edge weight x hop", -1},
        {"objective_2", "objective 2",
         "max over parts of part weight + cut x hops to adjacent parts (Houstis et al. 1996, "
         "objective (2)).",
         "weight", -1},
        {"natural_objective_2", "objective 2 (natural)",
         "Objective (2) with part i on processor i.", "weight", -1},
        {"max_neighbour_parts", "max nbr parts", "Most parts adjacent to any one part.", "parts",
         -1},
        {"empty_parts", "empty parts", "Parts without vertices.", "parts", -1},
        {"disconnected_parts", "split parts", "Parts that are not connected.", "parts", -1},
        {"swaps", "swaps", "Vertex moves of the refinement.", "moves", 0},
        {"time_ms", "time", "Wall time of the method (not deterministic).", "ms", -1},
    };
  }
};

const KindRegistrar partition_registrar{std::make_unique<PartitionModule>()};

}  // namespace

PartitionViewState& partition_state(App& app) {
  return app.room<PartitionRoom>().state;
}
const PartitionViewState& partition_state(const App& app) {
  return app.room<PartitionRoom>().state;
}

}  // namespace loadlab::app
