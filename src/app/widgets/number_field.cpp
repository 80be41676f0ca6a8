#include "app/widgets/number_field.h"

#include <imgui_internal.h>  // FindRenderedTextEnd, SetItemUsingMouseWheel

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "app/widgets/format.h"

namespace loadlab::app {

namespace {

double number_field_get(ImGuiDataType type, const void* p) {
  switch (type) {
    case ImGuiDataType_S32:
      return *static_cast<const int*>(p);
    case ImGuiDataType_S64:
      return static_cast<double>(*static_cast<const std::int64_t*>(p));
    case ImGuiDataType_Float:
      return *static_cast<const float*>(p);
    default:
      return *static_cast<const double*>(p);
  }
}

void number_field_set(ImGuiDataType type, void* p, double v) {
  switch (type) {
    case ImGuiDataType_S32:
      *static_cast<int*>(p) = static_cast<int>(std::llround(v));
      break;
    case ImGuiDataType_S64:
      *static_cast<std::int64_t*>(p) = std::llround(v);
      break;
    case ImGuiDataType_Float:
      *static_cast<float*>(p) = static_cast<float>(v);
      break;
    default:
      *static_cast<double*>(p) = v;
  }
}

// What ImGui's rounding to a slider's format did, for a slider drawn without text: "%.<n>g" to n
// significant digits, other real formats ("%.2f", "%.1f step/s") to what they print.
void number_field_round_to_format(ImGuiDataType type, void* v, const char* fmt, double lo,
                                  double hi) {
  if (type == ImGuiDataType_S32 || type == ImGuiDataType_S64 || !fmt) return;
  const double x = number_field_get(type, v);
  double r = x;
  if (const int g_digits = g_format_digits(fmt); g_digits > 0) {
    r = round_significant(x, g_digits);
  } else {
    char spec[32], text[64];
    ImParseFormatTrimDecorations(fmt, spec, sizeof spec);
    if (spec[0] != '%') return;
    std::snprintf(text, sizeof text, spec, x);
    char* end = nullptr;
    r = std::strtod(text, &end);
    if (end == text || !std::isfinite(r)) return;
  }
  number_field_set(type, v, std::clamp(r, std::min(lo, hi), std::max(lo, hi)));
}

// The value typed so far in the active box: committed when the box is left (Enter, Tab, click
// away), so a half-typed "1" of "100" never starts a run.
struct NumberFieldPending {
  ImGuiID id = 0;
  double value = 0;
};
NumberFieldPending g_number_field_pending;

// The boxes of the frame being drawn and of the last complete one (test hook).
struct NumberFieldFrame {
  int frame = -1;
  std::vector<NumberFieldBox> current, last;
  std::string active, last_active;
};
NumberFieldFrame g_number_field_frame;

void number_field_record(const char* label) {
  auto& f = g_number_field_frame;
  if (f.frame != ImGui::GetFrameCount()) {
    f.last = std::move(f.current);
    f.last_active = std::move(f.active);
    f.current.clear();
    f.active.clear();
    f.frame = ImGui::GetFrameCount();
  }
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  const std::string name(label, ImGui::FindRenderedTextEnd(label));
  f.current.push_back({name, {a.x, a.y, b.x, b.y}});
  if (ImGui::IsItemActive()) f.active = name;
}

// The number box: true when `v` changed (committed typing or a step).
bool number_field_box(const char* label, ImGuiDataType type, void* v, double lo, double hi,
                      bool log, bool clamp) {
  const bool integer = type == ImGuiDataType_S32 || type == ImGuiDataType_S64;
  double cur = number_field_get(type, v);
  double shown = cur;
  const ImGuiID id = ImGui::GetID("##value");
  if (g_number_field_pending.id == id) shown = g_number_field_pending.value;
  // The box shows the formatter's text without thousands commas (it reads back what it shows).
  const std::string shown_text = integer ? std::string("%.0f") : format_literal(shown, 6, false);
  const bool typed = ImGui::InputScalar("##value", ImGuiDataType_Double, &shown, nullptr, nullptr,
                                        shown_text.c_str(), ImGuiInputTextFlags_AutoSelectAll);
  if (typed) g_number_field_pending = {id, shown};
  number_field_record(label);
  if (ImGui::IsItemActive()) {  // a focus ring: Tab / Shift+Tab land here, and it shows where
    const float pad = 2.0f;
    ImGui::GetWindowDrawList()->AddRect(
        {ImGui::GetItemRectMin().x - pad, ImGui::GetItemRectMin().y - pad},
        {ImGui::GetItemRectMax().x + pad, ImGui::GetItemRectMax().y + pad},
        ImGui::GetColorU32(ImGuiCol_NavHighlight), ImGui::GetStyle().FrameRounding, 0, 2.0f);
  }
  bool changed = false;
  if (ImGui::IsItemDeactivatedAfterEdit() && g_number_field_pending.id == id) {
    double nv = g_number_field_pending.value;
    g_number_field_pending = {};
    if (std::isfinite(nv)) {
      if (clamp) nv = std::clamp(nv, lo, hi);
      if (integer) nv = std::round(nv);
      if (nv != cur) number_field_set(type, v, nv), changed = true;
    }
  } else if (!ImGui::IsItemActive() && g_number_field_pending.id == id) {
    g_number_field_pending = {};
  }
  const ImGuiIO& io = ImGui::GetIO();
  int dir = 0;
  if (ImGui::IsItemHovered()) {
    ImGui::SetItemUsingMouseWheel();  // the wheel steps the value instead of scrolling the form
    if (io.MouseWheel != 0) dir = io.MouseWheel > 0 ? 1 : -1;
    ImGui::SetTooltip(
        "Type a value (Enter applies); Up/Down or the wheel steps, Shift for fine steps");
  }
  if (ImGui::IsItemActive()) {
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow))) dir = 1;
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_DownArrow))) dir = -1;
  }
  if (dir != 0) {
    const double base = g_number_field_pending.id == id ? g_number_field_pending.value : cur;
    const double nv = number_field_step(base, lo, hi, integer, log, dir > 0, io.KeyShift);
    g_number_field_pending = {};
    if (ImGui::IsItemActive()) {
      // The box shows its own text while active: leave and re-enter it so it shows the new value.
      ImGui::ClearActiveID();
      ImGui::SetKeyboardFocusHere(-1);
    }
    if (nv != cur) number_field_set(type, v, nv), changed = true;
  }
  return changed;
}

}  // namespace

