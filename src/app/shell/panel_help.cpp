// The per-algorithm help window, the Help > Algorithms menu, and tooltips on algorithm names and
// results columns. Algorithm text: the kind's core descriptor table (core::AlgorithmInfo) via
// io::find_kind; metric text: the kind's module (KindModule::metric_help) and the common columns
// below (units and directions from docs/scenario-*.md).
#include "app/shell/panel_help.h"

#include <imgui.h>

#include <cstring>
#include <optional>

#include "app/model/lessons.h"
#include "app/shell/panel_lessons.h"
#include "app/shell/platform.h"
#include "app/shell/registry.h"
#include "app/shell/ui.h"
#include "app/widgets/markdown_images.h"
#include "app/widgets/markdown_view.h"
#include "core/common/algorithm_info.h"
#include "core/common/citations.h"
#include "io/explain.h"
#include "io/presets.h"
#include "io/scenario.h"
#include "user_guide_embedded.h"

namespace loadlab::app {

namespace {

const core::AlgorithmInfo* find_info(const std::string& kind, const std::string& algorithm) {
  const io::KindHandler* k = io::find_kind(kind);
  return k ? core::find_algorithm(k->algorithms(), algorithm) : nullptr;
}

// Columns every kind may have; each kind's own columns come from its module
// (KindModule::metric_help, units and directions from docs/scenario-*.md).
// clang-format off
const MetricHelp kCommonMetrics[] = {
    {"verified", "verified", "The independent verifier accepted the result: it rechecks every result from scratch (tasks conserved, quotas met, schedules valid).", "yes/no", 1},
    {"nodes", "nodes", "Nodes of the network.", "nodes", 0},
    {"threads", "threads", "Threads the run used.", "threads", 0},
};
// clang-format on

std::optional<MetricHelp> find_metric(const std::string& kind, const std::string& key) {
  const std::string k = key.rfind("metrics.", 0) == 0 ? key.substr(8) : key;
  if (auto m = kind_metric_help(kind, k)) return m;
  for (const auto& m : kCommonMetrics)
    if (k == m.key) return m;
  return std::nullopt;
}

// The example with this algorithm among its algorithms (added when the preset lists others), so
// what the help says about it is on screen.
void open_help_example(App& app, const io::Preset& ex, const char* algorithm) {
  io::Json sc = ex.scenario;
  if (sc.contains("algorithms") && sc["algorithms"].is_array()) {
    bool listed = false;
    for (const auto& x : sc["algorithms"]) listed = listed || (x.is_string() && x == algorithm);
    if (!listed) sc["algorithms"].push_back(algorithm);
  }
  app_load_scenario(app, sc, "example " + ex.name);
}

void help_section_heading(const char* label) {
  ImGui::Spacing();
  ImGui::TextDisabled("%s", label);
}

void draw_algorithm_text(App& app, const std::string& kind, const core::AlgorithmInfo& a) {
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + 34 * ImGui::GetFontSize());
  ImGui::Text("%s (%s)", a.title, a.name);
  ImGui::TextDisabled("kind %s | runs on: %s", kind.c_str(), a.applies_to);
  ImGui::Separator();
  help_section_heading("Idea");
  ImGui::TextWrapped("%s", a.description);
  // The pseudo-code the caption strip lights line by line, so help and narration read alike;
  // the row's formula stays under it as the one-line summary.
  const std::vector<std::string> code = io::narration_pseudocode(kind, a.name);
  const bool has_formula = a.formula && *a.formula;
  if (!code.empty() || has_formula) help_section_heading("Pseudo-code");
  for (const std::string& line : code) ImGui::TextUnformatted(line.c_str());
  if (has_formula) {
    if (!code.empty()) ImGui::TextDisabled("In one line:");
    ImGui::TextUnformatted(a.formula);
  }
  help_section_heading("Complexity");
  ImGui::TextWrapped("%s",
                     a.complexity && *a.complexity ? a.complexity : "not stated by the paper");
  if (a.good_when && *a.good_when) {
    help_section_heading("Good when");
    ImGui::TextWrapped("%s", a.good_when);
  }
  if (a.bad_when && *a.bad_when) {
    help_section_heading("Bad when");
    ImGui::TextWrapped("%s", a.bad_when);
  }
  if (a.example && *a.example) {
    const io::Preset* ex = nullptr;
    for (const auto& p : io::presets())
      if (p.name == a.example) ex = &p;
    if (ex) {
      help_section_heading("Example");
      const std::string label = "Open: " + example_label(*ex) + "###help_example";
      if (ImGui::Button(label.c_str())) open_help_example(app, *ex, a.name);
      ImGui::TextDisabled("(command line: loadlab preset %s; %s added to its algorithms)",
                          ex->name.c_str(), a.name);
    }
  }
  // The paper lessons whose steps read this algorithm's result, each opened at its first such step.
  bool lesson_heading = false;
  for (const Lesson& lesson : lessons()) {
    for (std::size_t k = 0; k < lesson.steps.size(); ++k) {
      const LessonStep& step = lesson.steps[k];
      if (step.algorithm != a.name) continue;
      const io::Preset* preset = nullptr;
      for (const auto& p : io::presets())
        if (p.name == step.preset) preset = &p;
      if (!preset || preset->scenario.value("kind", std::string()) != kind) continue;
      if (!lesson_heading) help_section_heading("Lesson"), lesson_heading = true;
      const std::string label = "Lesson: " + lesson.title + ", step " + std::to_string(k + 1) +
                                "###lesson_" + lesson.name;
      if (ImGui::Button(label.c_str())) open_lesson_step(app, lesson.name, static_cast<int>(k));
      break;
    }
  }
  help_section_heading("Source");
  for (const auto& src : core::parse_sources(a.paper)) {
    if (!src.citation) {
      ImGui::BulletText("%s", src.raw.c_str());
      continue;
    }
    const std::string full = core::cite_full(*src.citation);
    ImGui::Bullet();
    ImGui::TextWrapped("%s%s%s", full.c_str(), src.where.empty() ? "" : "; ", src.where.c_str());
  }
  if (a.unbounded) ImGui::TextDisabled("May use more processors than given (clustering).");
  ImGui::PopTextWrapPos();
}

}  // namespace

