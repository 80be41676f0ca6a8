// Zoom and pan of the main view: maps layout coordinates ([0,1]^2 hints) to screen pixels:
//   screen = centre + (p - 0.5 + pan) * base_scale * zoom
// Header-only and ImGui-free so tests/app checks the wheel zoom.
#pragma once

#include <algorithm>
#include <cmath>

namespace loadlab::app {

/// Zoom per wheel notch (ImGui wheel unit) in every zoomable view: wheel up = zoom in.
inline constexpr float kZoomPerNotch = 1.15f;
/// Notches one frame may apply: a flood of queued wheel events cannot jump to the zoom limits.
inline constexpr float kMaxNotchesPerFrame = 5.0f;

/// The zoom factor for this frame's wheel (ImGui units, fractional for trackpads).
inline float wheel_zoom_factor(float wheel) {
  return std::pow(kZoomPerNotch, std::clamp(wheel, -kMaxNotchesPerFrame, kMaxNotchesPerFrame));
}

struct ViewTransform {
  float zoom = 1.0f;   ///< 1 = fit the layout into the view
  float pan_x = 0.0f;  ///< offset in layout units
  float pan_y = 0.0f;
  // The last drawn frame's mapping (set by the view; the browser test hook reads it).
  float centre_x = 0.0f, centre_y = 0.0f, base_scale = 0.0f;
  static constexpr float kMinZoom = 0.2f, kMaxZoom = 400.0f;

  void reset() { *this = ViewTransform{}; }

  /// Zooms by the wheel around the cursor at (dx, dy) pixels from the view centre: the layout
  /// point under the cursor stays put. base_scale = pixels per layout unit at zoom 1.
  void zoom_at(float wheel, float dx, float dy, float base) {
    if (wheel == 0 || base <= 0) return;
    const float old_scale = base * zoom;
    zoom = std::clamp(zoom * wheel_zoom_factor(wheel), kMinZoom, kMaxZoom);
    const float new_scale = base * zoom;
    const float mx = dx / old_scale - pan_x;
    const float my = dy / old_scale - pan_y;
    pan_x = dx / new_scale - mx;
    pan_y = dy / new_scale - my;
  }
};

}  // namespace loadlab::app