double number_field_step(double v, double lo, double hi, bool integer, bool log, bool up,
                         bool fine) {
  double next;
  if (integer) {
    double d = 1;
    if (log && !fine) d = std::max(1.0, std::round(std::abs(v) * 0.1));
    next = std::round(v) + (up ? d : -d);
  } else if (log && lo >= 0 && v > 0) {
    const double f = fine ? 1.01 : 1.1;
    next = up ? v * f : v / f;
  } else {
    const double d = (hi - lo) / (fine ? 1000.0 : 100.0);
    next = v + (up ? d : -d);
  }
  return std::clamp(next, lo, hi);
}

bool slider_scalar(const char* label, ImGuiDataType type, void* v, const void* lo, const void* hi,
                   const char* fmt, ImGuiSliderFlags flags) {
  const double dlo = number_field_get(type, lo), dhi = number_field_get(type, hi);
  ImGui::PushID(label);
  ImGui::BeginGroup();
  const ImGuiStyle& style = ImGui::GetStyle();
  const float full = ImGui::CalcItemWidth();
  const float box = std::max(ImGui::GetFontSize() * 4.5f, full * 0.3f);
  const float slider_w = std::max(ImGui::GetFontSize() * 3, full - box - style.ItemInnerSpacing.x);
  // A label that does not fit beside the field (as wide as drawn: in a narrow panel the slider
  // and the box keep their minimum widths) goes above it, wrapped, instead of being cut by the
  // panel's edge.
  const char* end = ImGui::FindRenderedTextEnd(label);
  const float drawn = slider_w + style.ItemInnerSpacing.x + box;
  const bool label_above =
      end != label && drawn + style.ItemInnerSpacing.x + ImGui::CalcTextSize(label, end).x >
                          ImGui::GetContentRegionAvail().x + 0.5f;
  if (label_above) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(label, end);
    ImGui::PopTextWrapPos();
  }
  ImGui::SetNextItemWidth(slider_w);
  // The slider draws no text: ImGui centres its value in the frame, under the grab, where it is
  // unreadable; the box beside it shows the value. A drag still snaps to the format's digits as
  // ImGui's own rounding to the format did.
  bool changed =
      ImGui::SliderScalar("##slider", type, v, lo, hi, "", flags | ImGuiSliderFlags_NoInput);
  if (changed && !(flags & ImGuiSliderFlags_NoRoundToFormat))
    number_field_round_to_format(type, v, fmt, dlo, dhi);
  const ImVec2 slider_min = ImGui::GetItemRectMin(), slider_max = ImGui::GetItemRectMax();
  ImGui::SameLine(0, style.ItemInnerSpacing.x);
  ImGui::SetNextItemWidth(box);
  changed |= number_field_box(label, type, v, dlo, dhi, (flags & ImGuiSliderFlags_Logarithmic) != 0,
                              (flags & ImGuiSliderFlags_AlwaysClamp) != 0);
  float* slider_box = g_number_field_frame.current.back().slider;
  slider_box[0] = slider_min.x, slider_box[1] = slider_min.y;
  slider_box[2] = slider_max.x, slider_box[3] = slider_max.y;
  if (end != label && !label_above) {
    ImGui::SameLine(0, style.ItemInnerSpacing.x);
    ImGui::TextUnformatted(label, end);
  }
  ImGui::EndGroup();
  ImGui::PopID();
  return changed;
}

