// The "dlt" kind. Placeholder until its issue lands: rejects every document with a clear message.
#include "io/kinds/kinds.h"

namespace loadlab::io {

namespace {

std::vector<std::string> algorithms() { return {}; }

void validate(const JsonReader&, const RunContext&) {
  throw ScenarioError("/kind", "kind 'dlt' is not available in this build yet");
}

Json run(const JsonReader& s, const RunContext& ctx) {
  validate(s, ctx);
  return Json::array();
}

}  // namespace

KindHandler dlt_kind() { return {"dlt", validate, run, algorithms}; }

}  // namespace loadlab::io
