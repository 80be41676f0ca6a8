// The OS-scheduling discrete-event engine (see engine.h). Paper 002, Section 4.
#include "core/os/engine.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace loadlab::core::os_detail {

namespace {

std::int64_t phase_count(const OsJob& j) {
  if (j.barrier_every <= 0 || j.barrier_every >= j.work) return 1;
  auto n = static_cast<std::int64_t>(std::ceil(j.work / j.barrier_every));
  // Guard against a vanishing last phase from rounding.
  if (j.work - j.barrier_every * static_cast<double>(n - 1) <= j.work * 1e-12) --n;
  return std::max<std::int64_t>(n, 1);
}

double phase_work(const OsJob& j, std::int64_t phase, std::int64_t phases) {
  if (phases == 1) return j.work;
  if (phase < phases - 1) return j.barrier_every;
  return j.work - j.barrier_every * static_cast<double>(phases - 1);
}

}  // namespace

Engine::Engine(int processors, const std::vector<OsJob>& jobs, const OsCosts& costs,
               const OsSimOptions& options, OsLockRemedy remedy)
    : jobs_(&jobs), costs_(costs), opt_(options), remedy_(remedy) {
  procs_.resize(static_cast<std::size_t>(processors));
  job_.resize(jobs.size());
  std::int64_t total = 0;
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    job_[j].thread_base = static_cast<std::int32_t>(total);
    job_[j].phases = phase_count(jobs[j]);
    total += jobs[j].threads;
  }
  // One pass over the (large) thread table.
  threads_.reserve(static_cast<std::size_t>(total));
  for (std::size_t j = 0; j < jobs.size(); ++j)
    for (int s = 0; s < jobs[j].threads; ++s) {
      Thread th;
      th.job = static_cast<std::int32_t>(j);
      th.slot = s;
      threads_.push_back(th);
    }
  order_.resize(jobs.size());
  std::iota(order_.begin(), order_.end(), 0);
  std::stable_sort(order_.begin(), order_.end(), [&](std::int32_t a, std::int32_t b) {
    return jobs[static_cast<std::size_t>(a)].arrival < jobs[static_cast<std::size_t>(b)].arrival;
  });
  idle_.resize(processors);
  for (int p = 0; p < processors; ++p) idle_.insert(p);
  res_.finish.assign(jobs.size(), 0.0);
}

double Engine::phase_share(std::int32_t j) const {
  const Job& jb = job_[static_cast<std::size_t>(j)];
  return phase_work(job_spec(j), jb.phase, jb.phases) / jb.degree;
}

void Engine::start_job(std::int32_t j, std::int32_t degree) {
  Job& jb = job_[static_cast<std::size_t>(j)];
  jb.degree = degree;
  jb.phase = 0;
  jb.rate = os_speedup(job_spec(j).speedup, degree) / degree / (1 + jb.remote);
  const double share = phase_share(j);
  for (std::int32_t s = 0; s < degree; ++s) thread(jb.thread_base + s).rem = share;
  reset_lock_state(j);
}

void Engine::set_remote(std::int32_t j, double r) {
  Job& jb = job_[static_cast<std::size_t>(j)];
  jb.remote = r;
  if (jb.degree > 0) jb.rate = os_speedup(job_spec(j).speedup, jb.degree) / jb.degree / (1 + r);
}

void Engine::reset_lock_state(std::int32_t j) {
  Job& jb = job_[static_cast<std::size_t>(j)];
  const OsJob& spec = job_spec(j);
  jb.lock_holder = -1;
  const double every = spec.lock_every > 0 && spec.lock_length > 0 ? spec.lock_every : kForever;
  for (int s = 0; s < spec.threads; ++s) {
    Thread& th = thread(jb.thread_base + s);
    th.to_lock = every;
    th.in_cs = 0;
  }
}