void open_algorithm_help(App& app, const std::string& kind, const std::string& algorithm) {
  app.help.help_kind = kind;
  app.help.help_topic = algorithm;
  app.help.help_open = true;
  app.help.help_focus = true;
}

void open_help_for_selection(App& app) {
  const auto& st = app.state;
  std::string alg;
  if (st.results.is_array() && st.selected_result >= 0 &&
      st.selected_result < static_cast<int>(st.results.size()))
    alg = st.results[st.selected_result].value("algorithm", "");
  if (alg.empty() && st.scenario.contains("algorithms") && st.scenario["algorithms"].is_array() &&
      !st.scenario["algorithms"].empty() && st.scenario["algorithms"][0].is_string())
    alg = st.scenario["algorithms"][0].get<std::string>();
  if (alg.empty()) {
    const auto names = io::algorithm_names_of(st.kind);
    if (!names.empty()) alg = names.front();
  }
  open_algorithm_help(app, st.kind, alg);
}

void draw_help_window(App& app) {
  HelpUi& h = app.help;
  if (!h.help_open) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float f = ImGui::GetFontSize();
  ImGui::SetNextWindowSize({38 * f, 30 * f}, ImGuiCond_Appearing);
  ImGui::SetNextWindowPos(
      {vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.45f},
      ImGuiCond_Appearing, {0.5f, 0.5f});
  ImGui::SetNextWindowBgAlpha(1.0f);
  if (h.help_focus) ImGui::SetNextWindowFocus();  // in front once, when opened
  h.help_focus = false;
  if (ImGui::Begin("Algorithm help (F1)###help", &h.help_open, ImGuiWindowFlags_NoSavedSettings)) {
    // Every algorithm of the kind as a button row, then the text of the chosen one.
    if (const io::KindHandler* k = io::find_kind(h.help_kind)) {
      ImGui::TextDisabled("%s:", k->title);
      for (const auto& a : k->algorithms()) {
        ImGui::SameLine();
        if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(a.name).x + 2 * f)
          ImGui::NewLine();
        const bool on = h.help_topic == a.name;
        if (on)
          ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (ImGui::SmallButton(a.name)) h.help_topic = a.name;
        if (on) ImGui::PopStyleColor();
      }
      ImGui::Separator();
    }
    if (const core::AlgorithmInfo* a = find_info(h.help_kind, h.help_topic))
      draw_algorithm_text(app, h.help_kind, *a);
    else
      ImGui::TextWrapped("No algorithm '%s' in kind '%s'. Pick one from Help > Algorithms.",
                         h.help_topic.c_str(), h.help_kind.c_str());
  }
  ImGui::End();
}

