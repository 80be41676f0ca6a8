// Bulk-synchronous (BSP) engine: logical nodes run per-node programs one superstep at a time.
//
// In superstep s every node reads the messages sent to it in superstep s-1, computes and sends to
// neighbours (Comm, comm.h). One superstep is one of the papers' "communication steps". A fixed
// pool of T threads (T independent of the node count) executes the nodes: node blocks are
// contiguous, thread t owns nodes [t*N/T, (t+1)*N/T). Results never depend on T or on timing,
// because each inbox is ordered by sender id (a stable counting sort over per-thread outboxes taken
// in thread order) and every node touches only its own state.
//
// Memory: per message in flight ~100 bytes (a 32-byte header in a double-buffered outbox, a
// 32-byte inbox entry, 8 bytes per data word twice); plus 16 bytes per directed link for traffic
// counters and 1 byte per node. Buffers keep their capacity between supersteps, so a run allocates
// only while traffic grows. A 2^20-node ring (2 messages per node and superstep) needs ~250 MB.
//
// Thread safety: a BspEngine is driven by ONE controlling thread (any thread, but only one at a
// time): step(), run() and every accessor must not be called concurrently with each other. The
// only things other threads may touch are the cancel flag passed to run() (an atomic) and, from
// inside the progress callback, nothing but their own state (the callback runs on the controlling
// thread between supersteps, when reading the engine's accessors is safe).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "core/model/topology.h"
#include "sim/comm.h"
#include "sim/worker_pool.h"

namespace loadlab::sim {

/// One task-carrying message (a transfer of `tasks` tasks along link from -> to).
struct LinkTransfer {
  int from = 0;
  int to = 0;
  std::int64_t tasks = 0;
  friend bool operator==(const LinkTransfer&, const LinkTransfer&) = default;
};

/// Totals of one superstep (one row of the trace the UI plots).
struct SuperstepStats {
  std::int64_t superstep = 0;
  /// Messages sent in this superstep (delivered in the next one).
  std::int64_t messages = 0;
  /// Tasks carried by those messages.
  std::int64_t tasks = 0;
  /// 64-bit data words carried by those messages.
  std::int64_t words = 0;
  /// Nodes whose program ran in this superstep.
  std::int64_t stepped_nodes = 0;
  /// Nodes that had not voted to halt at the end of the superstep.
  std::int64_t active_nodes = 0;
  /// Task-carrying messages of this superstep in sender order (empty unless record_transfers).
  std::vector<LinkTransfer> transfers;
};

/// Traffic on one directed link, summed over the run.
struct LinkTraffic {
  int from = 0;
  int to = 0;
  std::int64_t messages = 0;
  std::int64_t tasks = 0;
};

/// A message in flight between two supersteps (for drawing moving dots).
struct InFlight {
  int from = 0;
  int to = 0;
  int tag = 0;
  std::int64_t tasks = 0;
};

struct BspOptions {
  /// Worker threads including the caller; clamped to [1, WorkerPool::max_threads()].
  int threads = 1;
  /// Keep every task-carrying message in the per-superstep trace.
  bool record_transfers = true;
  /// Keep the per-superstep trace at all (off for long benchmark runs).
  bool record_trace = true;
};

enum class RunStatus { Finished, Cancelled, StepLimit };

/// Controls for run(): all optional.
struct RunControl {
  /// Checked before every superstep; set from any thread to stop.
  const std::atomic<bool>* cancel = nullptr;
  /// Called on the controlling thread after every superstep.
  std::function<void(const SuperstepStats&)> progress;
  /// Stop (status StepLimit) after this many supersteps in this call.
  std::int64_t max_supersteps = INT64_MAX;
};

class BspEngine {
 public:
  /// The engine keeps references to topology and programs: both must outlive it. Starts the
  /// worker threads. Throws std::invalid_argument if programs.size() != topology.size().
  /// [thread safety: creating thread becomes the controlling thread; may be handed over]
  BspEngine(const core::Topology& topology, NodePrograms& programs, BspOptions options = {});
  /// A temporary topology would dangle.
  BspEngine(core::Topology&&, NodePrograms&, BspOptions = {}) = delete;
  /// Joins the workers. [controlling thread, not during step()]
  ~BspEngine();
  BspEngine(const BspEngine&) = delete;
  BspEngine& operator=(const BspEngine&) = delete;

  /// Runs one superstep; returns false (doing nothing) once the computation has finished. A node
  /// program that throws (e.g. send to a non-neighbour) makes step() rethrow it; the engine is
  /// then failed and every later step() throws std::logic_error. [controlling thread only]
  bool step();
  /// Steps until finished, cancelled or the step limit; returns why it stopped. [controlling
  /// thread only; control.cancel may be set from any thread]
  RunStatus run(const RunControl& control = {});
  /// True when every node has halted and no message is in flight.
  /// [accessors below: controlling thread, between supersteps (or inside the progress callback)]
  bool finished() const { return finished_; }

  /// Supersteps executed so far (including a final one that only receives).
  std::int64_t executed_supersteps() const { return executed_; }
  /// Communication supersteps: supersteps up to and including the last one that sent a message.
  /// This is the number comparable to the papers' "communication steps".
  std::int64_t supersteps() const { return last_sending_ + 1; }
  std::int64_t messages() const { return messages_; }
  /// Tasks moved (Σ Message::tasks over all messages) = task-hops.
  std::int64_t tasks_moved() const { return tasks_; }
  std::int64_t words() const { return words_; }
  /// Per-superstep trace (empty if BspOptions::record_trace is off).
  const std::vector<SuperstepStats>& trace() const { return trace_; }
  /// Totals of the most recent superstep (kept even when the trace is off).
  const SuperstepStats& last_superstep() const { return last_; }
  /// Every directed link that carried at least one message, ordered by (from, to).
  std::vector<LinkTraffic> link_traffic() const;
  /// Messages sent in the last superstep, to be delivered in the next, in sender order.
  std::vector<InFlight> in_flight() const;
  int threads() const { return pool_.threads(); }
  const core::Topology& topology() const { return topology_; }

 private:
  struct OutMsg;
  struct Bucket;
  struct Part;
  class PartComm;

  void superstep_part(int part);
  void deliver(Part& p, int parity);
  Bucket& bucket(int parity, int from_part, int to_part);
  int owner(int v) const;

  const core::Topology& topology_;
  NodePrograms& programs_;
  BspOptions options_;
  int n_ = 0;
  std::vector<std::int64_t> link_offset_;  // CSR offsets: slot of (v, k-th neighbour)
  std::vector<std::int64_t> link_messages_;
  std::vector<std::int64_t> link_tasks_;
  std::vector<char> halted_;
  std::vector<std::unique_ptr<Part>> parts_;
  std::vector<std::unique_ptr<Bucket>> buckets_;  // [parity][from_part][to_part]
  std::int64_t executed_ = 0;
  std::int64_t last_sending_ = -1;
  std::int64_t messages_ = 0, tasks_ = 0, words_ = 0;
  bool finished_ = false;
  bool failed_ = false;
  std::vector<SuperstepStats> trace_;
  SuperstepStats last_;
  WorkerPool pool_;  // last: its threads must stop before the buffers above are destroyed
};

}  // namespace loadlab::sim