void Engine::set_degree(std::int32_t j, std::int32_t degree) {
  Job& jb = job_[static_cast<std::size_t>(j)];
  double left = 0;
  for (std::int32_t s = 0; s < jb.degree; ++s) {
    Thread& th = thread(jb.thread_base + s);
    if (th.proc >= 0) throw std::logic_error("set_degree: a thread is still on a processor");
    if (!th.done) left += th.rem;
  }
  jb.degree = degree;
  jb.rate = os_speedup(job_spec(j).speedup, degree) / degree / (1 + jb.remote);
  jb.at_barrier = 0;
  jb.finished = 0;
  for (std::int32_t s = 0; s < degree; ++s) {
    Thread& th = thread(jb.thread_base + s);
    th.rem = left / degree;
    th.at_barrier = false;
    th.done = false;
  }
  // Re-dividing the work restarts every thread outside its critical section (the work a holder
  // had left inside one is part of what was redistributed).
  reset_lock_state(j);
}

void Engine::frag_tick() {
  // Fragmentation integrates the idle count while jobs are present.
  if (!present_.empty()) {
    frag_time_ += now_ - frag_last_;
    frag_idle_ += static_cast<double>(idle_.size()) * (now_ - frag_last_);
  }
  frag_last_ = now_;
}

void Engine::set_idle(std::int32_t p, bool idle) {
  frag_tick();
  if (idle)
    idle_.insert(p);
  else
    idle_.erase(p);
}

void Engine::log(OsSegment kind, double start, double end, std::int32_t p, std::int32_t t) {
  const double dt = end - start;
  if (dt <= 0) return;
  switch (kind) {
    case OsSegment::Compute:
      res_.busy += dt;
      break;
    case OsSegment::Spin:
      res_.lost.barrier_spin += dt;
      break;
    case OsSegment::ContextSwitch:
      res_.lost.context_switch += dt;
      break;
    case OsSegment::CacheReload:
      res_.lost.cache_reload += dt;
      break;
    case OsSegment::Migration:
      res_.lost.migration += dt;
      break;
    case OsSegment::Checkpoint:
      res_.lost.checkpoint += dt;
      break;
    case OsSegment::Restart:
      res_.lost.restart += dt;
      break;
    case OsSegment::LockSpin:
      res_.lost.lock_spin += dt;
      break;
    case OsSegment::RemoteAccess:
      res_.lost.remote_access += dt;
      break;
  }
  if (opt_.keep_intervals) {
    const Thread& th = threads_[static_cast<std::size_t>(t)];
    res_.intervals.push_back(
        {start, end, p, th.job, th.slot, job_[static_cast<std::size_t>(th.job)].degree, kind});
  }
}

void Engine::close_segment(std::int32_t p) {
  Proc& pr = procs_[static_cast<std::size_t>(p)];
  if (pr.thread >= 0 && now_ > pr.seg_start) {
    Thread& th = thread(pr.thread);
    switch (pr.state) {
      case ProcState::Run: {
        const double done =
            std::min(th.rem, (now_ - pr.seg_start) * job_[static_cast<std::size_t>(th.job)].rate);
        th.rem -= done;
        th.since_checkpoint += done;
        if (th.in_cs > 0)
          th.in_cs = std::max(0.0, th.in_cs - done);
        else if (th.to_lock < kForever)
          th.to_lock = std::max(0.0, th.to_lock - done);
        const double remote = job_[static_cast<std::size_t>(th.job)].remote;
        if (remote > 0) {
          // Of a stretch on non-local processors, 1 / (1 + remote) is computing at the job's
          // speed and the rest waiting on remote memory (logged first, so a thread's last
          // stretch of computing ends when it finishes).
          const double mid = now_ - (now_ - pr.seg_start) / (1 + remote);
          log(OsSegment::RemoteAccess, pr.seg_start, mid, p, pr.thread);
          log(OsSegment::Compute, mid, now_, p, pr.thread);
        } else {
          log(OsSegment::Compute, pr.seg_start, now_, p, pr.thread);
        }
        break;
      }
      case ProcState::Spin:
        log(OsSegment::Spin, pr.seg_start, now_, p, pr.thread);
        break;
      case ProcState::LockSpin:
        log(OsSegment::LockSpin, pr.seg_start, now_, p, pr.thread);
        break;
      case ProcState::Overhead:
        log(pr.over_kind[pr.over_i], pr.seg_start, now_, p, pr.thread);
        break;
      case ProcState::Idle:
        break;
    }
  }
  pr.seg_start = now_;
}

