#include "app/dag/model_adversary.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "app/widgets/format.h"
#include "core/dag/registry.h"
#include "io/kinds/dag.h"
#include "io/kinds/dag_adversary.h"

namespace loadlab::app {

namespace {

using ModelAdversaryClock = std::chrono::steady_clock;

double seconds_since(ModelAdversaryClock::time_point t0) {
  return std::chrono::duration<double>(ModelAdversaryClock::now() - t0).count();
}

bool known_scheduler(const std::string& name) {
  return core::find_dag_algorithm(name) != nullptr;
}

}  // namespace

AdversarySettings read_adversary_settings(const io::Json& j) {
  AdversarySettings s;
  if (!j.is_object()) return s;
  auto name = [&](const char* key, std::string& out) {
    if (j.contains(key) && j[key].is_string() && known_scheduler(j[key].get<std::string>()))
      out = j[key].get<std::string>();
  };
  auto integer = [&](const char* key, auto& out, std::int64_t lo, std::int64_t hi) {
    if (j.contains(key) && j[key].is_number_integer())
      out = static_cast<std::remove_reference_t<decltype(out)>>(
          std::clamp(j[key].get<std::int64_t>(), lo, hi));
  };
  auto boolean = [&](const char* key, bool& out) {
    if (j.contains(key) && j[key].is_boolean()) out = j[key].get<bool>();
  };
  name("a", s.a);
  name("b", s.b);
  integer("iterations", s.iterations, 1, kAdversaryMaxIterations);
  if (j.contains("seed") && j["seed"].is_number_unsigned()) s.seed = j["seed"].get<std::uint64_t>();
  if (j.contains("start") && j["start"].is_string()) s.from_scenario = j["start"] != "random";
  integer("tasks", s.tasks, 1, core::AdversaryLimits::max_tasks);
  integer("processors", s.processors, 1, core::AdversaryLimits::max_processors);
  boolean("heterogeneous", s.heterogeneous);
  boolean("vary_machine", s.vary_machine);
  if (j.contains("pairwise") && j["pairwise"].is_array()) {
    std::vector<std::string> names;
    for (const auto& v : j["pairwise"])
      if (v.is_string() && known_scheduler(v.get<std::string>()) &&
          std::find(names.begin(), names.end(), v.get<std::string>()) == names.end())
        names.push_back(v.get<std::string>());
    s.pairwise = names;
  }
  integer("pair_iterations", s.pair_iterations, 1, kAdversaryMaxPairIterations);
  if (j.contains("target") && j["target"].is_string() &&
      (j["target"] == "makespan" || j["target"] == "expected_makespan"))
    s.target = j["target"].get<std::string>();
  return s;
}

io::Json adversary_settings_json(const AdversarySettings& s) {
  io::Json j = {{"a", s.a},
                {"b", s.b},
                {"iterations", s.iterations},
                {"seed", s.seed},
                {"start", s.from_scenario ? "scenario" : "random"},
                {"tasks", s.tasks},
                {"processors", s.processors},
                {"heterogeneous", s.heterogeneous},
                {"vary_machine", s.vary_machine},
                {"pairwise", s.pairwise},
                {"pair_iterations", s.pair_iterations}};
  if (s.target != "makespan") j["target"] = s.target;  // links made before it stay the same
  return j;
}

std::vector<std::string> adversary_choices_a() {
  std::vector<std::string> out;
  for (const auto& row : core::dag_algorithms())
    if (std::string(row.info.name) != "optimal") out.emplace_back(row.info.name);
  return out;
}

std::vector<std::string> adversary_choices_b(std::int32_t start_tasks) {
  std::vector<std::string> out;
  for (const auto& row : core::dag_algorithms()) {
    const std::string n = row.info.name;
    if (n == "optimal" && start_tasks > core::AdversaryLimits::max_optimal_tasks) continue;
    out.push_back(n);
  }
  return out;
}

core::AdversaryInstance adversary_start_instance(const AdversarySettings& s,
                                                 const io::ScenarioPtr& scenario) {
  if (!s.from_scenario)
    return core::random_adversary_instance(s.tasks, s.processors, s.heterogeneous, s.seed);
  const auto* dag = dynamic_cast<const io::DagScenario*>(scenario.get());
  if (!dag) throw std::invalid_argument("start: the current scenario is not a task graph");
  if (dag->graph && dag->graph->size() > core::AdversaryLimits::max_tasks)
    throw std::invalid_argument("start: the scenario has " + std::to_string(dag->graph->size()) +
                                " tasks; the search takes at most " +
                                std::to_string(core::AdversaryLimits::max_tasks) +
                                " (start from a random instance)");
  if (dag->processors > core::AdversaryLimits::max_processors)
    throw std::invalid_argument("start: the scenario has " + std::to_string(dag->processors) +
                                " processors; the search takes at most " +
                                std::to_string(core::AdversaryLimits::max_processors));
  return io::adversary_instance_from(*dag);
}

core::AdversaryOptions adversary_options(const AdversarySettings& s) {
  core::AdversaryOptions o;
  o.a = s.a;
  o.b = s.b;
  o.iterations = s.iterations;
  o.seed = s.seed;
  o.vary_machine = s.vary_machine;
  o.dag_options.seed = s.seed;
  o.target = s.target;
  return o;
}

// ---- the search ----

bool AdversaryRunner::start(core::AdversaryInstance start, core::AdversaryOptions opts,
                            std::int64_t progress_every) {
  if (job_.busy()) return false;
  {
    std::lock_guard<std::mutex> lock(shared_->mutex);
    shared_->live = AdversaryLive{};
    shared_->live.total = opts.iterations;
  }
  ++started_;
  std::shared_ptr<Shared> shared = shared_;
  return job_.start([shared, start = std::move(start), opts = std::move(opts),
                     progress_every](const JobControl& control) {
    AdversaryOutcome out;
    out.a = opts.a;
    out.b = opts.b;
    out.seed = opts.seed;
    const auto t0 = ModelAdversaryClock::now();
    // The callback runs on this worker; the UI thread only reads the copy under the mutex. Only
    // new history points are appended, so a long search does not copy its history quadratically.
    auto progress = [&](const core::AdversaryResult& r) {
      std::lock_guard<std::mutex> lock(shared->mutex);
      AdversaryLive& l = shared->live;
      l.iterations = r.iterations;
      l.accepted = r.accepted;
      l.improvements = r.improvements;
      l.best_ratio = r.best_ratio;
      l.current_ratio = r.current_ratio;
      l.start_ratio = r.start_ratio;
      l.seconds = seconds_since(t0);
      // The core thins its history by halving when it grows: then the prefix differs, copy anew.
      const bool same_prefix = l.history.size() <= r.history.size() &&
                               (l.history.empty() || l.history.back().iteration ==
                                                         r.history[l.history.size() - 1].iteration);
      if (!same_prefix) l.history.clear();
      l.history.insert(l.history.end(),
                       r.history.begin() + static_cast<std::ptrdiff_t>(l.history.size()),
                       r.history.end());
      control.progress(opts.iterations > 0 ? static_cast<double>(r.iterations) /
                                                 static_cast<double>(opts.iterations)
                                           : 1.0);
      return !control.cancelled();
    };
    try {
      out.result = core::adversary_search(start, opts, progress, progress_every);
      progress(*out.result);  // the final numbers (the core's last call may be iterations back)
    } catch (const std::exception& e) {
      out.error = e.what();
    }
    out.seconds = seconds_since(t0);
    return out;
  });
}

bool AdversaryRunner::poll() {
  auto done = job_.poll();
  if (!done) return false;
  last_ = std::move(*done);
  return true;
}

AdversaryLive AdversaryRunner::live() const {
  std::lock_guard<std::mutex> lock(shared_->mutex);
  return shared_->live;
}

// ---- the pairwise matrix ----

bool PairwiseRunner::start(std::vector<std::string> schedulers, core::AdversaryInstance start,
                           core::AdversaryOptions base) {
  return job_.start([schedulers = std::move(schedulers), start = std::move(start),
                     base = std::move(base)](const JobControl& control) {
    PairwiseOutcome out;
    const auto t0 = ModelAdversaryClock::now();
    try {
      out.matrix = core::adversary_pairwise(
          schedulers, start, base, [&](std::size_t done, std::size_t total) {
            control.progress(total ? static_cast<double>(done) / static_cast<double>(total) : 1.0);
            return !control.cancelled();
          });
    } catch (const std::exception& e) {
      out.error = e.what();
    }
    out.seconds = seconds_since(t0);
    return out;
  });
}

bool PairwiseRunner::poll() {
  auto done = job_.poll();
  if (!done) return false;
  last_ = std::move(*done);
  return true;
}

std::string adversary_matrix_csv(const core::AdversaryMatrix& m) {
  std::string csv = "A \\ B";
  for (const auto& s : m.schedulers) csv += "," + s;
  csv += "\n";
  char buf[40];
  for (std::size_t i = 0; i < m.schedulers.size(); ++i) {
    csv += m.schedulers[i];
    for (std::size_t j = 0; j < m.schedulers.size(); ++j) {
      csv += ",";
      const double r = i < m.ratio.size() && j < m.ratio[i].size() ? m.ratio[i][j] : 0.0;
      if (i != j && r > 0) {
        std::snprintf(buf, sizeof buf, "%.6g", r);
        csv += buf;
      }
    }
    csv += "\n";
  }
  return csv;
}

io::Json adversary_worst_scenario(const AdversaryOutcome& o, const AdversarySettings& s,
                                  const std::string& name) {
  if (!o.result) throw std::invalid_argument("no search result");
  io::Json sc = io::adversary_instance_scenario(o.result->best, {o.a, o.b}, o.seed);
  char buf[160];
  std::snprintf(buf, sizeof buf, "Adversary: %s / %s = %s%s", o.a.c_str(), o.b.c_str(),
                format_real(o.result->best_ratio, 4).c_str(),
                name.empty() ? "" : (" (from " + name + ")").c_str());
  sc["name"] = buf;
  // Both Gantt charts side by side on the Gantt tab; the tab's settings come along in the link.
  sc["ui"] = {{"tab", "gantt"}, {"compare", true}, {"adversary", adversary_settings_json(s)}};
  return sc;
}

io::Json adversary_pair_scenario(const core::AdversaryMatrix& m, std::size_t i, std::size_t j,
                                 const AdversarySettings& s) {
  if (i == j || i >= m.best.size() || j >= m.best[i].size() || m.best[i][j].graph.size() == 0 ||
      i >= m.ratio.size() || j >= m.ratio[i].size() || !(m.ratio[i][j] > 0))
    throw std::invalid_argument("no instance for this pair");
  AdversaryOutcome o;
  o.a = m.schedulers[i];
  o.b = m.schedulers[j];
  o.seed = s.seed;
  core::AdversaryResult r;
  r.best = m.best[i][j];
  r.best_ratio = m.ratio[i][j];
  o.result = std::move(r);
  AdversarySettings t = s;
  t.a = o.a;
  t.b = o.b;
  return adversary_worst_scenario(o, t, "pairwise matrix");
}

io::Json adversary_state_json(const AdversaryRunner& r, const PairwiseRunner& p,
                              const AdversarySettings& s) {
  const AdversaryLive l = r.live();
  io::Json j = {{"running", r.busy()},
                {"started", r.started()},
                {"iterations", l.iterations},
                {"total", l.total},
                {"best_ratio", l.best_ratio},
                {"current_ratio", l.current_ratio},
                {"history", l.history.size()},
                {"iterations_per_second", l.iterations_per_second()},
                {"settings", adversary_settings_json(s)}};
  if (const auto& o = r.last()) {
    j["done"] = {{"error", o->error},
                 {"a", o->a},
                 {"b", o->b},
                 {"seconds", o->seconds},
                 {"iterations_per_second", o->iterations_per_second()}};
    if (o->result) {
      j["done"]["best_ratio"] = o->result->best_ratio;
      j["done"]["start_ratio"] = o->result->start_ratio;
      j["done"]["iterations"] = o->result->iterations;
      j["done"]["cancelled"] = o->result->cancelled;
      j["done"]["history"] = o->result->history.size();
      j["done"]["tasks"] = o->result->best.graph.size();
    }
  }
  io::Json pw = {{"running", p.busy()}, {"progress", p.progress()}};
  if (const auto& o = p.last()) {
    pw["error"] = o->error;
    pw["schedulers"] = o->matrix.schedulers;
    pw["ratio"] = o->matrix.ratio;
    pw["cancelled"] = o->matrix.cancelled;
  }
  j["pairwise"] = pw;
  return j;
}

}  // namespace loadlab::app
