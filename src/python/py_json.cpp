// Conversions between Python objects and nlohmann::json (see py_json.h).
#include "python/py_json.h"

#include <cmath>

namespace py = pybind11;

namespace loadlab::python {

namespace {

constexpr int kMaxPyJsonDepth = 256;  // deeper documents are refused instead of overflowing

nlohmann::json py_to_json_at(py::handle obj, const std::string& where, int depth) {
  if (depth > kMaxPyJsonDepth)
    throw py::value_error(where + ": nested deeper than " + std::to_string(kMaxPyJsonDepth));
  if (obj.is_none()) return nullptr;
  // bool before int: Python's bool is a subclass of int.
  if (py::isinstance<py::bool_>(obj)) return obj.cast<bool>();
  if (py::isinstance<py::int_>(obj)) {
    try {
      return obj.cast<std::int64_t>();
    } catch (const py::cast_error&) {
      try {
        return obj.cast<std::uint64_t>();
      } catch (const py::cast_error&) {
        throw py::value_error(where + ": integer out of the 64-bit range");
      }
    }
  }
  if (py::isinstance<py::float_>(obj)) return obj.cast<double>();
  if (py::isinstance<py::str>(obj)) return obj.cast<std::string>();
  if (py::isinstance<py::dict>(obj)) {
    nlohmann::json out = nlohmann::json::object();
    for (auto item : obj.cast<py::dict>()) {
      if (!py::isinstance<py::str>(item.first))
        throw py::type_error(where + ": keys must be strings, got " +
                             std::string(py::str(py::repr(item.first))));
      const auto key = item.first.cast<std::string>();
      out[key] = py_to_json_at(item.second, where + "/" + key, depth + 1);
    }
    return out;
  }
  if (py::isinstance<py::list>(obj) || py::isinstance<py::tuple>(obj)) {
    nlohmann::json out = nlohmann::json::array();
    std::size_t i = 0;
    for (auto item : obj)
      out.push_back(py_to_json_at(item, where + "/" + std::to_string(i++), depth + 1));
    return out;
  }
  // numpy scalars and other numbers: anything with __index__ or __float__.
  py::object o = py::reinterpret_borrow<py::object>(obj);
  if (py::hasattr(o, "__index__")) return py_to_json_at(py::int_(o), where, depth);
  if (py::hasattr(o, "__float__")) return py::float_(o).cast<double>();
  throw py::type_error(where + ": cannot be stored in a scenario (type " +
                       std::string(py::str(obj.get_type().attr("__name__"))) + ")");
}

}  // namespace

nlohmann::json to_json(py::handle obj, const std::string& where) {
  return py_to_json_at(obj, where, 0);
}

py::object from_json(const nlohmann::json& j) {
  switch (j.type()) {
    case nlohmann::json::value_t::null:
      return py::none();
    case nlohmann::json::value_t::boolean:
      return py::bool_(j.get<bool>());
    case nlohmann::json::value_t::number_integer:
      return py::int_(j.get<std::int64_t>());
    case nlohmann::json::value_t::number_unsigned:
      return py::int_(j.get<std::uint64_t>());
    case nlohmann::json::value_t::number_float: {
      const double v = j.get<double>();
      if (!std::isfinite(v)) return py::none();  // nlohmann dumps these as null
      return py::float_(v);
    }
    case nlohmann::json::value_t::string:
      return py::str(j.get_ref<const std::string&>());
    case nlohmann::json::value_t::array: {
      py::list out;
      for (const auto& v : j) out.append(from_json(v));
      return out;
    }
    case nlohmann::json::value_t::object: {
      py::dict out;
      for (auto it = j.begin(); it != j.end(); ++it) out[py::str(it.key())] = from_json(it.value());
      return out;
    }
    default:
      return py::none();
  }
}

}  // namespace loadlab::python
