//, nothing a user made is lost: the autosave's text round-trips a scenario with its view,
// stored text is read as untrusted input (corrupt, foreign, oversized: a reason, never a throw),
// writes are debounced and never repeated, a too-big scenario is reported once, and the undo of
// opens is a bounded stack (src/app/model/autosave.h).
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "app/model/autosave.h"
#include "io/scenario.h"

using namespace loadlab;
using namespace loadlab::app;
using io::Json;

namespace {

const Json kAutosaveCube3 = Json::parse(R"({"loadlab": 1, "kind": "balance", "name": "My cube",
  "topology": {"type": "hypercube", "dim": 3}, "loads": [19, 11, 2, 9, 0, 9, 10, 4],
  "algorithms": ["cwa", "dem"], "ui": {"zoom": 2.5, "select": "dem"}})");

io::ScenarioPtr parsed(const Json& doc) {
  return io::parse_scenario(doc, io::RunContext{});
}

}  // namespace

TEST_CASE("Autosave.RoundTripKeepsScenarioAndView") {
  const std::string text = encode_autosave(kAutosaveCube3);
  const AutosaveRead r = decode_autosave(text, AutosaveLimits::browser_bytes);
  REQUIRE(r.document);
  CHECK(r.error.empty());
  CHECK(*r.document == kAutosaveCube3);
  CHECK((*r.document)["ui"]["zoom"] == 2.5);
  // What comes back is a scenario the normal open path accepts.
  CHECK_NOTHROW(io::parse_scenario(*r.document, io::RunContext{}));
}

TEST_CASE("Autosave.FromLinkFlagRoundTrips") {
  CHECK_FALSE(decode_autosave(encode_autosave(kAutosaveCube3), 1u << 20).from_link);
  const AutosaveRead r = decode_autosave(encode_autosave(kAutosaveCube3, true), 1u << 20);
  CHECK(r.from_link);
  CHECK(r.document == kAutosaveCube3);
  // The Autosaver writes the flag it is given.
  Autosaver a(AutosaveLimits::browser_bytes);
  const auto start = parsed(kAutosaveCube3);
  const auto link = parsed(kAutosaveCube3);
  a.enable(start, "{}");
  a.set_from_link(true);
  a.poll(link, "{}", 0.0, [&] { return kAutosaveCube3; });
  const AutosaveStep s = a.poll(link, "{}", 2.5, [&] { return kAutosaveCube3; });
  REQUIRE(s.what == AutosaveStep::What::save);
  CHECK(decode_autosave(s.text, 1u << 20).from_link);
}

TEST_CASE("Autosave.CorruptOrForeignTextGivesAReasonNeverAThrow") {
  CHECK(decode_autosave("", 100).empty);
  const auto not_json = decode_autosave("{\"loadlab_autosave\": 1, \"document\": {", 1000);
  CHECK_FALSE(not_json.document);
  CHECK(not_json.error.find("not valid JSON") != std::string::npos);
  const auto foreign = decode_autosave("[1, 2, 3]", 1000);
  CHECK_FALSE(foreign.document);
  CHECK(foreign.error.find("loadlab_autosave") != std::string::npos);
  const auto version = decode_autosave(R"({"loadlab_autosave": 7, "document": {}})", 1000);
  CHECK_FALSE(version.document);
  CHECK(version.error.find("/loadlab_autosave") == 0);
  const auto no_doc = decode_autosave(R"({"loadlab_autosave": 1, "document": "x"})", 1000);
  CHECK_FALSE(no_doc.document);
  CHECK(no_doc.error.find("/document") == 0);
  // Deep nesting (a hostile store) is refused by the bounded parser, not by a stack overflow.
  const std::string deep =
      "{\"loadlab_autosave\": 1, \"document\": " + std::string(100000, '[') + "}";
  CHECK_FALSE(decode_autosave(deep, 1u << 20).document);
}

TEST_CASE("Autosave.OversizedTextIsRefusedBeforeParsing") {
  const std::string text = encode_autosave(kAutosaveCube3);
  const auto r = decode_autosave(text, text.size() - 1);
  CHECK_FALSE(r.document);
  CHECK(r.error.find(std::to_string(text.size()) + " bytes") != std::string::npos);
}

