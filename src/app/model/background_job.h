// One computation off the UI thread (a std::thread: a Web Worker in the browser) with progress,
// cancel and a result collected by polling. Every runner of the playground is one of these: the
// scenario run (JobRunner), the DAG model and step traces, "Run on my machine" (loops), paper 000's
// experiments and the node simulation.
//
// Contract: start/supersede/cancel/poll are called from one thread (the UI thread). poll() reaps
// the worker with pthread_tryjoin_np once it has published its result: the UI thread never waits,
// not even for a thread that is returning (the browser's main thread must not block, and
// Emscripten warns at every pthread_join there, whether it would wait or not). Only the
// destructor (shutdown) waits, after asking the work to cancel.
// The work sees a JobControl: it reads cancelled() at its own check points and may report progress.
#pragma once

#include <pthread.h>

#include <atomic>
#include <cerrno>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <system_error>
#include <thread>
#include <utility>

namespace loadlab::app {

/// What a running job may read and write; valid for the duration of the work call.
struct JobControl {
  const std::atomic<bool>* cancel = nullptr;
  std::atomic<double>* progress_value = nullptr;
  bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
  void progress(double p) const {
    if (progress_value) progress_value->store(p, std::memory_order_relaxed);
  }
};

template <class T>
class BackgroundJob {
 public:
  using Work = std::function<T(const JobControl&)>;

  BackgroundJob() = default;
  BackgroundJob(const BackgroundJob&) = delete;
  BackgroundJob& operator=(const BackgroundJob&) = delete;
  /// Shutdown: asks the work to stop and waits for it (the only place that waits).
  ~BackgroundJob() {
    cancel_.store(true);
    pending_ = nullptr;
    if (has_thread_) pthread_join(thread_, nullptr);
  }

  /// Starts `work` on a new thread; false (and nothing happens) while a job is running.
  bool start(Work work) {
    if (busy_.load()) return false;
    launch(std::move(work));
    return true;
  }
  /// Starts `work` now if idle; otherwise cancels the running job and starts `work` when that one
  /// has stopped (its result is dropped). Only the newest superseding work is kept.
  void supersede(Work work) {
    if (!busy_.load()) {
      launch(std::move(work));
      return;
    }
    cancel_.store(true);
    pending_ = std::move(work);
  }
  /// Asks the running job to stop at its next check and drops a superseding one.
  void cancel() {
    cancel_.store(true);
    pending_ = nullptr;
  }

  /// A job is running (or its result has not been polled yet).
  bool busy() const { return busy_.load(); }
  /// A superseding job waits for the running one to stop.
  bool has_pending() const { return static_cast<bool>(pending_); }
  /// cancel() or supersede() was called since the running job started.
  bool cancel_requested() const { return cancel_.load(); }
  /// Progress the running job reported, in [0, 1].
  double progress() const { return progress_.load(); }
  /// The last finished job ran on a thread other than the one that started it.
  bool ran_on_other_thread() const { return other_thread_; }

  /// The finished job's result, once; nullopt while running, when idle, or when the result was
  /// superseded (the pending work then starts). Rethrows what the work threw.
  std::optional<T> poll() {
    if (!busy_.load() || !done_.load(std::memory_order_acquire)) return std::nullopt;
    if (!reap()) return std::nullopt;  // published, still returning: the next frame reaps it
    busy_.store(false);
    std::optional<T> out;
    out.swap(result_);
    std::exception_ptr err = std::exchange(error_, nullptr);
    if (pending_) {
      Work next = std::move(pending_);
      pending_ = nullptr;
      launch(std::move(next));
      return std::nullopt;
    }
    if (err) std::rethrow_exception(err);
    return out;
  }

 private:
  static void* run_thread(void* arg) {
    std::unique_ptr<std::function<void()>> body(static_cast<std::function<void()>*>(arg));
    (*body)();
    return nullptr;
  }
  // Joins a thread that has returned; false while it has not (never waits).
  bool reap() {
    if (!has_thread_) return true;
    if (pthread_tryjoin_np(thread_, nullptr) == EBUSY) return false;
    has_thread_ = false;
    return true;
  }
  void launch(Work work) {
    if (has_thread_) pthread_join(thread_, nullptr);  // finished and reaped above: never here
    has_thread_ = false;
    busy_.store(true);
    done_.store(false);
    cancel_.store(false);
    progress_.store(0.0);
    const auto starter = std::this_thread::get_id();
    auto* body = new std::function<void()>([this, starter, work = std::move(work)] {
      const JobControl control{&cancel_, &progress_};
      try {
        result_.emplace(work(control));
      } catch (...) {
        error_ = std::current_exception();
      }
      other_thread_ = std::this_thread::get_id() != starter;
      progress_.store(1.0);
      done_.store(true, std::memory_order_release);
    });
    const int rc = pthread_create(&thread_, nullptr, &BackgroundJob::run_thread, body);
    if (rc != 0) {
      delete body;
      busy_.store(false);
      throw std::system_error(rc, std::generic_category(), "starting a worker thread");
    }
    has_thread_ = true;
  }

  pthread_t thread_{};
  bool has_thread_ = false;
  std::atomic<bool> busy_{false};
  std::atomic<bool> done_{false};
  std::atomic<bool> cancel_{false};
  std::atomic<double> progress_{0.0};
  Work pending_;
  // Written by the worker before done_ (release), read by poll() after it (acquire).
  std::optional<T> result_;
  std::exception_ptr error_;
  bool other_thread_ = false;
};

}  // namespace loadlab::app
