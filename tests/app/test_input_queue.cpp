// Platform input before ImGui (src/app/shell/model_input.h) and the wheel zoom
// (src/app/widgets/view_transform.h): one wheel notch zooms by a bounded factor,
// and presses and releases inside one frame are each seen.
#include <doctest/doctest.h>

#include <cmath>

#include "app/shell/model_input.h"
#include "app/widgets/view_transform.h"

using namespace loadlab::app;

TEST_CASE("Input.WheelOneNotchIsOneUnitInEveryDeltaMode") {
  // Chromium: 100 px per notch; Firefox: 3 lines per notch. Wheel up (deltaY < 0) = +1, as GLFW.
  CHECK(wheel_units_from_dom(-100, 0) == doctest::Approx(1.0));
  CHECK(wheel_units_from_dom(100, 0) == doctest::Approx(-1.0));
  CHECK(wheel_units_from_dom(-3, 1) == doctest::Approx(1.0));
  CHECK(wheel_units_from_dom(3, 1) == doctest::Approx(-1.0));
  CHECK(wheel_units_from_dom(-1, 2) > 1.0f);  // a page scrolls more than a notch
  CHECK(wheel_units_from_dom(-1, 2) <= 10.0f);
  CHECK(wheel_units_from_dom(0, 0) == 0.0f);
}

TEST_CASE("Input.TrackpadDeltasStayFractionalAndAddUp") {
  // 50 events of 2 px must sum to one notch, not 50 (no rounding of small deltas up to ±1).
  const float one = wheel_units_from_dom(-2, 0);
  CHECK(one == doctest::Approx(0.02));
  InputQueue q;
  for (int i = 0; i < 50; ++i) q.push_wheel(0, wheel_units_from_dom(-2, 0));
  const FrameInput f = q.next_frame();
  CHECK(f.wheel == doctest::Approx(1.0));
  CHECK(q.pending() == 0);
}

TEST_CASE("Input.AbsurdWheelDeltasAreBounded") {
  CHECK(wheel_units_from_dom(-1e9, 0) == 10.0f);
  CHECK(wheel_units_from_dom(1e9, 2) == -10.0f);
  CHECK(wheel_units_from_dom(std::nan(""), 0) == 0.0f);
}

TEST_CASE("Input.PressAndReleaseInOneFrameAreSeenOnTwoFrames") {
  InputQueue q;
  q.push_move(10, 20);
  q.push_button(0, true);
  q.push_button(0, false);
  FrameInput a = q.next_frame();
  CHECK(a.mouse_down[0]);
  CHECK(a.mouse_x == 10.0f);
  CHECK(a.mouse_y == 20.0f);
  FrameInput b = q.next_frame();
  CHECK_FALSE(b.mouse_down[0]);
  CHECK(q.pending() == 0);
}

TEST_CASE("Input.TwoClicksInOneFrameAreTwoClicks") {
  // ImGui 1.86 polls the button state: down, up, down, up between two frames used to be one click.
  InputQueue q;
  for (int i = 0; i < 2; ++i) {
    q.push_button(0, true);
    q.push_button(0, false);
  }
  int presses = 0;
  bool was = false;
  for (int frame = 0; frame < 10; ++frame) {
    const bool now = q.next_frame().mouse_down[0];
    if (now && !was) ++presses;
    was = now;
  }
  CHECK(presses == 2);
  CHECK_FALSE(was);
}

TEST_CASE("Input.DifferentButtonsAndKeysShareAFrame") {
  InputQueue q;
  q.push_button(0, true);
  q.push_button(1, true);
  q.push_key(32, true);
  q.push_char(' ');
  q.push_key(262, true);
  const FrameInput f = q.next_frame();
  CHECK(f.mouse_down[0]);
  CHECK(f.mouse_down[1]);
  REQUIRE(f.keys.size() == 2);
  CHECK(f.keys[0] == std::pair<int, bool>{32, true});
  CHECK(f.keys[1] == std::pair<int, bool>{262, true});
  REQUIRE(f.chars.size() == 1);
  CHECK(f.chars[0] == ' ');
  CHECK(q.pending() == 0);
}

TEST_CASE("Input.AKeyTappedTwiceInOneFrameIsPressedTwice") {
  InputQueue q;
  for (int i = 0; i < 2; ++i) {
    q.push_key(262, true);
    q.push_key(262, false);
  }
  int presses = 0;
  for (int frame = 0; frame < 10; ++frame)
    for (const auto& [key, down] : q.next_frame().keys) presses += key == 262 && down;
  CHECK(presses == 2);
  CHECK_FALSE(q.key_down(262));
}

TEST_CASE("Input.MoveAfterAPressWaitsSoTheClickLandsWherePressed") {
  InputQueue q;
  q.push_move(5, 5);
  q.push_button(0, true);
  q.push_move(50, 50);
  q.push_button(0, false);
  FrameInput a = q.next_frame();
  CHECK(a.mouse_down[0]);
  CHECK(a.mouse_x == 5.0f);
  FrameInput b = q.next_frame();  // the move, then the release
  CHECK(b.mouse_x == 50.0f);
  CHECK_FALSE(b.mouse_down[0]);
}

TEST_CASE("Input.ReleaseAllFreesHeldButtonsAndKeys") {
  InputQueue q;
  q.push_button(0, true);
  q.push_key(65, true);
  (void)q.next_frame();
  q.release_all();
  const FrameInput f = q.next_frame();
  CHECK_FALSE(f.mouse_down[0]);
  CHECK_FALSE(q.key_down(65));
}

TEST_CASE("ViewTransform.OneNotchZoomsByABoundedFactorAroundTheCursor") {
  ViewTransform v;
  const float base = 400;
  const float dx = 120, dy = -80;  // cursor relative to the view centre (pixels)
  auto layout_under_cursor = [&](const ViewTransform& t) {
    return std::pair<float, float>{dx / (base * t.zoom) - t.pan_x, dy / (base * t.zoom) - t.pan_y};
  };
  const auto before = layout_under_cursor(v);
  v.zoom_at(1.0f, dx, dy, base);
  CHECK(v.zoom >= 1.1f);
  CHECK(v.zoom <= 1.25f);
  const auto after = layout_under_cursor(v);
  CHECK(after.first == doctest::Approx(before.first).epsilon(1e-5));
  CHECK(after.second == doctest::Approx(before.second).epsilon(1e-5));
  v.zoom_at(-1.0f, dx, dy, base);  // wheel down undoes it
  CHECK(v.zoom == doctest::Approx(1.0));
  // A flood of wheel units in one frame is capped, and the limits hold.
  ViewTransform w;
  w.zoom_at(1000.0f, 0, 0, base);
  CHECK(w.zoom == doctest::Approx(std::pow(kZoomPerNotch, kMaxNotchesPerFrame)));
  for (int i = 0; i < 100; ++i) w.zoom_at(5.0f, 0, 0, base);
  CHECK(w.zoom == ViewTransform::kMaxZoom);
}
