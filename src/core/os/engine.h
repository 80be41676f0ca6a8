// The deterministic discrete-event engine every OS scheduling policy runs on.
//
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 4. The engine owns virtual time, the
// processors, the jobs' threads, barriers and the cost accounting; a policy (one file per policy in
// this folder) only decides which thread runs where and for how long, through the calls below.
//
// Events are ordered by (time, class, id, sequence): processor events before arrivals before policy
// timers at equal times, then by processor/job index, so a run is a pure function of its inputs.
// Each processor has at most one live event; stale ones are skipped by a version number.
#pragma once

#include <cstdint>
#include <deque>
#include <queue>
#include <vector>

#include "core/os/model.h"

namespace loadlab::core::os_detail {

constexpr double kForever = 1e300;

// Doubles first: 64 bytes, not 72 (10^5 jobs of up to 64 threads make millions of these).
struct Thread {
  double rem = 0;               ///< work left in the current phase
  double since_checkpoint = 0;  ///< work done since the job's last checkpoint
  double pending_cost = 0;      ///< migration/restart paid at the next dispatch
  double to_lock = 0;           ///< work before the next critical section (0: wants the lock)
  double in_cs = 0;             ///< work left in the critical section it holds (0: not holding)
  std::int32_t job = 0;
  std::int32_t slot = 0;
  std::int32_t proc = -1;       ///< running on (-1 = not on a processor)
  std::int32_t last_proc = -1;  ///< where its cache state is
  std::int32_t home = -1;       ///< policy's pinning (affinity, partitions)
  OsSegment pending_kind = OsSegment::Migration;
  bool at_barrier = false;
  bool done = false;
  bool warned = false;    ///< two-minute warning heeded in this slice
  bool deferred = false;  ///< do-not-preempt bit honoured in this slice
};

struct Job {
  std::int64_t phase = 0, phases = 1;
  std::int32_t degree = 0;  ///< threads it runs with now (0 = not started)
  std::int32_t at_barrier = 0;
  std::int32_t finished = 0;
  std::int32_t thread_base = 0;
  double rate = 1;  ///< work per time unit of one running thread: S(degree) / degree / (1 + remote)
  double remote = 0;              ///< slowdown share of a job on non-local processors (set_remote)
  std::int32_t lock_holder = -1;  ///< thread id holding the job's lock
  bool present = false, done = false;
};

/// Spin: at a barrier. LockSpin: waiting for the job's lock.
enum class ProcState : std::uint8_t { Idle, Overhead, Run, Spin, LockSpin };

struct Proc {
  std::int32_t thread = -1;
  std::int32_t last_thread = -1;
  ProcState state = ProcState::Idle;
  double seg_start = 0;
  double slice_end = kForever;
  double slice_len = kForever;  ///< the slice granted at dispatch or extension
  std::uint64_t version = 0;
  // Overheads still to pay before running (kind, amount), in order.
  OsSegment over_kind[4]{};
  double over_len[4]{};
  int over_n = 0, over_i = 0;
};

/// The idle processors as a bit set: lowest index first, no allocation per change.
class IdleSet {
 public:
  void resize(int n) { words_.assign(static_cast<std::size_t>((n + 63) / 64), 0); }
  void insert(std::int32_t p) {
    auto& w = words_[static_cast<std::size_t>(p) >> 6];
    const std::uint64_t bit = std::uint64_t{1} << (p & 63);
    if (!(w & bit)) w |= bit, ++count_;
  }
  void erase(std::int32_t p) {
    auto& w = words_[static_cast<std::size_t>(p) >> 6];
    const std::uint64_t bit = std::uint64_t{1} << (p & 63);
    if (w & bit) w &= ~bit, --count_;
  }
  bool empty() const { return count_ == 0; }
  std::size_t size() const { return count_; }
  /// The lowest idle processor (only when !empty()).
  std::int32_t first() const {
    for (std::size_t i = 0; i < words_.size(); ++i)
      if (words_[i])
        return static_cast<std::int32_t>(i * 64 +
                                         static_cast<std::size_t>(__builtin_ctzll(words_[i])));
    return -1;
  }

 private:
  std::vector<std::uint64_t> words_;
  std::size_t count_ = 0;
};

class Engine;

/// What a policy decides. Every hook may call the Engine's actions.
class Policy {
 public:
  virtual ~Policy() = default;
  virtual void on_arrival(Engine& e, std::int32_t job) = 0;
  /// Processor p has nothing to run (its thread finished or was taken away).
  virtual void on_idle(Engine& e, std::int32_t p) = 0;
  /// The slice of the thread on p ended (it is still on p).
  virtual void on_slice_end(Engine& e, std::int32_t p) = 0;
  /// All threads of job finished (called before on_idle of the last thread's processor).
  virtual void on_job_done(Engine&, std::int32_t) {}
  /// A timer set with Engine::set_timer fired.
  virtual void on_timer(Engine&, std::int32_t) {}
};

class Engine {
 public:
  Engine(int processors, const std::vector<OsJob>& jobs, const OsCosts& costs,
         const OsSimOptions& options, OsLockRemedy remedy = OsLockRemedy::None);

  /// Runs to completion; fills the result (metrics, intervals).
  OsRunResult run(Policy& policy);

