// The iterative tabs on the network canvas (course notes 003,
// ../shared/seeds/003_6046837c8e4c81af.txt): Sweeps (the loads after each sweep or GDE colour
// class, the classes' links, the Dijkstra-Scholten tree, the tasks model's moves as arrows) and
// Pressure (the gradient model's initial pressure surface).
//
// Both zoom and pan like the network view and share its level of detail (network_canvas.h,
// model_canvas.h): a million-node network is one heatmap texture when zoomed out, point sprites
// closer in, and per-node shapes (class-coloured links, rings, the tree, labels) only for the
// visible part and only when few. Colours and texels are cached per shown snapshot / class step,
// so a frame that changes nothing does not touch every node.
#include "app/balance/view_iterative_canvas.h"
#include "app/balance/module.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/balance/network_canvas.h"
#include "app/shell/app.h"
#include "app/widgets/format.h"
#include "app/widgets/number_field.h"
#include "app/widgets/view_colours.h"

namespace loadlab::app {

namespace {

// A new network (another size) starts the canvases unzoomed; parameter edits keep the region.
void sync_canvas(App& app, IterativeViewState& v) {
  sync_layout_facts(balance_state(app).layout, app.state);
  if (v.canvas.view_nodes != balance_state(app).layout.nodes) {
    v.canvas.view_nodes = balance_state(app).layout.nodes;
    v.view.reset();
  }
}

// Per replay: links per colour class (the legend row) and the termination tree's children.
void replay_facts(IterativeCanvasCache& cc, const core::IterativeResult& r,
                  const IterativeReplay& rp, int n) {
  ++cc.replay_gen;
  cc.class_edges.assign(static_cast<std::size_t>(std::max(0, r.colouring.colours)), 0);
  for (int c : r.colouring.colour)
    if (c >= 0 && c < r.colouring.colours) ++cc.class_edges[static_cast<std::size_t>(c)];
  cc.tree_offsets.assign(rp.ds_parent.empty() ? 0 : static_cast<std::size_t>(n) + 1, 0);
  cc.tree_children.clear();
  if (rp.ds_parent.size() != static_cast<std::size_t>(n)) return;
  for (int p : rp.ds_parent)
    if (p >= 0 && p < n) ++cc.tree_offsets[static_cast<std::size_t>(p) + 1];
  for (int u = 0; u < n; ++u)
    cc.tree_offsets[static_cast<std::size_t>(u) + 1] +=
        cc.tree_offsets[static_cast<std::size_t>(u)];
  cc.tree_children.resize(static_cast<std::size_t>(cc.tree_offsets.back()));
  std::vector<std::int32_t> fill(cc.tree_offsets.begin(), cc.tree_offsets.end() - 1);
  for (int u = 0; u < n; ++u) {
    const int p = rp.ds_parent[static_cast<std::size_t>(u)];
    if (p >= 0 && p < n)
      cc.tree_children[static_cast<std::size_t>(fill[static_cast<std::size_t>(p)]++)] = u;
  }
}

// Snapshot s, class_step c: sweep s after classes 0..c; c = -1: the whole sweep s.
bool sweeps_class_forward(IterativeViewState& v, int last, int classes) {
  if (v.class_step < 0) {
    if (v.snapshot >= last) return false;
    ++v.snapshot;
    v.class_step = 0;
  } else if (++v.class_step >= classes - 1) {
    v.class_step = -1;  // after the last class: the sweep's own snapshot
  }
  return true;
}

void sweeps_class_back(IterativeViewState& v, int classes) {
  if (v.class_step < 0) {
    if (v.snapshot > 0) v.class_step = classes - 2;
  } else if (v.class_step == 0) {
    --v.snapshot;
    v.class_step = -1;
  } else {
    --v.class_step;
  }
}

// The Sweeps tab's player: result, play/pause, step, GDE's class steps, the snapshot slider and
// the termination tree switch.
void sweeps_controls(App& app, IterativeViewState& v, int shown, int last, int classes,
                     bool class_steps) {
  const IterativeReplay& rp = v.replay;
  auto class_forward = [&] { return sweeps_class_forward(v, last, classes); };
  auto class_back = [&] { sweeps_class_back(v, classes); };
  iterative_result_combo(app, shown);
  ImGui::SameLine();
  if (ImGui::Button(v.playing ? "Pause" : "Play")) {
    if (!v.playing && v.snapshot >= last) v.snapshot = 0, v.class_step = -1;
    v.playing = !v.playing;
    v.tick = 0;
    v.clock = 0;
  }
  if (v.playing) {
    // One class per tick (GDE processes its classes in order), then the next sweep.
    v.clock += ImGui::GetIO().DeltaTime;
    const double period = classes > 0 ? 0.6 / classes : 0.5;
    while (v.clock >= period && v.playing) {
      v.clock -= period;
      if (class_steps) {
        if (!class_forward()) v.playing = false;
      } else if (classes > 0 && v.tick + 1 < classes) {
        ++v.tick;
      } else {
        v.tick = 0;
        if (v.snapshot < last)
          ++v.snapshot;
        else
          v.playing = false;
      }
    }
  }
  ImGui::SameLine();
  if (ImGui::Button("<"))
    v.snapshot = std::max(0, v.snapshot - 1), v.class_step = -1, v.playing = false;
  ImGui::SameLine();
  if (ImGui::Button(">"))
    v.snapshot = std::min(last, v.snapshot + (v.class_step >= 0 ? 0 : 1)), v.class_step = -1,
    v.playing = false;
  if (class_steps) {
    ImGui::SameLine();
    if (ImGui::Button("class <")) class_back(), v.playing = false;
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("GDE: back one colour class (loads after each class)");
    ImGui::SameLine();
    if (ImGui::Button("class >")) class_forward(), v.playing = false;
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("GDE: forward one colour class (loads after each class)");
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
  v.snapshot = std::clamp(v.snapshot, 0, std::max(0, last));
  char label[64];
  const int shown_sweep = rp.sweeps.empty() ? 0 : rp.sweeps[static_cast<std::size_t>(v.snapshot)];
  if (v.class_step >= 0)
    std::snprintf(label, sizeof label, "sweep %d, class %d/%d", shown_sweep, v.class_step, classes);
  else
    std::snprintf(label, sizeof label, "sweep %d", shown_sweep);
  if (readable_slider_int("##snap", &v.snapshot, 0, std::max(0, last), label))
    v.playing = false, v.class_step = -1;
  if (!rp.ds_parent.empty()) {
    ImGui::SameLine();
    ImGui::Checkbox("termination tree", &v.show_tree);
  }
  ImGui::SameLine();
  ImGui::TextDisabled("%s", rp.note.c_str());
}

// The legend row: the colour classes (click one to highlight it).
void sweeps_class_legend(IterativeViewState& v, const core::IterativeResult& r, int classes,
                         int highlight) {
  const IterativeCanvasCache& cc = v.canvas;
  if (classes > 0 && cc.class_edges.size() == static_cast<std::size_t>(classes)) {
    ImGui::TextDisabled("GDE colouring (%s), %d classes, in order:", r.colouring.method.c_str(),
                        classes);
    for (int c = 0; c < classes; ++c) {
      ImGui::SameLine();
      ImGui::PushID(c);
      ImGui::PushStyleColor(ImGuiCol_Button,
                            ImGui::ColorConvertU32ToFloat4(iterative_class_colour(c)));
      ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(15, 15, 20, 255));
      char b[48];
      std::snprintf(b, sizeof b, "%s%d: %s edges", c == highlight ? "> " : "", c,
                    format_int(cc.class_edges[static_cast<std::size_t>(c)]).c_str());
      if (ImGui::SmallButton(b)) v.highlight = v.highlight == c ? -1 : c;
      ImGui::PopStyleColor(2);
      ImGui::PopID();
    }
  }
}

// What the Sweeps tab's node drawing needs of the shown snapshot.
struct SweepsFrame {
  const core::Topology& topo;
  const std::vector<core::Point>& layout;
  const LayoutFacts& lf;
  const core::IterativeResult& r;
  const IterativeReplay& rp;
  const GdeClassStep* step;          ///< the shown class step, or null
  const std::vector<double>* w;      ///< the shown loads, or null (the initial ones)
  const core::LoadVector& initial;   ///< the scenario's loads
  const std::vector<char>* in_tree;  ///< who is still in the termination tree, or null
  std::size_t tree_at;
  int n, highlight;
  float s;
  double avg;
  bool tree_possible;
  std::uint64_t loads_key;

