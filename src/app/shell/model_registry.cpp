#include <algorithm>
#include <map>

#include "app/shell/registry.h"
#include "app/shell/ui.h"
#include "io/scenario.h"

namespace loadlab::app {

namespace {

// Owned here for the whole program; kind_modules() hands out a sorted view of them.
std::vector<std::unique_ptr<KindModule>>& registry_storage() {
  static std::vector<std::unique_ptr<KindModule>> modules;
  return modules;
}

std::vector<const KindModule*>& registry_sorted() {
  static std::vector<const KindModule*> sorted;
  return sorted;
}

}  // namespace

void register_kind(std::unique_ptr<KindModule> module) {
  if (!module) return;
  auto& all = registry_storage();
  for (const auto& m : all)
    if (std::string_view(m->kind()) == module->kind())
      throw std::logic_error(std::string("kind registered twice: ") + module->kind());
  all.push_back(std::move(module));
  // Static initialisation order between files is unspecified: order by io's kind table, so the
  // menus and the rooms come out the same in every build.
  std::map<std::string, std::size_t> io_order;
  for (const auto& k : io::scenario_kinds()) io_order.emplace(k.name, io_order.size());
  auto rank = [&](const KindModule* m) {
    const auto it = io_order.find(m->kind());
    return std::make_pair(it == io_order.end() ? io_order.size() : it->second,
                          std::string(m->kind()));
  };
  auto& sorted = registry_sorted();
  sorted.clear();
  for (const auto& m : all) sorted.push_back(m.get());
  std::sort(sorted.begin(), sorted.end(),
            [&](const KindModule* a, const KindModule* b) { return rank(a) < rank(b); });
}

const std::vector<const KindModule*>& kind_modules() {
  return registry_sorted();
}

const KindModule* find_kind_module(std::string_view kind) {
  for (const KindModule* m : kind_modules())
    if (kind == m->kind()) return m;
  return nullptr;
}

std::vector<FileImporter> registered_importers() {
  std::vector<FileImporter> all;
  for (const KindModule* m : kind_modules())
    for (const auto& im : m->importers()) all.push_back(im);
  return all;
}

DerivedScenario derive_kind_scenario(const io::TypedScenario& parsed) {
  const KindModule* m = find_kind_module(parsed.kind);
  return m ? m->derive(parsed) : nullptr;
}

void kinds_summary(const App& app, io::Json& j) {
  for (const KindModule* m : kind_modules()) m->summary(app, j);
}

std::optional<io::Json> kind_command(App& app, const std::string& name, const io::Json& args) {
  if (const KindModule* current = find_kind_module(app.state.kind))
    if (auto out = current->command(app, name, args)) return out;
  for (const KindModule* m : kind_modules())
    if (auto out = m->command(app, name, args)) return out;
  return std::nullopt;
}

void kinds_opened(App& app) {
  for (const KindModule* m : kind_modules()) m->on_open(app, app.state.kind == m->kind());
}

std::optional<MetricHelp> kind_metric_help(std::string_view kind, std::string_view key) {
  if (const KindModule* m = find_kind_module(kind))
    for (const MetricHelp& h : m->metric_help())
      if (key == h.key) return h;
  return std::nullopt;
}

App::App() {
  for (const KindModule* m : kind_modules()) rooms.push_back(m->make_room());
  opener.set_importers(registered_importers());
  opener.set_deriver(derive_kind_scenario);
}

}  // namespace loadlab::app
