// The results table as TSV / CSV (app/widgets/export_table.h) and the headless pictures
// (app/widgets/svg_views.h with each kind's picture hooks, export_png.h). Expected texts are
// written by hand from RFC 4180 and the PNG specification; Gantt bar positions are computed here
// from the schedule and the geometry the header documents.
#include <doctest/doctest.h>

#include <array>
#include <regex>

#include "app/widgets/export_png.h"
#include "app/widgets/export_table.h"
#include "app/widgets/svg_charts.h"
#include "app/widgets/svg_views.h"

using namespace loadlab::app;
using loadlab::io::Json;

namespace {

// A kind made only here draws its plot through the same hooks as src/app/<kind>/pictures.cpp.
std::optional<SvgDoc> export_test_kind_plot(const Json& scenario, const Json& r) {
  if (!r.contains("values")) return std::nullopt;
  return svg_series_plot(svg_title_of(scenario, r, "values"), "index",
                         {{"value", svg_numbers(r["values"])}}, true);
}

const KindPicturesRegistrar export_test_kind_registrar{
    {"export_test_kind", nullptr, export_test_kind_plot, nullptr}};

TextTable export_sample_table() {
  return text_table_from_json(Json::parse(R"js({
    "headers": ["algorithm", "verified", "makespan (s)", "note"],
    "rows": [["flb", "yes", "35,220", "plain"],
             ["etf", "NO", "7.5", "says \"hi\", twice"],
             ["heft", "failed", "line\nbreak", "tab\there"]]})js"));
}

}  // namespace

TEST_CASE("Export.TsvIsOneLinePerResultWithTabs") {
  const std::string tsv = table_to_tsv(export_sample_table());
  CHECK(tsv ==
        "algorithm\tverified\tmakespan (s)\tnote\n"
        "flb\tyes\t35,220\tplain\n"
        "etf\tNO\t7.5\tsays \"hi\", twice\n"
        "heft\tfailed\tline break\ttab here\n");
}

TEST_CASE("Export.CsvQuotesCommasQuotesAndLineBreaks") {
  const std::string csv = table_to_csv(export_sample_table());
  CHECK(csv ==
        "algorithm,verified,makespan (s),note\n"
        "flb,yes,\"35,220\",plain\n"
        "etf,NO,7.5,\"says \"\"hi\"\", twice\"\n"
        "heft,failed,\"line\nbreak\",tab\there\n");
  CHECK(export_text_table(export_sample_table(), "csv") == csv);
  CHECK_THROWS_WITH_AS(export_text_table(export_sample_table(), "xls"),
                       doctest::Contains("export format"), std::invalid_argument);
}

TEST_CASE("Export.EmptyOrMissingTableGivesNoRows") {
  CHECK(table_to_tsv(text_table_from_json(Json())) == "\n");
  CHECK(text_table_from_json(Json::parse(R"({"headers": ["a"], "rows": []})")).rows.empty());
}

TEST_CASE("Export.GanttSvgHasOneBarPerTaskAtItsTimes") {
  // Three tasks on two processors; the latest finish is 8, so scale = plot width / 8.
  const Json results = Json::parse(R"({"kind": "dag", "results": [
    {"algorithm": "etf", "verified": true, "schedule": [
      {"task": "a", "proc": 0, "start": 0, "finish": 2},
      {"task": "b", "proc": 1, "start": 2, "finish": 8},
      {"task": "c&d", "proc": 0, "start": 3, "finish": 5}]}]})");
  const Json scenario = Json::parse(R"({"kind": "dag", "name": "tiny <dag>"})");
  const std::string svg = render_view_svg(scenario, results, "gantt", "").to_svg();
  const double scale = (kSvgWidth - kGanttLeft - kGanttRight) / 8.0;
  const std::regex bar(R"re(<rect x="([0-9.]+)" y="([0-9.]+)" width="([0-9.]+)"[^>]*><title>)re");
  std::vector<std::array<double, 3>> got;
  for (std::sregex_iterator it(svg.begin(), svg.end(), bar), end; it != end; ++it)
    got.push_back({std::stod((*it)[1]), std::stod((*it)[2]), std::stod((*it)[3])});
  REQUIRE(got.size() == 3);
  CHECK(got[0][0] == doctest::Approx(kGanttLeft).epsilon(1e-3));
  CHECK(got[0][2] == doctest::Approx(2 * scale).epsilon(1e-3));
  CHECK(got[1][0] == doctest::Approx(kGanttLeft + 2 * scale).epsilon(1e-3));
  CHECK(got[1][2] == doctest::Approx(6 * scale).epsilon(1e-3));
  CHECK(got[1][1] > got[0][1]);  // processor 1 below processor 0
  CHECK(got[2][0] == doctest::Approx(kGanttLeft + 3 * scale).epsilon(1e-3));
  // Names are escaped: the document stays well-formed XML.
  CHECK(svg.find("c&amp;d") != std::string::npos);
  CHECK(svg.find("tiny &lt;dag&gt;") != std::string::npos);
  CHECK(svg.find("c&d") == std::string::npos);
}

