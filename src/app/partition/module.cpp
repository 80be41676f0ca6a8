// The "partition" kind's module: its room and every hook the shell calls (shell/registry.h).
#include "app/partition/module.h"

#include "app/model/ui_state.h"
#include "app/partition/model_import.h"
#include "app/shell/registry.h"
#include "app/shell/ui.h"

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

  void save_ui(const App& app, UiState& u) const override {
    save_tab(u, "partition_view", partition_state(app).tabs.shown, kPartitionTabs);
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
