// A text field over a std::string (single line, or a few lines for the JSON editor).
#pragma once

#include <imgui.h>

#include <cstdio>
#include <string>

namespace loadlab::app {

inline bool input_text(const char* label, std::string& value, bool multiline = false) {
  char buf[8192];
  std::snprintf(buf, sizeof buf, "%s", value.c_str());
  const bool changed = multiline ? ImGui::InputTextMultiline(label, buf, sizeof buf,
                                                             {-1, ImGui::GetTextLineHeight() * 4})
                                 : ImGui::InputText(label, buf, sizeof buf);
  if (changed) value = buf;
  return changed;
}

}  // namespace loadlab::app
