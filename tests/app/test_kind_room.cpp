// The kind registry is the seam between the shell and the kinds: a kind made only here, in the
// tests, registers a form, a view with tabs, its view state in share links and a help row through
// shell/registry.h exactly as src/app/<kind>/module.cpp does, and the shell's link code (which
// names no kind) keeps its tab across a share-link round trip.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "app/model/ui_state.h"
#include "app/shell/model_link.h"
#include "app/shell/registry.h"
#include "app/shell/ui.h"
#ifndef __EMSCRIPTEN__
#include "io/link_codec.h"
#endif

namespace loadlab::app {

namespace {

constexpr const char* kRoomTestKind = "room_test";
constexpr std::initializer_list<const char*> kRoomTestTabs = {"alpha", "beta", "gamma"};

// The kind's view state: which tab the view drew, which one "ui" asked for, how often the form
// and the view were drawn.
struct RoomTestRoom : KindRoom {
  int shown = -1;
  int requested = -1;
  int forms_drawn = 0;
  int views_drawn = 0;
};

class RoomTestModule final : public KindModule {
 public:
  const char* kind() const override { return kRoomTestKind; }
  const char* window_title() const override { return "Room test###main"; }
  std::unique_ptr<KindRoom> make_room() const override { return std::make_unique<RoomTestRoom>(); }
  void draw_form(App& app) const override { ++app.room<RoomTestRoom>().forms_drawn; }
  void draw_views(App& app) const override {
    // As a tab bar does: a requested tab comes to the front, else the first one shows.
    RoomTestRoom& r = app.room<RoomTestRoom>();
    ++r.views_drawn;
    r.shown = r.requested >= 0 ? r.requested : std::max(r.shown, 0);
    r.requested = -1;
  }
  void on_open(App& app, bool mine) const override {
    if (!mine) return;
    const io::Json& s = app.state.scenario;
    const UiState u = read_ui_state(s.contains("ui") ? s["ui"] : io::Json::object());
    if (u.other.contains("room_view") && u.other["room_view"].is_string())
      app.room<RoomTestRoom>().requested =
          ui_tab_index(u.other["room_view"].get<std::string>(), kRoomTestTabs);
  }
  void save_ui(const App& app, UiState& u) const override {
    save_tab(u, "room_view", app.room<RoomTestRoom>().shown, kRoomTestTabs);
  }
  std::vector<MetricHelp> metric_help() const override {
    return {{"widgets", "widgets", "Widgets the test kind counted.", "widgets", 1}};
  }
};

const KindRegistrar room_test_registrar{std::make_unique<RoomTestModule>()};

// Installs a document of the test kind as the opener would (the test kind has no io parser, so
// the document is taken as it is) and tells the kinds it was opened.
void open_room_test_document(App& app, const io::Json& doc) {
  app.state.scenario = doc;
  app.state.kind = doc.value("kind", "");
  kinds_opened(app);
}

// What a share link carries, through the link's own encoding where the codec is native.
io::Json through_share_link(const io::Json& doc) {
#ifndef __EMSCRIPTEN__
  return io::decode_link(io::encode_link(doc));
#else
  return io::Json::parse(doc.dump());  // the browser deflates in JavaScript (web/loadlab.js)
#endif
}

}  // namespace

TEST_CASE("KindRoom.ATestKindRegistersAFormAViewAndAHelpRow") {
  const KindModule* m = find_kind_module(kRoomTestKind);
  REQUIRE(m != nullptr);
  CHECK(std::count(kind_modules().begin(), kind_modules().end(), m) == 1);
  CHECK(find_kind_module("no_such_kind") == nullptr);

  App app;  // one room per registered kind, the test kind's among them
  open_room_test_document(app, {{"loadlab", 1}, {"kind", kRoomTestKind}});
  m->draw_form(app);
  m->draw_views(app);
  CHECK(app.room<RoomTestRoom>().forms_drawn == 1);
  CHECK(app.room<RoomTestRoom>().views_drawn == 1);
  CHECK(app.room<RoomTestRoom>().shown == 0);

  const auto help = kind_metric_help(kRoomTestKind, "widgets");
  REQUIRE(help);
  CHECK(std::string(help->header) == "widgets");
  CHECK(help->better == 1);
  CHECK_FALSE(kind_metric_help(kRoomTestKind, "makespan"));
}

TEST_CASE("KindRoom.ItsTabSurvivesAShareLinkRoundTrip") {
  App before;
  open_room_test_document(before, {{"loadlab", 1}, {"kind", kRoomTestKind}, {"name", "rooms"}});
  RoomTestRoom& r = before.room<RoomTestRoom>();
  r.requested = 2;  // the user clicks the third tab
  find_kind_module(kRoomTestKind)->draw_views(before);
  REQUIRE(r.shown == 2);

  const io::Json link = current_link_document(before);  // what File > Copy link writes
  CHECK(link["ui"]["room_view"] == "gamma");
  CHECK(link["name"] == "rooms");

  App after;  // another browser opens the link
  open_room_test_document(after, through_share_link(link));
  CHECK(after.room<RoomTestRoom>().requested == 2);
  find_kind_module(kRoomTestKind)->draw_views(after);
  CHECK(after.room<RoomTestRoom>().shown == 2);
  CHECK(current_link_document(after) == link);  // and its own link is the same again
}

TEST_CASE("KindRoom.AnotherKindsTabStaysOutOfTheLink") {
  // A scenario of another kind carries no test-kind key, though the test kind's room remembers
  // its last tab: the shell asks only the current kind for its view state.
  App app;
  open_room_test_document(app, {{"loadlab", 1}, {"kind", kRoomTestKind}});
  app.room<RoomTestRoom>().shown = 1;
  open_room_test_document(app, {{"loadlab", 1}, {"kind", "another_kind"}});
  CHECK_FALSE(current_ui(app).contains("room_view"));
}

}  // namespace loadlab::app

namespace loadlab::app {

TEST_CASE("KindRoom.TheLinkTextIsWrittenOncePerChangeOfTheView") {
  // The link sync and the autosave ask for the "ui" text every frame; it is written again only
  // when the visible view state changed, and is always what current_ui says.
  App app;
  open_room_test_document(app, {{"loadlab", 1}, {"kind", kRoomTestKind}, {"ui", {{"k", 1}}}});
  ++app.state.generation;  // as install_scenario does
  const KindModule* m = find_kind_module(kRoomTestKind);
  m->draw_views(app);
  const std::string first = current_ui_text(app);
  CHECK(first == current_ui(app).dump());
  CHECK(first == R"({"k":1,"room_view":"alpha"})");
  for (int frame = 0; frame < 5; ++frame) CHECK(current_ui_text(app) == first);
  CHECK(app.link.ui_text.dumps == 1);

  app.room<RoomTestRoom>().requested = 1;  // the user clicks the second tab
  m->draw_views(app);
  CHECK(current_ui_text(app) == R"({"k":1,"room_view":"beta"})");
  CHECK(current_ui_text(app) == current_ui(app).dump());
  CHECK(app.link.ui_text.dumps == 2);

  // Another scenario with its own "ui": read again although the visible tab is the same.
  open_room_test_document(app, {{"loadlab", 1}, {"kind", kRoomTestKind}, {"ui", {{"k", 2}}}});
  ++app.state.generation;
  m->draw_views(app);
  CHECK(current_ui_text(app) == R"({"k":2,"room_view":"beta"})");
  CHECK(app.link.ui_text.dumps == 3);
}

}  // namespace loadlab::app