bool slider_int(const char* label, int* v, int lo, int hi, const char* fmt,
                ImGuiSliderFlags flags) {
  return slider_scalar(label, ImGuiDataType_S32, v, &lo, &hi, fmt, flags);
}

bool readable_slider(const char* label, ImGuiDataType type, void* v, const void* lo, const void* hi,
                     const char* fmt, ImGuiSliderFlags flags) {
  const double dlo = number_field_get(type, lo), dhi = number_field_get(type, hi);
  const float w = ImGui::CalcItemWidth();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  // The text as ImGui would print it, "%.<n>g" through the one number formatter.
  const int g_digits = g_format_digits(fmt);
  char text[96];
  if (g_digits > 0)
    std::snprintf(text, sizeof text, "%s",
                  format_literal(number_field_get(type, v), g_digits).c_str());
  else
    ImGui::DataTypeFormatString(text, sizeof text, type, v,
                                fmt ? fmt : (type == ImGuiDataType_S32 ? "%d" : "%.3f"));
  if (dhi == dlo) {
    // One possible value: ImGui's grab would fill the frame and hide the text, and there is
    // nothing to drag. A plain frame with the value centred says the same.
    const ImRect only(at, {at.x + w, at.y + ImGui::GetFrameHeight()});
    ImGui::ItemSize(only, ImGui::GetStyle().FramePadding.y);
    if (!ImGui::ItemAdd(only, ImGui::GetID(label))) return false;
    ImGui::RenderFrame(only.Min, only.Max, ImGui::GetColorU32(ImGuiCol_FrameBg), true,
                       ImGui::GetStyle().FrameRounding);
    ImGui::RenderTextClipped(only.Min, only.Max, text, nullptr, nullptr, {0.5f, 0.5f}, &only);
    const char* label_end = ImGui::FindRenderedTextEnd(label);
    if (label_end != label) {
      ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
      ImGui::TextUnformatted(label, label_end);
    }
    return false;
  }
  bool changed = ImGui::SliderScalar(label, type, v, lo, hi, "", flags);
  if (changed && !(flags & ImGuiSliderFlags_NoRoundToFormat))
    number_field_round_to_format(type, v, fmt, dlo, dhi);
  // The value in the half of the frame the grab is not in (left when the grab is right of the
  // middle), so the grab never covers it.
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImRect frame(at, {at.x + w, at.y + ImGui::GetFrameHeight()});
  const double x = number_field_get(type, v);
  double t = dhi != dlo ? (x - dlo) / (dhi - dlo) : 0.0;
  if ((flags & ImGuiSliderFlags_Logarithmic) && dlo > 0 && dhi > dlo && x > 0)
    t = std::log(x / dlo) / std::log(dhi / dlo);
  const bool grab_right = t > 0.5;
  const ImRect inner(frame.Min.x + style.FramePadding.x, frame.Min.y,
                     frame.Max.x - style.FramePadding.x, frame.Max.y);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_Text));
  ImGui::RenderTextClipped(inner.Min, inner.Max, text, nullptr, nullptr,
                           {grab_right ? 0.0f : 1.0f, 0.5f}, &frame);
  ImGui::PopStyleColor();
  return changed;
}

