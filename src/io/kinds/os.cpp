// The "os" kind: OS-level scheduling of parallel jobs (paper 002, Section 4) in the discrete-event
// simulator of core/os. Format and limits: docs/scenario-os.md.
#include "io/kinds/os.h"

#include <algorithm>
#include <cmath>

#include "core/common/citations.h"
#include "core/os/narration.h"
#include "core/os/registry.h"
#include "io/kinds/kinds.h"

namespace loadlab::io {

namespace {

core::OsSpeedup read_speedup(const JsonReader& s) {
  core::OsSpeedup out;
  const std::string model = s.get_enum("model", {"linear", "amdahl", "downey"});
  if (model == "linear") {
    s.reject_unknown({"model"});
  } else if (model == "amdahl") {
    s.reject_unknown({"model", "serial_fraction"});
    out.model = core::OsSpeedupModel::Amdahl;
    out.serial_fraction = s.get_number("serial_fraction", 0.0, 1.0);
  } else {
    s.reject_unknown({"model", "A", "sigma"});
    out.model = core::OsSpeedupModel::Downey;
    out.A = s.get_number("A", 1.0, 1e6);
    out.sigma = s.get_number("sigma", 0.0, 1e6);
  }
  return out;
}

core::OsSpeedup read_speedup_or_linear(const JsonReader& s) {
  return s.has("speedup") ? read_speedup(s.object("speedup")) : core::OsSpeedup{};
}

double read_barrier(const JsonReader& s, double work) {
  const double b = s.get_number_or("barrier_every", 0.0, 0.0, OsLimits::max_work);
  if (b > 0 && work / b > OsLimits::max_phases)
    throw ScenarioError(s.pointer("barrier_every"),
                        "work / barrier_every must be <= 1e6 phases per job");
  return b;
}

// lock_every and lock_length come together: a job either has a spin lock or not.
void read_lock(const JsonReader& s, double work, double& every, double& length) {
  every = s.get_number_or("lock_every", 0.0, 0.0, OsLimits::max_work);
  length = s.get_number_or("lock_length", 0.0, 0.0, OsLimits::max_work);
  if ((every > 0) != (length > 0))
    throw ScenarioError(s.pointer(every > 0 ? "lock_length" : "lock_every"),
                        "lock_every and lock_length must both be positive (or both 0: no lock)");
  if (every > 0 && work / (every + length) > OsLimits::max_phases)
    throw ScenarioError(s.pointer("lock_every"),
                        "work / (lock_every + lock_length) must be <= 1e6 critical sections");
}

std::vector<core::OsJob> read_jobs(const JsonReader& s, int processors, std::uint64_t seed,
                                   std::optional<core::OsGenerator>& generator) {
  std::vector<core::OsJob> jobs;
  if (s.at("jobs").is_array()) {
    const Json& arr = s.array("jobs", static_cast<std::size_t>(OsLimits::max_jobs));
    if (arr.empty()) throw ScenarioError(s.pointer("jobs"), "must list at least one job");
    jobs.reserve(arr.size());
    for (std::size_t i = 0; i < arr.size(); ++i) {
      const JsonReader j =
          JsonReader::as_object(arr[i], s.pointer("jobs") + "/" + std::to_string(i));
      j.reject_unknown(
          {"arrival", "work", "threads", "speedup", "barrier_every", "lock_every", "lock_length"});
      core::OsJob job;
      job.arrival = j.get_number_or("arrival", 0.0, 0.0, OsLimits::max_time);
      job.work = j.get_number("work", 1e-9, OsLimits::max_work);
      job.threads = static_cast<int>(j.get_int_or("threads", 1, 1, processors));
      job.speedup = read_speedup_or_linear(j);
      job.barrier_every = read_barrier(j, job.work);
      read_lock(j, job.work, job.lock_every, job.lock_length);
      jobs.push_back(job);
    }
    return jobs;
  }
  const JsonReader g = s.object("jobs");
  g.reject_unknown({"generator", "rate", "count", "work", "threads", "speedup", "barrier_every",
                    "lock_every", "lock_length"});
  g.get_enum("generator", {"poisson"});
  core::OsGenerator gen;
  gen.rate = g.get_number("rate", 1e-9, 1e9);
  gen.count = g.get_int("count", 1, OsLimits::max_jobs);
  gen.work = read_cost_profile(g.object("work"), gen.count);
  if (g.has("threads")) gen.threads = read_cost_profile(g.object("threads"), gen.count);
  gen.speedup = read_speedup_or_linear(g);
  gen.barrier_every = g.get_number_or("barrier_every", 0.0, 0.0, OsLimits::max_work);
  read_lock(g, 0.0, gen.lock_every, gen.lock_length);
  jobs = core::generate_os_jobs(gen, processors, seed);
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    if (jobs[i].work > OsLimits::max_work)
      throw ScenarioError(g.pointer("work"), "job " + std::to_string(i) + " draws work above 1e9");
    if (gen.barrier_every > 0 && jobs[i].work / gen.barrier_every > OsLimits::max_phases)
      throw ScenarioError(g.pointer("barrier_every"),
                          "job " + std::to_string(i) + " would have more than 1e6 phases");
    if (gen.lock_every > 0 &&
        jobs[i].work / (gen.lock_every + gen.lock_length) > OsLimits::max_phases)
      throw ScenarioError(
          g.pointer("lock_every"),
          "job " + std::to_string(i) + " would have more than 1e6 critical sections");
  }
  generator = gen;
  return jobs;
}

core::OsCosts read_costs(const JsonReader& s) {
  core::OsCosts c;
  if (!s.has("costs")) return c;
  const JsonReader r = s.object("costs");
  r.reject_unknown(
      {"context_switch", "cache_reload", "migration", "checkpoint", "restart", "remote"});
  c.context_switch = r.get_number_or("context_switch", 0.0, 0.0, OsLimits::max_time);
  c.cache_reload = r.get_number_or("cache_reload", 0.0, 0.0, OsLimits::max_time);
  c.migration = r.get_number_or("migration", 0.0, 0.0, OsLimits::max_time);
  c.checkpoint = r.get_number_or("checkpoint", 0.0, 0.0, OsLimits::max_time);
  c.restart = r.get_number_or("restart", 0.0, 0.0, OsLimits::max_time);
  c.remote = r.get_number_or("remote", 0.0, 0.0, 1e6);
  return c;
}

bool is_one_of(const std::string& a, std::initializer_list<const char*> names) {
  for (auto n : names)
    if (a == n) return true;
  return false;
}

core::OsParams os_read_params(const JsonReader& s, const std::string& alg) {
  const JsonReader p = algorithm_params(s, alg);
  core::OsParams out;
  const bool sliced = is_one_of(alg, {"central_queue", "affinity_queues", "coscheduling",
                                      "dynamic_space_sharing", "checkpoint_restart", "migration"});
  const bool spaced = is_one_of(alg, {"static_partition", "process_control",
                                      "dynamic_space_sharing", "checkpoint_restart", "migration"});
  for (auto it = p.json().begin(); it != p.json().end(); ++it) {
    const std::string& k = it.key();
    const bool locks = alg == "central_queue" || alg == "affinity_queues";
    const bool moves = alg == "migration";
    const bool pools = alg == "pool_allocation";
    const bool ok =
        (k == "quantum" && sliced) || (k == "quantum_rule" && alg == "central_queue") ||
        (k == "allocation" && spaced) || (k == "fill_idle" && alg == "coscheduling") ||
        (k == "checkpoint_interval" && alg == "checkpoint_restart") ||
        (k == "lock_remedy" && locks) ||
        ((k == "transfer" || k == "dirty_fraction" || k == "touched_fraction") && moves) ||
        ((k == "placement" || k == "pool_size") && pools);
    if (!ok)
      throw ScenarioError(p.pointer(k), "not a setting of '" + alg + "' (docs/scenario-os.md)");
  }
  out.quantum = p.get_number_or("quantum", 1.0, 1e-6, OsLimits::max_time);
  out.quantum_inverse_threads =
      p.get_enum_or("quantum_rule", "fixed", {"fixed", "inverse_threads"}) == "inverse_threads";
  const std::string a = p.get_enum_or("allocation", "equal", core::os_allocation_names());
  out.allocation = a == "sqrt_work"                   ? core::OsAllocation::SqrtWork
                   : a == "average_parallelism"       ? core::OsAllocation::AverageParallelism
                   : a == "average_parallelism_exact" ? core::OsAllocation::AverageParallelismExact
                   : a == "sevcik"                    ? core::OsAllocation::Sevcik
                   : a == "efficiency_knee"           ? core::OsAllocation::EfficiencyKnee
                                                      : core::OsAllocation::Equal;
  const std::string r = p.get_enum_or("lock_remedy", "none", core::os_lock_remedy_names());
  out.lock_remedy = r == "two_minute_warning"      ? core::OsLockRemedy::TwoMinuteWarning
                    : r == "do_not_preempt"        ? core::OsLockRemedy::DoNotPreempt
                    : r == "scheduler_activations" ? core::OsLockRemedy::SchedulerActivations
                                                   : core::OsLockRemedy::None;
  const std::string t = p.get_enum_or("transfer", "full", core::os_migration_transfer_names());
  out.transfer = t == "precopy"             ? core::OsMigrationTransfer::Precopy
                 : t == "copy_on_reference" ? core::OsMigrationTransfer::CopyOnReference
                                            : core::OsMigrationTransfer::Full;
  out.dirty_fraction = p.get_number_or("dirty_fraction", 0.1, 0.0, 1.0);
  out.touched_fraction = p.get_number_or("touched_fraction", 0.3, 0.0, 1.0);
  const std::string pl = p.get_enum_or("placement", "pools", core::os_placement_names());
  out.placement = pl == "subcube"     ? core::OsPlacement::Subcube
                  : pl == "scattered" ? core::OsPlacement::Scattered
                                      : core::OsPlacement::Pools;
  out.pool_size = static_cast<int>(p.get_int_or("pool_size", 4, 1, OsLimits::max_processors));
  out.checkpoint_interval = p.get_number_or("checkpoint_interval", 10.0, 1e-6, OsLimits::max_time);
  out.fill_idle = p.get_bool_or("fill_idle", false);
  return out;
}

std::vector<std::string> all_names() {
  std::vector<std::string> out;
  for (const auto& a : core::os_algorithm_table()) out.emplace_back(a.name);
  return out;
}

std::shared_ptr<TypedScenario> parse_os_kind(const JsonReader& s, const RunContext&) {
  return parse_os_scenario(s);
}

std::vector<ResultPtr> run_os_kind(const TypedScenario& base, const RunContext& ctx) {
  const auto& sc = dynamic_cast<const OsScenario&>(base);
  std::vector<ResultPtr> out;
  for (std::size_t i = 0; i < sc.algorithms.size(); ++i) {
    if (ctx.cancel && ctx.cancel->load()) break;
    out.push_back(run_one_algorithm<OsResult>(sc.algorithms[i], i, ctx.cancel, [&] {
      return run_os_algorithm(sc, sc.algorithms[i], ctx.cancel);
    }));
    if (ctx.progress)
      ctx.progress(static_cast<double>(i + 1) / static_cast<double>(sc.algorithms.size()));
  }
  return out;
}

Json lost_json(const core::OsLostTime& l) {
  return {{"total", l.total()},
          {"barrier_spin", l.barrier_spin},
          {"context_switch", l.context_switch},
          {"cache_reload", l.cache_reload},
          {"migration", l.migration},
          {"checkpoint", l.checkpoint},
          {"restart", l.restart},
          {"rollback", l.rollback},
          {"lock_spin", l.lock_spin},
          {"remote_access", l.remote_access}};
}

}  // namespace

