// Zoom and pan of the main view: maps layout coordinates ([0,1]^2 hints) to screen pixels.
#pragma once

namespace loadlab::app {

struct ViewTransform {
  float zoom = 1.0f;   ///< 1 = fit the layout into the view
  float pan_x = 0.0f;  ///< offset in layout units
  float pan_y = 0.0f;
  void reset() { *this = ViewTransform{}; }
};

}  // namespace loadlab::app