void Engine::schedule(std::int32_t p) {
  Proc& pr = procs_[static_cast<std::size_t>(p)];
  ++pr.version;
  double t = kForever;
  switch (pr.state) {
    case ProcState::Idle:
      return;
    case ProcState::Overhead:
      t = pr.seg_start + pr.over_len[pr.over_i];
      break;
    case ProcState::Run: {
      const Thread& th = threads_[static_cast<std::size_t>(pr.thread)];
      const double until = std::min(th.rem, lock_boundary(th));
      t = std::min(pr.seg_start + until / job_[static_cast<std::size_t>(th.job)].rate,
                   pr.slice_end);
      break;
    }
    case ProcState::Spin:
    case ProcState::LockSpin:
      t = pr.slice_end;
      break;
  }
  if (t >= kForever) return;  // spinning until the barrier or the lock releases
  events_.push({t, 0, p, seq_++, pr.version});
}

void Engine::begin_exec(std::int32_t p) {
  Proc& pr = procs_[static_cast<std::size_t>(p)];
  const Thread& th = thread(pr.thread);
  pr.state = th.at_barrier ? ProcState::Spin : ProcState::Run;
  pr.over_n = pr.over_i = 0;
  pr.seg_start = now_;
  // A thread descheduled while waiting for its job's lock tries again as soon as it runs.
  if (pr.state == ProcState::Run && th.in_cs <= 0 && th.to_lock <= 0 && !try_lock(p))
    pr.state = ProcState::LockSpin;
  schedule(p);
}

double Engine::lock_boundary(const Thread& th) const {
  if (th.in_cs > 0) return th.in_cs;
  // Entering a critical section exactly at the phase's end waits for the next phase.
  return th.to_lock < th.rem ? th.to_lock : kForever;
}

bool Engine::try_lock(std::int32_t p) {
  const std::int32_t t = procs_[static_cast<std::size_t>(p)].thread;
  Thread& th = thread(t);
  Job& jb = job_[static_cast<std::size_t>(th.job)];
  const OsJob& spec = job_spec(th.job);
  double inherited = 0;
  if (jb.lock_holder >= 0) {
    Thread& h = thread(jb.lock_holder);
    if (remedy_ != OsLockRemedy::SchedulerActivations || h.proc >= 0) return false;
    // A section that ends the holder's phase is left to it: the holder must run to reach its
    // barrier or its end anyway, so taking the section over would only move work, not waiting.
    if (h.rem - h.in_cs <= 1e-12 * std::max(1.0, h.rem)) return false;
    // Scheduler activations: run the rest of the descheduled holder's critical section here, then
    // this thread's own, without letting go of the lock in between.
    inherited = h.in_cs;
    h.rem = std::max(0.0, h.rem - inherited);
    h.in_cs = 0;
    h.to_lock = spec.lock_every;
    th.rem += inherited;
    ++res_.locks.finished_by_sibling;
  }
  jb.lock_holder = t;
  th.in_cs = inherited + std::min(spec.lock_length, th.rem - inherited);
  ++res_.locks.acquired;
  return true;
}

