// Python objects <-> nlohmann::json for the loadlab module.
//
// Objects become Python dicts with their keys in nlohmann's (sorted) order, so json.dumps(d,
// indent=2, ensure_ascii=False) prints exactly what `loadlab run` prints.
#pragma once

#include <pybind11/pybind11.h>

#include <nlohmann/json.hpp>

namespace loadlab::python {

/// dict/list/tuple/str/int/float/bool/None -> JSON; anything else raises TypeError naming the
/// place ("scenario/graph/tasks/3/cost").
nlohmann::json to_json(pybind11::handle obj, const std::string& where = "scenario");
/// JSON -> dict/list/str/int/float/bool/None (NaN and infinities, which JSON cannot hold, as None).
pybind11::object from_json(const nlohmann::json& j);

}  // namespace loadlab::python
