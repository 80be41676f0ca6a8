// Transitional: wraps a kind written as validate(JsonReader) + run(JsonReader) -> Json array into
// the KindHandler shape of io/kind.h. A kind converted to real typed scenarios/results stops using
// this header; when none uses it, delete it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/common/algorithm_info.h"
#include "io/scenario.h"

namespace loadlab::io::legacy {

struct JsonScenario : TypedScenario {};

struct JsonResult : TypedResult {
  Json entry;
  Json to_json() const override { return entry; }
};

template <void (*Validate)(const JsonReader&, const RunContext&)>
std::shared_ptr<TypedScenario> parse(const JsonReader& s, const RunContext& ctx) {
  Validate(s, ctx);
  auto out = std::make_shared<JsonScenario>();
  out->document = s.json();
  return out;
}

template <Json (*Run)(const JsonReader&, const RunContext&)>
std::vector<ResultPtr> run(const TypedScenario& sc, const RunContext& ctx) {
  const JsonReader s(sc.document, "");
  const Json entries = Run(s, ctx);
  std::vector<ResultPtr> out;
  for (const auto& e : entries) {
    auto r = std::make_shared<JsonResult>();
    r->algorithm = e.value("algorithm", "");
    r->verified = e.value("verified", false);
    r->entry = e;
    out.push_back(std::move(r));
  }
  return out;
}

/// A descriptor table with only names, from a kind's name list (kept alive for the process).
template <std::vector<std::string> (*Names)()>
const std::vector<core::AlgorithmInfo>& table() {
  static const std::vector<std::string> names = Names();
  static const std::vector<core::AlgorithmInfo> rows = [] {
    std::vector<core::AlgorithmInfo> r;
    for (const auto& n : names) r.push_back({n.c_str(), n.c_str(), "", "", "", "", "", false});
    return r;
  }();
  return rows;
}

}  // namespace loadlab::io::legacy
