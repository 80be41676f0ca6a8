#include "app/job_runner.h"

#include <chrono>

#include "io/scenario.h"

namespace loadlab::app {

JobRunner::~JobRunner() {
  cancel_.store(true);
  if (worker_.joinable()) worker_.join();
}

bool JobRunner::start(const io::Json& scenario) {
  if (busy_.load()) return false;
  if (worker_.joinable()) worker_.join();  // a previous job that finished but was not polled
  busy_.store(true);
  done_.store(false);
  cancel_.store(false);
  progress_.store(0.0);
  const auto ui_thread = std::this_thread::get_id();
  worker_ = std::thread([this, scenario, ui_thread] {
    JobOutcome out;
    const auto t0 = std::chrono::steady_clock::now();
    out.ran_on_other_thread = std::this_thread::get_id() != ui_thread;
    try {
      io::RunContext ctx;
      ctx.cancel = &cancel_;
      ctx.progress = [this](double p) { progress_.store(p); };
      out.result = io::run_scenario(scenario, ctx);
      if (cancel_.load()) out.error = "cancelled";
    } catch (const std::exception& e) {
      out.error = e.what();
    }
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      outcome_ = std::move(out);
    }
    progress_.store(1.0);
    done_.store(true);
  });
  return true;
}

std::optional<JobOutcome> JobRunner::poll() {
  if (!done_.load()) return std::nullopt;
  // The worker has published its outcome and is about to return, so join() does not block the UI.
  if (worker_.joinable()) worker_.join();
  done_.store(false);
  busy_.store(false);
  std::lock_guard<std::mutex> lock(mutex_);
  auto out = std::move(outcome_);
  outcome_.reset();
  return out;
}

}  // namespace loadlab::app
