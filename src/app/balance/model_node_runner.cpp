// The node-simulation controller: a runner thread (BackgroundJob) per run, commands under a short
// mutex, results through a triple buffer (see model_node_runner.h).
#include "app/balance/model_node_runner.h"

#include <exception>
#include <utility>

#include "sim/programs/balance_nodes.h"

namespace loadlab::app {

using Clock = std::chrono::steady_clock;

struct NodeSimRunner::Run {
  // Inputs, owned: the session keeps a reference to the topology.
  std::string algorithm;
  core::Topology topology;
  core::LoadVector loads;
  int threads = 1;
  std::thread::id ui_thread;

  // Commands (guarded by ctrl). The runner holds ctrl only to read them or to wait on cv.
  std::mutex ctrl;
  std::condition_variable cv;
  bool paused = false;
  std::int64_t step_requests = 0;
  double speed = 0;  // supersteps per second; <= 0 = as fast as possible
  bool cancel = false;

  // Triple buffer: `back` is the runner's, `mid` is shared (guarded by snap), the UI has its own.
  std::mutex snap;
  NodeSimSnapshot mid;
  bool mid_fresh = false;
  NodeSimSnapshot back;

  // Last member: destroyed first, so the runner thread is joined before the rest goes away.
  BackgroundJob<bool> job;

