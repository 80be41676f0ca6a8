// Condition-variable pool: one generation counter per job, one pending counter for completion.
#include "sim/worker_pool.h"

#include <algorithm>

namespace loadlab::sim {

namespace {
// Polls before blocking: about 10-30 microseconds.
constexpr int kSpinsBeforeBlocking = 20000;
}  // namespace

int WorkerPool::max_threads() {
#ifdef __EMSCRIPTEN__
  // emscripten.cmake: the Web Worker pool is sized from the same number.
  return LOADLAB_WEB_ENGINE_THREADS;
#else
  return 64;
#endif
}

WorkerPool::WorkerPool(int threads) : threads_(std::clamp(threads, 1, max_threads())) {
  errors_.resize(static_cast<std::size_t>(threads_));
  workers_.reserve(static_cast<std::size_t>(threads_ - 1));
  for (int p = 1; p < threads_; ++p) workers_.emplace_back([this, p] { worker_main(p); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  start_cv_.notify_all();
  for (auto& t : workers_) t.join();
}

void WorkerPool::run(const std::function<void(int)>& job) {
  std::fill(errors_.begin(), errors_.end(), nullptr);
  if (threads_ > 1) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      job_ = &job;
      pending_ = threads_ - 1;
      remaining_.store(pending_, std::memory_order_relaxed);
      ++generation_;
      posted_.store(generation_, std::memory_order_release);
    }
    start_cv_.notify_all();
  }
  try {
    job(0);
  } catch (...) {
    errors_[0] = std::current_exception();
  }
  if (threads_ > 1) {
    for (int i = 0; i < kSpinsBeforeBlocking && remaining_.load(std::memory_order_acquire) != 0;
         ++i) {
    }
    std::unique_lock<std::mutex> lock(mutex_);
    done_cv_.wait(lock, [this] { return pending_ == 0; });
    job_ = nullptr;
  }
  for (auto& e : errors_)
    if (e) std::rethrow_exception(e);
}

void WorkerPool::worker_main(int part) {
  std::uint64_t seen = 0;
  for (;;) {
    const std::function<void(int)>* job = nullptr;
    for (int i = 0; i < kSpinsBeforeBlocking && posted_.load(std::memory_order_acquire) == seen;
         ++i) {
    }
    {
      std::unique_lock<std::mutex> lock(mutex_);
      start_cv_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation_;
      job = job_;
    }
    try {
      (*job)(part);
    } catch (...) {
      errors_[static_cast<std::size_t>(part)] = std::current_exception();
    }
    bool last = false;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      last = --pending_ == 0;
      remaining_.store(pending_, std::memory_order_release);
    }
    if (last) done_cv_.notify_one();
  }
}

}  // namespace loadlab::sim