bool readable_slider_int(const char* label, int* v, int lo, int hi, const char* fmt,
                         ImGuiSliderFlags flags) {
  return readable_slider(label, ImGuiDataType_S32, v, &lo, &hi, fmt, flags);
}

bool readable_slider_float(const char* label, float* v, float lo, float hi, const char* fmt,
                           ImGuiSliderFlags flags) {
  return readable_slider(label, ImGuiDataType_Float, v, &lo, &hi, fmt, flags);
}

const std::vector<NumberFieldBox>& number_field_boxes() {
  // Asked between frames: the frame just drawn is "current" until the next one starts.
  const auto& f = g_number_field_frame;
  return f.frame == ImGui::GetFrameCount() ? f.current : f.last;
}

const std::string& number_field_active() {
  const auto& f = g_number_field_frame;
  return f.frame == ImGui::GetFrameCount() ? f.active : f.last_active;
}

void same_line_if_fits(float next_width) {
  const float right = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + next_width;
  if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x + 0.5f)
    ImGui::SameLine();
}

float checkbox_width(const char* label) {
  return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
         ImGui::CalcTextSize(label, nullptr, true).x;
}

bool form_checkbox(const char* label, bool* v) {
  const char* end = ImGui::FindRenderedTextEnd(label);
  const ImGuiStyle& style = ImGui::GetStyle();
  const float needed =
      ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(label, end).x;
  if (needed <= ImGui::GetContentRegionAvail().x + 0.5f) return ImGui::Checkbox(label, v);
  // Too wide: the box, then the label wrapped beside it; clicking the label toggles too.
  ImGui::PushID(label);
  ImGui::BeginGroup();
  bool changed = ImGui::Checkbox("##box", v);
  ImGui::SameLine(0, style.ItemInnerSpacing.x);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(label, end);
  ImGui::PopTextWrapPos();
  if (ImGui::IsItemClicked()) {
    *v = !*v;
    changed = true;
  }
  ImGui::EndGroup();
  ImGui::PopID();
  return changed;
}

void number_field_hint() {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped(
      "Numbers: drag, or type in the box (Enter applies); Up/Down or the wheel "
      "steps, Shift for fine steps; Tab moves between fields.");
  ImGui::PopStyleColor();
}

bool num_field(const char* label, io::Json& obj, const char* key, double dflt, double lo, double hi,
               bool log) {
  double v = obj.is_object() ? obj.value(key, dflt) : dflt;
  if (!slider_scalar(label, ImGuiDataType_Double, &v, &lo, &hi, "%.4g",
                     (log ? static_cast<int>(ImGuiSliderFlags_Logarithmic) : 0) |
                         ImGuiSliderFlags_NoRoundToFormat))
    return false;
  obj[key] = std::clamp(v, lo, hi);
  return true;
}

}  // namespace loadlab::app