  Run(std::string a, const core::Topology& t, core::LoadVector w)
      : algorithm(std::move(a)), topology(t), loads(std::move(w)) {}
};

namespace {

// Fills every field of `snap` (it holds a stale snapshot after the previous swap).
void fill(NodeSimSnapshot& snap, std::uint64_t version, const std::string& algorithm,
          const sim::NodeBalanceSession& session, double last_step_ms, double busy_seconds,
          bool paused, bool off_ui_thread) {
  const sim::BspEngine& e = session.engine();
  snap.version = version;
  snap.algorithm = algorithm;
  snap.threads = e.threads();
  snap.executed = e.executed_supersteps();
  snap.supersteps = e.supersteps();
  snap.messages = e.messages();
  snap.tasks_moved = e.tasks_moved();
  snap.expected = session.expected_supersteps();
  snap.last_messages = e.executed_supersteps() > 0 ? e.last_superstep().messages : 0;
  snap.last_tasks = e.executed_supersteps() > 0 ? e.last_superstep().tasks : 0;
  snap.loads = session.loads();
  snap.in_flight = e.in_flight();
  snap.finished = e.finished();
  snap.failed = false;
  snap.error.clear();
  snap.last_step_ms = last_step_ms;
  snap.busy_seconds = busy_seconds;
  snap.paused = paused;
  snap.off_ui_thread = off_ui_thread;
}

}  // namespace

NodeSimRunner::NodeSimRunner() = default;

NodeSimRunner::~NodeSimRunner() {
  reset();
  retired_.clear();  // each Run's BackgroundJob joins its (cancelled) thread: shutdown only
}

void NodeSimRunner::start(const std::string& algorithm, const core::Topology& topology,
                          const core::LoadVector& loads, int threads, double supersteps_per_second,
                          bool paused) {
  reset();
  reap();
  run_ = std::make_unique<Run>(algorithm, topology, loads);
  run_->threads = threads;
  run_->speed = supersteps_per_second;
  run_->paused = paused;
  run_->ui_thread = std::this_thread::get_id();
  Run& r = *run_;
  r.job.start([&r](const JobControl&) {
    run_main(r);
    return true;
  });
}

void NodeSimRunner::reset() {
  if (!run_) return;
  {
    std::lock_guard<std::mutex> lock(run_->ctrl);
    run_->cancel = true;
  }
  run_->cv.notify_all();
  retired_.push_back(std::move(run_));
}

void NodeSimRunner::pause() {
  if (!run_) return;
  std::lock_guard<std::mutex> lock(run_->ctrl);
  run_->paused = true;
}

void NodeSimRunner::resume() {
  if (!run_) return;
  {
    std::lock_guard<std::mutex> lock(run_->ctrl);
    run_->paused = false;
  }
  run_->cv.notify_all();
}

void NodeSimRunner::single_step() {
  if (!run_) return;
  {
    std::lock_guard<std::mutex> lock(run_->ctrl);
    run_->paused = true;
    run_->step_requests++;
  }
  run_->cv.notify_all();
}

void NodeSimRunner::set_speed(double supersteps_per_second) {
  if (!run_) return;
  {
    std::lock_guard<std::mutex> lock(run_->ctrl);
    run_->speed = supersteps_per_second;
  }
  run_->cv.notify_all();  // a shorter interval may already be due
}

bool NodeSimRunner::poll(NodeSimSnapshot& out) {
  reap();
  if (!run_) return false;
  std::unique_lock<std::mutex> lock(run_->snap, std::try_to_lock);
  if (!lock.owns_lock() || !run_->mid_fresh) return false;
  std::swap(out, run_->mid);
  run_->mid_fresh = false;
  return true;
}

void NodeSimRunner::reap() {
  for (std::size_t i = 0; i < retired_.size();) {
    // poll() joins only a runner that has returned from run_main, so this never waits.
    retired_[i]->job.poll();
    if (!retired_[i]->job.busy()) {
      retired_.erase(retired_.begin() + static_cast<std::ptrdiff_t>(i));
    } else {
      ++i;
    }
  }
}

void NodeSimRunner::run_main(Run& r) {
  const bool off_ui = std::this_thread::get_id() != r.ui_thread;
  std::uint64_t version = 0;
  auto publish = [&r]() {
    std::lock_guard<std::mutex> lock(r.snap);
    std::swap(r.back, r.mid);
    r.mid_fresh = true;
  };

  std::unique_ptr<sim::NodeBalanceSession> session;
  try {
    session =
        std::make_unique<sim::NodeBalanceSession>(r.algorithm, r.topology, r.loads, r.threads);
  } catch (const std::exception& e) {
    r.back = NodeSimSnapshot{};
    r.back.version = ++version;
    r.back.algorithm = r.algorithm;
    r.back.loads = r.loads;
    r.back.failed = true;
    r.back.error = e.what();
    publish();
    return;
  }

  double last_step_ms = 0, busy = 0;
  bool paused = false;
  auto publish_state = [&]() {
    fill(r.back, ++version, r.algorithm, *session, last_step_ms, busy, paused, off_ui);
    publish();
  };
  publish_state();  // the initial loads

  // In "as fast as possible" mode a publication per superstep would cost more than small
  // supersteps: publish at most every kPublishGap, and always before waiting or exiting.
  constexpr auto kPublishGap = std::chrono::milliseconds(8);
  auto last_publish = Clock::now();
  auto last_start = Clock::now() - std::chrono::hours(1);
  bool dirty = false;
  try {
    while (!session->finished()) {
      bool go = false;
      {
        std::unique_lock<std::mutex> lock(r.ctrl);
        while (!go) {
          if (r.cancel) break;
          paused = r.paused;
          if (r.step_requests > 0) {
            --r.step_requests;
            go = true;
          } else if (!r.paused && r.speed <= 0) {
            go = true;
          } else {
            if (dirty) {  // about to wait: the UI must see the latest superstep first
              lock.unlock();
              publish_state();
              dirty = false;
              last_publish = Clock::now();
              lock.lock();
              continue;  // commands may have changed meanwhile
            }
            if (r.paused) {
              r.cv.wait(lock);
            } else {
              const auto due = last_start + std::chrono::duration_cast<Clock::duration>(
                                                std::chrono::duration<double>(1.0 / r.speed));
              if (Clock::now() >= due)
                go = true;
              else
                r.cv.wait_until(lock, due);
            }
          }
        }
        if (!go) break;  // cancelled
      }
      last_start = Clock::now();
      session->step();
      const auto end = Clock::now();
      last_step_ms = std::chrono::duration<double, std::milli>(end - last_start).count();
      busy += last_step_ms / 1000.0;
      dirty = true;
      if (session->finished() || end - last_publish >= kPublishGap) {
        publish_state();
        dirty = false;
        last_publish = Clock::now();
      }
    }
    if (dirty) publish_state();
  } catch (const std::exception& e) {
    fill(r.back, ++version, r.algorithm, *session, last_step_ms, busy, paused, off_ui);
    r.back.failed = true;
    r.back.error = e.what();
    publish();
  }
  session.reset();  // joins the engine's pool threads here, not on the UI thread
}

}  // namespace loadlab::app