std::shared_ptr<OsScenario> parse_os_scenario(const JsonReader& s) {
  reject_unknown_keys(s, {"processors", "jobs", "costs"});
  auto sc = std::make_shared<OsScenario>();
  sc->seed = read_seed(s);
  sc->processors = static_cast<int>(s.get_int("processors", 1, OsLimits::max_processors));
  sc->jobs = read_jobs(s, sc->processors, sc->seed, sc->generator);
  std::int64_t threads = 0;
  for (const auto& j : sc->jobs) threads += j.threads;
  if (threads > OsLimits::max_total_threads)
    throw ScenarioError(s.pointer("jobs"), "the jobs have " + std::to_string(threads) +
                                               " threads in all (limit 2000000)");
  sc->costs = read_costs(s);
  sc->algorithms = read_algorithms(s, all_names());
  // Policies added after the default set was published run only when named, so a scenario that
  // names none keeps its results.
  if (sc->algorithms.empty())
    for (const auto& a : all_names())
      if (a != "pool_allocation") sc->algorithms.push_back(a);
  for (const auto& a : sc->algorithms) {
    sc->params[a] = os_read_params(s, a);
    if (a == "pool_allocation" && sc->params[a].placement == core::OsPlacement::Subcube &&
        (sc->processors & (sc->processors - 1)) != 0)
      throw ScenarioError(algorithm_params(s, a).pointer("placement"),
                          "subcube placement needs the processors to form a hypercube: a power "
                          "of two (processors is " +
                              std::to_string(sc->processors) + ")");
    core::OsParams est = sc->params[a];
    if (a == "coscheduling") {
      // Every processor switches at each quantum, so only quantum - context_switch of it runs
      // threads: with no time left the run would never end (found by the scenario fuzzer).
      est.quantum -= sc->costs.context_switch;
      if (est.quantum <= 0)
        throw ScenarioError(algorithm_params(s, a).pointer("quantum"),
                            "'coscheduling' switches every processor each quantum, and "
                            "costs.context_switch is not below the quantum: no thread would run "
                            "(raise the quantum)");
    }
    const double ev = core::estimate_os_events(a, sc->processors, sc->jobs, est);
    if (ev > OsLimits::max_events) {
      const bool sliced =
          a != "static_partition" && a != "process_control" && a != "pool_allocation";
      throw ScenarioError(sliced ? algorithm_params(s, a).pointer("quantum") : s.pointer("jobs"),
                          "'" + a + "' would simulate about " + std::to_string(std::llround(ev)) +
                              " events (limit 2000000): " +
                              (sliced ? "raise the quantum or use fewer/shorter jobs"
                                      : "use fewer jobs or fewer barriers"));
    }
  }
  return sc;
}

