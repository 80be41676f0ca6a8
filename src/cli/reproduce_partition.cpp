// `loadlab reproduce partition`: survey 002 Table 1 (../shared/seeds/002_6cf480ff57e2bb72.txt §2.3)
// — every partitioning method on a family of meshes (grid, L-shape, holes, graded, random points)
// for P = 2 … 64, edge cut and imbalance beside METIS k-way's. The survey prints no numbers for
// Table 1 (it lists the methods and refers to [22]–[24] for the comparison), so the table is ours;
// METIS is the reference column. Every partition is checked by the independent verifier.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/partition_run.h"
#include "cli/reproduce_split.h"
#include "cli/text.h"
#include "core/partition/generators.h"
#include "core/partition/metrics.h"
#include "core/partition/partition.h"
#include "core/partition/registry.h"
#include "core/verify/partition_verify.h"

namespace loadlab::cli {

namespace {

// One pass of reproduce_partition (reproduce_split.h): each (mesh, method, P) is one split run.
int partition_pass(const ReproduceOptions& opts, SplitRuns& split, std::ostream& out) {
  using namespace loadlab::core;
  const bool q = opts.quick;
  const int side = q ? 24 : 64;
  struct Family {
    std::string name;
    std::function<Mesh()> make;
  };
  const std::vector<Family> families = {
      {"grid " + std::to_string(side) + "x" + std::to_string(side),
       [=] { return grid_mesh(side, side); }},
      {"l_shape " + std::to_string(side), [=] { return l_shape_mesh(side, side); }},
      {"with_holes " + std::to_string(side), [=] { return with_holes_mesh(side, side, 4); }},
      {"graded " + std::to_string(side), [=] { return graded_mesh(side, side, 2); }},
      {"random_points " + std::to_string(side * side),
       [=, seed = opts.seed] { return random_points_mesh(side * side, seed); }},
  };
  const std::vector<int> part_counts =
      q ? std::vector<int>{2, 8} : std::vector<int>{2, 4, 8, 16, 32, 64};
  std::vector<std::string> methods;
  for (const auto& a : partition_algorithm_table())
    if (std::string(a.name) != "metis") methods.emplace_back(a.name);
  const bool have_metis = metis_available();

  std::ostringstream csv;
  csv << "mesh,vertices,edges,parts,method,edge_cut,imbalance,communication_volume,"
         "disconnected_parts,cut_over_metis,time_ms,verified\n";
  out << "Houstis et al. (1996), Table 1: mesh partitioning methods (edge cut, imbalance = max/avg "
         "part weight)\n";
  out << (have_metis ? "cut/METIS = the method's cut over METIS k-way's (same P, imbalance 1.03)\n"
                     : "METIS is not in this build (native only): no reference column\n");
  bool all_verified = true;
  for (const Family& f : families) {
    const Mesh m = f.make();
    out << "\n" << f.name << " (" << m.size() << " vertices, " << m.edge_count() << " edges)\n";
    out << std::left << std::setw(12) << "method";
    for (int p : part_counts) out << std::right << std::setw(22) << ("P=" + std::to_string(p));
    out << "\n";
    std::vector<std::int64_t> metis_cut(part_counts.size(), 0);
    std::vector<std::string> rows = methods;
    if (have_metis) rows.insert(rows.begin(), "metis");
    for (const std::string& method : rows) {
      out << std::left << std::setw(12) << method;
      for (std::size_t i = 0; i < part_counts.size(); ++i) {
        const int parts = part_counts[i];
        PartitionParams params;
        params.seed = opts.seed;
        if (q) params.sweeps = 10;
        // The time is the one measured by the process that ran the method (as reproduce flb).
        RunRecord rec = split.next([&](RunRecord& mine) {
          const PartitionMetrics pm = put_partition_run(mine, method, m, parts, params);
          mine.put(static_cast<double>(pm.communication_volume));
          mine.put(pm.disconnected_parts);
        });
        const double ms = rec.number();
        const bool ok = rec.flag();
        PartitionMetrics pm;
        pm.edge_cut = static_cast<std::int64_t>(rec.number());
        pm.imbalance = rec.number();
        pm.communication_volume = static_cast<std::int64_t>(rec.number());
        pm.disconnected_parts = static_cast<int>(rec.number());
        all_verified = all_verified && ok;
        if (method == "metis") metis_cut[i] = pm.edge_cut;
        const double ratio =
            metis_cut[i] > 0 ? static_cast<double>(pm.edge_cut) / metis_cut[i] : 0.0;
        char cell[64];
        if (have_metis)
          std::snprintf(cell, sizeof cell, "%6lld %5.3f %4.2fx%s",
                        static_cast<long long>(pm.edge_cut), pm.imbalance, ratio, ok ? "" : "!");
        else
          std::snprintf(cell, sizeof cell, "%6lld %5.3f%s", static_cast<long long>(pm.edge_cut),
                        pm.imbalance, ok ? "" : "!");
        out << std::right << std::setw(22) << cell;
        csv << f.name << "," << m.size() << "," << m.edge_count() << "," << parts << "," << method
            << "," << pm.edge_cut << "," << pm.imbalance << "," << pm.communication_volume << ","
            << pm.disconnected_parts << "," << (have_metis ? std::to_string(ratio) : "") << ","
            << ms << "," << (ok ? "true" : "false") << "\n";
      }
      out << "\n";
    }
  }
  out << "\ncells: edge cut, imbalance" << (have_metis ? ", cut / METIS's cut" : "")
      << "; '!' = the verifier rejected the partition\n";
  out << "ORB-ANN and ORB-GGP of Table 1 are not reproduced (docs/scenario-partition.md says "
         "why).\n";
  if (!opts.csv_dir.empty() &&
      !write_csv_file(opts.csv_dir, "partition_table1.csv", csv.str(), out))
    return 1;
  return all_verified ? 0 : 1;
}

}  // namespace

int reproduce_partition(const ReproduceOptions& opts, std::ostream& out) {
  return run_split(opts, out, partition_pass);
}

}  // namespace loadlab::cli
