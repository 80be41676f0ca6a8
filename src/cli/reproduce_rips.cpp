// `loadlab reproduce rips`: runtime incremental parallel scheduling (paper 000, Sections 1 and 6,
// ../shared/seeds/000_ace8fcde3218dd88.txt) against the dynamic strategies of 003 and 002 §2.5.
//
// Paper 000 gives no dynamic tables, so only our numbers are printed: for each of its topologies
// (tree, hypercube, mesh), RIPS with each walking algorithm that runs there (TWA, CWA, DEM, MWA)
// and with the optimum, against random allocation, the receiver-initiated policy and work stealing
// (and `none` as the baseline), on the same seeded dynamic workloads: random initial loads (N·avg
// tasks thrown onto random nodes, ERRATA.md 000 "Table I") of exponential tasks that spawn UTS-like
// binomial trees. Every run passes through the independent checker; the table averages `cases`
// seeds. Costs: hop 0.05, message 0.01, system phase 0.2 (task mean 1).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/reproduce_split.h"
#include "io/kinds/dynamic.h"

namespace loadlab::cli {

namespace {

struct Net {
  std::string label;
  nlohmann::json topology;
  std::vector<std::string> inners;
  int nodes;
};

struct RipsRow {
  std::string topology, strategy;
  double completion = 0, efficiency = 0, migrations = 0, task_hops = 0, messages = 0, phases = 0;
  int verified = 0, runs = 0;
};

nlohmann::json scenario(const Net& net, std::uint64_t seed, const std::string& algorithm,
                        const std::string& inner, bool quick) {
  nlohmann::json s = {
      {"loadlab", 1}, {"kind", "dynamic"}, {"seed", seed}, {"topology", net.topology}};
  s["workload"] = {
      {"initial", {{"generator", "multinomial"}, {"mean", quick ? 4 : 8}}},
      {"duration", {{"profile", "exponential"}, {"value", 1}}},
      {"spawn", {{"shape", "binomial"}, {"m", 4}, {"q", 0.2}, {"max_depth", quick ? 5 : 8}}}};
  s["costs"] = {{"hop", 0.05}, {"message", 0.01}, {"system_phase", 0.2}};
  s["algorithms"] = {algorithm};
  if (!inner.empty()) s["params"] = {{"rips", {{"inner", inner}}}};
  return s;
}

std::string fixed_rips(double x, int prec) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", prec, x);
  return buf;
}

std::string pad_rips(const std::string& s, std::size_t w, bool left = false) {
  if (s.size() >= w) return s;
  return left ? s + std::string(w - s.size(), ' ') : std::string(w - s.size(), ' ') + s;
}

// One pass of reproduce_rips (reproduce_split.h): each seeded run is one of the split runs.
int rips_pass(const ReproduceOptions& opts, SplitRuns& split, std::ostream& out) {
  const int cases = std::max(1, opts.quick ? std::min(opts.cases, 2) : std::min(opts.cases, 20));
  std::vector<Net> nets;
  if (opts.quick) {
    nets = {{"tree (Example 1, 9 nodes)",
             {{"type", "tree"}, {"parents", {-1, 0, 1, 1, 0, 4, 0, 6, 6}}},
             {"twa", "optimal"},
             9},
            {"3-cube", {{"type", "hypercube"}, {"dim", 3}}, {"cwa", "dem", "optimal"}, 8},
            {"4x4 mesh", {{"type", "mesh"}, {"rows", 4}, {"cols", 4}}, {"mwa", "optimal"}, 16}};
  } else {
    nets = {{"binary tree (63 nodes)",
             {{"type", "tree"}, {"generator", "kary"}, {"k", 2}, {"depth", 5}},
             {"twa", "optimal"},
             63},
            {"6-cube", {{"type", "hypercube"}, {"dim", 6}}, {"cwa", "dem", "optimal"}, 64},
            {"8x8 mesh", {{"type", "mesh"}, {"rows", 8}, {"cols", 8}}, {"mwa", "optimal"}, 64}};
  }
  out << "RIPS against dynamic strategies (Wu 1997, Sections 1 and 6; the course notes; Houstis et "
         "al. "
         "1996, Section 2.5)\n"
      << "workload: multinomial initial loads, exponential tasks (mean 1), binomial spawn trees "
         "(m 4, q 0.2); costs hop 0.05, message 0.01, system phase 0.2\n"
      << cases << " seeds from " << opts.seed << " per cell" << (opts.quick ? ", quick run" : "")
      << "; the paper prints no dynamic numbers, so only ours are shown\n\n";
  std::vector<RipsRow> rows;
  bool all_ok = true;
  for (const Net& net : nets) {
    std::vector<std::pair<std::string, std::string>> variants;
    for (const auto& inner : net.inners) variants.push_back({"rips", inner});
    for (const char* a : {"random", "receiver", "work_stealing", "none"})
      variants.push_back({a, ""});
    for (const auto& variant : variants) {
      // Named copies, not structured bindings: clang 14 cannot capture those in the lambda below.
      const std::string& alg = variant.first;
      const std::string& inner = variant.second;
      RipsRow row;
      row.topology = net.label;
      row.strategy = inner.empty() ? alg : alg + "/" + inner;
      for (int c = 0; c < cases; ++c) {
        RunRecord rec = split.next([&](RunRecord& mine) {
          const auto doc =
              scenario(net, opts.seed + static_cast<std::uint64_t>(c), alg, inner, opts.quick);
          const auto sc = io::read_dynamic_scenario(io::JsonReader(doc, ""));
          const auto r = io::run_dynamic_strategy(*sc, alg);
          mine.put(r->run.completion_time);
          mine.put(r->run.efficiency);
          mine.put(static_cast<double>(r->run.migrations));
          mine.put(static_cast<double>(r->run.task_hops));
          mine.put(static_cast<double>(r->run.messages));
          mine.put(static_cast<double>(r->run.system_phases));
          mine.put(r->verified ? 1 : 0);
        });
        // Summed in seed order whichever process ran the seed: the same bits as one process.
        row.completion += rec.number();
        row.efficiency += rec.number();
        row.migrations += rec.number();
        row.task_hops += rec.number();
        row.messages += rec.number();
        row.phases += rec.number();
        row.verified += rec.flag() ? 1 : 0;
        ++row.runs;
      }
      all_ok = all_ok && row.verified == row.runs;
      rows.push_back(row);
    }
  }
  out << pad_rips("topology", 26, true) << pad_rips("strategy", 16, true)
      << pad_rips("completion", 11) << pad_rips("efficiency", 11) << pad_rips("migrations", 11)
      << pad_rips("task-hops", 11) << pad_rips("messages", 10) << pad_rips("phases", 8)
      << pad_rips("verified", 10) << "\n";
  for (const RipsRow& r : rows) {
    const double k = r.runs;
    out << pad_rips(r.topology, 26, true) << pad_rips(r.strategy, 16, true)
        << pad_rips(fixed_rips(r.completion / k, 2), 11)
        << pad_rips(fixed_rips(r.efficiency / k, 3), 11)
        << pad_rips(fixed_rips(r.migrations / k, 1), 11)
        << pad_rips(fixed_rips(r.task_hops / k, 1), 11)
        << pad_rips(fixed_rips(r.messages / k, 0), 10) << pad_rips(fixed_rips(r.phases / k, 1), 8)
        << pad_rips(std::to_string(r.verified) + "/" + std::to_string(r.runs), 10) << "\n";
  }
  if (!opts.csv_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(opts.csv_dir, ec);
    const auto path = std::filesystem::path(opts.csv_dir) / "rips_comparison.csv";
    std::ofstream f(path);
    f << "topology,strategy,runs,completion_time,efficiency,migrations,task_hops,messages,system_"
         "phases,verified\n";
    for (const RipsRow& r : rows) {
      const double k = r.runs;
      f << '"' << r.topology << "\"," << r.strategy << ',' << r.runs << ',' << r.completion / k
        << ',' << r.efficiency / k << ',' << r.migrations / k << ',' << r.task_hops / k << ','
        << r.messages / k << ',' << r.phases / k << ',' << r.verified << '\n';
    }
    if (!f) {
      out << "error: cannot write " << path.string() << "\n";
      return 1;
    }
    out << "\n(CSV: " << path.string() << ")\n";
  }
  if (!all_ok) out << "\nSOME RUNS FAILED VERIFICATION\n";
  return all_ok ? 0 : 1;
}

}  // namespace

int reproduce_rips(const ReproduceOptions& opts, std::ostream& out) {
  return run_split(opts, out, rips_pass);
}

}  // namespace loadlab::cli