std::vector<OsChartInterval> os_chart(const core::OsRunResult& run, int processors,
                                      std::size_t limit, bool* decimated) {
  std::vector<OsChartInterval> out;
  const auto& iv = run.intervals;
  if (iv.size() <= limit) {
    if (decimated) *decimated = false;
    out.reserve(iv.size());
    for (const auto& x : iv)
      out.push_back({x.processor, x.job, x.start, x.end, core::os_segment_name(x.kind)});
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
      return a.processor != b.processor ? a.processor < b.processor : a.start < b.start;
    });
    return out;
  }
  if (decimated) *decimated = true;
  const std::size_t cells = std::max<std::size_t>(1, limit / static_cast<std::size_t>(processors));
  const double width = run.makespan / static_cast<double>(cells);
  std::vector<std::vector<const core::OsInterval*>> per(static_cast<std::size_t>(processors));
  for (const auto& x : iv) per[static_cast<std::size_t>(x.processor)].push_back(&x);
  for (int p = 0; p < processors; ++p) {
    auto& v = per[static_cast<std::size_t>(p)];
    std::sort(v.begin(), v.end(), [](auto a, auto b) { return a->start < b->start; });
    std::size_t k = 0;
    for (std::size_t c = 0; c < cells; ++c) {
      const double mid = (static_cast<double>(c) + 0.5) * width;
      while (k < v.size() && v[k]->end <= mid) ++k;
      const std::int32_t job = (k < v.size() && v[k]->start <= mid) ? v[k]->job : -1;
      if (job < 0) continue;
      const double a = static_cast<double>(c) * width, b = a + width;
      if (!out.empty() && out.back().processor == p && out.back().job == job && out.back().end == a)
        out.back().end = b;
      else
        out.push_back({p, job, a, b, ""});
    }
  }
  return out;
}