void Engine::release_lock(std::int32_t t) {
  const Thread& th = thread(t);
  Job& jb = job_[static_cast<std::size_t>(th.job)];
  jb.lock_holder = -1;
  const int n = jb.degree;
  // The next spinning sibling in slot order after the releaser gets it (a fair, deterministic
  // hand-off; threads off their processors try again when they run).
  for (int k = 1; k <= n; ++k) {
    const std::int32_t u = jb.thread_base + (th.slot + k) % n;
    const Thread& w = thread(u);
    if (w.proc < 0) continue;
    Proc& pw = procs_[static_cast<std::size_t>(w.proc)];
    if (pw.state != ProcState::LockSpin) continue;
    if (remedy_ == OsLockRemedy::TwoMinuteWarning) {
      const double need = std::min(job_spec(w.job).lock_length, w.rem) / jb.rate;
      if (need > pw.slice_end - now_ && need <= pw.slice_len) continue;  // warned: stays out
    }
    close_segment(w.proc);
    pw.state = ProcState::Run;
    try_lock(w.proc);
    schedule(w.proc);
    return;
  }
}

bool Engine::heed_warning(std::int32_t p) {
  if (remedy_ != OsLockRemedy::TwoMinuteWarning) return false;
  Proc& pr = procs_[static_cast<std::size_t>(p)];
  const Thread& th = thread(pr.thread);
  const double need =
      std::min(job_spec(th.job).lock_length, th.rem) / job_[static_cast<std::size_t>(th.job)].rate;
  // A section longer than a whole slice could never start under the rule: it goes ahead then.
  if (need <= pr.slice_end - now_ || need > pr.slice_len) return false;
  ++res_.locks.warnings_heeded;
  policy_->on_slice_end(*this, p);
  return true;
}

void Engine::reach_lock_boundary(std::int32_t p) {
  Proc& pr = procs_[static_cast<std::size_t>(p)];
  const std::int32_t t = pr.thread;
  Thread& th = thread(t);
  if (th.in_cs > 0 || job_[static_cast<std::size_t>(th.job)].lock_holder == t) {
    th.in_cs = 0;
    th.to_lock = job_spec(th.job).lock_every;
    release_lock(t);
    if (th.rem <= 0) {
      thread_reached_end(p);
      return;
    }
    schedule(p);
    return;
  }
  th.to_lock = 0;
  if (heed_warning(p)) return;
  if (!try_lock(p)) pr.state = ProcState::LockSpin;
  schedule(p);
}

void Engine::dispatch(std::int32_t p, std::int32_t t, double slice) {
  Proc& pr = procs_[static_cast<std::size_t>(p)];
  Thread& th = thread(t);
  if (pr.state != ProcState::Idle || th.proc >= 0 || th.done)
    throw std::logic_error("dispatch: processor busy or thread not runnable");
  set_idle(p, false);
  pr.over_n = pr.over_i = 0;
  auto add = [&](OsSegment k, double len) {
    if (len > 0 && pr.over_n < 4) pr.over_kind[pr.over_n] = k, pr.over_len[pr.over_n++] = len;
  };
  if (pr.last_thread != t) add(OsSegment::ContextSwitch, costs_.context_switch);
  if (th.last_proc >= 0 && th.last_proc != p) add(OsSegment::CacheReload, costs_.cache_reload);
  if (th.pending_cost > 0) add(th.pending_kind, th.pending_cost);
  th.pending_cost = 0;
  double overhead = 0;
  for (int i = 0; i < pr.over_n; ++i) overhead += pr.over_len[i];
  pr.thread = pr.last_thread = t;
  th.proc = th.last_proc = p;
  pr.slice_end = slice >= kForever ? kForever : now_ + overhead + slice;
  pr.slice_len = slice;
  th.deferred = false;
  pr.seg_start = now_;
  if (pr.over_n > 0) {
    pr.state = ProcState::Overhead;
    schedule(p);
  } else {
    begin_exec(p);
  }
}

void Engine::extend(std::int32_t p, double slice) {
  Proc& pr = procs_[static_cast<std::size_t>(p)];
  pr.slice_end = slice >= kForever ? kForever : now_ + slice;
  pr.slice_len = slice;
  if (pr.thread >= 0) thread(pr.thread).deferred = false;
  schedule(p);
}

