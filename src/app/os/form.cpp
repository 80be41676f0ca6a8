// The "os" kind's form (docs/scenario-os.md): processors, the job stream (the Poisson generator's
// rate, count, work, threads, speedup, barriers and spin locks; an explicit job list is edited in a
// table), the operating-system costs, the policies and their settings. Live update.
#include <imgui.h>

#include <algorithm>
#include <initializer_list>
#include <string>

#include "app/os/view_state.h"
#include "app/shell/app.h"
#include "app/widgets/algorithm_picker.h"
#include "app/widgets/format.h"
#include "app/widgets/number_field.h"
#include "io/scenario.h"

namespace loadlab::app {

namespace {

bool speedup_field(io::Json& job) {
  io::Json& sp = job["speedup"];
  if (!sp.is_object()) sp = {{"model", "linear"}};
  std::string model = sp.value("model", std::string("linear"));
  bool changed = false;
  if (ImGui::BeginCombo("speedup", model.c_str())) {
    for (const char* m : {"linear", "amdahl", "downey"})
      if (ImGui::Selectable(m, model == m) && model != m) {
        if (std::string(m) == "amdahl")
          sp = {{"model", m}, {"serial_fraction", 0.05}};
        else if (std::string(m) == "downey")
          sp = {{"model", m}, {"A", 8.0}, {"sigma", 1.0}};
        else
          sp = {{"model", m}};
        model = m;
        changed = true;
      }
    ImGui::EndCombo();
  }
  if (model == "amdahl")
    changed |= num_field("serial fraction", sp, "serial_fraction", 0.05, 0.0, 1.0, false);
  if (model == "downey") {
    changed |= num_field("A (avg parallelism)", sp, "A", 8, 1, 1024);
    changed |= num_field("sigma", sp, "sigma", 1, 0, 10, false);
  }
  return changed;
}

// A lock needs both numbers: setting one fills the other with a sensible partner, clearing one
// clears both (the scenario rejects one without the other).
void os_pair_lock_fields(io::Json& j, const char* changed_key) {
  const bool every = std::string(changed_key) == "lock_every";
  const double v = j.value(changed_key, 0.0);
  const char* other = every ? "lock_length" : "lock_every";
  if (v <= 0) {
    j.erase("lock_every");
    j.erase("lock_length");
  } else if (j.value(other, 0.0) <= 0) {
    j[other] = every ? v / 5 : v * 5;
  }
}

bool os_lock_fields(io::Json& jobs) {
  bool changed = false;
  for (const char* k : {"lock_every", "lock_length"}) {
    const bool c = num_field(k[5] == 'e' ? "lock every (work)" : "lock length (work)", jobs, k, 0,
                             0, 1e4, false);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "Each thread takes its job's spin lock after every 'lock every' units of its work, for "
          "'lock length' units; 0 = no lock (Section 4.2)");
    if (c) os_pair_lock_fields(jobs, k), changed = true;
  }
  return changed;
}

bool os_choice(io::Json& par, const char* key, const char* label,
               std::initializer_list<const char*> options, const char* tip) {
  bool changed = false;
  const std::string cur = par.value(key, std::string(*options.begin()));
  if (ImGui::BeginCombo(label, cur.c_str())) {
    for (const char* o : options)
      if (ImGui::Selectable(o, cur == o) && cur != o) {
        if (std::string(o) == *options.begin())
          par.erase(key);
        else
          par[key] = o;
        changed = true;
      }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
  return changed;
}

bool time_sliced(const std::string& p) {
  return p == "central_queue" || p == "affinity_queues" || p == "coscheduling" ||
         p == "dynamic_space_sharing" || p == "checkpoint_restart" || p == "migration";
}
bool space_sharing(const std::string& p) {
  return p == "static_partition" || p == "process_control" || p == "dynamic_space_sharing" ||
         p == "checkpoint_restart" || p == "migration";
}

}  // namespace

void draw_os_form(App& app) {
  io::Json doc = app_edit_base(app);
  bool changed = false;
  ImGui::PushItemWidth(-ImGui::GetFontSize() * 8);
  int procs = doc.value("processors", 16);
  if (slider_int("Processors P", &procs, 1, 1024, "%d", ImGuiSliderFlags_Logarithmic))
    doc["processors"] = std::clamp(procs, 1, 1024), changed = true;

  io::Json& jobs = doc["jobs"];
  if (jobs.is_object()) {
    ImGui::TextDisabled("Jobs: Poisson stream (seed %lld)",
                        static_cast<long long>(doc.value("seed", 1LL)));
    changed |= num_field("arrival rate", jobs, "rate", 0.1, 0.001, 100);
    int count = jobs.value("count", 60);
    if (slider_int("jobs", &count, 1, 100000, "%d", ImGuiSliderFlags_Logarithmic))
      jobs["count"] = std::clamp(count, 1, 100000), changed = true;
    io::Json& work = jobs["work"];
    if (work.is_object() && work.contains("value") &&
        (!work.contains("low") || work.contains("value")))
      changed |= num_field("mean work", work, "value", 100, 0.01, 1e6);
    io::Json& th = jobs["threads"];
    if (th.is_object() && th.value("profile", std::string()) == "uniform") {
      int lo = static_cast<int>(th.value("low", 1.0)), hi = static_cast<int>(th.value("high", 1.0));
      if (ImGui::DragIntRange2("threads", &lo, &hi, 0.2f, 1, 1024)) {
        th["low"] = std::max(1, lo);
        th["high"] = std::max(std::max(1, lo), hi);
        changed = true;
      }
    } else if (th.is_object() && th.contains("value")) {
      changed |= num_field("threads", th, "value", 1, 1, 1024);
    }
    changed |= speedup_field(jobs);
    changed |= num_field("barrier every (work)", jobs, "barrier_every", 0, 0, 1e4, false);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("work between barriers; 0 = no barriers (Section 4.2)");
    changed |= os_lock_fields(jobs);
  } else if (jobs.is_array()) {
    ImGui::TextDisabled("Jobs: %zu listed", jobs.size());
    if (ImGui::BeginTable(
            "##os_jobs", 7,
            ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY,
            {0, std::min(8.0f, static_cast<float>(jobs.size()) + 1.5f) *
                    ImGui::GetFrameHeightWithSpacing()})) {
      for (const char* h :
           {"job", "arrival", "work", "threads", "barrier every", "lock every", "lock length"})
        ImGui::TableSetupColumn(h);
      ImGui::TableHeadersRow();
      for (std::size_t i = 0; i < jobs.size(); ++i) {
        io::Json& j = jobs[i];
        ImGui::PushID(static_cast<int>(i));
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Text("%zu", i);
        ImGui::TableNextColumn();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4);
        double a = j.value("arrival", 0.0);
        if (ImGui::DragScalar("##a", ImGuiDataType_Double, &a, 0.1f, nullptr, nullptr,
                              format_literal(a, 3, false).c_str()))
          j["arrival"] = std::max(0.0, a), changed = true;
        ImGui::TableNextColumn();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4);
        double w = j.value("work", 1.0);
        if (ImGui::DragScalar("##w", ImGuiDataType_Double, &w, 0.5f, nullptr, nullptr,
                              format_literal(w, 4, false).c_str()))
          j["work"] = std::max(1e-6, w), changed = true;
        ImGui::TableNextColumn();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 3);
        int t = j.value("threads", 1);
        if (ImGui::DragInt("##t", &t, 0.1f, 1, std::max(1, procs)))
          j["threads"] = std::clamp(t, 1, std::max(1, procs)), changed = true;
        ImGui::TableNextColumn();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4);
        double b = j.value("barrier_every", 0.0);
        if (ImGui::DragScalar("##b", ImGuiDataType_Double, &b, 0.1f, nullptr, nullptr,
                              format_literal(b, 3, false).c_str()))
          j["barrier_every"] = std::max(0.0, b), changed = true;
        for (const char* k : {"lock_every", "lock_length"}) {
          ImGui::TableNextColumn();
          ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4);
          double v = j.value(k, 0.0);
          if (ImGui::DragScalar(k[5] == 'e' ? "##le" : "##ll", ImGuiDataType_Double, &v, 0.05f,
                                nullptr, nullptr, format_literal(v, 3, false).c_str())) {
            j[k] = std::max(0.0, v), changed = true;
            os_pair_lock_fields(j, k);
          }
        }
        ImGui::PopID();
      }
      ImGui::EndTable();
    }
  }
  if (ImGui::CollapsingHeader("Costs (Sections 4.3, 4.5)")) {
    io::Json& costs = doc["costs"];
    if (!costs.is_object()) costs = io::Json::object();
    for (const char* k :
         {"context_switch", "cache_reload", "migration", "checkpoint", "restart", "remote"})
      changed |= num_field(k, costs, k, 0, 0, 100, false);
  }
  ImGui::PopItemWidth();

  ImGui::TextDisabled("Policies (Houstis et al. 1996, Section 4)");
  AlgorithmPickerOptions opt;
  opt.all_button = true;
  opt.presets = {
      {"time sharing", {"central_queue", "affinity_queues", "coscheduling"}},
      {"space sharing", {"static_partition", "process_control", "dynamic_space_sharing"}}};
  opt.none_checked_note = "nothing checked: all eight policies run";
  changed |= algorithm_picker(doc, "os", opt);

  if (ImGui::CollapsingHeader("Policy settings")) {
    std::vector<std::string> listed;
    if (doc.contains("algorithms") && doc["algorithms"].is_array())
      for (const auto& a : doc["algorithms"]) listed.push_back(a.get<std::string>());
    else
      listed = io::algorithm_names_of("os");
    if (!doc.contains("params") || !doc["params"].is_object()) doc["params"] = io::Json::object();
    ImGui::PushItemWidth(-ImGui::GetFontSize() * 9);
    for (const auto& p : listed) {
      const bool ts = time_sliced(p), ss = space_sharing(p);
      if (!ts && !ss && p != "pool_allocation") continue;
      ImGui::PushID(p.c_str());
      ImGui::TextDisabled("%s", p.c_str());
      ImGui::Indent();
      io::Json& par = doc["params"][p];
      if (!par.is_object()) par = io::Json::object();
      if (ts) changed |= num_field("quantum", par, "quantum", 1, 0.01, 1000);
      if (p == "central_queue") {
        bool inv = par.value("quantum_rule", std::string("fixed")) == "inverse_threads";
        if (form_checkbox("quantum / threads (Leutenegger)", &inv)) {
          par["quantum_rule"] = inv ? "inverse_threads" : "fixed";
          changed = true;
        }
      }
      if (p == "coscheduling") {
        bool fill = par.value("fill_idle", false);
        if (form_checkbox("fill idle slots", &fill)) par["fill_idle"] = fill, changed = true;
      }
      if (ss) {
        std::string rule = par.value("allocation", std::string("equal"));
        if (ImGui::BeginCombo("allocation", rule.c_str())) {
          for (const char* r : {"equal", "sqrt_work", "average_parallelism",
                                "average_parallelism_exact", "sevcik", "efficiency_knee"})
            if (ImGui::Selectable(r, rule == r)) par["allocation"] = r, changed = true;
          ImGui::EndCombo();
        }
        if (ImGui::IsItemHovered())
          ImGui::SetTooltip(
              "sevcik: each job first gets the processors it keeps 90%% busy, the rest shared "
              "(Sevcik 1989)\nefficiency_knee: at most the n that minimises completion time over "
              "efficiency (Eager, Zahorjan and Lazowska 1989)");
      }
      if (p == "central_queue" || p == "affinity_queues")
        changed |=
            os_choice(par, "lock_remedy", "lock holder preempted",
                      {"none", "two_minute_warning", "do_not_preempt", "scheduler_activations"},
                      "What the system does when a thread holding its job's lock is "
                      "descheduled (Section 4.2):\ntwo_minute_warning: Psyche's upcall; a "
                      "thread does not enter a section it cannot finish in its slice\n"
                      "do_not_preempt: the Ultracomputer's bit; the holder finishes its "
                      "section, once per slice\nscheduler_activations: a waiting sibling "
                      "runs the rest of the holder's section");
      if (p == "pool_allocation") {
        changed |= os_choice(par, "placement", "placement", {"pools", "subcube", "scattered"},
                             "Which processors a job gets (Section 4.4):\npools: inside one pool "
                             "when it fits (Zhou and Brecht)\nsubcube: an aligned block of "
                             "2^k processors (buddy rule; P a power of two)\nscattered: the "
                             "lowest free ones");
        int ps = par.value("pool_size", 4);
        if (slider_int("pool size", &ps, 1, 1024, "%d", ImGuiSliderFlags_Logarithmic))
          par["pool_size"] = std::clamp(ps, 1, 1024), changed = true;
      }
      if (p == "migration") {
        changed |=
            os_choice(par, "transfer", "memory transfer", {"full", "precopy", "copy_on_reference"},
                      "How the image moves (Section 4.5.2):\nfull: all of it, process "
                      "stopped (Charlotte, LOCUS)\nprecopy: sent while it runs, dirty "
                      "pages again (V-system)\ncopy_on_reference: pages faulted in when "
                      "touched (Accent)");
        const std::string t = par.value("transfer", std::string("full"));
        if (t == "precopy") changed |= num_field("dirty share", par, "dirty_fraction", 0.1, 0, 1);
        if (t == "copy_on_reference")
          changed |= num_field("touched share", par, "touched_fraction", 0.3, 0, 1);
      }
      if (p == "checkpoint_restart")
        changed |= num_field("checkpoint interval", par, "checkpoint_interval", 10, 0.01, 1e4);
      if (par.empty()) doc["params"].erase(p);
      ImGui::Unindent();
      ImGui::PopID();
    }
    ImGui::PopItemWidth();
    if (doc["params"].empty()) doc.erase("params");
  }
  if (changed) live_apply(app, doc);
}

}  // namespace loadlab::app
