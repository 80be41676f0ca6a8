// BackgroundJob<T> (src/app/model/background_job.h): the one worker type every runner uses.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "app/model/background_job.h"

using namespace loadlab::app;

namespace {

// Polls like the UI does (once per "frame") until a result arrives or ~10 s pass.
template <class T>
std::optional<T> background_job_poll_until_done(BackgroundJob<T>& job) {
  for (int i = 0; i < 10000; ++i) {
    if (auto r = job.poll()) return r;
    if (!job.busy()) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("BackgroundJob.ResultArrivesOnceFromAnotherThread") {
  BackgroundJob<int> job;
  const auto ui = std::this_thread::get_id();
  std::thread::id worker;
  REQUIRE(job.start([&worker](const JobControl&) {
    worker = std::this_thread::get_id();
    return 42;
  }));
  auto r = background_job_poll_until_done(job);
  REQUIRE(r);
  CHECK(*r == 42);
  CHECK(worker != ui);
  CHECK(job.ran_on_other_thread());
  CHECK_FALSE(job.busy());
  CHECK_FALSE(job.poll());  // once
}

TEST_CASE("BackgroundJob.StartWhileBusyIsRefused") {
  BackgroundJob<int> job;
  std::atomic<bool> release{false};
  REQUIRE(job.start([&release](const JobControl&) {
    while (!release.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return 1;
  }));
  CHECK_FALSE(job.start([](const JobControl&) { return 2; }));
  CHECK_FALSE(job.poll());  // still running: poll never waits
  release.store(true);
  auto r = background_job_poll_until_done(job);
  REQUIRE(r);
  CHECK(*r == 1);
}

TEST_CASE("BackgroundJob.CancelReachesTheWorkAndProgressIsReported") {
  BackgroundJob<int> job;
  std::atomic<bool> reported{false};
  REQUIRE(job.start([&reported](const JobControl& c) {
    int steps = 0;
    c.progress(0.25);
    reported.store(true);
    while (!c.cancelled()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      if (++steps > 20000) return -2;  // never cancelled: fail below, not hang
    }
    return -1;
  }));
  while (!reported.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  CHECK(job.progress() == doctest::Approx(0.25));
  CHECK_FALSE(job.cancel_requested());
  job.cancel();
  CHECK(job.cancel_requested());
  auto r = background_job_poll_until_done(job);
  REQUIRE(r);
  CHECK(*r == -1);
  CHECK(job.progress() == doctest::Approx(1.0));
}

TEST_CASE("BackgroundJob.SupersedeDropsTheOldResultAndRunsTheNewest") {
  BackgroundJob<int> job;
  std::atomic<int> started{0};
  auto slow = [&started](int value) {
    return [&started, value](const JobControl& c) {
      started.fetch_add(1);
      for (int i = 0; i < 20000 && !c.cancelled(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      return value;
    };
  };
  job.supersede(slow(1));
  job.supersede(slow(2));                              // cancels 1; 2 waits
  job.supersede([](const JobControl&) { return 3; });  // replaces 2
  CHECK(job.has_pending());
  auto r = background_job_poll_until_done(job);
  REQUIRE(r);
  CHECK(*r == 3);
  CHECK(started.load() == 1);  // 2 never ran
}

TEST_CASE("BackgroundJob.WhatTheWorkThrowsIsRethrownByPoll") {
  BackgroundJob<int> job;
  REQUIRE(job.start([](const JobControl&) -> int { throw std::runtime_error("boom"); }));
  bool thrown = false;
  for (int i = 0; i < 10000 && !thrown && job.busy(); ++i) {
    try {
      (void)job.poll();
    } catch (const std::runtime_error& e) {
      thrown = std::string(e.what()) == "boom";
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  CHECK(thrown);
  CHECK_FALSE(job.busy());
}

TEST_CASE("BackgroundJob.DestructorCancelsARunningJob") {
  std::atomic<bool> saw_cancel{false};
  {
    BackgroundJob<int> job;
    REQUIRE(job.start([&saw_cancel](const JobControl& c) {
      for (int i = 0; i < 20000 && !c.cancelled(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      saw_cancel.store(c.cancelled());
      return 0;
    }));
  }
  CHECK(saw_cancel.load());
}
