#include "app/model/ui_state.h"

#include <algorithm>

namespace loadlab::app {

UiState read_ui_state(const io::Json& ui) {
  UiState s;
  if (!ui.is_object()) return s;
  for (auto it = ui.begin(); it != ui.end(); ++it) {
    const std::string& k = it.key();
    const io::Json& v = it.value();
    auto str = [&v](std::optional<std::string>& out) {
      if (v.is_string()) out = v.get<std::string>();
    };
    auto boolean = [&v](std::optional<bool>& out) {
      if (v.is_boolean()) out = v.get<bool>();
    };
    auto integer = [&v](std::optional<int>& out) {
      if (v.is_number_integer()) out = v.get<int>();
    };
    if (k == "tab")
      str(s.tab);
    else if (k == "select")
      str(s.select);
    else if (k == "compare")
      boolean(s.compare);
    else if (k == "comm")
      boolean(s.comm);
    else if (k == "measure")
      boolean(s.measure);
    else if (k == "step")
      integer(s.step);
    else if (k == "ibs_step")
      integer(s.ibs_step);
    else if (k == "zoom") {
      if (v.is_number()) s.zoom = std::clamp(v.get<double>(), 1.0, 1000.0);
    } else {
      s.other[k] = v;
    }
  }
  return s;
}

io::Json ui_state_json(const UiState& s) {
  io::Json j = s.other.is_object() ? s.other : io::Json::object();
  auto put = [&j](const char* key, const auto& opt) {
    if (opt) j[key] = *opt;
  };
  put("tab", s.tab);
  put("select", s.select);
  put("compare", s.compare);
  put("comm", s.comm);
  put("measure", s.measure);
  put("step", s.step);
  put("ibs_step", s.ibs_step);
  put("zoom", s.zoom);
  return j;
}

int ui_tab_index(const std::optional<std::string>& name, std::initializer_list<const char*> names) {
  if (!name) return -1;
  int i = 0;
  for (const char* n : names) {
    if (*name == n) return i;
    ++i;
  }
  return -1;
}

std::optional<std::string> ui_string(const UiState& u, const char* key) {
  if (!u.other.is_object()) return std::nullopt;
  const auto it = u.other.find(key);
  if (it == u.other.end() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

std::optional<std::string> ui_tab_name(int shown, std::initializer_list<const char*> names) {
  if (shown < 0 || shown >= static_cast<int>(names.size())) return std::nullopt;
  return std::string(names.begin()[shown]);
}

void save_tab(UiState& u, const char* key, int shown, std::initializer_list<const char*> names) {
  if (auto t = ui_tab_name(shown, names)) u.other[key] = *t;
}

}  // namespace loadlab::app
