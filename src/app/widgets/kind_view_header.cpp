#include "app/widgets/kind_view_header.h"

#include <imgui.h>

namespace loadlab::app {

void verified_badge(bool verified, const std::string* first_error) {
  ImGui::SameLine();
  if (verified)
    ImGui::TextColored({0.4f, 0.9f, 0.4f, 1}, "verified");
  else
    ImGui::TextColored({1, 0.4f, 0.4f, 1}, "NOT verified");
  if (!verified && first_error && !first_error->empty())
    ImGui::TextColored({1, 0.5f, 0.4f, 1}, "%s", first_error->c_str());
}

void kind_tab_bar(const char* id, TabRequest& tabs, const std::vector<ViewTab>& list) {
  const int request = tabs.take();
  if (!ImGui::BeginTabBar(id)) return;
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (!begin_tab(tabs, list[i].label, static_cast<int>(i), request)) continue;
    list[i].draw();
    ImGui::EndTabItem();
  }
  ImGui::EndTabBar();
}

}  // namespace loadlab::app