const std::vector<MdBlock>& user_guide_blocks() {
  static const std::vector<MdBlock> blocks = parse_markdown(kUserGuideMarkdown);
  return blocks;
}

std::string user_guide_title() {
  for (const auto& b : user_guide_blocks())
    if (b.type == MdBlockType::heading) return markdown_plain(b.spans);
  return "";
}

void open_user_guide(App& app) {
  app.help.guide_open = true;
  app.help.guide_focus = true;
}

void draw_user_guide_window(App& app) {
  HelpUi& h = app.help;
  if (!h.guide_open) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float f = ImGui::GetFontSize();
  ImGui::SetNextWindowSize({46 * f, vp->WorkSize.y * 0.8f}, ImGuiCond_Appearing);
  ImGui::SetNextWindowPos(
      {vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f},
      ImGuiCond_Appearing, {0.5f, 0.5f});
  ImGui::SetNextWindowBgAlpha(1.0f);
  if (h.guide_focus) ImGui::SetNextWindowFocus();
  h.guide_focus = false;
  if (ImGui::Begin("User guide###user_guide", &h.guide_open, ImGuiWindowFlags_NoSavedSettings)) {
    if (ImGui::SmallButton("Contents")) h.guide_scroll_to = markdown_anchor(user_guide_title());
    ImGui::SameLine();
    if (ImGui::SmallButton("Open as a web page"))
      set_status(app.state, platform_open_doc("docs/playground.html"));
    ImGui::Separator();
    ImGui::BeginChild("##guide_text");
    MarkdownViewState view{h.guide_scroll_to};
    draw_markdown(
        user_guide_blocks(), view,
        [&](const std::string& link) {
          // Links are relative to docs/ (pictures in docs/img, other guides beside it).
          const bool absolute = link.rfind("http", 0) == 0;
          set_status(app.state, platform_open_doc(absolute ? link : "docs/" + link));
        },
        [](const std::string& path) -> const MarkdownImage* {
          if (path.find("://") != std::string::npos) return nullptr;  // only the guide's own
          return &markdown_image("docs/" + path, [](const std::string& p, std::string& bytes) {
            switch (platform_read_doc_file(p, bytes)) {
              case DocFile::pending:
                return ImageFile::pending;
              case DocFile::ready:
                return ImageFile::ready;
              case DocFile::missing:
                break;
            }
            return ImageFile::missing;
          });
        });
    h.guide_scroll_to = view.scroll_to;
    h.guide_images_drawn = view.images_drawn;
    ImGui::EndChild();
  }
  ImGui::End();
}

void draw_help_menu_algorithms(App& app) {
  if (!ImGui::BeginMenu("Algorithms")) return;
  for (const auto& k : io::scenario_kinds()) {
    if (!ImGui::BeginMenu(k.title)) continue;
    for (const auto& a : k.algorithms()) {
      char label[160];
      std::snprintf(label, sizeof label, "%s  (%s)", a.title, a.name);
      if (ImGui::MenuItem(label)) open_algorithm_help(app, k.name, a.name);
    }
    ImGui::EndMenu();
  }
  ImGui::EndMenu();
}

std::string metric_header(const std::string& kind, const std::string& key) {
  if (const auto m = find_metric(kind, key)) return m->header;
  std::string h = key.rfind("metrics.", 0) == 0 ? key.substr(8) : key;
  for (char& c : h)
    if (c == '_') c = ' ';
  return h;
}

void metric_tooltip(const std::string& kind, const std::string& key) {
  if (!ImGui::IsItemHovered()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 26);
  if (const auto m = find_metric(kind, key)) {
    ImGui::TextWrapped("%s", m->description);
    ImGui::Text("Unit: %s", m->unit);
    ImGui::TextUnformatted(m->better < 0   ? "Lower is better."
                           : m->better > 0 ? "Higher is better."
                                           : "A fact, neither better nor worse.");
  } else {
    ImGui::TextUnformatted("A number the result reports.");
  }
  ImGui::TextDisabled("JSON key: %s", key.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

}  // namespace loadlab::app