std::shared_ptr<OsResult> run_os_algorithm(const OsScenario& sc, const std::string& algorithm,
                                           const std::atomic<bool>* cancel) {
  const core::AlgorithmInfo* info = core::find_algorithm(core::os_algorithm_table(), algorithm);
  if (!info) throw ScenarioError("/algorithms", "unknown os algorithm '" + algorithm + "'");
  auto r = std::make_shared<OsResult>();
  r->algorithm = algorithm;
  r->title = info->title;
  r->paper = core::cite_sources(info->paper);
  r->processors = sc.processors;
  core::OsSimOptions opt;
  opt.cancel = cancel;
  opt.max_events = static_cast<std::int64_t>(OsLimits::max_events) * 4;  // the estimate is rough
  const auto it = sc.params.find(algorithm);
  const core::OsParams params = it != sc.params.end() ? it->second : core::OsParams{};
  try {
    r->run = core::simulate_os(algorithm, sc.processors, sc.jobs, sc.costs, params, opt);
  } catch (const core::OsLimitError& e) {
    throw ScenarioError(algorithm_params(JsonReader(sc.document, ""), algorithm).pointer("quantum"),
                        std::string("simulation stopped: ") + e.what() + " (raise the quantum)");
  }
  const auto v = core::verify_os(sc.processors, sc.jobs, r->run);
  r->verified = v.ok;
  r->errors = v.errors;
  r->chart = os_chart(r->run, sc.processors, OsLimits::chart_intervals, &r->chart_decimated);
  r->run.intervals.clear();
  r->run.intervals.shrink_to_fit();
  return r;
}

