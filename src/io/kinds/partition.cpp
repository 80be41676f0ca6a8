// The "partition" kind (survey 002 §2.2–2.3, objective (2), Table 1;
// ../shared/seeds/002_6cf480ff57e2bb72.txt): reads a mesh (generator, inline graph or a METIS/Chaco
// file), the part count, an optional processor network for the allocation phase, and runs the
// named methods; every result is checked by core/verify/partition_verify. Format and limits:
// docs/scenario-partition.md.
#include "io/kinds/partition.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/partition/generators.h"
#include "core/partition/narration.h"
#include "core/partition/registry.h"
#include "core/verify/partition_verify.h"
#include "io/kinds/kinds.h"
#include "io/mesh_formats/metis_graph.h"
#include "io/topology_json.h"

namespace loadlab::io {

namespace {

using core::MeshLimits;

std::string read_text_file(const std::filesystem::path& path, const std::string& pointer) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) throw ScenarioError(pointer, "cannot read '" + path.string() + "': " + ec.message());
  if (size > kMaxMeshFileBytes)
    throw ScenarioError(pointer,
                        "file is larger than " + std::to_string(kMaxMeshFileBytes >> 20) + " MiB");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ScenarioError(pointer, "cannot open '" + path.string() + "'");
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

core::Mesh generated_mesh(const JsonReader& g, std::uint64_t seed, std::string& desc) {
  const std::string gen = g.get_enum(
      "generator", {"grid", "l_shape", "with_holes", "annulus", "random_points", "graded"});
  const std::int64_t max_side = MeshLimits::max_vertices;
  auto check_total = [&](std::int64_t total, const char* key) {
    if (total > MeshLimits::max_vertices)
      throw ScenarioError(g.pointer(key), "the mesh would have " + std::to_string(total) +
                                              " vertices (limit " +
                                              std::to_string(MeshLimits::max_vertices) + ")");
  };
  try {
    if (gen == "grid") {
      g.reject_unknown({"generator", "rows", "cols", "depth", "weights"});
      const auto rows = g.get_int("rows", 1, max_side), cols = g.get_int("cols", 1, max_side);
      const auto depth = g.get_int_or("depth", 1, 1, max_side);
      check_total(rows * cols, "cols");
      check_total(rows * cols * depth, "depth");
      desc = "grid " + std::to_string(rows) + "x" + std::to_string(cols) +
             (depth > 1 ? "x" + std::to_string(depth) : "");
      return core::grid_mesh(static_cast<int>(rows), static_cast<int>(cols),
                             static_cast<int>(depth));
    }
    if (gen == "l_shape" || gen == "with_holes" || gen == "graded") {
      if (gen == "l_shape") g.reject_unknown({"generator", "rows", "cols", "weights"});
      if (gen == "with_holes") g.reject_unknown({"generator", "rows", "cols", "holes", "weights"});
      if (gen == "graded") g.reject_unknown({"generator", "rows", "cols", "grading", "weights"});
      const auto rows = g.get_int("rows", 2, max_side), cols = g.get_int("cols", 2, max_side);
      check_total(rows * cols, "cols");
      desc = gen + " " + std::to_string(rows) + "x" + std::to_string(cols);
      if (gen == "l_shape")
        return core::l_shape_mesh(static_cast<int>(rows), static_cast<int>(cols));
      if (gen == "with_holes")
        return core::with_holes_mesh(static_cast<int>(rows), static_cast<int>(cols),
                                     static_cast<int>(g.get_int_or("holes", 4, 0, 64)));
      return core::graded_mesh(static_cast<int>(rows), static_cast<int>(cols),
                               static_cast<int>(g.get_int_or("grading", 2, 1, 4)));
    }
    if (gen == "annulus") {
      g.reject_unknown({"generator", "rings", "sectors", "weights"});
      const auto rings = g.get_int("rings", 1, max_side),
                 sectors = g.get_int("sectors", 3, max_side);
      check_total(rings * sectors, "sectors");
      desc = "annulus " + std::to_string(rings) + "x" + std::to_string(sectors);
      return core::annulus_mesh(static_cast<int>(rings), static_cast<int>(sectors));
    }
    g.reject_unknown({"generator", "points", "weights"});
    const auto points = g.get_int("points", 3, MeshLimits::max_random_points);
    desc = "random_points " + std::to_string(points);
    return core::random_points_mesh(static_cast<int>(points), seed);
  } catch (const std::invalid_argument& e) {
    throw ScenarioError(g.pointer(), e.what());
  }
}

core::Mesh inline_mesh(const JsonReader& g, std::string& desc) {
  g.reject_unknown({"vertices", "edges", "coordinates", "weights"});
  const int n = static_cast<int>(g.get_int("vertices", 1, MeshLimits::max_vertices));
  const Json& arr = g.array("edges", static_cast<std::size_t>(MeshLimits::max_edges));
  std::vector<core::MeshEdge> edges;
  edges.reserve(arr.size());
  for (std::size_t i = 0; i < arr.size(); ++i) {
    const std::string ptr = g.pointer("edges") + "/" + std::to_string(i);
    if (!arr[i].is_array() || arr[i].size() != 2) throw ScenarioError(ptr, "must be a pair [a, b]");
    edges.push_back({static_cast<int>(JsonReader::as_int(arr[i][0], ptr + "/0", 0, n - 1)),
                     static_cast<int>(JsonReader::as_int(arr[i][1], ptr + "/1", 0, n - 1))});
    if (edges.back().a == edges.back().b) throw ScenarioError(ptr, "self-loop");
  }
  core::Mesh m;
  try {
    m = core::Mesh::from_edges(n, edges);
  } catch (const std::invalid_argument& e) {
    throw ScenarioError(g.pointer("edges"), e.what());
  }
  if (g.has("coordinates")) {
    const Json& c = g.array("coordinates", static_cast<std::size_t>(n));
    if (static_cast<int>(c.size()) != n)
      throw ScenarioError(g.pointer("coordinates"), "needs one [x, y] or [x, y, z] per vertex");
    int dim = 0;
    std::vector<double> xyz;
    for (std::size_t i = 0; i < c.size(); ++i) {
      const std::string ptr = g.pointer("coordinates") + "/" + std::to_string(i);
      if (!c[i].is_array() || c[i].size() < 2 || c[i].size() > 3)
        throw ScenarioError(ptr, "must be [x, y] or [x, y, z]");
      if (dim == 0) dim = static_cast<int>(c[i].size());
      if (static_cast<int>(c[i].size()) != dim)
        throw ScenarioError(ptr, "all points need the same dimension");
      for (std::size_t a = 0; a < c[i].size(); ++a)
        xyz.push_back(JsonReader::as_number(c[i][a], ptr + "/" + std::to_string(a), -1e12, 1e12));
    }
    m.set_coordinates(dim, std::move(xyz));
  }
  desc = "inline graph " + std::to_string(n);
  return m;
}

core::Mesh file_mesh(const JsonReader& g, const RunContext& ctx, std::string& desc) {
  g.reject_unknown({"file", "coordinates", "weights"});
  const std::string file = g.get_string("file");
  if (file.empty()) throw ScenarioError(g.pointer("file"), "must not be empty");
  core::Mesh m;
  try {
    m = read_metis_graph(read_text_file(ctx.base_dir / file, g.pointer("file")));
  } catch (const std::invalid_argument& e) {
    throw ScenarioError(g.pointer("file"), file + ": " + e.what());
  }
  if (g.has("coordinates")) {
    const std::string xyz = g.get_string("coordinates");
    try {
      read_xyz_coordinates(read_text_file(ctx.base_dir / xyz, g.pointer("coordinates")), m);
    } catch (const std::invalid_argument& e) {
      throw ScenarioError(g.pointer("coordinates"), xyz + ": " + e.what());
    }
  }
  desc = "file " + file;
  return m;
}

// The keys each algorithm's params object may hold.
std::vector<std::string_view> param_keys(const std::string& a) {
  if (a == "orb_e") return {"coarse_limit", "smoothing"};
  if (a == "orb_kl") return {"base", "imbalance", "passes", "coarse_limit", "smoothing"};
  if (a == "ggp") return {"initial", "imbalance", "passes", "coarse_limit", "smoothing"};
  if (a == "orb_sa")
    return {"base", "imbalance", "sweeps", "t0", "cooling", "coarse_limit", "smoothing"};
  if (a == "sa")
    return {"initial", "imbalance", "sweeps", "t0", "cooling", "coarse_limit", "smoothing"};
  if (a == "metis") return {"imbalance"};
  if (a == "multilevel") return {"imbalance", "passes"};
  return {};
}

core::PartitionParams partition_read_params(const JsonReader& s, const std::string& a,
                                            std::uint64_t seed) {
  const JsonReader p = algorithm_params(s, a);
  const auto keys = param_keys(a);
  for (auto it = p.json().begin(); it != p.json().end(); ++it)
    if (std::find(keys.begin(), keys.end(), it.key()) == keys.end())
      throw ScenarioError(p.pointer(it.key()), "not a setting of '" + a + "'");
  core::PartitionParams r;
  r.seed = seed;
  r.imbalance = p.get_number_or("imbalance", r.imbalance, 0.0, 1.0);
  r.base = p.get_enum_or("base", r.base, {"orb_m", "orb_i", "orb_e"});
  r.initial = p.get_enum_or(
      "initial", "", {"strips_1xp", "strips_pxq", "orb_m", "orb_i", "orb_e", "orb_kl", "cm"});
  r.passes = static_cast<int>(p.get_int_or("passes", r.passes, 1, 100));
  r.sweeps = static_cast<int>(p.get_int_or("sweeps", r.sweeps, 1, 1000));
  r.t0 = p.get_number_or("t0", r.t0, 1e-6, 100.0);
  r.cooling = p.get_number_or("cooling", r.cooling, 0.01, 0.999);
  r.coarse_limit = static_cast<int>(p.get_int_or("coarse_limit", r.coarse_limit, 16, 200000));
  r.smoothing = static_cast<int>(p.get_int_or("smoothing", r.smoothing, 0, 200));
  return r;
}

std::shared_ptr<TypedScenario> parse_partition_kind(const JsonReader& s, const RunContext& ctx) {
  reject_unknown_keys(s, {"mesh", "parts", "topology"});
  auto sc = std::make_shared<PartitionScenario>();
  const std::uint64_t seed = read_seed(s);
  core::Mesh mesh = read_partition_mesh(s.object("mesh"), seed, ctx, &sc->mesh_description);
  sc->parts = static_cast<int>(s.get_int("parts", 1, MeshLimits::max_parts));
  if (sc->parts > mesh.size())
    throw ScenarioError("/parts", "more parts (" + std::to_string(sc->parts) + ") than vertices (" +
                                      std::to_string(mesh.size()) + ")");
  if (s.has("topology")) {
    if (sc->parts > core::AllocationLimits::max_nodes)
      throw ScenarioError("/topology", "the allocation phase supports at most " +
                                           std::to_string(core::AllocationLimits::max_nodes) +
                                           " parts");
    core::Topology t = read_topology(s.object("topology"), seed);
    if (t.size() != sc->parts)
      throw ScenarioError("/topology", "has " + std::to_string(t.size()) +
                                           " nodes; the allocation needs one per part (" +
                                           std::to_string(sc->parts) + ")");
    if (!t.connected()) throw ScenarioError("/topology", "must be connected");
    sc->topology = std::move(t);
  }
  std::vector<std::string> names;
  for (const auto& a : core::partition_algorithm_table()) names.emplace_back(a.name);
  // Settings of every algorithm under "params" are checked, run or not (the names were checked
  // by the common keys).
  if (s.has("params"))
    for (auto it = s.at("params").begin(); it != s.at("params").end(); ++it)
      partition_read_params(s, it.key(), seed);
  std::vector<std::string> algorithms = read_algorithms(s, names);
  const bool named = !algorithms.empty();
  if (!named) algorithms = names;
  for (std::size_t i = 0; i < algorithms.size(); ++i) {
    const std::string& a = algorithms[i];
    core::PartitionParams p = partition_read_params(s, a, seed);
    if (a == "metis" && !core::metis_available() && !named) continue;
    sc->params[a] = p;
    sc->algorithms.push_back(a);
  }
  sc->mesh = std::make_shared<const core::Mesh>(std::move(mesh));
  return sc;
}

std::vector<ResultPtr> run_partition_kind(const TypedScenario& base, const RunContext& ctx) {
  const auto& sc = dynamic_cast<const PartitionScenario&>(base);
  std::vector<ResultPtr> out;
  for (std::size_t i = 0; i < sc.algorithms.size(); ++i) {
    if (ctx.cancel && ctx.cancel->load()) break;
    auto r = run_one_algorithm<PartitionResult>(sc.algorithms[i], i, ctx.cancel, [&] {
      return run_partition_algorithm(sc, sc.algorithms[i]);
    });
    // A method this build cannot run (METIS in WebAssembly) is that method's failure too; the
    // partition views show any failure as an unavailable method with its reason.
    if (!r->available && !r->failed())
      r->failure = RunFailure{r->note, "/algorithms/" + std::to_string(i)};
    if (r->failed()) r->available = false, r->note = r->failure->message;
    out.push_back(std::move(r));
    if (ctx.progress)
      ctx.progress(static_cast<double>(i + 1) / static_cast<double>(sc.algorithms.size()));
  }
  return out;
}

}  // namespace