std::int32_t Engine::preempt(std::int32_t p) {
  Proc& pr = procs_[static_cast<std::size_t>(p)];
  close_segment(p);
  const std::int32_t t = pr.thread;
  if (t >= 0) {
    if (thread(t).in_cs > 0) ++res_.locks.holder_preempted;
    thread(t).proc = -1;
  }
  pr.thread = -1;
  pr.state = ProcState::Idle;
  pr.over_n = pr.over_i = 0;
  ++pr.version;
  set_idle(p, true);
  return t;
}

void Engine::checkpoint(std::int32_t p, double amount) {
  Proc& pr = procs_[static_cast<std::size_t>(p)];
  if (pr.thread < 0 || amount <= 0) return;
  if (pr.state == ProcState::Overhead) {
    if (pr.over_n < 4)
      pr.over_kind[pr.over_n] = OsSegment::Checkpoint, pr.over_len[pr.over_n++] = amount;
    else
      pr.over_len[pr.over_n - 1] += amount;
  } else {
    close_segment(p);
    pr.state = ProcState::Overhead;
    pr.over_n = 1;
    pr.over_i = 0;
    pr.over_kind[0] = OsSegment::Checkpoint;
    pr.over_len[0] = amount;
  }
  if (pr.slice_end < kForever) pr.slice_end += amount;
  schedule(p);
}

void Engine::mark_checkpoint(std::int32_t j) {
  const Job& jb = job_[static_cast<std::size_t>(j)];
  for (int s = 0; s < job_spec(j).threads; ++s) thread(jb.thread_base + s).since_checkpoint = 0;
}

void Engine::charge_move(std::int32_t t, OsSegment kind, double amount) {
  Thread& th = thread(t);
  th.pending_kind = kind;
  th.pending_cost = amount;
  if (kind != OsSegment::Restart || th.at_barrier || th.done) return;
  // Killed and restarted from the last checkpoint: the work since then is done again. A barrier
  // is a consistent point, so the loss never reaches into an earlier phase.
  const Job& jb = job_[static_cast<std::size_t>(th.job)];
  const double lost = std::min(th.since_checkpoint, phase_share(th.job) - th.rem);
  th.since_checkpoint = 0;
  if (lost <= 0) return;
  th.rem += lost;
  res_.rollbacks.push_back({th.job, lost, lost / jb.rate});
  res_.lost.rollback += lost / jb.rate;
}

void Engine::set_timer(double at, std::int32_t tag) {
  events_.push({at, 2, tag, seq_++, 0});
}

void Engine::release_barrier(std::int32_t j) {
  Job& jb = job_[static_cast<std::size_t>(j)];
  ++jb.phase;
  jb.at_barrier = 0;
  const double share = phase_share(j);
  for (std::int32_t s = 0; s < jb.degree; ++s) {
    Thread& th = thread(jb.thread_base + s);
    th.at_barrier = false;
    th.rem = share;
    if (th.proc >= 0 && procs_[static_cast<std::size_t>(th.proc)].state == ProcState::Spin) {
      close_segment(th.proc);
      procs_[static_cast<std::size_t>(th.proc)].state = ProcState::Run;
      schedule(th.proc);
    }
  }
}

