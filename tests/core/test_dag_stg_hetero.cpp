// Heterogeneous machines on real data: every scheduler that runs on a machine, on a
// STG 50-task graphs (all 180; about 2 s in Release) with seeded random edge data, on
// P in {2, 4, 8, 16} processors with seeded random speeds, bandwidth matrices, per-link bandwidth
// over a ring or a mesh, or an ETC matrix:
//   - every schedule passes the machine's verifier;
//   - no makespan is below core::makespan_lower_bound(g, m);
//   - on a uniform machine (every speed s = 2 or 4, every bandwidth s) each makespan is exactly
//     the identical-processor makespan / s: the heterogeneous forms scale exactly (powers of two
//     divide without rounding), and HEFT's heterogeneous form equals its identical-processor form.
// STG graphs carry no communication; the data on the edges (0..2 x mean task cost) is ours.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/dag/hetero_schedulers.h"
#include "core/dag/registry.h"
#include "core/util/rng.h"
#include "core/verify/schedule_verify.h"
#include "io/dag_formats/dag_formats.h"

#ifndef LOADLAB_SHARED_DIR
#define LOADLAB_SHARED_DIR "/work/shared"
#endif

using namespace loadlab;

namespace {

core::TaskGraph read_stg_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return io::read_stg(ss.str());
}

// The STG graph with integer edge data uniform in [0, 2 x mean task cost] (CCR about 1).
core::TaskGraph with_data(const core::TaskGraph& g, util::Rng& rng) {
  const double mean = g.total_comp() / g.size();
  std::vector<core::DagEdge> edges = g.edges();
  for (auto& e : edges)
    e.comm = static_cast<double>(rng.uniform_int(0, static_cast<std::int64_t>(2 * mean)));
  std::vector<double> comp(static_cast<std::size_t>(g.size()));
  for (core::TaskId t = 0; t < g.size(); ++t) comp[static_cast<std::size_t>(t)] = g.comp(t);
  return core::TaskGraph(std::move(comp), std::move(edges), g.names());
}

// Machine kind k: 0 speeds + bandwidth matrix, 1 speeds + per-link ring, 2 speeds + per-link mesh
// (P = 2 x P/2), 3 ETC matrix + bandwidth matrix.
core::Machine random_machine(const core::TaskGraph& g, int P, int k, util::Rng& rng) {
  core::Machine m = core::Machine::identical(P);
  if (k == 3) {
    for (core::TaskId t = 0; t < g.size(); ++t)
      for (int p = 0; p < P; ++p) m.etc.push_back(g.comp(t) * rng.uniform_real(0.25, 2.0));
  } else {
    for (int p = 0; p < P; ++p) m.speeds.push_back(rng.uniform_real(1.0, 4.0));
  }
  if ((k == 1 && P >= 3) || (k == 2 && P >= 4)) {  // a ring needs 3 nodes; else the matrix
    const core::Topology t = k == 1 ? core::Topology::ring(P) : core::Topology::mesh(2, P / 2);
    std::vector<double> links;
    for (std::int64_t i = 0; i < t.edge_count(); ++i) links.push_back(rng.uniform_real(0.25, 4.0));
    m.bandwidth = core::routed_bandwidth(t, links);
    return m;
  }
  for (int p = 0; p < P; ++p)
    for (int q = 0; q < P; ++q) m.bandwidth.push_back(p == q ? 0.0 : rng.uniform_real(0.5, 2.0));
  return m;
}

std::vector<std::string> hetero_machine_schedulers() {
  std::vector<std::string> out;
  for (const auto& a : core::dag_algorithms())
    if (a.run_machine && std::string(a.info.name) != "optimal") out.emplace_back(a.info.name);
  return out;
}

}  // namespace

TEST_CASE("DagStgHetero.EveryScheduler.VerifiedAboveTheBound" * doctest::timeout(300)) {
  const std::filesystem::path root =
      std::filesystem::path(LOADLAB_SHARED_DIR) / "data" / "stg" / "50";
  REQUIRE(std::filesystem::exists(root));
  const auto names = hetero_machine_schedulers();
  REQUIRE(names.size() >= 13);
  util::Rng rng(2004);
  int cases = 0;
  for (int i = 0; i < 180; ++i) {
    char file[32];
    std::snprintf(file, sizeof file, "rand%04d.stg", i);
    const core::TaskGraph g = with_data(read_stg_file(root / file), rng);
    REQUIRE(g.size() == 52);
    for (int P : {2, 4, 8, 16}) {
      const int kind = (i + P) % 4;
      const core::Machine m = random_machine(g, P, kind, rng);
      core::validate_machine(m, g);
      const double lb = core::makespan_lower_bound(g, m);
      ++cases;
      for (const auto& name : names) {
        const core::Schedule s = core::run_dag_algorithm(name, g, m);
        const auto check = core::verify_schedule(g, m, s);
        CAPTURE(file);
        CAPTURE(P);
        CAPTURE(kind);
        CAPTURE(name);
        REQUIRE_MESSAGE(check.ok, (check.errors.empty() ? "" : check.errors.front()));
        CHECK(s.processors <= P);
        CHECK(s.makespan() >= lb * (1 - 1e-12));
      }
    }
  }
  CHECK(cases == 720);
}

TEST_CASE("DagStgHetero.UniformMachine.ScalesExactly" * doctest::timeout(300)) {
  const std::filesystem::path root =
      std::filesystem::path(LOADLAB_SHARED_DIR) / "data" / "stg" / "50";
  REQUIRE(std::filesystem::exists(root));
  const auto names = hetero_machine_schedulers();
  util::Rng rng(2002);
  for (int i = 1; i < 180; i += 6) {
    char file[32];
    std::snprintf(file, sizeof file, "rand%04d.stg", i);
    const core::TaskGraph g = with_data(read_stg_file(root / file), rng);
    for (int P : {2, 4, 8}) {
      const double s = i % 12 == 1 ? 2.0 : 4.0;
      core::Machine m = core::Machine::identical(P);
      m.speeds.assign(static_cast<std::size_t>(P), s);
      for (int p = 0; p < P; ++p)
        for (int q = 0; q < P; ++q) m.bandwidth.push_back(p == q ? 0.0 : s);
      REQUIRE(m.uniform());
      CAPTURE(file);
      CAPTURE(P);
      // HEFT: the heterogeneous form on the uniform machine = the identical-processor form / s.
      CHECK(core::heft(g, m).makespan() == core::heft(g, P).makespan() / s);
      for (const auto& name : names) {
        CAPTURE(name);
        const core::DagAlgorithm* a = core::find_dag_algorithm(name);
        // The heterogeneous form, called directly (run_dag_algorithm would take the
        // identical-processor form for a uniform machine when there is one).
        const core::Schedule fast = a->run_machine(g, m, {}, nullptr, nullptr);
        const core::Schedule ident =
            a->run_machine(g, core::Machine::identical(P), {}, nullptr, nullptr);
        CHECK(core::verify_schedule(g, m, fast).ok);
        CHECK(fast.makespan() == ident.makespan() / s);
        // Through the registry (identical-processor form where there is one): the same scale.
        CHECK(core::run_dag_algorithm(name, g, m).makespan() ==
              core::run_dag_algorithm(name, g, P).makespan() / s);
      }
    }
  }
}
