#include "app/model/ui_state.h"

#include <algorithm>

namespace loadlab::app {

UiState read_ui_state(const io::Json& ui) {
  UiState s;
  if (!ui.is_object()) return s;
  for (auto it = ui.begin(); it != ui.end(); ++it) {
    if (it.key() == "select") {
      if (it.value().is_string()) s.select = it.value().get<std::string>();
    } else {
      s.other[it.key()] = it.value();
    }
  }
  return s;
}

io::Json ui_state_json(const UiState& s) {
  io::Json j = s.other.is_object() ? s.other : io::Json::object();
  if (s.select) j["select"] = *s.select;
  return j;
}

namespace {

const io::Json* ui_value(const UiState& u, const char* key) {
  if (!u.other.is_object()) return nullptr;
  const auto it = u.other.find(key);
  return it == u.other.end() ? nullptr : &*it;
}

template <class T>
void ui_put_value(UiState& u, const char* key, const std::optional<T>& v) {
  if (!u.other.is_object()) u.other = io::Json::object();
  if (v)
    u.other[key] = *v;
  else
    u.other.erase(key);
}

}  // namespace

std::optional<bool> ui_bool(const UiState& u, const char* key) {
  const io::Json* v = ui_value(u, key);
  return v && v->is_boolean() ? std::optional<bool>(v->get<bool>()) : std::nullopt;
}

std::optional<int> ui_int(const UiState& u, const char* key) {
  const io::Json* v = ui_value(u, key);
  return v && v->is_number_integer() ? std::optional<int>(v->get<int>()) : std::nullopt;
}

std::optional<double> ui_number(const UiState& u, const char* key) {
  const io::Json* v = ui_value(u, key);
  return v && v->is_number() ? std::optional<double>(v->get<double>()) : std::nullopt;
}

void ui_put(UiState& u, const char* key, const std::optional<bool>& v) {
  ui_put_value(u, key, v);
}
void ui_put(UiState& u, const char* key, const std::optional<int>& v) {
  ui_put_value(u, key, v);
}
void ui_put(UiState& u, const char* key, const std::optional<double>& v) {
  ui_put_value(u, key, v);
}
void ui_put(UiState& u, const char* key, const std::optional<std::string>& v) {
  ui_put_value(u, key, v);
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