void Engine::thread_reached_end(std::int32_t p) {
  Proc& pr = procs_[static_cast<std::size_t>(p)];
  const std::int32_t t = pr.thread;
  Thread& th = thread(t);
  const std::int32_t j = th.job;
  Job& jb = job_[static_cast<std::size_t>(j)];
  th.rem = 0;
  if (jb.phase < jb.phases - 1) {
    th.at_barrier = true;
    if (++jb.at_barrier == jb.degree) {
      release_barrier(j);
      begin_exec(p);
    } else {
      pr.state = ProcState::Spin;
      pr.seg_start = now_;
      schedule(p);
    }
    return;
  }
  th.done = true;
  th.proc = -1;
  pr.thread = -1;
  pr.state = ProcState::Idle;
  ++pr.version;
  set_idle(p, true);
  if (++jb.finished == jb.degree) {
    frag_tick();
    jb.done = true;
    jb.present = false;
    present_.erase(std::find(present_.begin(), present_.end(), j));
    res_.finish[static_cast<std::size_t>(j)] = now_;
    ++done_jobs_;
    policy_->on_job_done(*this, j);
  }
  if (procs_[static_cast<std::size_t>(p)].state == ProcState::Idle) policy_->on_idle(*this, p);
}

void Engine::handle_proc(std::int32_t p) {
  Proc& pr = procs_[static_cast<std::size_t>(p)];
  switch (pr.state) {
    case ProcState::Idle:
      return;
    case ProcState::Overhead:
      close_segment(p);
      if (++pr.over_i < pr.over_n) {
        schedule(p);
      } else {
        begin_exec(p);
      }
      return;
    case ProcState::Run: {
      Thread& th = threads_[static_cast<std::size_t>(pr.thread)];
      const double rate = job_[static_cast<std::size_t>(th.job)].rate;
      const double tc = pr.seg_start + th.rem / rate;
      const double bl = lock_boundary(th);
      const double tl = bl < kForever ? pr.seg_start + bl / rate : kForever;
      close_segment(p);
      if (tl <= tc && tl <= pr.slice_end) {
        reach_lock_boundary(p);
      } else if (tc <= pr.slice_end) {
        thread_reached_end(p);
      } else if (remedy_ == OsLockRemedy::DoNotPreempt && th.in_cs > 0 && !th.deferred) {
        // The do-not-preempt bit is honoured once per slice: long enough to leave the section.
        th.deferred = true;
        ++res_.locks.preemptions_deferred;
        pr.slice_end = now_ + th.in_cs / rate;
        schedule(p);
      } else {
        policy_->on_slice_end(*this, p);
      }
      return;
    }
    case ProcState::Spin:
    case ProcState::LockSpin:
      close_segment(p);
      policy_->on_slice_end(*this, p);
      return;
  }
}

OsRunResult Engine::run(Policy& policy) {
  policy_ = &policy;
  const auto& jobs = *jobs_;
  while (true) {
    if (opt_.cancel && opt_.cancel->load()) throw std::runtime_error("cancelled");
    const bool have_arrival = next_arrival_ < order_.size();
    const double ta =
        have_arrival ? jobs[static_cast<std::size_t>(order_[next_arrival_])].arrival : kForever;
    if (!events_.empty() && (!have_arrival || events_.top().t < ta ||
                             (events_.top().t == ta && events_.top().cls == 0))) {
      const Event ev = events_.top();
      events_.pop();
      if (ev.cls == 0 && ev.version != procs_[static_cast<std::size_t>(ev.id)].version) continue;
      if (++processed_ > opt_.max_events)
        throw OsLimitError("more than " + std::to_string(opt_.max_events) + " events");
      now_ = ev.t;
      if (ev.cls == 0)
        handle_proc(ev.id);
      else
        policy.on_timer(*this, ev.id);
    } else if (have_arrival) {
      if (++processed_ > opt_.max_events)
        throw OsLimitError("more than " + std::to_string(opt_.max_events) + " events");
      const std::int32_t j = order_[next_arrival_++];
      now_ = ta;
      frag_tick();
      job_[static_cast<std::size_t>(j)].present = true;
      present_.push_back(j);
      policy.on_arrival(*this, j);
    } else {
      break;
    }
  }
  if (done_jobs_ != static_cast<std::int64_t>(jobs.size()))
    throw std::logic_error("os simulation stalled with unfinished jobs");
  return finish_result();
}