TEST_CASE("Autosave.WritesAfterTheQuietTimeOnlyOncePerChange") {
  Autosaver a(AutosaveLimits::browser_bytes);
  const auto sc = parsed(kAutosaveCube3);
  const auto doc = [&] { return kAutosaveCube3; };
  a.enable(sc, "{}");
  // The baseline (the scenario the app started on) is not written.
  CHECK(a.poll(sc, "{}", 0.0, doc).what == AutosaveStep::What::none);
  CHECK(a.poll(sc, "{}", 5.0, doc).what == AutosaveStep::What::none);
  // A change of the view, then the quiet time of 2 s.
  CHECK(a.poll(sc, "{\"zoom\":2}", 1.0, doc).what == AutosaveStep::What::none);
  CHECK(a.poll(sc, "{\"zoom\":2}", 2.5, doc).what == AutosaveStep::What::none);
  const AutosaveStep due = a.poll(sc, "{\"zoom\":2}", 3.0, doc);
  REQUIRE(due.what == AutosaveStep::What::save);
  CHECK(decode_autosave(due.text, AutosaveLimits::browser_bytes).document == kAutosaveCube3);
  a.stored(due, true);
  CHECK(a.saves() == 1);
  // No change: nothing more, however long.
  CHECK(a.poll(sc, "{\"zoom\":2}", 10.0, doc).what == AutosaveStep::What::none);
  // A new scenario object with the same text: due again but the same text is never rewritten.
  const auto same = parsed(kAutosaveCube3);
  CHECK(a.poll(same, "{\"zoom\":2}", 11.0, doc).what == AutosaveStep::What::none);
  CHECK(a.poll(same, "{\"zoom\":2}", 14.0, doc).what == AutosaveStep::What::none);
  CHECK(a.saves() == 1);
}

TEST_CASE("Autosave.AScenarioReplacingTheStartOneIsWritten") {
  // A link or --scenario opened after the default example: written even if the first poll
  // already sees it (the baseline is the scenario at enable time).
  Autosaver a(AutosaveLimits::browser_bytes);
  const auto start = parsed(kAutosaveCube3);
  const auto link = parsed(kAutosaveCube3);
  a.enable(start, "{}");
  CHECK(a.poll(link, "{}", 0.0, [&] { return kAutosaveCube3; }).what == AutosaveStep::What::none);
  CHECK(a.poll(link, "{}", 2.5, [&] { return kAutosaveCube3; }).what == AutosaveStep::What::save);
}

TEST_CASE("Autosave.FlushWritesAPendingChangeAtExit") {
  Autosaver a(AutosaveLimits::desktop_bytes);
  const auto sc = parsed(kAutosaveCube3);
  const auto doc = [&] { return kAutosaveCube3; };
  CHECK(a.flush(doc).what == AutosaveStep::What::none);  // not enabled
  a.enable(sc, "{}");
  a.poll(sc, "{}", 0.0, doc);
  CHECK(a.flush(doc).what == AutosaveStep::What::none);  // nothing changed
  a.poll(sc, "{\"step\":1}", 0.5, doc);                  // changed, quiet time not over
  const AutosaveStep s = a.flush(doc);
  CHECK(s.what == AutosaveStep::What::save);
}

TEST_CASE("Autosave.TooBigIsReportedOnceUntilASaveSucceeds") {
  Json big = kAutosaveCube3;
  big["description"] = std::string(5000, 'x');
  Autosaver a(1000);
  const auto sc = parsed(kAutosaveCube3);
  a.enable(sc, "{}");
  a.poll(sc, "{\"a\":1}", 1.0, [&] { return big; });
  const AutosaveStep first = a.poll(sc, "{\"a\":1}", 3.5, [&] { return big; });
  CHECK(first.what == AutosaveStep::What::too_big);
  CHECK(first.bytes > 5000);
  a.poll(sc, "{\"a\":2}", 4.0, [&] { return big; });
  CHECK(a.poll(sc, "{\"a\":2}", 7.0, [&] { return big; }).what == AutosaveStep::What::none);
  // Small again: saved, and a later too-big scenario is reported again.
  a.poll(sc, "{\"a\":3}", 8.0, [&] { return kAutosaveCube3; });
  const AutosaveStep small = a.poll(sc, "{\"a\":3}", 11.0, [&] { return kAutosaveCube3; });
  REQUIRE(small.what == AutosaveStep::What::save);
  a.stored(small, true);
  a.poll(sc, "{\"a\":4}", 12.0, [&] { return big; });
  CHECK(a.poll(sc, "{\"a\":4}", 15.0, [&] { return big; }).what == AutosaveStep::What::too_big);
}