Json OsResult::to_json() const {
  if (failed()) return failure_json();
  Json e = Json::object();
  e["algorithm"] = algorithm;
  e["title"] = title;
  e["paper"] = paper;
  e["verified"] = verified;
  if (!verified) e["verification_errors"] = errors;
  e["mean_response_time"] = run.mean_response_time;
  e["throughput"] = run.throughput;
  e["utilization"] = run.utilization;
  e["fairness"] = run.fairness;
  e["makespan"] = run.makespan;
  e["busy"] = run.busy;
  e["idle"] = run.idle;
  e["time_lost"] = lost_json(run.lost);
  e["fragmentation"] = run.fragmentation;
  e["events"] = run.events;
  e["locks"] = {{"acquired", run.locks.acquired},
                {"holder_preempted", run.locks.holder_preempted},
                {"warnings_heeded", run.locks.warnings_heeded},
                {"preemptions_deferred", run.locks.preemptions_deferred},
                {"finished_by_sibling", run.locks.finished_by_sibling}};
  e["response_times"] = run.response;
  Json iv = Json::array();
  for (const auto& c : chart) {
    Json x = {{"processor", c.processor}, {"job", c.job}, {"start", c.start}, {"end", c.end}};
    if (!c.kind.empty()) x["kind"] = c.kind;
    iv.push_back(std::move(x));
  }
  e["chart"] = {{"processors", processors},
                {"makespan", run.makespan},
                {"decimated", chart_decimated},
                {"intervals", std::move(iv)}};
  return e;
}

namespace {

// The result keeps no interval log (only the chart), so the narration replays the policy with
// its log kept: the same pure function of the scenario, run once more only when asked.
core::Narration explain_os_kind(const TypedScenario& scenario, const TypedResult& result) {
  const auto& sc = dynamic_cast<const OsScenario&>(scenario);
  if (result.failed()) return {};
  const auto it = sc.params.find(result.algorithm);
  const core::OsParams params = it != sc.params.end() ? it->second : core::OsParams{};
  core::OsSimOptions opt;
  opt.max_events = static_cast<std::int64_t>(OsLimits::max_events) * 4;
  const core::OsRunResult run =
      core::simulate_os(result.algorithm, sc.processors, sc.jobs, sc.costs, params, opt);
  return core::os_narration(result.algorithm, sc.processors, sc.jobs, run);
}

}  // namespace

KindHandler os_kind() {
  return {"os",
          "OS scheduling of parallel jobs",
          core::os_algorithm_table,
          parse_os_kind,
          run_os_kind,
          explain_os_kind,
          core::os_pseudocode};
}

}  // namespace loadlab::io