core::Mesh read_partition_mesh(const JsonReader& g, std::uint64_t seed, const RunContext& ctx,
                               std::string* description) {
  std::string desc;
  core::Mesh m;
  if (g.has("generator"))
    m = generated_mesh(g, seed, desc);
  else if (g.has("file"))
    m = file_mesh(g, ctx, desc);
  else if (g.has("vertices"))
    m = inline_mesh(g, desc);
  else
    throw ScenarioError(g.pointer(),
                        "needs \"generator\", \"vertices\" (inline graph) or \"file\"");
  if (g.has("weights")) {
    const std::string w = g.get_enum("weights", {"uniform", "hot_region"});
    if (w == "hot_region" && !m.has_coordinates())
      throw ScenarioError(g.pointer("weights"), "hot_region needs coordinates");
    core::apply_weights(m,
                        w == "uniform" ? core::MeshWeights::Uniform : core::MeshWeights::HotRegion);
    desc += ", " + w + " weights";
  }
  if (description) *description = desc;
  return m;
}

std::shared_ptr<PartitionResult> run_partition_algorithm(const PartitionScenario& sc,
                                                         const std::string& algorithm) {
  auto r = std::make_shared<PartitionResult>();
  r->algorithm = algorithm;
  const core::Mesh& mesh = *sc.mesh;
  const auto it = sc.params.find(algorithm);
  const core::PartitionParams params = it != sc.params.end() ? it->second : core::PartitionParams{};
  if (core::partition_needs_coordinates(algorithm, params) && !mesh.has_coordinates())
    r->coordinates = "layout";
  const auto t0 = std::chrono::steady_clock::now();
  try {
    r->part = core::run_partition_method(algorithm, mesh, sc.parts, params);
  } catch (const core::PartitionRefused& e) {
    r->available = false;
    r->native_only = algorithm == "metis" && !core::metis_available();
    r->note = e.what();
    r->errors.push_back(e.what());
    return r;
  }
  r->time_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  r->metrics = core::compute_partition_metrics(mesh, r->part, sc.parts);
  if (sc.topology) r->allocation = core::allocate_parts(mesh, r->part, sc.parts, *sc.topology);
  const core::PartitionVerification v = core::verify_partition(
      mesh, sc.parts, r->part, r->metrics, r->allocation ? &*r->allocation : nullptr,
      sc.topology ? &*sc.topology : nullptr);
  r->verified = v.ok;
  r->errors = v.errors;
  return r;
}