  // --- what policies read ---
  double now() const { return now_; }
  int processors() const { return static_cast<int>(procs_.size()); }
  const OsJob& job_spec(std::int32_t j) const { return (*jobs_)[static_cast<std::size_t>(j)]; }
  const Job& job(std::int32_t j) const { return job_[static_cast<std::size_t>(j)]; }
  std::size_t job_count() const { return job_.size(); }
  Thread& thread(std::int32_t t) { return threads_[static_cast<std::size_t>(t)]; }
  const Proc& proc(std::int32_t p) const { return procs_[static_cast<std::size_t>(p)]; }
  std::int32_t thread_id(std::int32_t job, std::int32_t slot) const {
    return job_[static_cast<std::size_t>(job)].thread_base + slot;
  }
  /// Jobs in the system (arrived, not finished), in arrival order.
  const std::vector<std::int32_t>& present() const { return present_; }
  /// Idle processors, lowest index first.
  const IdleSet& idle() const { return idle_; }

  // --- what policies do ---
  /// Creates the job's threads with `degree` of them active (rem = their phase share).
  void start_job(std::int32_t job, std::int32_t degree);
  /// Redistributes the job's remaining phase work over `degree` threads (process control). All
  /// its threads must be off processors.
  void set_degree(std::int32_t job, std::int32_t degree);
  /// The job runs 1 + r times slower from now on (its processors are not local); call before
  /// start_job or while its threads are off processors.
  void set_remote(std::int32_t job, double r);
  /// Runs thread t on idle processor p for `slice` time after its overheads.
  void dispatch(std::int32_t p, std::int32_t t, double slice);
  /// Gives the thread on p another slice (no switch, no cost).
  void extend(std::int32_t p, double slice);
  /// Takes the thread off p (its progress so far is kept); p becomes idle. Returns the thread.
  std::int32_t preempt(std::int32_t p);
  /// Pauses the thread on p for a checkpoint (cost `amount`) and marks the job's state saved.
  void checkpoint(std::int32_t p, double amount);
  /// Marks every thread of the job saved (the checkpoint of threads not on a processor is free).
  void mark_checkpoint(std::int32_t job);
  /// The (off-processor) thread will pay `amount` of `kind` at its next dispatch; a restart also
  /// loses the work done since the last checkpoint (never across a barrier: see docs).
  void charge_move(std::int32_t t, OsSegment kind, double amount);
  void set_timer(double at, std::int32_t tag);

 private:
  struct Event {
    double t;
    std::uint32_t cls;  // 0 processor, 1 arrival (not queued), 2 timer
    std::int32_t id;
    std::uint64_t seq, version;
    bool operator>(const Event& o) const {
      if (t != o.t) return t > o.t;
      if (cls != o.cls) return cls > o.cls;
      if (id != o.id) return id > o.id;
      return seq > o.seq;
    }
  };

  void schedule(std::int32_t p);
  void handle_proc(std::int32_t p);
  void close_segment(std::int32_t p);
  void begin_exec(std::int32_t p);
  void thread_reached_end(std::int32_t p);
  void release_barrier(std::int32_t job);
  // Spin locks (see model.h): the next point where the running thread's lock state changes.
  double lock_boundary(const Thread& th) const;
  void reach_lock_boundary(std::int32_t p);
  bool try_lock(std::int32_t p);
  void release_lock(std::int32_t t);
  void reset_lock_state(std::int32_t j);
  bool heed_warning(std::int32_t p);
  void set_idle(std::int32_t p, bool idle);
  void frag_tick();
  void log(OsSegment kind, double start, double end, std::int32_t p, std::int32_t t);
  double phase_share(std::int32_t job) const;
  OsRunResult finish_result();

  const std::vector<OsJob>* jobs_;
  OsCosts costs_;
  OsSimOptions opt_;
  OsLockRemedy remedy_ = OsLockRemedy::None;
  Policy* policy_ = nullptr;
  double now_ = 0;
  std::vector<Proc> procs_;
  std::vector<Job> job_;
  std::vector<Thread> threads_;
  std::vector<std::int32_t> order_;  // jobs by arrival
  std::size_t next_arrival_ = 0;
  std::vector<std::int32_t> present_;
  IdleSet idle_;
  std::priority_queue<Event, std::vector<Event>, std::greater<>> events_;
  std::uint64_t seq_ = 0;
  std::int64_t processed_ = 0;
  std::int64_t done_jobs_ = 0;
  // Fragmentation: idle processor time while jobs are present.
  double frag_idle_ = 0, frag_time_ = 0, frag_last_ = 0;
  OsRunResult res_;
};

/// argmax over 1..threads of S(n)^2 / n (Eager, Zahorjan and Lazowska's efficiency rule).
int os_efficiency_knee(const OsJob& j);
/// The largest n <= threads with S(n) / n >= 0.9 (Sevcik's "number it can keep busy").
int os_efficient_size(const OsJob& j);

/// Shares of `processors` for the present jobs by an allocation rule (Section 4.4), each capped at
/// the job's threads, at least 1 for the first `processors` jobs in the list, 0 for the rest.
std::vector<std::int32_t> allocate(const Engine& e, const std::vector<std::int32_t>& jobs,
                                   OsAllocation rule, int processors);

}  // namespace loadlab::core::os_detail