OsRunResult Engine::finish_result() {
  OsRunResult r = std::move(res_);
  const auto& jobs = *jobs_;
  const double n = static_cast<double>(jobs.size());
  const double p = static_cast<double>(procs_.size());
  for (double f : r.finish) r.makespan = std::max(r.makespan, f);
  double sum = 0, s1 = 0, s2 = 0;
  r.response.resize(jobs.size());
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    r.response[j] = r.finish[j] - jobs[j].arrival;
    sum += r.response[j];
    const double alone = jobs[j].work / os_speedup(jobs[j].speedup, jobs[j].threads);
    const double slowdown = alone > 0 ? r.response[j] / alone : 1.0;
    s1 += slowdown;
    s2 += slowdown * slowdown;
  }
  const double compute = r.busy;
  r.busy = compute - r.lost.rollback;
  const double lost_outside_compute = r.lost.total() - r.lost.rollback;
  r.idle = p * r.makespan - compute - lost_outside_compute;
  if (n > 0) r.mean_response_time = sum / n;
  if (r.makespan > 0) {
    r.throughput = n / r.makespan;
    r.utilization = r.busy / (p * r.makespan);
  }
  r.fairness = s2 > 0 ? s1 * s1 / (n * s2) : 1.0;
  r.fragmentation = frag_time_ > 0 ? frag_idle_ / (p * frag_time_) : 0.0;
  r.events = processed_;
  return r;
}

int os_efficiency_knee(const OsJob& j) {
  // argmax S(n)^2 / n: the minimum of completion time over efficiency, (W / S) / (S / n).
  int best = 1;
  double best_v = 1;
  for (int n = 2; n <= j.threads; ++n) {
    const double sp = os_speedup(j.speedup, n);
    const double v = sp * sp / n;
    if (v > best_v * (1 + 1e-12)) best = n, best_v = v;
  }
  return best;
}

int os_efficient_size(const OsJob& j) {
  // The most processors the job keeps nearly fully busy (efficiency S(n) / n >= 0.9).
  int best = 1;
  for (int n = 2; n <= j.threads; ++n)
    if (os_speedup(j.speedup, n) / n >= 0.9 - 1e-12) best = n;
  return best;
}

