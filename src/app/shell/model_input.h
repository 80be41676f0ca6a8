// Platform input before it reaches ImGui, headless so tests/app can
// check it natively and as WebAssembly:
// - wheel_units_from_dom: the browser's WheelEvent delta (pixels, lines or pages by deltaMode) in
//   ImGui wheel units, the same unit and sign the desktop GLFW build delivers (one notch = 1,
//   wheel up = +1). Fractional on purpose: a trackpad's many small deltas add up smoothly.
// - InputQueue: ImGui 1.86 samples button and key *states* once per frame, so two transitions of
//   one button inside a frame (a fast double tap, release + press) merge and a click is lost. The
//   queue keeps the events in order and hands each frame at most one transition per mouse button
//   and per key; the rest waits for the next frame.
#pragma once

#include <array>
#include <cstddef>
#include <deque>
#include <unordered_map>
#include <utility>
#include <vector>

namespace loadlab::app {

/// Browser WheelEvent.deltaY (or deltaX) with its deltaMode (0 pixels, 1 lines, 2 pages) in ImGui
/// wheel units: one notch (100 px in Chromium, 3 lines in Firefox) = 1, wheel up/away (negative
/// deltaY) = positive, as GLFW's scroll offset on the desktop. One event is capped at ±10 notches
/// (a page-mode fling); smaller events are never rounded or floored.
float wheel_units_from_dom(double delta, int delta_mode);

/// What one frame gets: the state after the events it took.
struct FrameInput {
  static constexpr int kButtons = 5;
  std::array<bool, kButtons> mouse_down{};
  bool has_mouse_pos = false;      ///< a position was ever reported (mouse_x/y are valid)
  float mouse_x = 0, mouse_y = 0;  ///< where the last event taken this frame happened
  float wheel = 0, wheel_h = 0;    ///< summed wheel units (vertical, horizontal)
  std::vector<std::pair<int, bool>>
      keys;                     ///< key transitions (key code, down), at most one per key
  std::vector<unsigned> chars;  ///< typed characters, in order
  std::size_t events = 0;       ///< events taken
};

class InputQueue {
 public:
  void push_button(int button, bool down);
  void push_move(float x, float y);
  void push_wheel(float horizontal, float vertical);
  void push_key(int key,
                bool down);  ///< repeats are not transitions: pass presses and releases only
  void push_char(unsigned codepoint);
  /// Releases every held button and key (focus lost: their releases will never arrive).
  void release_all();

  /// Takes the events of the next frame in order. Stops before an event that would be the second
  /// transition of the same button or key in this frame, and before a mouse move that follows a
  /// button transition (so a click lands where it was pressed); those wait for the next frame.
  FrameInput next_frame();

  std::size_t pending() const { return events_.size(); }
  bool key_down(int key) const;

 private:
  enum class Type : unsigned char { Button, Move, Wheel, Key, Char };
  struct Event {
    Type type;
    int code = 0;  ///< button, key or codepoint
    bool down = false;
    float x = 0, y = 0;  ///< position or wheel (horizontal, vertical)
  };
  std::deque<Event> events_;
  std::array<bool, FrameInput::kButtons> buttons_{};  ///< state after the events already taken
  std::unordered_map<int, bool> keys_;
  bool has_pos_ = false;
  float x_ = 0, y_ = 0;
};

}  // namespace loadlab::app