TEST_CASE("Export.ViewErrorsNameTheOption") {
  const Json results = Json::parse(R"({"kind": "dag", "results": [{"algorithm": "etf",
    "schedule": []}]})");
  CHECK_THROWS_WITH(render_view_svg(Json::object(), results, "gantt", "flb"),
                    doctest::Contains("--algorithm"));
  CHECK_THROWS_WITH(render_view_svg(Json::object(), results, "pie", ""),
                    doctest::Contains("--view"));
  CHECK_THROWS_WITH(render_view_svg(Json::object(), results, "network", ""),
                    doctest::Contains("--view"));
}

TEST_CASE("Export.AKindDrawsThroughTheHooksItRegisters") {
  const Json results = Json::parse(R"({"kind": "export_test_kind", "results": [
    {"algorithm": "a", "verified": true, "values": [1, 3, 2]},
    {"algorithm": "b", "verified": true}]})");
  const Json scenario = Json::parse(R"({"kind": "export_test_kind", "name": "hooks"})");
  const std::string svg = render_view_svg(scenario, results, "plot", "a").to_svg();
  CHECK(svg.find("hooks | a | values") != std::string::npos);
  // One column per value: three <rect>s with a tooltip "value <i>: <v>".
  CHECK(svg.find("value 1: 3") != std::string::npos);
  CHECK(svg.find("value 3:") == std::string::npos);
  // A result the hook draws nothing for, and the views the kind has no hook for, are refused with
  // the kinds that do have them (the registered ones, in io's kind order, then the test's).
  CHECK_THROWS_WITH(
      render_view_svg(scenario, results, "plot", "b"),
      "--view: plot: no plot for a export_test_kind result (plots: balance, loop, dlt, "
      "dynamic, export_test_kind)");
  CHECK_THROWS_WITH(
      render_view_svg(scenario, results, "network", "a"),
      "--view: network: drawn for balance scenarios (a export_test_kind scenario has no "
      "network view to export)");
  CHECK_THROWS_WITH(render_view_svg(scenario, results, "gantt", "a"),
                    doctest::Contains("has no schedule"));
  CHECK_THROWS_AS(register_kind_pictures({"export_test_kind"}), std::logic_error);
}

TEST_CASE("Export.PngHasSignatureHeaderAndChecksums") {
  SvgDoc d(3, 2);
  d.rect(0, 0, 3, 2, 0xff0000);
  d.rect(1, 0, 1, 1, 0x0000ff);
  const RgbImage img = rasterise_svg(d, 1.0, "");
  REQUIRE(img.width == 3);
  REQUIRE(img.height == 2);
  // Pixel (1, 0) is blue, (0, 0) red: rectangles cover whole pixels exactly.
  CHECK(img.rgb[3 * 1 + 2] == 255);
  CHECK(img.rgb[3 * 1 + 0] == 0);
  CHECK(img.rgb[0] == 255);
  const std::string png = encode_png(img);
  CHECK(png.substr(0, 8) == std::string("\x89PNG\r\n\x1a\n", 8));
  // IHDR: length 13, width 3, height 2, 8-bit truecolour.
  CHECK(png.substr(8, 8) == std::string("\0\0\0\x0dIHDR", 8));
  CHECK(png.substr(16, 8) == std::string("\0\0\0\x03\0\0\0\x02", 8));
  CHECK(png.substr(24, 2) == std::string("\x08\x02", 2));
  // CRC-32 of "IHDR" + its data, computed independently with Python's zlib.crc32; IEND's CRC
  // (ae426082) is the one every PNG ends with.
  CHECK(png.substr(29, 4) == std::string("\x12\x16\xf1\x4d", 4));
  CHECK(png.substr(png.size() - 12) == std::string("\0\0\0\0IEND\xae\x42\x60\x82", 12));
}