Json PartitionResult::to_json() const {
  if (failed()) {
    Json e = failure_json();
    e["available"] = false;
    if (native_only) e["status"] = "native only";
    return e;
  }
  Json e = Json::object();
  e["algorithm"] = algorithm;
  e["verified"] = verified;
  if (!available) {
    e["available"] = false;
    e["status"] = "native only";
    e["error"] = note;
    return e;
  }
  if (!coordinates.empty()) e["coordinates"] = coordinates;
  e["part"] = part;
  e["edge_cut"] = metrics.edge_cut;
  e["imbalance"] = metrics.imbalance;
  e["communication_volume"] = metrics.communication_volume;
  e["boundary_vertices"] = metrics.boundary_vertices;
  e["max_neighbour_parts"] = metrics.max_neighbour_parts;
  e["disconnected_parts"] = metrics.disconnected_parts;
  e["empty_parts"] = metrics.empty_parts;
  e["part_weights"] = metrics.part_weights;
  if (allocation) {
    e["objective_2"] = allocation->objective_2;
    e["mapping"] = allocation->processor;
    e["hop_weighted_cut"] = allocation->hop_cut;
    e["natural_objective_2"] = allocation->natural_objective_2;
    e["natural_hop_weighted_cut"] = allocation->natural_hop_cut;
    e["swaps"] = allocation->swaps;
  }
  e["time_ms"] = time_ms;
  if (!verified) e["verify_problems"] = errors;
  return e;
}

