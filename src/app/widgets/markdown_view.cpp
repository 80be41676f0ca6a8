// ImGui 1.86 has no rich text: a paragraph is laid out one word at a time with SameLine, breaking
// the line when the next word would pass the wrap width; styles are colours (one font).
#include "app/widgets/markdown_view.h"

#include <imgui.h>

#include <algorithm>
#include <cstdint>

#include "app/widgets/markdown_images.h"

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

// Screenshots are 16:10; a picture not loaded yet keeps that much room, so the layout below it
// does not jump much when it arrives.
constexpr float kMdPlaceholderAspect = 0.625f;

// A picture at the available width (never wider than its own pixels), a framed placeholder while
// it loads, its link when it cannot be shown. Returns true when drawn as a texture.
bool md_draw_image(const std::string& path, const std::string& alt, MarkdownViewState& state,
                   const std::function<void(const std::string&)>& open_link,
                   const MarkdownImageSource& image) {
  const float avail = std::max(1.0f, ImGui::GetContentRegionAvail().x);
  const MarkdownImage* img = nullptr;
  if (image) {
    // Only pictures in view are asked for: the guide loads them as the reader scrolls.
    const ImVec2 at = ImGui::GetCursorScreenPos();
    if (ImGui::IsRectVisible(at, {at.x + avail, at.y + avail * kMdPlaceholderAspect}))
      img = image(path);
  }
  const bool ready = img && img->state == MarkdownImage::State::ready && img->width > 0;
  if (ready) {
    const float w = std::min(avail, static_cast<float>(img->width));
    const float h = w * static_cast<float>(img->height) / static_cast<float>(img->width);
    ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(img->texture)), {w, h});
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", alt.empty() ? path.c_str() : alt.c_str());
    if (ImGui::IsItemClicked()) open_link(path);
    return true;
  }
  if (image && (!img || img->state == MarkdownImage::State::loading)) {
    const ImVec2 a = ImGui::GetCursorScreenPos();
    const ImVec2 size{avail, avail * kMdPlaceholderAspect};
    ImGui::Dummy(size);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRect(a, {a.x + size.x, a.y + size.y}, ImGui::GetColorU32(ImGuiCol_Border));
    const std::string label = "loading " + (alt.empty() ? path : alt) + "...";
    dl->AddText({a.x + ImGui::GetFontSize() * 0.5f, a.y + ImGui::GetFontSize() * 0.5f},
                ImGui::GetColorU32(ImGuiCol_TextDisabled), label.c_str());
    return false;
  }
  MdSpan s;
  s.text = "[picture: " + (alt.empty() ? path : alt) + "]";
  s.link = path;
  md_draw_spans({s}, state, open_link);
  if (img && !img->error.empty() && ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", img->error.c_str());
  return false;
}

// A table cell that is only a picture ("![alt](path)" reads as "!" and a link).
bool md_cell_image(const std::vector<MdSpan>& cell, std::string& path, std::string& alt) {
  if (cell.size() != 2 || cell[0].text != "!" || !cell[0].link.empty() || cell[1].link.empty())
    return false;
  path = cell[1].link;
  alt = cell[1].text;
  return true;
}

}  // namespace

void draw_markdown(const std::vector<MdBlock>& blocks, MarkdownViewState& state,
                   const std::function<void(const std::string&)>& open_link,
                   const MarkdownImageSource& image) {
  const float f = ImGui::GetFontSize();
  state.images_drawn = 0;
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
              if (c >= static_cast<int>(b.rows[r].size())) continue;
              const auto& cell = b.rows[r][static_cast<std::size_t>(c)];
              std::string path, alt;
              if (md_cell_image(cell, path, alt)) {
                ImGui::PushID(c);
                if (md_draw_image(path, alt, state, open_link, image)) ++state.images_drawn;
                ImGui::PopID();
              } else {
                ImGui::TextWrapped("%s", markdown_plain(cell).c_str());
              }
            }
          }
          ImGui::EndTable();
        }
        ImGui::PopID();
        ImGui::Spacing();
        break;
      }
      case MdBlockType::image:
        if (md_draw_image(b.image_path, b.image_alt, state, open_link, image)) ++state.images_drawn;
        ImGui::Spacing();
        break;
      case MdBlockType::rule:
        ImGui::Separator();
        break;
    }
  }
}

}  // namespace loadlab::app
