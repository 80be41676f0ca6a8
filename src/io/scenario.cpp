#include "io/scenario.h"

#include "io/kinds/kinds.h"

#include <new>

namespace loadlab::io {

const std::vector<KindHandler>& scenario_kinds() {
  static const std::vector<KindHandler> kinds = {balance_kind(),  dag_kind(),     loop_kind(),
                                                 dlt_kind(),      dynamic_kind(), os_kind(),
                                                 partition_kind()};
  return kinds;
}

const KindHandler* find_kind(std::string_view name) {
  for (const auto& k : scenario_kinds())
    if (name == k.name) return &k;
  return nullptr;
}

namespace {

const KindHandler& kind_of(const JsonReader& s) {
  std::vector<std::string> names;
  for (const auto& k : scenario_kinds()) names.push_back(k.name);
  const std::string kind = s.get_enum("kind", names);
  if (const KindHandler* k = io::find_kind(kind)) return *k;
  throw ScenarioError("/kind", "unknown kind");  // unreachable: get_enum checked
}

std::vector<std::string> table_names(const KindHandler& kind) {
  std::vector<std::string> out;
  for (const auto& a : kind.algorithms()) out.emplace_back(a.name);
  return out;
}

// "params": {"<algorithm>": {...}, ...}: keys must be algorithms of the kind; each value an object.
void check_params(const JsonReader& s, const std::vector<std::string>& known) {
  if (!s.has("params")) return;
  const Json& p = s.at("params");
  if (!p.is_object()) throw ScenarioError("/params", "must be an object keyed by algorithm name");
  for (auto it = p.begin(); it != p.end(); ++it) {
    const std::string ptr = s.pointer("params") + "/" + pointer_escape(it.key());
    bool ok = false;
    for (const auto& k : known) ok = ok || k == it.key();
    if (!ok) throw ScenarioError(ptr, "not an algorithm of kind '" + s.get_string("kind") + "'");
    if (!it->is_object()) throw ScenarioError(ptr, "must be an object of settings");
  }
}

// Checks the common keys; returns the kind.
const KindHandler& check_common(const JsonReader& s) {
  const auto version = s.get_int("loadlab", 1, 1'000'000);
  if (version > kScenarioVersion)
    throw ScenarioError("/loadlab", "unsupported version " + std::to_string(version) +
                                        " (this build reads up to " +
                                        std::to_string(kScenarioVersion) + ")");
  const KindHandler& kind = kind_of(s);
  if (s.has("name")) s.get_string("name");
  if (s.has("description")) s.get_string("description");
  read_seed(s);
  const auto known = table_names(kind);
  read_algorithms(s, known);
  auto params_known = known;
  if (kind.param_sections)
    for (const auto& section : kind.param_sections()) params_known.push_back(section);
  check_params(s, params_known);
  return kind;
}

}  // namespace

JsonReader algorithm_params(const JsonReader& s, const std::string& algorithm) {
  static const Json empty = Json::object();
  if (!s.has("params"))
    return JsonReader(empty, s.pointer("params") + "/" + pointer_escape(algorithm));
  const JsonReader params = s.object("params");
  if (!params.has(algorithm)) return JsonReader(empty, params.pointer(algorithm));
  return params.object(algorithm);
}

void reject_algorithm_params(const JsonReader& s, const std::string& algorithm) {
  const JsonReader p = algorithm_params(s, algorithm);
  if (!p.json().empty())
    throw ScenarioError(p.pointer(p.json().begin().key()),
                        "unknown setting: algorithm '" + algorithm + "' has no settings");
}

Json TypedResult::failure_json() const {
  Json out = {{"algorithm", algorithm}, {"verified", false}};
  if (failure) out["error"] = {{"message", failure->message}, {"field", failure->field}};
  return out;
}

RunFailure current_run_failure(std::size_t index, const std::atomic<bool>* cancel) {
  if (cancel && cancel->load()) throw;
  const std::string at = "/algorithms/" + std::to_string(index);
  try {
    throw;
  } catch (const ScenarioError& e) {
    return {e.reason(), e.pointer().empty() ? at : e.pointer()};
  } catch (const std::bad_alloc&) {
    return {"ran out of memory", at};
  } catch (const std::exception& e) {
    return {e.what(), at};
  } catch (...) {
    return {"failed with an unknown error", at};
  }
}

Json migrate_scenario(const Json& scenario) {
  // Version 1 is the first published format; later versions add a step here.
  return scenario;
}

ScenarioPtr parse_scenario(const Json& scenario, const RunContext& ctx) {
  Json doc = migrate_scenario(scenario);
  JsonReader s(doc, "");
  const KindHandler& kind = check_common(s);
  std::shared_ptr<TypedScenario> parsed = kind.parse(s, ctx);
  // Fill the common fields the kind may have left alone.
  TypedScenario& common = *parsed;
  common.kind = kind.name;
  common.seed = read_seed(s);
  if (common.algorithms.empty()) common.algorithms = read_algorithms(s, table_names(kind));
  if (common.document.is_null()) common.document = std::move(doc);
  return parsed;
}

ScenarioPtr parse_scenario_text(std::string_view text, const RunContext& ctx) {
  return parse_scenario(parse_json_text(text, ScenarioLimits::max_document_bytes), ctx);
}

std::vector<ResultPtr> run_parsed(const TypedScenario& scenario, const RunContext& ctx) {
  const KindHandler* kind = find_kind(scenario.kind);
  if (!kind) throw ScenarioError("/kind", "unknown kind '" + scenario.kind + "'");
  return kind->run(scenario, ctx);
}

std::vector<std::string> algorithm_names_of(std::string_view kind) {
  std::vector<std::string> out;
  if (const KindHandler* k = find_kind(kind)) out = table_names(*k);
  return out;
}

Json results_document(const TypedScenario& scenario, const std::vector<ResultPtr>& results) {
  Json out = Json::object();
  out["loadlab"] = kScenarioVersion;
  out["kind"] = scenario.kind;
  Json arr = Json::array();
  for (const auto& r : results) arr.push_back(r->to_json());
  out["results"] = std::move(arr);
  return out;
}

void validate_scenario(const Json& scenario, const RunContext& ctx) {
  parse_scenario(scenario, ctx);
}

Json load_scenario_text(std::string_view text, const RunContext& ctx) {
  return parse_scenario_text(text, ctx)->document;  // the migrated, validated document
}

Json run_scenario(const Json& scenario, const RunContext& ctx) {
  const ScenarioPtr parsed = parse_scenario(scenario, ctx);
  return results_document(*parsed, run_parsed(*parsed, ctx));
}

std::vector<std::string> read_algorithms(const JsonReader& s,
                                         const std::vector<std::string>& known) {
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
  for (auto k : {"loadlab", "kind", "seed", "name", "description", "algorithms", "params", "ui"})
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
      throw ScenarioError(s.pointer(it.key()), "unknown field for kind '" + s.get_string("kind") +
                                                   "' (its fields: " + list + ")");
    }
  }
}

std::uint64_t read_seed(const JsonReader& s) {
  // Seeds are kept below 2^53 so they survive a round trip through JavaScript numbers.
  return static_cast<std::uint64_t>(s.get_int_or("seed", 1, 0, (1LL << 53) - 1));
}

}  // namespace loadlab::io
