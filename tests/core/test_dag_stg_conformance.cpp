// Conformance on real data: every scheduler on all 180 STG 50-task graphs x P in {2,4,8,16}
// produces a verified schedule that is never shorter than the proven optimum
// (../shared/data/stg/optimal, computed without communication, as STG has none).
// Set LOADLAB_PRINT_GAPS=1 to print the average / worst gap per algorithm.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>

#include "core/dag/schedulers.h"
#include "core/verify/schedule_verify.h"
#include "io/dag_formats/dag_formats.h"

#ifndef LOADLAB_SHARED_DIR
#define LOADLAB_SHARED_DIR "/work/shared"
#endif

using namespace loadlab;

namespace {

std::map<std::string, double> read_optima(const std::filesystem::path& csv) {
  std::map<std::string, double> out;
  std::ifstream in(csv);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string file, procs, len;
    if (!std::getline(ls, file, ',') || !std::getline(ls, procs, ',') || !std::getline(ls, len))
      continue;
    out[std::filesystem::path(file).filename().string()] = std::stod(len);
  }
  return out;
}

}  // namespace

TEST_CASE("DagStg.AllAlgorithms.NeverBeatProvenOptimum" * doctest::timeout(600)) {
  const std::filesystem::path root = std::filesystem::path(LOADLAB_SHARED_DIR) / "data" / "stg";
  REQUIRE(std::filesystem::exists(root / "50"));
  core::DagOptions opts;
  opts.optimal_max_tasks = 64;
  opts.optimal_node_budget = 3000;
  const bool print = std::getenv("LOADLAB_PRINT_GAPS") != nullptr;
  std::map<std::string, std::pair<double, double>> gaps;  // sum, worst
  int cases = 0;
  for (int P : {2, 4, 8, 16}) {
    const auto optima =
        read_optima(root / "optimal" / ("Case50_" + std::to_string(P) + "_OPT.csv"));
    REQUIRE(optima.size() == 180);
    for (const auto& entry : optima) {
      // Named copies: doctest's CAPTURE lambdas cannot capture structured bindings in clang 14.
      const auto& file = entry.first;
      const auto& opt = entry.second;
      std::ifstream in(root / "50" / file);
      std::stringstream ss;
      ss << in.rdbuf();
      const core::TaskGraph g = io::read_stg(ss.str());
      REQUIRE(g.size() == 52);
      ++cases;
      for (const auto& name : core::dag_algorithm_names()) {
        const core::Schedule s = core::run_dag_algorithm(name, g, P, opts);
        const auto check = core::verify_schedule(g, s);
        CAPTURE(file);
        CAPTURE(P);
        CAPTURE(name);
        REQUIRE_MESSAGE(check.ok, (check.errors.empty() ? "" : check.errors.front()));
        if (core::dag_algorithm_unbounded(name)) {
          // DSC may use more than P processors; it still cannot beat the critical path.
          CHECK(s.makespan() >= core::compute_levels(g).critical_path_comp);
          continue;
        }
        CHECK(s.processors <= P);
        CHECK(s.makespan() >= opt - 1e-9);
        auto& gp = gaps[name];
        const double gap = s.makespan() / opt - 1;
        gp.first += gap;
        gp.second = std::max(gp.second, gap);
      }
    }
  }
  CHECK(cases == 720);
  if (print)
    for (const auto& [name, gp] : gaps)
      std::cout << name << ": average gap " << 100 * gp.first / cases << " %, worst "
                << 100 * gp.second << " %\n";
}
