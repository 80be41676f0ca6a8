#include "app/model/scenario_opener.h"

#include <algorithm>

#include "io/formats.h"
#include "io/scenario.h"

namespace loadlab::app {

OpenOutcome open_scenario_work(const std::optional<io::Json>& document, const std::string& text,
                               const std::string& origin, const JobControl& control,
                               const std::vector<FileImporter>& importers,
                               const ScenarioDeriver& derive) {
  OpenOutcome out;
  out.origin = origin;
  try {
    io::RunContext ctx;
    ctx.cancel = control.cancel;
    io::ScenarioPtr parsed_scenario;  // an importer's, already parsed (FileImporter::open)
    std::optional<io::Json> doc;
    if (document && !text.empty())
      for (const auto& im : importers)
        if (im.applies_onto && im.attach && im.applies_onto(origin)) {
          doc = im.attach(*document, origin, text);  // e.g. a .xyz onto the current mesh
          break;
        }
    if (!doc && document) doc = *document;
    if (!doc) {
      // JSON text (a .json file, a link, the editor) is parsed once: the importers look at the
      // parsed document, and when none claims it, it is the scenario.
      const io::FileFormat* format = io::format_by_extension(origin);
      std::optional<io::Json> parsed;
      if (!format || format->json_key || format->model == io::FileModel::scenario)
        parsed = io::parse_json_text(text, io::ScenarioLimits::max_document_bytes);
      for (const auto& im : importers) {
        if (doc || parsed_scenario) break;
        if (im.open) parsed_scenario = im.open(origin, text, parsed ? &*parsed : nullptr, ctx);
        if (!parsed_scenario && im.wrap) doc = im.wrap(origin, text, parsed ? &*parsed : nullptr);
      }
      if (!doc && !parsed_scenario && parsed) doc = std::move(parsed);
      if (!doc && !parsed_scenario)
        doc = io::parse_json_text(text, io::ScenarioLimits::max_document_bytes);
    }
    control.progress(0.1);
    if (control.cancelled()) {
      out.cancelled = true;
      return out;
    }
    io::ScenarioPtr parsed =
        parsed_scenario ? std::move(parsed_scenario) : io::parse_scenario(*doc, ctx);
    doc.reset();
    control.progress(0.8);
    if (control.cancelled()) {
      out.cancelled = true;
      return out;
    }
    if (derive) out.derived = derive(*parsed);
    // The copies the UI thread would otherwise make when it installs the scenario.
    out.document = parsed->document;
    out.document_text = out.document.dump(2);
    out.parsed = std::move(parsed);
    if (control.cancelled()) {
      out.cancelled = true;
      out.parsed = nullptr;
    }
  } catch (const io::ScenarioError& e) {
    out.error = e.what();
  } catch (const std::exception& e) {
    out.error = std::string("scenario: ") + e.what();
  }
  return out;
}

int ScenarioOpener::open_json(io::Json document, std::string origin, OpenMode mode) {
  return start(std::move(document), {}, std::move(origin), mode);
}

int ScenarioOpener::open_text(std::string text, std::string origin, OpenMode mode) {
  return start(std::nullopt, std::move(text), std::move(origin), mode);
}

int ScenarioOpener::open_file_onto(io::Json base, std::string text, std::string origin,
                                   OpenMode mode) {
  return start(std::move(base), std::move(text), std::move(origin), mode);
}

int ScenarioOpener::start(std::optional<io::Json> document, std::string text, std::string origin,
                          OpenMode mode) {
  const int id = ++next_id_;
  newest_id_ = id;
  origin_ = origin;
  if (mode == OpenMode::edit && document)
    pending_edit_ = *document;
  else
    pending_edit_.reset();
  job_.supersede([id, mode, document = std::move(document), text = std::move(text),
                  origin = std::move(origin), importers = importers_,
                  derive = derive_](const JobControl& c) {
    OpenOutcome out = open_scenario_work(document, text, origin, c, importers, derive);
    out.id = id;
    out.mode = mode;
    return out;
  });
  return id;
}

bool ScenarioOpener::opens_onto(const std::string& filename) const {
  for (const auto& im : importers_)
    if (im.applies_onto && im.applies_onto(filename)) return true;
  return false;
}

void ScenarioOpener::cancel() {
  job_.cancel();
  pending_edit_.reset();
}

std::optional<OpenOutcome> ScenarioOpener::poll() {
  // cancel() may come after the work finished but before this poll: the flag says so.
  const bool cancel_asked = job_.cancel_requested() && !job_.has_pending();
  std::optional<OpenOutcome> out;
  try {
    out = job_.poll();
  } catch (const std::exception& e) {  // open_scenario_work catches everything; belt and braces
    out.emplace();
    out->id = newest_id_;
    out->error = e.what();
  }
  if (!out) {
    if (!job_.busy()) done_id_ = newest_id_;  // idle: superseded requests are done too
    return std::nullopt;
  }
  if (cancel_asked && !out->cancelled) {
    out->cancelled = true;
    out->parsed = nullptr;
  }
  if (out->cancelled) out->error.clear();
  // A superseding request drops the older results, so what arrives is the newest one.
  done_id_ = std::max(done_id_, out->id);
  if (out->id == newest_id_) pending_edit_.reset();
  finished_.emplace_back(out->id, out->parsed != nullptr);
  if (finished_.size() > 64) finished_.pop_front();
  return out;
}

int ScenarioOpener::result_of(int id) const {
  if (id <= 0 || id > next_id_) return 0;
  if (id > done_id_) return -1;
  for (const auto& [fid, ok] : finished_)
    if (fid == id) return ok ? 1 : 0;
  return 0;  // superseded (never parsed to the end) or long forgotten
}

}  // namespace loadlab::app