std::vector<std::int32_t> allocate(const Engine& e, const std::vector<std::int32_t>& jobs,
                                   OsAllocation rule, int processors) {
  const std::size_t n = jobs.size();
  std::vector<std::int32_t> out(n, 0);
  const std::size_t m = std::min<std::size_t>(n, static_cast<std::size_t>(processors));
  if (m == 0) return out;
  // Everyone admitted gets one processor; the rest is water-filled by weight, capped at threads.
  std::vector<double> w(m), cap(m), x(m, 0.0);
  for (std::size_t i = 0; i < m; ++i) {
    const OsJob& j = e.job_spec(jobs[i]);
    out[i] = 1;
    cap[i] = j.threads - 1;
    switch (rule) {
      case OsAllocation::Equal:
        w[i] = 1;
        break;
      case OsAllocation::SqrtWork:
        w[i] = std::sqrt(j.work);
        break;
      case OsAllocation::AverageParallelism:
        w[i] = j.speedup.model == OsSpeedupModel::Downey ? std::min<double>(j.speedup.A, j.threads)
                                                         : os_speedup(j.speedup, j.threads);
        break;
      case OsAllocation::Sevcik:
        w[i] = 1;
        break;
      case OsAllocation::EfficiencyKnee:
        w[i] = 1;
        cap[i] = os_efficiency_knee(j) - 1;
        break;
      case OsAllocation::AverageParallelismExact: {
        w[i] = j.speedup.model == OsSpeedupModel::Downey ? std::min<double>(j.speedup.A, j.threads)
                                                         : os_speedup(j.speedup, j.threads);
        // "Equal to its average parallelism": never more than A (rounded), so the water-filling
        // below cannot hand out the processors no one's A asks for.
        const double a = std::max(1.0, std::floor(w[i] + 0.5));
        cap[i] = std::min<double>(cap[i], a - 1);
        break;
      }
    }
    w[i] = std::max(w[i], 1e-12);
  }
  // Sevcik: each admitted job's efficient size first (in list order), the rest water-filled below.
  std::vector<std::int32_t> base(m, 1);
  std::int64_t given = static_cast<std::int64_t>(m);
  if (rule == OsAllocation::Sevcik)
    for (std::size_t i = 0; i < m && given < processors; ++i) {
      const auto g =
          std::min<std::int64_t>(os_efficient_size(e.job_spec(jobs[i])) - 1, processors - given);
      base[i] += static_cast<std::int32_t>(g);
      out[i] = base[i];
      cap[i] -= static_cast<double>(g);
      given += g;
    }
  double left = static_cast<double>(processors - given);
  if (left <= 0) return out;  // nothing to water-fill
  std::vector<std::size_t> by(m);
  if (rule == OsAllocation::Equal) {
    // Unit weights: the comparison below is cap[a] < cap[b] exactly (caps are small integers), so
    // its stable order is a counting sort by cap, O(m + P) instead of O(m log m).
    double top = 0;
    for (std::size_t i = 0; i < m; ++i) top = std::max(top, cap[i]);
    std::vector<std::size_t> start(static_cast<std::size_t>(top) + 2, 0);
    for (std::size_t i = 0; i < m; ++i) ++start[static_cast<std::size_t>(cap[i]) + 1];
    for (std::size_t c = 1; c < start.size(); ++c) start[c] += start[c - 1];
    for (std::size_t i = 0; i < m; ++i) by[start[static_cast<std::size_t>(cap[i])]++] = i;
  } else {
    std::iota(by.begin(), by.end(), 0);
    std::stable_sort(by.begin(), by.end(),
                     [&](std::size_t a, std::size_t b) { return cap[a] * w[b] < cap[b] * w[a]; });
  }
  double wsum = 0;
  for (double v : w) wsum += v;
  for (std::size_t k = 0; k < m; ++k) {
    const std::size_t i = by[k];
    const double lambda = wsum > 0 ? left / wsum : 0;
    if (cap[i] <= w[i] * lambda) {
      x[i] = cap[i];
    } else {
      break;  // uncapped at this level, and so are the later (larger cap / weight) jobs
    }
    left -= x[i];
    wsum -= w[i];
  }
  // Uncapped jobs share what the capped ones left.
  const double lambda = wsum > 0 ? left / wsum : 0;
  for (std::size_t i = 0; i < m; ++i)
    if (x[i] < cap[i]) x[i] = std::min(cap[i], w[i] * lambda);
  // Integer parts, then the remaining processors by largest remainder (ties: list order).
  std::int64_t used = 0;
  std::vector<double> frac(m);
  for (std::size_t i = 0; i < m; ++i) {
    const double f = std::floor(x[i] + 1e-9);
    out[i] += static_cast<std::int32_t>(f);
    frac[i] = x[i] - f;
    used += out[i];
  }
  // Only remainders above 1e-9 can get a processor: sort just those (often all equal: no sort).
  std::vector<std::size_t> rem;
  bool same = true;
  for (std::size_t i = 0; i < m; ++i)
    if (frac[i] > 1e-9) {
      if (!rem.empty() && frac[i] != frac[rem.front()]) same = false;
      rem.push_back(i);
    }
  if (!same)
    std::stable_sort(rem.begin(), rem.end(),
                     [&](std::size_t a, std::size_t b) { return frac[a] > frac[b]; });
  for (std::size_t k = 0; k < rem.size() && used < processors; ++k) {
    const std::size_t i = rem[k];
    if (out[i] - base[i] < cap[i]) ++out[i], ++used;
  }
  return out;
}

}  // namespace loadlab::core::os_detail
