// The "loop" kind's form (docs/scenario-loop.md): N, P, cost profile, overhead h, technique
// parameters and the techniques to compare. Every edit rewrites the scenario (the single source of
// truth) and re-runs it: live update. Also "Run on my machine" (model_measure.h).
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/loop/model_form.h"
#include "app/loop/model_measure.h"
#include "app/loop/module.h"
#include "app/loop/view.h"
#include "app/shell/app.h"
#include "app/widgets/algorithm_picker.h"
#include "app/widgets/gantt_chart.h"
#include "app/widgets/number_field.h"
#include "app/widgets/plot_util.h"
#include "core/loops/simulator.h"
#include "core/loops/technique.h"
#include "io/scenario.h"

namespace loadlab::app {

namespace {

// Real threads for "Run on my machine": the scenario's P, capped so a 1024-processor model does not
// start 1024 OS threads (the browser's worker pool is small and grows slowly).
int measurement_thread_cap() {
  return std::string(platform_name()) == "web" ? 16 : 64;
}

bool slider_double(const char* label, io::Json& doc, const char* key, double dflt, double lo,
                   double hi, bool log = false) {
  double v = doc.value(key, dflt);
  if (!slider_scalar(label, ImGuiDataType_Double, &v, &lo, &hi, "%.3g",
                     log ? ImGuiSliderFlags_Logarithmic : ImGuiSliderFlags_None))
    return false;
  doc[key] = std::max(v, 0.0);
  return true;
}

}  // namespace

ImU32 technique_colour(const std::string& name) {
  const auto& all = core::loop_techniques();
  for (std::size_t i = 0; i < all.size(); ++i)
    if (name == all[i].name) return palette_colour(static_cast<int>(i));
  return IM_COL32(200, 200, 200, 255);
}

void start_loop_measurement(App& app) {
  if (app.state.kind != "loop") return;
  if (loop_state(app).runner.start(app.state.parsed, measurement_thread_cap(),
                                   platform_hardware_threads())) {
    set_status(app.state, "Measuring on real threads (worker thread)...");
    loop_state(app).tabs.request(2);
  }
}

void poll_loop_measurement(App& app) {
  LoopRunner& r = loop_state(app).runner;
  if (!r.poll()) return;
  const auto& rep = r.last();
  if (!rep) return;
  if (!rep->error.empty())
    set_status(app.state, "Measurement: " + rep->error, true);
  else {
    char buf[160];
    std::snprintf(buf, sizeof buf, "Measured %zu technique(s) on %d real threads", rep->rows.size(),
                  rep->threads);
    set_status(app.state, buf);
  }
}

void draw_loop_form(App& app) {
  poll_loop_measurement(app);
  const float s = app.ui_scale;
  io::Json doc = app_edit_base(app);  // the newest edit, still parsing on the worker
  bool changed = false;
  ImGui::PushItemWidth(-ImGui::GetFontSize() * 7);

  ImGui::TextDisabled("Loop");
  std::int64_t n = doc.value("iterations", std::int64_t{1000});
  const std::int64_t n_lo = 1, n_hi = 10'000'000;
  if (slider_scalar("Iterations N", ImGuiDataType_S64, &n, &n_lo, &n_hi, "%lld",
                    ImGuiSliderFlags_Logarithmic)) {
    doc["iterations"] = std::max<std::int64_t>(n, 0);
    changed = true;
  }
  int p = doc.value("processors", 4);
  if (slider_int("Processors P", &p, 1, 64)) {
    doc["processors"] = p;  // per-processor arrays follow in loop_make_consistent
    changed = true;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Type up to 1024 in the box");

  io::Json cost = doc.value("cost", io::Json{{"profile", "constant"}, {"value", 1}});
  const auto& profiles = core::cost_profile_names();
  const std::string prof = cost.value("profile", std::string("constant"));
  if (ImGui::BeginCombo("Cost profile", prof.c_str())) {
    for (const auto& name : profiles)
      if (ImGui::Selectable(name.c_str(), name == prof)) {
        cost = io::Json{{"profile", name}, {"value", cost.value("value", 1.0)}};
        changed = true;
      }
    ImGui::EndCombo();
  }
  bool cost_changed = slider_double("Mean cost", cost, "value", 1.0, 0.01, 100.0, true);
  if (prof == "uniform" || prof == "bimodal") {
    const double v = cost.value("value", 1.0);
    const double dlo = prof == "uniform" ? 0.0 : v, dhi = prof == "uniform" ? 2 * v : 10 * v;
    cost_changed |= slider_double("Low", cost, "low", dlo, 0.0, 100.0);
    cost_changed |= slider_double("High", cost, "high", dhi, 0.0, 1000.0);
    if (cost.contains("low") && cost.contains("high") &&
        cost["high"].get<double>() < cost["low"].get<double>())
      cost["high"] = cost["low"];
    if (prof == "bimodal") cost_changed |= slider_double("P(high)", cost, "p_high", 0.1, 0.0, 1.0);
  }
  if (prof == "mandelbrot") {
    int w = cost.value("width", 256), mi = cost.value("max_iter", 256);
    if (slider_int("Width", &w, 1, 4096)) cost["width"] = w, cost_changed = true;
    if (slider_int("Max iterations", &mi, 1, 4096)) cost["max_iter"] = mi, cost_changed = true;
  }
  if (prof == "uniform" || prof == "exponential" || prof == "bimodal") {
    int seed = doc.value("seed", 1);
    if (ImGui::InputInt("Seed", &seed)) doc["seed"] = std::max(seed, 0), changed = true;
  }
  if (cost_changed || changed) doc["cost"] = cost, changed = true;

  ImGui::TextDisabled("Machine");
  changed |= slider_double("Overhead h", doc, "overhead", 0.0, 0.0, 20.0);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Paid before every chunk taken from a shared queue or stolen");
  changed |= slider_double("Affinity cost", doc, "affinity_cost", 0.0, 0.0, 5.0);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Added per iteration run away from its home processor");

  ImGui::TextDisabled("Technique parameters");
  const std::int64_t dflt = core::default_chunk(doc.value("iterations", std::int64_t{0}),
                                                std::max(1, doc.value("processors", 1)));
  int k = static_cast<int>(doc.value("chunk_size", dflt));
  if (slider_int("K (chunk)", &k, 1,
                 static_cast<int>(std::clamp<std::int64_t>(dflt * 8, 8, 1 << 20)))) {
    doc["chunk_size"] = std::max(k, 1);
    changed = true;
  }
  int kmin = static_cast<int>(doc.value("min_chunk", std::int64_t{1}));
  if (slider_int("k (min chunk)", &kmin, 1, 256))
    doc["min_chunk"] = std::max(kmin, 1), changed = true;
  ImGui::PopItemWidth();

  // Techniques: two columns of checkboxes; none checked means all (the scenario's own rule).
  ImGui::TextDisabled("Techniques");
  AlgorithmPickerOptions pick;
  pick.colour = technique_colour;
  pick.all_button = true;
  pick.presets = {
      {"survey's static + GSS + factoring", {"static_block", "self", "gss", "factoring", "tss"}}};
  pick.none_checked_note = "(none checked: all techniques run)";
  changed |= algorithm_picker(doc, "loop", pick);

  ImGui::Spacing();
  LoopRunner& runner = loop_state(app).runner;
  if (runner.busy()) {
    ImGui::ProgressBar(static_cast<float>(runner.progress()), {-1, 0},
                       "measuring on real threads...");
  } else if (ImGui::Button("Run on my machine", {-1, 24 * s})) {
    start_loop_measurement(app);
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Runs the techniques with real threads on a worker thread and compares with the simulator");

  if (changed) {
    const std::vector<std::string> notes = loop_make_consistent(doc);  // stays valid (model_form.h)
    live_apply(app, doc, notes);
  }
}

}  // namespace loadlab::app
