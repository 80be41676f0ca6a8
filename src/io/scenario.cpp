#include "io/scenario.h"

#include "io/kinds/kinds.h"

namespace loadlab::io {

const std::vector<KindHandler>& scenario_kinds() {
  static const std::vector<KindHandler> kinds = {balance_kind(), dag_kind(), loop_kind(), dlt_kind()};
  return kinds;
}

namespace {

const KindHandler& find_kind(const JsonReader& s) {
  std::vector<std::string> names;
  for (const auto& k : scenario_kinds()) names.push_back(k.name);
  const std::string kind = s.get_enum("kind", names);
  for (const auto& k : scenario_kinds())
    if (kind == k.name) return k;
  throw ScenarioError("/kind", "unknown kind");  // unreachable: get_enum checked
}

}  // namespace

Json migrate_scenario(const Json& scenario) {
  // Version 1 is the first published format; later versions add a step here.
  return scenario;
}

void validate_scenario(const Json& scenario, const RunContext& ctx) {
  JsonReader s(scenario, "");
  const auto version = s.get_int("loadlab", 1, 1'000'000);
  if (version > kScenarioVersion)
    throw ScenarioError("/loadlab", "unsupported version " + std::to_string(version) +
                                        " (this build reads up to " +
                                        std::to_string(kScenarioVersion) + ")");
  const KindHandler& kind = find_kind(s);
  if (s.has("name")) s.get_string("name");
  if (s.has("description")) s.get_string("description");
  read_seed(s);
  read_algorithms(s, kind.algorithms());
  kind.validate(s, ctx);
}

Json load_scenario_text(std::string_view text, const RunContext& ctx) {
  Json doc = migrate_scenario(parse_json_text(text, ScenarioLimits::max_document_bytes));
  validate_scenario(doc, ctx);
  return doc;
}

Json run_scenario(const Json& scenario, const RunContext& ctx) {
  Json doc = migrate_scenario(scenario);
  validate_scenario(doc, ctx);
  JsonReader s(doc, "");
  const KindHandler& kind = find_kind(s);
  Json out = Json::object();
  out["loadlab"] = kScenarioVersion;
  out["kind"] = kind.name;
  out["results"] = kind.run(s, ctx);
  return out;
}

std::vector<std::string> read_algorithms(const JsonReader& s, const std::vector<std::string>& known) {
  std::vector<std::string> out;
  if (!s.has("algorithms")) return out;
  const Json& arr = s.array("algorithms", ScenarioLimits::max_algorithms);
  for (std::size_t i = 0; i < arr.size(); ++i) {
    const std::string ptr = "/algorithms/" + std::to_string(i);
    const std::string name = JsonReader::as_string(arr[i], ptr);
    bool ok = false;
    for (const auto& k : known) ok = ok || k == name;
    if (!ok) {
      std::string list;
      for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
      throw ScenarioError(ptr, "unknown algorithm '" + name + "' for kind '" +
                                   s.get_string("kind") + "' (known: " + list + ")");
    }
    out.push_back(name);
  }
  return out;
}

bool is_common_key(std::string_view key) {
  for (auto k : {"loadlab", "kind", "seed", "name", "description", "algorithms", "ui"})
    if (key == k) return true;
  return false;
}

void reject_unknown_keys(const JsonReader& s, std::initializer_list<std::string_view> own) {
  for (auto it = s.json().begin(); it != s.json().end(); ++it) {
    if (is_common_key(it.key())) continue;
    bool ok = false;
    for (auto k : own) ok = ok || it.key() == k;
    if (!ok) {
      std::string list;
      for (auto k : own) list += (list.empty() ? "" : ", ") + std::string(k);
      throw ScenarioError(s.pointer(it.key()),
                          "unknown field for kind '" + s.get_string("kind") + "' (its fields: " +
                              list + ")");
    }
  }
}

std::uint64_t read_seed(const JsonReader& s) {
  // Seeds are kept below 2^53 so they survive a round trip through JavaScript numbers.
  return static_cast<std::uint64_t>(s.get_int_or("seed", 1, 0, (1LL << 53) - 1));
}

}  // namespace loadlab::io
