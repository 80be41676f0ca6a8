#include "app/shell/model_input.h"

#include <algorithm>
#include <cmath>

namespace loadlab::app {

float wheel_units_from_dom(double delta, int delta_mode) {
  // One notch: Chromium and Safari report 100 px (deltaMode 0) per notch with a mouse wheel,
  // Firefox 3 lines (deltaMode 1). A page (deltaMode 2, "scroll one screen" settings) counts as
  // 3 notches. Trackpads send many small pixel deltas: 2 px = 0.02 notch, summed per frame.
  if (!std::isfinite(delta)) return 0.0f;
  double notches = 0;
  switch (delta_mode) {
    case 1:
      notches = delta / 3.0;
      break;
    case 2:
      notches = delta * 3.0;
      break;
    default:
      notches = delta / 100.0;
      break;
  }
  // Browser y grows downwards (deltaY > 0 = scroll down); ImGui and GLFW: wheel up = positive.
  return static_cast<float>(std::clamp(-notches, -10.0, 10.0));
}

void InputQueue::push_button(int button, bool down) {
  if (button < 0 || button >= FrameInput::kButtons) return;
  events_.push_back({Type::Button, button, down, 0, 0});
}

void InputQueue::push_move(float x, float y) {
  events_.push_back({Type::Move, 0, false, x, y});
}

void InputQueue::push_wheel(float horizontal, float vertical) {
  if (horizontal == 0 && vertical == 0) return;
  events_.push_back({Type::Wheel, 0, false, horizontal, vertical});
}

void InputQueue::push_key(int key, bool down) {
  events_.push_back({Type::Key, key, down, 0, 0});
}

void InputQueue::push_char(unsigned codepoint) {
  events_.push_back({Type::Char, static_cast<int>(codepoint), false, 0, 0});
}

void InputQueue::release_all() {
  // The state the queue will reach once the pending events are taken, then releases for it.
  std::array<bool, FrameInput::kButtons> b = buttons_;
  std::unordered_map<int, bool> k = keys_;
  for (const Event& e : events_) {
    if (e.type == Type::Button) b[static_cast<std::size_t>(e.code)] = e.down;
    if (e.type == Type::Key) k[e.code] = e.down;
  }
  for (int i = 0; i < FrameInput::kButtons; ++i)
    if (b[static_cast<std::size_t>(i)]) push_button(i, false);
  for (const auto& [key, down] : k)
    if (down) push_key(key, false);
}

bool InputQueue::key_down(int key) const {
  const auto it = keys_.find(key);
  return it != keys_.end() && it->second;
}

FrameInput InputQueue::next_frame() {
  FrameInput f;
  std::array<bool, FrameInput::kButtons> button_moved{};
  std::vector<int> keys_moved;
  bool any_button = false;
  while (!events_.empty()) {
    const Event& e = events_.front();
    if (e.type == Type::Button) {
      const auto b = static_cast<std::size_t>(e.code);
      if (buttons_[b] != e.down) {
        if (button_moved[b]) break;
        button_moved[b] = true;
        any_button = true;
        buttons_[b] = e.down;
      }
    } else if (e.type == Type::Move) {
      if (any_button) break;
      has_pos_ = true;
      x_ = e.x;
      y_ = e.y;
    } else if (e.type == Type::Wheel) {
      f.wheel_h += e.x;
      f.wheel += e.y;
    } else if (e.type == Type::Key) {
      bool& state = keys_[e.code];
      if (state != e.down) {
        if (std::find(keys_moved.begin(), keys_moved.end(), e.code) != keys_moved.end()) break;
        keys_moved.push_back(e.code);
        state = e.down;
        f.keys.emplace_back(e.code, e.down);
      }
    } else {
      f.chars.push_back(static_cast<unsigned>(e.code));
    }
    events_.pop_front();
    ++f.events;
  }
  f.mouse_down = buttons_;
  f.has_mouse_pos = has_pos_;
  f.mouse_x = x_;
  f.mouse_y = y_;
  return f;
}

}  // namespace loadlab::app
