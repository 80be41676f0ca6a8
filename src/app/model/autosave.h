// Nothing a user made is lost: the playground keeps the current scenario and its view
// state (the share link's document) in persistent storage, restores it on the next start, and
// keeps the scenarios that opens replaced for Edit > Undo open. This is the headless part (tested
// in tests/app/test_autosave.cpp); shell/session.cpp drives it and the platform stores the text
// (localStorage in the browser, ~/.config/loadlab/<slot>.json on the desktop: platform.h).
//
// Stored text: {"loadlab_autosave": 1, "document": <scenario with "ui">}. It is read back like any
// untrusted input (size checked before parsing, malformed JSON or a wrong shape is an error with a
// reason, never an exception); the scenario itself is then validated by the normal open path.
#pragma once

#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>

#include "app/model/link_sync.h"  // the debounce the address bar uses too
#include "io/json_reader.h"
#include "io/kind.h"

namespace loadlab::app {

struct AutosaveLimits {
  /// Browser cap: localStorage holds about 5 MB per origin (Firefox and Safari count UTF-16 code
  /// units, Chromium 10 MB of UTF-16), shared with the other settings; 1 MiB of JSON stays far
  /// below every browser's quota. Bigger scenarios are not autosaved (the status line says so
  /// once; File > Save still works).
  static constexpr std::size_t browser_bytes = 1u << 20;
  /// Desktop cap: the scenario document limit (io::ScenarioLimits::max_document_bytes).
  static constexpr std::size_t desktop_bytes = 16u << 20;
  /// Quiet time after a change of the scenario or its view before it is written.
  static constexpr double delay_seconds = 2.0;
};

/// The text stored for a link document (scenario + "ui"). `from_link`: the scenario is still
/// exactly what a start-up link carried (the link itself keeps it: such an autosave is not worth
/// backing up over older work when the next link wins).
std::string encode_autosave(const io::Json& link_document, bool from_link = false);

/// What decode_autosave read: the document, or why not. `empty` means nothing was stored.
struct AutosaveRead {
  std::optional<io::Json> document;
  std::string error;
  bool empty = false;
  bool from_link = false;
};
/// Reads stored text as untrusted input; never throws.
AutosaveRead decode_autosave(std::string_view text, std::size_t max_bytes);

/// The name to show for a scenario: its "name", else its kind (shortened to 60 characters).
std::string scenario_display_name(const io::Json& document);
/// The same scenario, view state ("ui") aside.
bool same_scenario(const io::Json& a, const io::Json& b);
/// File > Save's file name: the scenario's name as lower-case words joined by '-', + ".json".
std::string save_file_name(const io::Json& document);

/// The scenarios that opens (link, file, paste, example, JSON editor) replaced, newest last, for
/// Edit > Undo open. Bounded twice: the oldest is dropped beyond max_depth entries and beyond
/// max_bytes of text (kept as compact JSON text: a parsed tree takes several times the memory,
/// and eight big custom networks would otherwise hold gigabytes in a browser tab). The newest
/// entry is always kept, whatever its size.
class OpenHistory {
 public:
  static constexpr std::size_t max_depth = 8;
  static constexpr std::size_t max_bytes = std::size_t{64} << 20;
  void push(const io::Json& document);
  std::optional<io::Json> pop();
  std::size_t depth() const { return docs_.size(); }
  std::size_t bytes() const { return bytes_; }

 private:
  std::deque<std::string> docs_;
  std::size_t bytes_ = 0;
};

/// What Autosaver::poll asks the shell to do.
struct AutosaveStep {
  enum class What { none, save, too_big } what = What::none;
  std::string text;       ///< save: the text to store
  std::size_t bytes = 0;  ///< save / too_big: its size
};

/// Decides when to write: after a change of the scenario or its view (LinkSync) and a quiet time,
/// never twice the same text, and a too-big scenario is reported once until a save succeeds.
class Autosaver {
 public:
  explicit Autosaver(std::size_t max_bytes = AutosaveLimits::desktop_bytes)
      : max_bytes_(max_bytes) {
    timer_.delay = AutosaveLimits::delay_seconds;
  }
  void set_limit(std::size_t max_bytes) { max_bytes_ = max_bytes; }
  std::size_t limit() const { return max_bytes_; }
  /// Starts watching; `scenario` and `ui_dump` (what the app shows now: the default example at
  /// start) are the baseline, not written. Whatever replaces them (a link, a file) is.
  void enable(const io::ScenarioPtr& scenario, const std::string& ui_dump) {
    timer_.enabled = true;
    timer_.rebase = false;
    timer_.pending = false;
    timer_.scenario_seen = scenario;
    timer_.ui_seen = ui_dump;
  }
  bool enabled() const { return timer_.enabled; }
  /// The text already stored (read at start): writing it again is skipped.
  void set_stored(std::string text) { stored_ = std::move(text); }
  /// Whether the scenario is still the unchanged start-up link's (written into the record).
  void set_from_link(bool from_link) { from_link_ = from_link; }

  /// Once per frame. `document` builds the link document (only called when a write is due).
  template <class MakeDocument>
  AutosaveStep poll(const io::ScenarioPtr& scenario, const std::string& ui_dump, double now,
                    MakeDocument&& document) {
    if (!timer_.poll(scenario, ui_dump, now)) return {};
    return decide(document());
  }
  /// At exit (window closed, page hidden): writes a change still waiting for its quiet time.
  template <class MakeDocument>
  AutosaveStep flush(MakeDocument&& document) {
    if (!timer_.enabled || !timer_.pending) return {};
    timer_.pending = false;
    return decide(document());
  }
  /// The shell stored (true) or could not store (false) the text of a save step.
  void stored(const AutosaveStep& step, bool ok);

  int saves() const { return saves_; }
  std::size_t stored_bytes() const { return stored_.size(); }

 private:
  AutosaveStep decide(const io::Json& document);

  LinkSync timer_;
  std::size_t max_bytes_;
  std::string stored_;
  bool too_big_reported_ = false;
  bool from_link_ = false;
  int saves_ = 0;
};

/// The app's session memory (App::session): autosave, the scenario a start-up link displaced,
/// and the undo of opens.
struct SessionState {
  Autosaver autosaver;
  /// The autosave a link (or --scenario) displaced at start: File > Restore last session.
  std::optional<io::Json> previous;
  OpenHistory undo;
  int undo_open_id = 0;  ///< request id of Undo open's own open (not pushed again)
  int restore_id = 0;    ///< request id of the start-up restore, until it is settled
  std::string restore_name;
  bool announce_restore = false;  ///< say "Restored your last scenario" once its run is done
  bool link_pending = false;      ///< started with a link / --scenario not yet installed
  bool unchanged_link = false;    ///< the current scenario is that link's, unchanged
  bool save_failed_reported = false;
};

}  // namespace loadlab::app
