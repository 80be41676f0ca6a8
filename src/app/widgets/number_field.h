// Number inputs of the kinds' forms: every slider has an editable number box beside it (type a
// value, Enter / Tab / click away applies it; Up/Down or the mouse wheel over it steps, Shift for
// fine steps). Dragging the slider works as before; double-click and Ctrl+click no longer turn
// the slider into a text field (the box is where to type).
#pragma once

#include <imgui.h>

#include <string>
#include <vector>

#include "io/json_reader.h"

namespace loadlab::app {

/// ImGui::SliderScalar with the number box (ImGuiDataType_S32, S64 or Double). Its label goes
/// beside the box, or above the slider, wrapped, when it would not fit beside it. A typed value is
/// not clamped to [lo, hi] unless flags has ImGuiSliderFlags_AlwaysClamp (as ImGui's Ctrl+click
/// was: the scenario's validator has the real limits); steps stay inside [lo, hi]. The slider,
/// the box and the label form one item group, so IsItemActive / IsItemDeactivatedAfterEdit /
/// IsItemHovered after the call describe the whole field. True when the value changed.
bool slider_scalar(const char* label, ImGuiDataType type, void* v, const void* lo, const void* hi,
                   const char* fmt = nullptr, ImGuiSliderFlags flags = 0);
/// ImGui::SliderInt with the number box.
bool slider_int(const char* label, int* v, int lo, int hi, const char* fmt = "%d",
                ImGuiSliderFlags flags = 0);

/// ImGui::SliderScalar for sliders without a number box (a view's step, threads, speed): the
/// value text is drawn in the half of the frame the grab is not in, not centred under the grab.
/// `fmt` as ImGui's (decorations like "step %d" kept; "%.<n>g" through the number formatter).
bool readable_slider(const char* label, ImGuiDataType type, void* v, const void* lo, const void* hi,
                     const char* fmt = nullptr, ImGuiSliderFlags flags = 0);
bool readable_slider_int(const char* label, int* v, int lo, int hi, const char* fmt = "%d",
                         ImGuiSliderFlags flags = 0);
bool readable_slider_float(const char* label, float* v, float lo, float hi,
                           const char* fmt = "%.3f", ImGuiSliderFlags flags = 0);

/// The next step from `v` in [lo, hi]: integers by 1 (logarithmic: about 10%, at least 1),
/// linear reals by 1/100 of the range, logarithmic reals by 10%; `fine` = Shift: 1/10 of that
/// (integers: 1). `up` = larger. Pure, so the forms' tests can check it.
double number_field_step(double v, double lo, double hi, bool integer, bool log, bool up,
                         bool fine);

/// The number boxes drawn in the last frame (label, screen box x0 y0 x1 y1, and the slider's
/// frame beside it, which draws no text) and the label of the one being typed in ("" = none), for
/// the browser test hook.
struct NumberFieldBox {
  std::string label;
  float box[4];
  float slider[4] = {0, 0, 0, 0};
};
const std::vector<NumberFieldBox>& number_field_boxes();
const std::string& number_field_active();

/// ImGui::Checkbox whose label wraps beside the box instead of being cut when the panel is too
/// narrow for it (clicking the wrapped label toggles too). True when the value changed.
bool form_checkbox(const char* label, bool* v);

/// ImGui::SameLine() when an item `next_width` wide still fits on the current line of the window,
/// else nothing (the next item starts a new line): rows of checkboxes and buttons that wrap in a
/// narrow panel instead of running past its edge.
void same_line_if_fits(float next_width);
/// The width ImGui::Checkbox(label) takes (box, spacing, label up to "##").
float checkbox_width(const char* label);

/// One muted line telling how the number boxes work (shown above a kind's form).
void number_field_hint();

/// A slider + number box for obj[key] between lo and hi (logarithmic unless `log` is false). A
/// missing key, or obj not being an object, shows dflt. Writes the clamped value back; true when
/// the user changed it.
bool num_field(const char* label, io::Json& obj, const char* key, double dflt, double lo, double hi,
               bool log = true);

}  // namespace loadlab::app
