// The shell's narration plumbing names no kind: any module whose narration() answers gets its
// visible caption reported (state().narration), a step past the narrated ones shows the last
// caption (a long run's summary), and a kind that narrates nothing reports "".
#include <doctest/doctest.h>

#include <string>

#include "app/shell/model_narration.h"
#include "app/shell/registry.h"
#include "app/shell/ui.h"

namespace loadlab::app {

namespace {

constexpr const char* kNarrTestKind = "narration_test";

struct NarrTestRoom : KindRoom {
  core::Narration narration;
  int step = -1;
};

class NarrTestModule final : public KindModule {
 public:
  const char* kind() const override { return kNarrTestKind; }
  const char* window_title() const override { return "Narration test###main"; }
  std::unique_ptr<KindRoom> make_room() const override { return std::make_unique<NarrTestRoom>(); }
  void draw_form(App&) const override {}
  void draw_views(App&) const override {}
  NarrationView narration(const App& app) const override {
    const NarrTestRoom& r = app.room<NarrTestRoom>();
    if (r.narration.steps.empty()) return {};
    return {&r.narration, r.step};
  }
};

const KindRegistrar narr_test_registrar{std::make_unique<NarrTestModule>()};

}  // namespace

TEST_CASE("NarrationPlumbing.CaptionOfTheVisibleStep") {
  App app;
  app.state.kind = kNarrTestKind;
  NarrTestRoom& r = app.room<NarrTestRoom>();
  CHECK(narration_caption(app).empty());  // narrates nothing yet
  CHECK(shown_narration(app).narration == nullptr);
  r.narration.algorithm = "demo";
  r.narration.pseudocode = {"a", "b"};
  r.narration.steps = {{"first", 0}, {"second", 1}, {"summary", -1}};
  r.step = 1;
  CHECK(narration_caption(app) == "second");
  CHECK(shown_narration(app).caption()->line == 1);
  r.step = 7;  // past the narrated steps: the summary
  CHECK(narration_caption(app) == "summary");
  CHECK(shown_narration(app).step == 2);
  r.step = -1;  // no visible step
  CHECK(narration_caption(app).empty());
  app.state.kind = "no_such_kind";
  CHECK(narration_caption(app).empty());
}

}  // namespace loadlab::app
