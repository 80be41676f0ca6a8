#include "app/widgets/svg_views.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/widgets/format.h"
#include "io/topology_json.h"

namespace loadlab::app {

namespace {

constexpr SvgColour kSvgInk = 0x202124, kSvgMuted = 0x6b7280, kSvgGrid = 0xd9dde3,
                    kSvgPaper = 0xffffff;
// Colour-blind-safe categorical palette (Okabe & Ito), one per lane / series.
constexpr SvgColour kSvgPalette[] = {0x0072b2, 0xe69f00, 0x009e73, 0xcc79a7,
                                     0x56b4e9, 0xd55e00, 0xf0e442, 0x999999};

struct SvgBar {
  int lane = 0;
  double start = 0, end = 0;
  std::string label;
  bool duplicate = false;  ///< a dag copy (duplication-based schedulers): drawn hatched
};

// 45-degree stripes inside the rectangle (x, y, w, h), as line segments clipped to it.
void svg_hatch(SvgDoc& d, double x, double y, double w, double h, SvgColour colour) {
  constexpr double gap = 5;
  for (double c = x - h + gap / 2; c < x + w; c += gap) {
    const double u0 = std::max(c, x), u1 = std::min(c + h, x + w);
    if (u0 < u1) d.line(u0, y + h - (u0 - c), u1, y + h - (u1 - c), colour, 1);
  }
}

const io::Json& svg_pick_result(const io::Json& results, const std::string& algorithm) {
  if (!results.is_object() || !results.contains("results") || !results["results"].is_array())
    throw io::ScenarioError("/results", "no results to draw");
  for (const auto& r : results["results"]) {
    const bool failed = r.contains("error") && r["error"].is_object();
    if (algorithm.empty() ? !failed : r.value("algorithm", "") == algorithm) {
      if (failed)
        throw io::ScenarioError("--algorithm", "'" + algorithm + "' failed: nothing to draw");
      return r;
    }
  }
  throw io::ScenarioError("--algorithm", algorithm.empty()
                                             ? "no algorithm ran successfully"
                                             : "'" + algorithm + "' is not in the results");
}

std::string svg_title_of(const io::Json& scenario, const io::Json& r, const char* what) {
  return scenario.value("name", std::string("scenario")) + " | " + r.value("algorithm", "?") +
         " | " + what;
}

void svg_check_bars(std::size_t n) {
  if (n > kSvgMaxBars)
    throw io::ScenarioError("--view", "the Gantt chart has " +
                                          format_int(static_cast<long long>(n)) +
                                          " bars; pictures are limited to " +
                                          format_int(static_cast<long long>(kSvgMaxBars)));
}

// Bars of whichever schedule the result carries: dag "schedule", loop "chunks", os "chart".
std::vector<SvgBar> svg_gantt_bars(const io::Json& r, std::string& lane_word) {
  std::vector<SvgBar> bars;
  auto num = [](const io::Json& o, const char* k) { return o.value(k, 0.0); };
  if (r.contains("schedule") && r["schedule"].is_array()) {
    lane_word = "P";
    svg_check_bars(r["schedule"].size());
    for (const auto& s : r["schedule"])
      bars.push_back({s.value("proc", 0), num(s, "start"), num(s, "finish"),
                      "task " + s.value("task", std::string("?")), s.value("duplicate", false)});
  } else if (r.contains("chunks") && r["chunks"].is_array()) {
    lane_word = "T";
    svg_check_bars(r["chunks"].size());
    for (const auto& c : r["chunks"])
      bars.push_back({c.value("thread", 0), num(c, "start"), num(c, "finish"),
                      "iterations " + std::to_string(c.value("begin", 0)) + ".." +
                          std::to_string(c.value("end", 0))});
  } else if (r.contains("chart") && r["chart"].is_object() && r["chart"].contains("intervals") &&
             r["chart"]["intervals"].is_array()) {
    lane_word = "P";
    svg_check_bars(r["chart"]["intervals"].size());
    for (const auto& c : r["chart"]["intervals"])
      bars.push_back({c.value("processor", 0), num(c, "start"), num(c, "end"),
                      "job " + std::to_string(c.value("job", 0))});
  }
  return bars;
}

// A few round axis ticks over [0, end].
std::vector<double> svg_ticks(double end) {
  if (!(end > 0)) return {0};
  const double raw = end / 5;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  double step = mag;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (raw <= m * mag) {
      step = m * mag;
      break;
    }
  std::vector<double> t;
  for (double v = 0; v <= end * (1 + 1e-9); v += step) t.push_back(v);
  return t;
}

SvgDoc svg_gantt(const io::Json& scenario, const io::Json& r) {
  std::string lane_word;
  auto bars = svg_gantt_bars(r, lane_word);
  if (bars.empty())
    throw io::ScenarioError("--view", "gantt: a " + r.value("algorithm", std::string("?")) +
                                          " result has no schedule (try --view plot or network)");
  int lanes = 1;
  double end = 0;
  for (const auto& b : bars) {
    if (b.lane < 0 || b.lane > 65535)
      throw io::ScenarioError("--view", "gantt: lane " + std::to_string(b.lane) + " out of range");
    lanes = std::max(lanes, b.lane + 1);
    end = std::max(end, b.end);
  }
  if (!(end > 0)) end = 1;
  const double plot_w = kSvgWidth - kGanttLeft - kGanttRight;
  const double scale = plot_w / end;
  const double height = kGanttTop + lanes * kGanttLane + 40;
  SvgDoc d(kSvgWidth, height);
  d.rect(0, 0, kSvgWidth, height, kSvgPaper);
  d.text(kGanttLeft, 22, svg_title_of(scenario, r, "Gantt chart"), kSvgInk, 14);
  const double bottom = kGanttTop + lanes * kGanttLane;
  for (double t : svg_ticks(end)) {
    const double x = kGanttLeft + t * scale;
    d.line(x, kGanttTop, x, bottom, kSvgGrid);
    d.text(x, bottom + 16, format_real(t), kSvgMuted, 11, 1);
  }
  const int label_every = std::max(1, lanes / 40);
  for (int p = 0; p < lanes; p += label_every)
    d.text(kGanttLeft - 6, kGanttTop + p * kGanttLane + kGanttLane * 0.7,
           lane_word + std::to_string(p), kSvgMuted, 11, 2);
  bool copies = false;
  for (const auto& b : bars) {
    char tip[160];
    std::snprintf(tip, sizeof tip, " on %s%d: %s to %s", lane_word.c_str(), b.lane,
                  format_real(b.start).c_str(), format_real(b.end).c_str());
    const double x = kGanttLeft + b.start * scale, y = kGanttTop + b.lane * kGanttLane + 2;
    const double w = (b.end - b.start) * scale, h = kGanttLane - 4;
    d.rect(x, y, w, h, kSvgPalette[b.lane % 8], b.duplicate ? kSvgInk : kSvgPaper,
           b.label + (b.duplicate ? " (duplicate)" : "") + tip);
    if (b.duplicate) svg_hatch(d, x, y, w, h, kSvgPaper), copies = true;
  }
  if (copies) {  // the legend of hatched bars
    d.rect(kGanttLeft, bottom + 22, 24, 12, kSvgPalette[0], kSvgInk);
    svg_hatch(d, kGanttLeft, bottom + 22, 24, 12, kSvgPaper);
    d.text(kGanttLeft + 30, bottom + 32, "duplicate (a task run again so a child need not wait)",
           kSvgMuted, 11);
  }
  d.text(kGanttLeft + plot_w, bottom + 32, "time", kSvgMuted, 11, 2);
  return d;
}

// Series on a shared y axis over x = 0..n-1; `bars` draws columns instead of polylines.
SvgDoc svg_series_plot(const std::string& title, const std::string& x_label,
                       const std::vector<std::pair<std::string, std::vector<double>>>& series,
                       bool bars) {
  constexpr double left = 70, right = 150, top = 40, h = 320;
  const double plot_w = kSvgWidth - left - right;
  SvgDoc d(kSvgWidth, top + h + 50);
  d.rect(0, 0, kSvgWidth, top + h + 50, kSvgPaper);
  d.text(left, 22, title, kSvgInk, 14);
  std::size_t n = 0;
  double hi = 0;
  for (const auto& s : series) {
    n = std::max(n, s.second.size());
    for (double v : s.second) hi = std::max(hi, v);
  }
  if (n == 0) throw io::ScenarioError("--view", "plot: the result has no values to plot");
  if (!(hi > 0)) hi = 1;
  const double bottom = top + h;
  for (double t : svg_ticks(hi)) {
    const double y = bottom - t / hi * h;
    d.line(left, y, left + plot_w, y, kSvgGrid);
    d.text(left - 6, y + 4, format_real(t), kSvgMuted, 11, 2);
  }
  const double dx = n > 1 ? plot_w / static_cast<double>(bars ? n : n - 1) : plot_w;
  const int label_every = std::max<int>(1, static_cast<int>(n / 20));
  for (std::size_t i = 0; i < n; i += label_every)
    d.text(left + (bars ? (i + 0.5) * dx : i * dx), bottom + 16, std::to_string(i), kSvgMuted, 11,
           1);
  d.text(left + plot_w / 2, bottom + 36, x_label, kSvgMuted, 11, 1);
  for (std::size_t k = 0; k < series.size(); ++k) {
    const auto& v = series[k].second;
    const SvgColour c = kSvgPalette[k % 8];
    for (std::size_t i = 0; i < v.size(); ++i) {
      const double y = bottom - v[i] / hi * h;
      if (bars) {
        const double w = dx / static_cast<double>(series.size());
        d.rect(left + i * dx + k * w + w * 0.1, y, w * 0.8, bottom - y, c, kSvgNone,
               series[k].first + " " + std::to_string(i) + ": " + format_real(v[i]));
      } else if (i > 0) {
        d.line(left + (i - 1) * dx, bottom - v[i - 1] / hi * h, left + i * dx, y, c, 2);
      }
    }
    d.rect(left + plot_w + 16, top + 8 + k * 18.0, 12, 12, c);
    d.text(left + plot_w + 34, top + 18 + k * 18.0, series[k].first, kSvgInk, 12);
  }
  return d;
}

std::vector<double> svg_numbers(const io::Json& a) {
  std::vector<double> v;
  if (a.is_array())
    for (const auto& x : a) v.push_back(x.is_number() ? x.get<double>() : 0.0);
  return v;
}

SvgDoc svg_plot(const io::Json& scenario, const io::Json& r, const std::string& kind) {
  const std::string title = svg_title_of(scenario, r, "");
  if (kind == "balance" && r.contains("trace") && r["trace"].is_array()) {
    std::vector<double> mx, mn, avg;
    for (const auto& step : r["trace"]) {
      const auto v = svg_numbers(step);
      if (v.empty()) continue;
      mx.push_back(*std::max_element(v.begin(), v.end()));
      mn.push_back(*std::min_element(v.begin(), v.end()));
      double s = 0;
      for (double x : v) s += x;
      avg.push_back(s / static_cast<double>(v.size()));
    }
    return svg_series_plot(title + "load per node by step", "step",
                           {{"max load", mx}, {"average", avg}, {"min load", mn}}, false);
  }
  if (kind == "loop" && r.contains("threads") && r["threads"].is_array()) {
    std::vector<double> busy, finish;
    for (const auto& t : r["threads"]) {
      busy.push_back(t.value("busy", 0.0));
      finish.push_back(t.value("finish", 0.0));
    }
    return svg_series_plot(title + "time per thread", "thread",
                           {{"busy", busy}, {"finish", finish}}, true);
  }
  if (kind == "dlt" && r.contains("load_per_layer")) {
    return svg_series_plot(title + "load per layer", "layer",
                           {{"load", svg_numbers(r["load_per_layer"])}}, true);
  }
  if (kind == "dynamic" && r.contains("idle_time")) {
    return svg_series_plot(title + "idle time per node", "node",
                           {{"idle", svg_numbers(r["idle_time"])}}, true);
  }
  throw io::ScenarioError(
      "--view", "plot: no plot for a " + kind + " result (plots: balance, loop, dlt, dynamic)");
}

SvgDoc svg_network(const io::Json& scenario, const io::Json& r, const std::string& kind) {
  if (kind != "balance" || !scenario.contains("topology"))
    throw io::ScenarioError("--view", "network: drawn for balance scenarios (a " + kind +
                                          " scenario has no network view to export)");
  const core::Topology topo = io::read_topology(io::JsonReader(scenario["topology"], "/topology"),
                                                scenario.value("seed", 0ull));
  const int n = topo.size();
  if (n > kSvgMaxNetworkNodes)
    throw io::ScenarioError("--view",
                            "network: " + format_int(n) +
                                " nodes; SVG and PNG pictures of a network are for up to " +
                                std::to_string(kSvgMaxNetworkNodes) + " nodes");
  const auto pos = topo.layout();
  std::vector<double> before, after;
  if (r.contains("trace") && r["trace"].is_array() && !r["trace"].empty())
    before = svg_numbers(r["trace"][0]);
  after = svg_numbers(r.value("final_loads", io::Json::array()));
  // The title sits above the nodes' band; labels below the lowest row stay inside the margin.
  constexpr double size = 640, margin = 50, top = 40 + 40;
  SvgDoc d(size + 2 * margin, size + top + margin);
  d.rect(0, 0, size + 2 * margin, size + top + margin, kSvgPaper);
  d.text(margin, 22, svg_title_of(scenario, r, "loads before -> after"), kSvgInk, 14);
  auto at = [&](int v) {
    return std::pair<double, double>{margin + pos[v].x * size, top + pos[v].y * size};
  };
  topo.for_each_edge([&](int a, int b, int) {
    const auto [x1, y1] = at(a);
    const auto [x2, y2] = at(b);
    d.line(x1, y1, x2, y2, kSvgGrid, 1.5);
  });
  if (r.contains("transfers") && r["transfers"].is_array())
    for (const auto& t : r["transfers"]) {
      const int a = t.value("from", -1), b = t.value("to", -1);
      if (a < 0 || b < 0 || a >= n || b >= n) continue;
      const auto [x1, y1] = at(a);
      const auto [x2, y2] = at(b);
      d.line(x1, y1, x2, y2, kSvgPalette[0], 3);
    }
  const double radius = std::clamp(size / (2.5 * std::sqrt(static_cast<double>(n)) + 4), 6.0, 22.0);
  for (int v = 0; v < n; ++v) {
    const auto [x, y] = at(v);
    d.circle(x, y, radius, 0xf3f4f6, kSvgInk);
    std::string label = v < static_cast<int>(after.size()) ? format_real(after[v]) : "";
    if (v < static_cast<int>(before.size())) label = format_real(before[v]) + "->" + label;
    d.text(x, y + radius + 13, label, kSvgInk, 11, 1);
    d.text(x, y + 4, std::to_string(v), kSvgMuted, std::min(11.0, radius), 1);
  }
  return d;
}

}  // namespace

const std::vector<std::string>& svg_view_names() {
  static const std::vector<std::string> names = {"gantt", "network", "plot"};
  return names;
}

SvgDoc render_view_svg(const io::Json& scenario, const io::Json& results, const std::string& view,
                       const std::string& algorithm) {
  const io::Json& r = svg_pick_result(results, algorithm);
  const std::string kind = results.value("kind", scenario.value("kind", std::string()));
  if (view == "gantt") return svg_gantt(scenario, r);
  if (view == "plot") return svg_plot(scenario, r, kind);
  if (view == "network") return svg_network(scenario, r, kind);
  throw io::ScenarioError("--view", "'" + view + "' is not one of gantt, network, plot");
}

}  // namespace loadlab::app