  double load_of(int u) const {
    return w ? (*w)[static_cast<std::size_t>(u)]
             : static_cast<double>(initial[static_cast<std::size_t>(u)]);
  }
  bool left_tree(int u) const { return in_tree && !(*in_tree)[static_cast<std::size_t>(u)]; }
};

struct SweepsDrawn {
  int hover = -1;
  std::size_t visible = 0;
  bool tree_drawn = false, shapes = false;
};

// Links in their class colours, the termination tree and the nodes (sprites or discs, rings,
// labels) of the visible part, when the canvas is not a heatmap.
SweepsDrawn sweeps_draw_nodes(const SweepsFrame& f, IterativeViewState& v, NetworkCanvas& cv,
                              float rad, float spacing_px, NodeDetail detail) {
  IterativeCanvasCache& cc = v.canvas;
  const core::Topology& topo = f.topo;
  const auto& layout = f.layout;
  const LayoutFacts& lf = f.lf;
  const core::IterativeResult& r = f.r;
  const IterativeReplay& rp = f.rp;
  const GdeClassStep* step = f.step;
  const int n = f.n, highlight = f.highlight;
  const float s = f.s;
  const double avg = f.avg;
  const ImGuiIO& io = ImGui::GetIO();
  auto load_of = [&](int u) { return f.load_of(u); };
  auto left_tree = [&](int u) { return f.left_tree(u); };
  SweepsDrawn out;
  int& hover = out.hover;
  std::size_t& visible = out.visible;
  bool& tree_drawn = out.tree_drawn;
  bool& shapes = out.shapes;
  const std::size_t bound = visible_node_bound(layout, lf.grid, cv.map, rad);
  shapes = bound <= kMaxNodeShapes;
  // Links in their colour class's colour (Topology::edges() index -> colour), visible part only.
  const double avg_degree = n > 0 ? 2.0 * static_cast<double>(topo.edge_count()) / n : 0;
  if (links_fit(bound, avg_degree, spacing_px)) {
    const float cap = std::max(1.0f, 0.35f * spacing_px);  // lines never wider than the gaps
    for_each_visible_link(cv, topo, layout, lf.grid, rad, [&](int a, int b) {
      const std::int64_t e = edge_index(topo, lf.edge_base, a, b);
      const int c = e >= 0 && e < static_cast<std::int64_t>(r.colouring.colour.size())
                        ? r.colouring.colour[static_cast<std::size_t>(e)]
                        : -1;
      ImU32 col = c >= 0 ? iterative_class_colour(c) : with_alpha(view_colours().edge, 150);
      float th = c >= 0 ? 2.5f * s : 1.0f;
      if (c >= 0 && highlight >= 0 && c != highlight)
        col = (col & 0x00ffffff) | (60u << 24), th = 1.5f * s;
      if (c >= 0 && c == highlight) th = 5.0f * s;
      draw_link(cv, topo, layout, a, b, col, std::min(th, cap));
    });
  }
  // The termination tree, for the visible nodes: a tree link from its visible end (the child
  // if visible, else the parent, which lists its children).
  if (v.show_tree && f.tree_possible && shapes && spacing_px >= 3.0f &&
      cc.tree_offsets.size() == static_cast<std::size_t>(n) + 1) {
    tree_drawn = true;
    auto tree_link = [&](int u, int p) {
      const bool live = !left_tree(u);
      draw_link(cv, topo, layout, u, p, live ? view_ink(200) : view_ink(50),
                live ? 1.5f * s : 1.0f);
    };
    for_each_visible_node(layout, lf.grid, cv.map, rad, [&](int u, core::Point) {
      const int p = rp.ds_parent[static_cast<std::size_t>(u)];
      if (p >= 0) tree_link(u, p);
      for (auto k = cc.tree_offsets[static_cast<std::size_t>(u)];
           k < cc.tree_offsets[static_cast<std::size_t>(u) + 1]; ++k) {
        const int ch = cc.tree_children[static_cast<std::size_t>(k)];
        if (!cv.map.visible(cv.map.to_screen(layout[static_cast<std::size_t>(ch)]), rad))
          tree_link(ch, u);
      }
    });
  }
  // Nodes: point sprites for large networks (colours cached per shown state), discs otherwise.
  const bool gpu = detail == NodeDetail::Sprites;
  if (gpu) {
    const std::uint64_t key = mix_key({2, f.loads_key, f.in_tree ? f.tree_at + 1 : 0, lf.key});
    if (cc.colours_key != key) {
      cc.colours.resize(static_cast<std::size_t>(n));
      for (int u = 0; u < n; ++u) {
        const ImU32 col = load_colour(load_of(u), avg);
        cc.colours[static_cast<std::size_t>(u)] =
            left_tree(u) ? (col & 0x00ffffff) | (90u << 24) : col;
      }
      cc.colours_key = key;
    }
    cc.nodes.set_nodes(layout, lf.key, cc.colours, cc.colours_key);
    cc.nodes.draw(cv.dl, cv.centre.x, cv.centre.y, cv.scale, v.view.pan_x, v.view.pan_y, rad);
  }
  float best = rad * rad + 16;
  for_each_visible_node(layout, lf.grid, cv.map, rad, [&](int u, core::Point sp) {
    const ImVec2 p{sp.x, sp.y};
    ++visible;
    const double x = load_of(u);
    const bool left = left_tree(u);
    if (!gpu)
      cv.dl->AddCircleFilled(
          p, rad, left ? (load_colour(x, avg) & 0x00ffffff) | (90u << 24) : load_colour(x, avg),
          rad > 4 ? 16 : 6);
    if (shapes) {
      if (left) cv.dl->AddCircle(p, rad, view_ink(230), 16, 1.5f * s);
      if (step && step->changed[static_cast<std::size_t>(u)])
        cv.dl->AddCircle(p, rad + 1.5f * s, iterative_class_colour(step->cls), 16, 2.5f * s);
      if (tree_drawn && rp.ds_parent[static_cast<std::size_t>(u)] < 0)
        cv.dl->AddCircle(p, rad + 3 * s, view_ink(), 20, 2 * s);
      if (rad >= 9) {
        const std::string text = format_real(x, 6);
        const ImVec2 ts = ImGui::CalcTextSize(text.c_str());
        cv.dl->AddText({p.x - ts.x / 2, p.y - ts.y / 2}, IM_COL32(255, 255, 255, 255),
                       text.c_str());
      }
    }
    const float dx = io.MousePos.x - p.x, dy = io.MousePos.y - p.y;
    if (cv.hovered && dx * dx + dy * dy < best) best = dx * dx + dy * dy, hover = u;
  });
  return out;
}

}  // namespace

void draw_sweeps_tab(App& app, IterativeViewState& v, int shown) {
  AppState& st = app.state;
  const float s = app.ui_scale;
  const io::IterativeRunResult* res = iterative_result(st, shown);
  const core::IterativeResult& r = res->result;
  const core::Topology& topo = *balance_scene(st).topology;
  const int n = topo.size();
  IterativeCanvasCache& cc = v.canvas;
  sync_canvas(app, v);
  const LayoutFacts& lf = balance_state(app).layout;
  if (v.replay_for != shown) {
    v.replay = replay_iterative(topo, balance_scene(st).loads, st.scenario, r);
    v.replay_for = shown;
    v.snapshot = static_cast<int>(v.replay.sweeps.size()) - 1;
    v.playing = false;
    v.tick = 0;
    v.class_step = -1;
    v.class_view = {};
    replay_facts(cc, r, v.replay, n);
  }
  const IterativeReplay& rp = v.replay;
  const int last = static_cast<int>(rp.sweeps.size()) - 1;
  const int classes = r.colouring.colours;
  // GDE's classes one at a time (loads after each class) need consecutive snapshots.
  const bool class_steps = r.algorithm == "gde" && classes > 1 && rp.every_sweep;
  if (!class_steps) v.class_step = -1;
  sweeps_controls(app, v, shown, last, classes, class_steps);
  const bool tree_possible = !rp.ds_parent.empty();
  const int sweep = rp.sweeps.empty() ? 0 : rp.sweeps[static_cast<std::size_t>(v.snapshot)];
  int highlight = v.playing && classes > 0 ? v.tick : v.highlight;
  if (class_steps && v.class_step >= 0)
    highlight = v.class_step;
  else if (class_steps && v.playing)
    highlight = sweep > 0 ? classes - 1 : -1;
  // Loads after the shown class: computed for this step only (one load vector).
  const GdeClassStep* step = nullptr;
  if (v.class_step >= 0) {
    if (v.class_view.sweep != sweep || v.class_view.cls != v.class_step)
      v.class_view = gde_class_step(topo, r, rp, sweep, v.class_step);
    if (!v.class_view.loads.empty()) step = &v.class_view;
  }

  sweeps_class_legend(v, r, classes, highlight);

  const std::vector<double>* w = step ? &step->loads
                                 : rp.loads.empty()
                                     ? nullptr
                                     : &rp.loads[static_cast<std::size_t>(v.snapshot)];
  const core::LoadVector& initial = balance_scene(st).loads;
  auto load_of = [&](int u) {
    return w ? (*w)[static_cast<std::size_t>(u)]
             : static_cast<double>(initial[static_cast<std::size_t>(u)]);
  };
  const double avg = lf.average;
  // The Dijkstra-Scholten tree: child -> parent, white; nodes that left it are hollow.
  // (Within a sweep's class steps, the tree as it was after the previous sweep.)
  const auto tree_at = static_cast<std::size_t>(std::max(0, v.snapshot - (step ? 1 : 0)));
  const std::vector<char>* in_tree =
      v.show_tree && tree_at < rp.ds_in_tree.size() ? &rp.ds_in_tree[tree_at] : nullptr;
  auto left_tree = [&](int u) { return in_tree && !(*in_tree)[static_cast<std::size_t>(u)]; };
  const std::uint64_t loads_key =
      mix_key({cc.replay_gen, static_cast<std::uint64_t>(v.snapshot),
               static_cast<std::uint64_t>(v.class_step + 1), step ? 1u : 0u});

  NetworkCanvas cv = begin_network_canvas("##iter_net", v.view, 36 * s);
  const auto& layout = balance_scene(st).layout;
  const float spacing_px = lf.min_distance * cv.scale;
  const float rad = canvas_node_radius(cv, lf, s);
  const NodeDetail detail = choose_node_detail(n, spacing_px, cc.nodes.ok(), cc.heatmap.ok());
  const bool lod = detail == NodeDetail::Heatmap;
  cc.lod = lod;
  int hover = -1;
  std::size_t visible = 0;
  bool tree_drawn = false, shapes = false;
  if (lod) {
    if (cc.texels_key != mix_key({1, loads_key, lf.key})) {
      heat_texels_by(
          lf.grid, [&](int u) { return load_scale_position(load_of(u), avg); }, cc.texels);
      cc.texels_key = mix_key({1, loads_key, lf.key});
    }
    hover = draw_heatmap(cv, cc.heatmap, lf.grid, cc.texels, cc.texels_key);
  } else {
    const SweepsFrame frame{topo,
                            layout,
                            lf,
                            r,
                            rp,
                            step,
                            w,
                            balance_scene(st).loads,
                            in_tree,
                            tree_at,
                            n,
                            highlight,
                            s,
                            avg,
                            tree_possible,
                            loads_key};
    const SweepsDrawn drawn = sweeps_draw_nodes(frame, v, cv, rad, spacing_px, detail);
    hover = drawn.hover;
    visible = drawn.visible;
    tree_drawn = drawn.tree_drawn;
    shapes = drawn.shapes;
  }

  // The tasks model's moves of the shown sweep (or class step) as arrows: the largest kMaxArrows.
  std::string arrows_note;
  cc.drawn_arrows = 0;
  if (r.model == core::IterativeModel::Tasks) {
    const int cls = step ? step->cls : -1;
    const std::uint64_t key =
        mix_key({cc.results_gen, static_cast<std::uint64_t>(shown),
                 static_cast<std::uint64_t>(sweep), static_cast<std::uint64_t>(cls + 1)});
    if (cc.moves_key != key) {
      cc.moves = sweep_moves(r, sweep, cls);
      cc.moves_key = key;
    }
    cc.drawn_arrows = draw_transfer_arrows(cv, topo, layout, r.transfers, cc.moves.shown, rad, lod);
    const std::string what =
        cls >= 0 ? "sweep " + std::to_string(sweep) + ", class " + std::to_string(cls)
                 : "sweep " + std::to_string(sweep);
    if (cc.moves.total > cc.moves.shown.size())
      arrows_note = what + ": showing the " +
                    format_int(static_cast<long long>(cc.moves.shown.size())) + " largest of " +
                    format_int(static_cast<long long>(cc.moves.total)) + " moves (" +
                    format_int(cc.moves.moved) + " tasks moved)";
    if (cc.moves.truncated)
      arrows_note += (arrows_note.empty() ? what + ": " : "; ") +
                     std::string("moves after the first ") +
                     format_int(static_cast<long long>(r.transfers.size())) + " not recorded";
  }

  char when[64];
  if (step)
    std::snprintf(when, sizeof when, "class %d of sweep %d", step->cls, sweep);
  else
    std::snprintf(when, sizeof when, "sweep %d", sweep);
  std::string note = r.algorithm + " after " + when;
  if (step && shapes && !lod) note += " (ringed: changed in it)";
  if (r.model == core::IterativeModel::Tasks && sweep > 0) note += "; arrows: tasks moved in it";
  if (tree_drawn && in_tree)
    note += "\nwhite: termination tree (root ringed), hollow = left the tree";
  else if (tree_drawn)
    note += "\nwhite: termination tree (root ringed)";
  if (lod)
    note += "\nload heatmap: " + format_int(n) + " nodes (zoom in for nodes, links" +
            (tree_possible ? ", the tree)" : ")");
  else if (n > static_cast<int>(kMaxNodeShapes))
    note += "\n" + format_int(static_cast<long long>(visible)) + " nodes visible";
  draw_load_legend(cv, avg, s, note.c_str());
  draw_canvas_note(cv, s, arrows_note, true);
  end_network_canvas(cv);
  if (hover >= 0) {
    const auto hv = static_cast<std::size_t>(hover);
    ImGui::BeginTooltip();
    ImGui::Text("node %d: %s after %s (initial %lld)", hover,
                format_real(load_of(hover), 6).c_str(), when,
                static_cast<long long>(balance_scene(st).loads[hv]));
    if (tree_possible)
      ImGui::Text("tree parent: %d%s", rp.ds_parent[hv],
                  left_tree(hover) ? " (left the tree: passive)" : "");
    ImGui::EndTooltip();
  }
}

void draw_pressure_tab(App& app, IterativeViewState& v) {
  AppState& st = app.state;
  const float s = app.ui_scale;
  int gi = -1;
  for (int i : iterative_result_indices(st))
    if (iterative_result(st, i)->algorithm == "gradient") gi = i;
  if (gi < 0) {
    ImGui::TextDisabled("Add the gradient algorithm to see its pressure surface.");
    return;
  }
  const auto& pr = iterative_result(st, gi)->result.pressure;
  const int n = balance_scene(st).topology->size();
  IterativeCanvasCache& cc = v.canvas;
  sync_canvas(app, v);
  const LayoutFacts& lf = balance_state(app).layout;
  const std::uint64_t key = mix_key({cc.results_gen, static_cast<std::uint64_t>(gi), lf.key});
  if (cc.pressure_key != key) {
    cc.pressure_max = 0;
    for (int p : pr) cc.pressure_max = std::max(cc.pressure_max, p);
    cc.pressure_key = key;
  }
  const int hi = cc.pressure_max;
  auto pressure = [&](int u) {
    return static_cast<std::size_t>(u) < pr.size() ? pr[static_cast<std::size_t>(u)] : -1;
  };
  // Scale position, or negative for "no light node reachable" (grey; left out of the heatmap).
  auto position = [&](int u) {
    const int p = pressure(u);
    return p < 0 ? -1.0f : hi > 0 ? static_cast<float>(p) / static_cast<float>(hi) : 0.0f;
  };
  auto colour = [&](int u) {
    const float t = position(u);
    return t < 0 ? IM_COL32(90, 90, 95, 255) : scale_colour(t);
  };
  ImGui::TextDisabled(
      "gradient model: initial pressure per node (0 = lightly loaded, else 1 + min over "
      "neighbours; - = no light node reachable)");

  NetworkCanvas cv = begin_network_canvas("##iter_pressure", v.view, 30 * s);
  const ImGuiIO& io = ImGui::GetIO();
  const float spacing_px = lf.min_distance * cv.scale;
  const NodeDetail detail = choose_node_detail(n, spacing_px, cc.nodes.ok(), cc.heatmap.ok());
  cc.lod = detail == NodeDetail::Heatmap;
  cc.drawn_arrows = 0;
  int hover = -1;
  if (detail == NodeDetail::Heatmap) {
    if (cc.texels_key != mix_key({3, key})) {
      heat_texels_by(lf.grid, position, cc.texels);
      cc.texels_key = mix_key({3, key});
    }
    hover = draw_heatmap(cv, cc.heatmap, lf.grid, cc.texels, cc.texels_key);
  } else {
    // A cell per node, sized from the nearest-neighbour spacing (round sprites when many).
    const float half = std::max(1.5f, 0.46f * spacing_px);
    const bool gpu = detail == NodeDetail::Sprites;
    if (gpu) {
      if (cc.colours_key != mix_key({4, key})) {
        cc.colours.resize(static_cast<std::size_t>(n));
        for (int u = 0; u < n; ++u) cc.colours[static_cast<std::size_t>(u)] = colour(u);
        cc.colours_key = mix_key({4, key});
      }
      cc.nodes.set_nodes(balance_scene(st).layout, lf.key, cc.colours, cc.colours_key);
      cc.nodes.draw(cv.dl, cv.centre.x, cv.centre.y, cv.scale, v.view.pan_x, v.view.pan_y, half);
    }
    const bool labels = half >= 8 && visible_node_bound(balance_scene(st).layout, lf.grid, cv.map,
                                                        half) <= kMaxNodeShapes;
    float best = half * half + 16;
    for_each_visible_node(
        balance_scene(st).layout, lf.grid, cv.map, half, [&](int u, core::Point sp) {
          const ImVec2 p{sp.x, sp.y};
          if (!gpu)
            cv.dl->AddRectFilled({p.x - half, p.y - half}, {p.x + half, p.y + half}, colour(u),
                                 std::min(2 * s, half / 3));
          if (labels) {
            char buf[16];
            const int pv = pressure(u);
            if (pv < 0)
              std::snprintf(buf, sizeof buf, "-");
            else
              std::snprintf(buf, sizeof buf, "%d", pv);
            const ImVec2 ts = ImGui::CalcTextSize(buf);
            cv.dl->AddText({p.x - ts.x / 2, p.y - ts.y / 2}, IM_COL32(255, 255, 255, 255), buf);
          }
          const float dx = io.MousePos.x - p.x, dy = io.MousePos.y - p.y;
          if (cv.hovered && dx * dx + dy * dy < best) best = dx * dx + dy * dy, hover = u;
        });
  }
  const std::string mid_text = format_real(hi / 2.0), top_text = format_int(hi);
  const char *mid = mid_text.c_str(), *top = top_text.c_str();
  std::string note = "pressure (grey: no light node reachable)";
  if (cc.lod)
    note += "\nheatmap: " + format_int(n) +
            " nodes (zoom in for nodes; blank: no light node reachable)";
  draw_scale_legend(cv, s, note.c_str(), "0", mid, top);
  end_network_canvas(cv);
  if (hover >= 0) {
    const int pv = pressure(hover);
    ImGui::BeginTooltip();
    if (pv < 0)
      ImGui::Text("node %d: no light node reachable", hover);
    else
      ImGui::Text("node %d: pressure %d (initial load %lld)", hover, pv,
                  static_cast<long long>(balance_scene(st).loads[static_cast<std::size_t>(hover)]));
    ImGui::EndTooltip();
  }
}

}  // namespace loadlab::app
