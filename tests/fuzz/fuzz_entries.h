// The fuzzed entry points, shared by the libFuzzer targets (tests/fuzz/fuzz_*.cpp) and by the
// regression test that replays tests/fuzz/regressions/<target>/* in every native build
// (tests/io/test_native_fuzz_regressions.cpp), so a crash found once stays fixed.
//
// Contract: every input gives a verified result or a field-named error
// (io::ScenarioError / io::DagFormatError; std::invalid_argument naming the line for METIS; or,
// for an algorithm that failed while running, its entry's error with a field). Anything else
// escaping -- another exception type, an unverified result -- is a bug: the fuzz target lets it
// terminate, the doctest reports it.
#pragma once

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/dag/task_graph.h"
#include "io/dag_formats/dag_formats.h"
#include "io/link_codec.h"
#include "io/mesh_formats/metis_graph.h"
#include "io/scenario.h"

namespace loadlab::fuzz {

enum class Outcome { Refused, Parsed, Ran };

/// Fuzz-only cap: a valid but huge scenario (a 2^20-node hypercube, 10^9 loop iterations) is
/// correct input that simply takes long, so the harness only *runs* documents whose integers are
/// small; every document is still parsed and validated in full. Kind-agnostic on purpose: new
/// kinds are covered without touching the harness.
struct FuzzRunCap {
  static constexpr double max_integer = 256;       // each integer-valued number, in magnitude
  static constexpr double max_integer_sum = 4096;  // all of them together (bounds products)
  static constexpr std::size_t max_array = 256;
  static constexpr double max_dim = 8;  // keys containing "dim" (2^dim nodes)
};

inline bool small_enough_to_run(const io::Json& doc) {
  double sum = 0;
  struct Item {
    const io::Json* v;
    bool dim;
  };
  std::vector<Item> stack{{&doc, false}};
  while (!stack.empty()) {
    const Item it = stack.back();
    stack.pop_back();
    const io::Json& v = *it.v;
    if (v.is_number()) {
      const double x = std::fabs(v.get<double>());
      if (x == std::floor(x) && std::isfinite(x)) {
        if (x > FuzzRunCap::max_integer || (it.dim && x > FuzzRunCap::max_dim)) return false;
        sum += x;
        if (sum > FuzzRunCap::max_integer_sum) return false;
      }
    } else if (v.is_array()) {
      if (v.size() > FuzzRunCap::max_array) return false;
      for (const auto& e : v) stack.push_back({&e, false});
    } else if (v.is_object()) {
      for (auto e = v.begin(); e != v.end(); ++e)
        stack.push_back({&*e, e.key().find("dim") != std::string::npos});
    }
  }
  return true;
}

inline io::RunContext fuzz_context() {
  io::RunContext ctx;
  // Relative "graph": {"file": ...} references resolve against the examples.
  ctx.base_dir = std::filesystem::path(LOADLAB_SOURCE_DIR) / "examples";
  return ctx;
}

/// A parsed document: validate, and run when small; every result must be verified.
inline Outcome scenario_document(const io::Json& doc) {
  const io::RunContext ctx = fuzz_context();
  try {
    const io::ScenarioPtr parsed = io::parse_scenario(doc, ctx);
    if (!small_enough_to_run(doc)) return Outcome::Parsed;
    const auto results = io::run_parsed(*parsed, ctx);
    const io::Json out = io::results_document(*parsed, results);
    for (const auto& r : results) {
      if (r->failed()) {  // failed while running: its entry is a field-named error
        if (r->failure->field.empty() || r->failure->field[0] != '/' || r->failure->message.empty())
          throw std::logic_error("failure of '" + r->algorithm + "' names no field: " + out.dump());
        continue;
      }
      if (!r->verified)
        throw std::logic_error("result of '" + r->algorithm +
                               "' failed its verifier: " + out.dump());
    }
    return Outcome::Ran;
  } catch (const io::ScenarioError&) {
    return Outcome::Refused;
  }
}

inline Outcome scenario_text(std::string_view text) {
  io::Json doc;
  try {
    doc = io::parse_json_text(text, io::ScenarioLimits::max_document_bytes);
  } catch (const io::ScenarioError&) {
    return Outcome::Refused;
  }
  return scenario_document(doc);
}

inline Outcome share_link(std::string_view text) {
  io::Json doc;
  try {
    doc = io::decode_link(text);
  } catch (const io::ScenarioError&) {
    return Outcome::Refused;
  }
  return scenario_document(doc);
}

// A graph that was read must be a DAG the core accepts; levels are cheap and walk every edge.
inline void touch_graph(const core::TaskGraph& g) {
  if (g.size() <= 100000) (void)core::compute_levels(g);
}

template <class Reader>
Outcome graph_file(Reader&& read) {
  try {
    touch_graph(read());
    return Outcome::Ran;
  } catch (const io::DagFormatError&) {
    return Outcome::Refused;
  }
}

inline Outcome stg(std::string_view t) {
  return graph_file([&] { return io::read_stg(t); });
}
inline Outcome dot(std::string_view t) {
  return graph_file([&] { return io::read_dot(t); });
}
inline Outcome wfcommons(std::string_view t) {
  return graph_file([&] { return io::read_wfcommons(t, 1e8); });
}

/// METIS/Chaco graphs report bad input as std::invalid_argument naming the line (metis_graph.h).
inline Outcome metis(std::string_view t) {
  try {
    (void)io::read_metis_graph(t);
    return Outcome::Ran;
  } catch (const std::invalid_argument&) {
    return Outcome::Refused;
  }
}

/// The entry point of a target by its name (the folder name under regressions/).
inline Outcome by_target(std::string_view target, std::string_view input) {
  if (target == "scenario") return scenario_text(input);
  if (target == "link") return share_link(input);
  if (target == "stg") return stg(input);
  if (target == "dot") return dot(input);
  if (target == "wfcommons") return wfcommons(input);
  if (target == "metis") return metis(input);
  throw std::invalid_argument("unknown fuzz target '" + std::string(target) + "'");
}

}  // namespace loadlab::fuzz
