#include "app/shell/session.h"

#include <imgui.h>

#include <cstring>

#include "app/model/autosave.h"
#include "app/shell/file_dialog.h"
#include "app/shell/live_update.h"
#include "app/shell/platform.h"

namespace loadlab::app {

namespace {

constexpr const char* kSlot = "autosave";
constexpr const char* kPreviousSlot = "autosave_previous";

bool is_web() {
  return std::strcmp(platform_name(), "web") == 0;
}

void report_bad_autosave(App& app, const std::string& reason) {
  set_status(app.state,
             "Your autosaved scenario could not be restored: " + reason +
                 ". Showing the default example instead (the autosave is replaced once you change "
                 "something).",
             true);
  app.state.status_pinned = true;  // the default's run must not hide it
}

}  // namespace

void session_start(App& app, bool link_wins, bool autosave_on) {
  SessionState& s = app.session;
  s.autosaver.set_limit(platform_autosave_limit());
  if (!autosave_on) {
    if (!link_wins) app_run(app);
    return;
  }
  const std::string text = platform_load_autosave(kSlot);
  s.autosaver.set_stored(text);
  AutosaveRead last = decode_autosave(text, platform_autosave_limit());
  if (link_wins) {
    // The link wins; the unsaved work stays reachable, also after the link's own autosave has
    // replaced it and after another reload. An autosave that is only an earlier link, unchanged,
    // does not replace older work kept there (that link still has it).
    s.link_pending = true;
    if (last.document && !last.from_link) {
      platform_save_autosave(kPreviousSlot, text);
      s.previous = std::move(last.document);
    } else if (AutosaveRead prev = decode_autosave(platform_load_autosave(kPreviousSlot),
                                                   platform_autosave_limit());
               prev.document) {
      s.previous = std::move(prev.document);
    }
  } else {
    if (AutosaveRead prev =
            decode_autosave(platform_load_autosave(kPreviousSlot), platform_autosave_limit());
        prev.document)
      s.previous = std::move(prev.document);
    if (last.document) {
      s.restore_name = scenario_display_name(*last.document);
      s.restore_id =
          app_load_scenario(app, *last.document, "your last scenario (" + s.restore_name + ")");
    } else {
      if (!last.empty) report_bad_autosave(app, last.error);
      app_run(app);  // the default example
    }
  }
  s.autosaver.enable(app.state.parsed, current_ui_text(app));
}

void session_frame(App& app, double now) {
  SessionState& s = app.session;
  if (s.restore_id) {
    const int r = app.opener.result_of(s.restore_id);
    if (r == 0) {  // refused by validation (the status names the field), cancelled or superseded
      if (app.state.status_is_error) {
        std::string reason = app.state.status;  // app_poll_open's "Could not load <origin>: <why>"
        const std::string prefix = "Could not load your last scenario (" + s.restore_name + "): ";
        if (reason.rfind(prefix, 0) == 0) reason = reason.substr(prefix.size());
        report_bad_autosave(app, reason);
      }
      s.restore_id = 0;
      if (!app.jobs.busy() && !app.state.results.is_array()) app_run(app);
    } else if (r == 1) {
      s.restore_id = 0;
      s.announce_restore = true;
    }
  }
  // Said once the restored scenario's run is done, so "Ran ..." does not hide it.
  if (s.announce_restore && !app.jobs.busy() && !app.opener.busy()) {
    s.announce_restore = false;
    set_status(app.state, "Restored your last scenario (" + s.restore_name + ")");
  }
  if (!s.autosaver.enabled()) return;
  s.autosaver.set_from_link(s.unchanged_link);
  const AutosaveStep step = s.autosaver.poll(app.state.parsed, current_ui_text(app), now,
                                             [&] { return current_link_document(app); });
  if (step.what == AutosaveStep::What::too_big) {
    set_status(app.state,
               "Autosave is off for this scenario: its JSON has " + std::to_string(step.bytes) +
                   " bytes, more than the autosave limit of " +
                   std::to_string(s.autosaver.limit()) + " bytes; use File > Save to keep it");
  } else if (step.what == AutosaveStep::What::save) {
    const bool ok = platform_save_autosave(kSlot, step.text);
    s.autosaver.stored(step, ok);
    if (!ok && !s.save_failed_reported) {
      s.save_failed_reported = true;
      set_status(
          app.state,
          is_web() ? "Autosave failed: the browser refused to store the scenario (storage full or "
                     "disabled); use File > Save to keep it"
                   : "Autosave failed: could not write the config directory; use File > Save",
          true);
    }
  }
}

void session_flush(App& app) {
  SessionState& s = app.session;
  const AutosaveStep step = s.autosaver.flush([&] { return current_link_document(app); });
  if (step.what == AutosaveStep::What::save)
    s.autosaver.stored(step, platform_save_autosave(kSlot, step.text));
}

void session_before_install(App& app, const OpenOutcome& out) {
  SessionState& s = app.session;
  if (!out.parsed) return;
  // The first scenario installed after a start with a link is that link's; anything else changes
  // it.
  s.unchanged_link = s.link_pending && out.mode == OpenMode::load;
  s.link_pending = false;
  if (out.mode != OpenMode::load || !app.state.parsed) return;
  if (out.id == s.undo_open_id || out.id == s.restore_id) return;
  // The replaced document is installed over right after this: it moves to the undo stack instead
  // of being copied on the UI thread (a big workflow's document is megabytes).
  const io::Json ui = current_ui(app);
  s.undo.push(link_document(std::move(app.state.scenario), ui));
}

bool restore_available(const App& app) {
  return app.session.previous && !same_scenario(*app.session.previous, app.state.scenario);
}

bool restore_last_session(App& app) {
  if (!app.session.previous) {
    set_status(app.state, "There is no earlier session to restore");
    return false;
  }
  app_load_scenario(app, *app.session.previous,
                    "your last session (" + scenario_display_name(*app.session.previous) + ")");
  return true;
}

bool undo_available(const App& app) {
  return app.session.undo.depth() > 0;
}

bool undo_open(App& app) {
  std::optional<io::Json> doc = app.session.undo.pop();
  if (!doc) {
    set_status(app.state, "Nothing to undo: no scenario was opened over another yet");
    return false;
  }
  app.session.undo_open_id = app_load_scenario(
      app, *doc, "the scenario before the last open (" + scenario_display_name(*doc) + ")");
  return true;
}

void save_scenario(App& app) {
  // A download in the browser; the desktop's Save dialog (shell/file_dialog.h).
  const io::Json doc = current_link_document(app);
  save_file_as(app, "Save the scenario", save_file_name(doc), doc.dump(2));
}

void draw_session_file_items(App& app) {
  if (ImGui::MenuItem("Save scenario...", "Ctrl+S")) save_scenario(app);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "The scenario and its view as JSON: `loadlab run FILE` runs it, File > Import opens it");
  if (ImGui::MenuItem("Restore last session", nullptr, false, restore_available(app)))
    restore_last_session(app);
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled) && app.session.previous)
    ImGui::SetTooltip("%s", ("The scenario you had before a link was opened: " +
                             scenario_display_name(*app.session.previous))
                                .c_str());
}

void draw_edit_menu(App& app) {
  if (!ImGui::BeginMenu("Edit")) return;
  if (ImGui::MenuItem("Undo open", "Ctrl+Z", false, undo_available(app))) undo_open(app);
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("Back to the scenario the last open (file, paste, example, link) replaced");
  ImGui::EndMenu();
}

}  // namespace loadlab::app