TEST_CASE("Autosave.RefusedStoreIsTriedAgain") {
  Autosaver a(AutosaveLimits::browser_bytes);
  const auto sc = parsed(kAutosaveCube3);
  const auto doc = [&] { return kAutosaveCube3; };
  a.enable(sc, "{}");
  a.poll(sc, "{\"a\":1}", 1.0, doc);
  const AutosaveStep s = a.poll(sc, "{\"a\":1}", 3.5, doc);
  REQUIRE(s.what == AutosaveStep::What::save);
  a.stored(s, false);  // quota exceeded
  CHECK(a.saves() == 0);
  a.poll(sc, "{\"a\":2}", 4.0, doc);
  CHECK(a.poll(sc, "{\"a\":2}", 6.5, doc).what == AutosaveStep::What::save);
}

TEST_CASE("Autosave.UndoOfOpensIsABoundedStack") {
  OpenHistory h;
  CHECK_FALSE(h.pop());
  for (int i = 0; i < 12; ++i) h.push(Json{{"i", i}});
  CHECK(h.depth() == OpenHistory::max_depth);
  // Newest first; the oldest four were dropped.
  for (int i = 11; i >= 4; --i) {
    auto d = h.pop();
    REQUIRE(d);
    CHECK((*d)["i"] == i);
  }
  CHECK_FALSE(h.pop());
}

TEST_CASE("Autosave.UndoOfOpensIsBoundedByBytesKeepingTheNewest") {
  OpenHistory h;
  // Three documents of ~30 MiB of text: only the two newest fit in 64 MiB.
  const std::string big(30u << 20, 'x');
  for (int i = 0; i < 3; ++i) h.push(Json{{"i", i}, {"pad", big}});
  CHECK(h.depth() == 2);
  CHECK(h.bytes() <= OpenHistory::max_bytes);
  // One document over the cap alone is still kept (the newest is never dropped).
  OpenHistory one;
  one.push(Json{{"pad", std::string(OpenHistory::max_bytes + 10, 'y')}});
  CHECK(one.depth() == 1);
  auto d = h.pop();
  REQUIRE(d);
  CHECK((*d)["i"] == 2);
  CHECK((*d)["pad"].get<std::string>().size() == big.size());
  CHECK((*h.pop())["i"] == 1);
  CHECK(h.bytes() == 0);
}

TEST_CASE("Autosave.NamesAndFileNames") {
  CHECK(scenario_display_name(kAutosaveCube3) == "My cube");
  CHECK(scenario_display_name(Json{{"kind", "dag"}}) == "dag scenario");
  CHECK(scenario_display_name(Json::array()) == "unnamed scenario");
  CHECK(scenario_display_name(Json{{"name", std::string(100, 'a')}}).size() == 60);
  CHECK(save_file_name(Json{{"name", "Wu, Example 3: CWA and DEM on a 3-cube"}}) ==
        "wu-example-3-cwa-and-dem-on-a-3-cube.json");
  CHECK(save_file_name(Json{{"name", "<img src=x onerror=alert(1)>"}}) ==
        "img-src-x-onerror-alert-1.json");
  CHECK(save_file_name(Json{{"name", "../../etc/passwd"}}) == "etc-passwd.json");
  CHECK(save_file_name(Json::object()) == "scenario.json");
  // "ui" aside, the same scenario.
  Json other_view = kAutosaveCube3;
  other_view["ui"] = Json{{"zoom", 1.0}};
  CHECK(same_scenario(kAutosaveCube3, other_view));
  Json other_loads = kAutosaveCube3;
  other_loads["loads"][0] = 18;
  CHECK_FALSE(same_scenario(kAutosaveCube3, other_loads));
  Json no_view = kAutosaveCube3;
  no_view.erase("ui");
  CHECK(same_scenario(kAutosaveCube3, no_view));
  CHECK(same_scenario(no_view, kAutosaveCube3));
  Json extra = no_view;
  extra["description"] = "x";
  CHECK_FALSE(same_scenario(kAutosaveCube3, extra));
  CHECK_FALSE(same_scenario(extra, kAutosaveCube3));
}
