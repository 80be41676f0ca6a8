#include "app/model/autosave.h"

#include <cctype>

namespace loadlab::app {

std::string encode_autosave(const io::Json& link_document, bool from_link) {
  io::Json j{{"loadlab_autosave", 1}, {"document", link_document}};
  if (from_link) j["from_link"] = true;
  return j.dump();
}

AutosaveRead decode_autosave(std::string_view text, std::size_t max_bytes) {
  AutosaveRead r;
  if (text.empty()) {
    r.empty = true;
    return r;
  }
  // Checked before parsing: a storage filled by something else must not cost a huge parse.
  if (text.size() > max_bytes) {
    r.error = "it has " + std::to_string(text.size()) + " bytes, more than the limit of " +
              std::to_string(max_bytes);
    return r;
  }
  io::Json j;
  try {
    j = io::parse_json_text(text, max_bytes);
  } catch (const std::exception& e) {
    r.error = std::string("it is not valid JSON (") + e.what() + ")";
    return r;
  }
  if (!j.is_object() || !j.contains("loadlab_autosave")) {
    r.error = "it is not a LoadLab autosave (no \"loadlab_autosave\" key)";
    return r;
  }
  if (!j["loadlab_autosave"].is_number_integer() || j["loadlab_autosave"].get<long long>() != 1) {
    r.error =
        "/loadlab_autosave: unsupported version " + j["loadlab_autosave"].dump().substr(0, 20);
    return r;
  }
  if (!j.contains("document") || !j["document"].is_object()) {
    r.error = "/document: expected the scenario object";
    return r;
  }
  r.from_link = j.contains("from_link") && j["from_link"] == true;
  r.document = std::move(j["document"]);
  return r;
}

std::string scenario_display_name(const io::Json& document) {
  std::string name;
  if (document.is_object()) {
    if (document.contains("name") && document["name"].is_string())
      name = document["name"].get<std::string>();
    if (name.empty() && document.contains("kind") && document["kind"].is_string())
      name = document["kind"].get<std::string>() + " scenario";
  }
  if (name.empty()) name = "unnamed scenario";
  if (name.size() > 60) {
    std::size_t cut = 57;
    while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80)
      --cut;  // UTF-8 boundary
    name = name.substr(0, cut) + "...";
  }
  return name;
}

bool same_scenario(const io::Json& a, const io::Json& b) {
  if (!a.is_object() || !b.is_object()) return a == b;
  // Compared in place (the menu asks every frame while open): no copy of a big scenario.
  const auto keys = [](const io::Json& j) { return j.size() - (j.contains("ui") ? 1 : 0); };
  if (keys(a) != keys(b)) return false;
  for (auto it = a.begin(); it != a.end(); ++it) {
    if (it.key() == "ui") continue;
    const auto jt = b.find(it.key());
    if (jt == b.end() || *jt != it.value()) return false;
  }
  return true;
}

std::string save_file_name(const io::Json& document) {
  std::string name;
  if (document.is_object() && document.contains("name") && document["name"].is_string())
    name = document["name"].get<std::string>();
  std::string slug;
  for (const char c : name) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) && u < 128)
      slug += static_cast<char>(std::tolower(u));
    else if (!slug.empty() && slug.back() != '-')
      slug += '-';
    if (slug.size() >= 60) break;
  }
  while (!slug.empty() && slug.back() == '-') slug.pop_back();
  return (slug.empty() ? std::string("scenario") : slug) + ".json";
}

void OpenHistory::push(const io::Json& document) {
  docs_.push_back(document.dump());
  bytes_ += docs_.back().size();
  while (docs_.size() > 1 && (docs_.size() > max_depth || bytes_ > max_bytes)) {
    bytes_ -= docs_.front().size();
    docs_.pop_front();
  }
}

std::optional<io::Json> OpenHistory::pop() {
  if (docs_.empty()) return std::nullopt;
  std::string text = std::move(docs_.back());
  docs_.pop_back();
  bytes_ -= text.size();
  // Our own dump of a document that was valid JSON: parsing it back cannot fail.
  return io::Json::parse(text);
}

AutosaveStep Autosaver::decide(const io::Json& document) {
  AutosaveStep step;
  std::string text = encode_autosave(document, from_link_);
  if (text == stored_) return step;
  step.bytes = text.size();
  if (text.size() > max_bytes_) {
    if (too_big_reported_) return AutosaveStep{};
    too_big_reported_ = true;
    step.what = AutosaveStep::What::too_big;
    return step;
  }
  step.what = AutosaveStep::What::save;
  step.text = std::move(text);
  return step;
}

void Autosaver::stored(const AutosaveStep& step, bool ok) {
  if (step.what != AutosaveStep::What::save || !ok) return;
  stored_ = step.text;
  too_big_reported_ = false;
  ++saves_;
}

}  // namespace loadlab::app
