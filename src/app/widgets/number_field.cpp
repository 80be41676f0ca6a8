#include "app/widgets/number_field.h"

#include <imgui.h>

#include <algorithm>

namespace loadlab::app {

bool num_field(const char* label, io::Json& obj, const char* key, double dflt, double lo, double hi,
               bool log) {
  double v = obj.is_object() ? obj.value(key, dflt) : dflt;
  if (!ImGui::SliderScalar(label, ImGuiDataType_Double, &v, &lo, &hi, "%.4g",
                           (log ? static_cast<int>(ImGuiSliderFlags_Logarithmic) : 0) |
                               ImGuiSliderFlags_NoRoundToFormat))
    return false;
  obj[key] = std::clamp(v, lo, hi);
  return true;
}

}  // namespace loadlab::app
