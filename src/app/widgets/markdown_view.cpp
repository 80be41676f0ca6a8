// ImGui 1.86 has no rich text: a paragraph is laid out one word at a time with SameLine, breaking
// the line when the next word would pass the wrap width; styles are colours (one font).
#include "app/widgets/markdown_view.h"

#include <imgui.h>

namespace loadlab::app {

namespace {

ImVec4 md_span_colour(const MdSpan& s) {
  const ImVec4 text = ImGui::GetStyleColorVec4(ImGuiCol_Text);
  if (!s.link.empty()) return {0.35f, 0.62f, 1.0f, 1.0f};
  if (s.code) return {0.85f, 0.55f, 0.30f, 1.0f};
  if (s.bold) return {text.x, text.y, text.z, 1.0f};
  if (s.italic) return ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
  return {text.x, text.y, text.z, text.w * 0.92f};
}

// One span's words; returns true when a link word was clicked.
bool md_draw_words(const MdSpan& s, float wrap_right, bool& first_on_line, bool& space_before) {
  bool clicked = false;
  const float space = ImGui::CalcTextSize(" ").x;
  std::size_t i = 0;
  const std::string& t = s.text;
  while (i < t.size()) {
    const bool lead_space = t[i] == ' ' || space_before;
    space_before = false;
    while (i < t.size() && t[i] == ' ') ++i;
    if (i >= t.size()) break;
    const std::size_t end = t.find(' ', i);
    const std::string word = t.substr(i, end == std::string::npos ? std::string::npos : end - i);
    i = end == std::string::npos ? t.size() : end;
    const float w = ImGui::CalcTextSize(word.c_str()).x;
    if (!first_on_line) {
      ImGui::SameLine(0, lead_space ? space : 0);
      if (ImGui::GetCursorScreenPos().x + w > wrap_right) ImGui::NewLine();
    }
    first_on_line = false;
    ImGui::PushStyleColor(ImGuiCol_Text, md_span_colour(s));
    ImGui::TextUnformatted(word.c_str());
    ImGui::PopStyleColor();
    if (!s.link.empty()) {
      if (ImGui::IsItemHovered()) {
        ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
        ImGui::SetTooltip("%s", s.link.c_str());
      }
      if (ImGui::IsItemClicked()) clicked = true;
      const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
      ImGui::GetWindowDrawList()->AddLine({a.x, b.y}, b, ImGui::GetColorU32(md_span_colour(s)));
    }
  }
  if (!t.empty() && t.back() == ' ') space_before = true;  // the next span's first word
  return clicked;
}

void md_draw_spans(const std::vector<MdSpan>& spans, MarkdownViewState& state,
                   const std::function<void(const std::string&)>& open_link) {
  const float wrap_right =
      ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x - ImGui::GetFontSize();
  bool first = true, space_before = false;
  for (const MdSpan& s : spans)
    if (md_draw_words(s, wrap_right, first, space_before)) {
      if (!s.link.empty() && s.link[0] == '#')
        state.scroll_to = s.link.substr(1);
      else
        open_link(s.link);
    }
  if (first) ImGui::NewLine();
}

}  // namespace

void draw_markdown(const std::vector<MdBlock>& blocks, MarkdownViewState& state,
                   const std::function<void(const std::string&)>& open_link) {
  const float f = ImGui::GetFontSize();
  const std::string target = state.scroll_to;
  int table_id = 0;
  for (const MdBlock& b : blocks) {
    switch (b.type) {
      case MdBlockType::heading: {
        ImGui::Spacing();
        if (b.level <= 2) ImGui::Spacing();
        if (!target.empty() && b.anchor == target) {
          ImGui::SetScrollHereY(0.0f);
          state.scroll_to.clear();
        }
        const ImVec4 accent = ImGui::GetStyleColorVec4(ImGuiCol_PlotHistogram);
        ImGui::PushStyleColor(ImGuiCol_Text,
                              b.level <= 2 ? accent : ImGui::GetStyleColorVec4(ImGuiCol_Text));
        ImGui::TextWrapped("%s", markdown_plain(b.spans).c_str());
        ImGui::PopStyleColor();
        if (b.level <= 2) ImGui::Separator();
        break;
      }
      case MdBlockType::paragraph:
        md_draw_spans(b.spans, state, open_link);
        ImGui::Spacing();
        break;
      case MdBlockType::bullet:
      case MdBlockType::numbered: {
        const float indent = f * (2.0f + 1.5f * static_cast<float>(b.level));
        ImGui::Indent(indent);
        const ImVec2 at = ImGui::GetCursorScreenPos();
        if (b.type == MdBlockType::bullet) {
          ImGui::GetWindowDrawList()->AddCircleFilled({at.x - 0.6f * f, at.y + 0.5f * f}, 0.15f * f,
                                                      ImGui::GetColorU32(ImGuiCol_Text));
        } else {
          const std::string n = std::to_string(b.number) + ".";
          ImGui::GetWindowDrawList()->AddText(
              {at.x - ImGui::CalcTextSize(n.c_str()).x - 0.3f * f, at.y},
              ImGui::GetColorU32(ImGuiCol_Text), n.c_str());
        }
        md_draw_spans(b.spans, state, open_link);
        ImGui::Unindent(indent);
        break;
      }
      case MdBlockType::code: {
        ImGui::Indent(f);
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4{0.85f, 0.55f, 0.30f, 1.0f});
        ImGui::TextUnformatted(b.code.c_str());
        ImGui::PopStyleColor();
        ImGui::Unindent(f);
        ImGui::Spacing();
        break;
      }
      case MdBlockType::table: {
        const int cols = b.rows.empty() ? 0 : static_cast<int>(b.rows[0].size());
        if (cols == 0 || cols > 32) break;
        ImGui::PushID(table_id++);
        if (ImGui::BeginTable("##md_table", cols,
                              ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                  ImGuiTableFlags_SizingStretchProp)) {
          for (std::size_t r = 0; r < b.rows.size(); ++r) {
            ImGui::TableNextRow(r == 0 ? ImGuiTableRowFlags_Headers : 0);
            for (int c = 0; c < cols; ++c) {
              ImGui::TableSetColumnIndex(c);
              if (c < static_cast<int>(b.rows[r].size()))
                ImGui::TextWrapped("%s",
                                   markdown_plain(b.rows[r][static_cast<std::size_t>(c)]).c_str());
            }
          }
          ImGui::EndTable();
        }
        ImGui::PopID();
        ImGui::Spacing();
        break;
      }
      case MdBlockType::image: {
        MdSpan s;
        s.text = "[picture: " + (b.image_alt.empty() ? b.image_path : b.image_alt) + "]";
        s.link = b.image_path;
        md_draw_spans({s}, state, open_link);
        ImGui::Spacing();
        break;
      }
      case MdBlockType::rule:
        ImGui::Separator();
        break;
    }
  }
}

}  // namespace loadlab::app