namespace {

// The first bisection is traced again (as the playground's step view does): the run keeps no
// trace, and tracing costs one bisection, paid only when a narration is asked for.
core::Narration explain_partition_kind(const TypedScenario& scenario, const TypedResult& result) {
  const auto& sc = dynamic_cast<const PartitionScenario&>(scenario);
  const auto& r = dynamic_cast<const PartitionResult&>(result);
  if (r.failed() || !r.available || r.part.empty()) return {};
  std::optional<core::BisectionTrace> trace;
  if (core::bisection_traceable(r.algorithm) && sc.parts >= 2) {
    const auto it = sc.params.find(r.algorithm);
    const core::PartitionParams params =
        it != sc.params.end() ? it->second : core::PartitionParams{};
    try {
      trace = core::trace_first_bisection(r.algorithm, *sc.mesh, sc.parts, params);
    } catch (const std::exception&) {
      trace.reset();  // e.g. a geometric bisector on a mesh without coordinates: parts only
    }
  }
  return core::partition_narration(r.algorithm, *sc.mesh, sc.parts, r.part,
                                   trace ? &*trace : nullptr);
}

}  // namespace

KindHandler partition_kind() {
  return {"partition",
          "Mesh partitioning",
          core::partition_algorithm_table,
          parse_partition_kind,
          run_partition_kind,
          explain_partition_kind,
          core::partition_pseudocode};
}

}  // namespace loadlab::io
