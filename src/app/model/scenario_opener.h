// Opens scenarios off the UI thread (a 1M-task DAG generator froze the UI while
// set_scenario built its graph). Text is parsed as JSON, validated by io::parse_scenario (graph
// built, bounds checked, once) and its drawing data derived (ScenarioDeriver: the kind's drawing
// data) on a BackgroundJob; the UI keeps drawing, may cancel, and the old scenario stays installed
// until poll() hands over the new one. Every UI path goes through here: links, File > Open,
// examples, form edits, the JSON editor and the browser's window.loadlab.open().
#pragma once

#include <deque>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/model/app_state.h"
#include "app/model/background_job.h"
#include "io/json_reader.h"
#include "io/kind.h"
#include "io/scenario.h"

namespace loadlab::app {

/// Why a scenario is opened: decides what the app does once it is installed.
enum class OpenMode {
  load,  ///< a new scenario (link, file, example, JSON editor): forms and views are reset from it
  edit,  ///< a form's edit of the current scenario: the form keeps its fields
};

/// What the worker hands back: the parsed scenario and its drawing data, or the error.
struct OpenOutcome {
  int id = 0;  ///< the request's id (ScenarioOpener::open_*)
  std::string origin;
  OpenMode mode = OpenMode::load;
  io::ScenarioPtr parsed;  ///< null on error or cancel
  /// parsed->document, copied here on the worker so that installing it only moves (a 10,000-task
  /// workflow's document is megabytes), and as the JSON editor shows it (dump(2)).
  io::Json document;
  std::string document_text;
  DerivedScenario derived;
  std::string error;  ///< non-empty on failure: names the field (io::ScenarioError)
  bool cancelled = false;
};

/// A file format a kind opens that is not a scenario document (a task graph, a mesh: the formats
/// of io/formats.h). The kinds hand theirs to the opener (KindModule::importers).
struct FileImporter {
  /// The scenario around the file, or nullopt when `filename` is not this format. `parsed` is
  /// the text parsed as JSON when the file's name says JSON (parsed once, by the opener), else
  /// null. Throws io::ScenarioError naming the file's problem.
  std::optional<io::Json> (*wrap)(const std::string& filename, const std::string& text,
                                  const io::Json* parsed) = nullptr;
  /// A file that modifies the current scenario instead (a mesh's .xyz coordinates), or null.
  bool (*applies_onto)(const std::string& filename) = nullptr;
  io::Json (*attach)(const io::Json& current, const std::string& filename,
                     const std::string& text) = nullptr;
  /// Optional, tried before `wrap`: the scenario around the file already parsed with `ctx`
  /// (io::parse_scenario), for a format whose reader builds what parsing the wrapped document
  /// would build again (a task graph): one parse per import. Null when `filename` is not this
  /// format; throws like `wrap`, and io::ScenarioError for a scenario io refuses.
  io::ScenarioPtr (*open)(const std::string& filename, const std::string& text,
                          const io::Json* parsed, const io::RunContext& ctx) = nullptr;
};

/// The work of one open (what the worker runs; also callable synchronously from tests). `text`
/// is parsed as JSON unless `document` is given or an importer claims the file by its name
/// (`origin`, which also names the source in errors): `importers` are tried in order, and with
/// `document` a file one of them applies onto it is attached to it. `derive` makes the kind's
/// drawing data (none without).
OpenOutcome open_scenario_work(const std::optional<io::Json>& document, const std::string& text,
                               const std::string& origin, const JobControl& control,
                               const std::vector<FileImporter>& importers = {},
                               const ScenarioDeriver& derive = {});

class ScenarioOpener {
 public:
  /// Starts opening a document; returns the request id (> 0). A newer request supersedes a
  /// running one (the newest wins: e.g. a slider dragged over many values).
  int open_json(io::Json document, std::string origin, OpenMode mode);
  /// Same from text (a file, a decoded link, the JSON editor): the JSON is parsed on the worker.
  int open_text(std::string text, std::string origin, OpenMode mode);
  /// A file that modifies `base` (a .xyz attaches coordinates to its mesh:
  /// partition/model_import.h), read and applied on the worker.
  int open_file_onto(io::Json base, std::string text, std::string origin, OpenMode mode);
  /// The formats open_text and open_file_onto recognise besides scenario documents.
  void set_importers(std::vector<FileImporter> importers) { importers_ = std::move(importers); }
  /// What derives a parsed scenario's drawing data on the worker (the kinds' KindModule::derive).
  void set_deriver(ScenarioDeriver derive) { derive_ = std::move(derive); }
  /// A file of this name modifies the current scenario (open it with open_file_onto).
  bool opens_onto(const std::string& filename) const;

  /// An open is in progress (including one waiting for a superseded one to stop).
  bool busy() const { return job_.busy(); }
  double progress() const { return job_.progress(); }
  /// The origin of the newest request ("example ...", "the shared link").
  const std::string& origin() const { return origin_; }
  /// Asks the running open to stop; its result is dropped and the current scenario stays.
  void cancel();

  /// The finished open, once (UI thread, once per frame). A cancelled request comes back with
  /// `cancelled` set and no scenario.
  std::optional<OpenOutcome> poll();

  /// -1 while request `id` is pending, 1 if it parsed without error (poll() handed it over), 0
  /// if it failed, was cancelled or superseded.
  int result_of(int id) const;
  /// The document of the newest pending form edit (forms build their next edit on it, so quick
  /// successive edits are not lost while the worker parses), or nullptr.
  const io::Json* pending_edit() const { return pending_edit_ ? &*pending_edit_ : nullptr; }

 private:
  int start(std::optional<io::Json> document, std::string text, std::string origin, OpenMode mode);

  BackgroundJob<OpenOutcome> job_;
  int next_id_ = 0;
  int newest_id_ = 0;                          ///< the newest request started
  int done_id_ = 0;                            ///< every request <= done_id_ has finished
  std::deque<std::pair<int, bool>> finished_;  ///< recent requests: id, parsed without error
  std::string origin_;
  std::optional<io::Json> pending_edit_;
  std::vector<FileImporter> importers_;
  ScenarioDeriver derive_;
};

}  // namespace loadlab::app
