// The BSP engine over MPI: the same node programs (sim::NodePrograms, written against sim::Comm)
// run with their nodes split across processes. Semantics: docs/simulation.md; design: docs/mpi.md.
//
// Rank r steps the contiguous block [lo, hi) of rank_blocks() (partition.h) on one thread. A
// superstep is: deliver (last superstep's messages, from this rank and from neighbouring ranks),
// step every active node of the block, then one MPI_Neighbor_alltoallv on a distributed graph
// communicator whose edges are the rank pairs joined by at least one topology link (so a rank only
// talks to ranks it shares links with), then one MPI_Allreduce of the superstep's counters, which
// is also the termination vote (finished when no node is active and no message was sent).
//
// Delivery order equals the thread engine's: batches are taken in rank order (= sender-id order,
// blocks are contiguous and increasing) with this rank's own messages in its place, then stably
// counting-sorted by destination. Results are therefore identical for any rank count.
//
// Every rank holds the whole topology and a NodePrograms object for all N nodes (built identically
// from the same scenario) but steps and mutates only its block; see run_balance_mpi for how the
// nodes' outcomes are then copied to every rank.
//
// All member functions marked [collective] must be called by every rank of the communicator in the
// same order. A node program that throws makes step() throw on every rank (the others learn it from
// the vote), so no rank is left waiting in a collective.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <exception>
#include <memory>
#include <vector>

#include "core/model/topology.h"
#include "sim/bsp_engine.h"
#include "sim/comm.h"

namespace loadlab::mpi {

/// Traffic that crossed ranks (summed over the run).
struct CrossTraffic {
  std::int64_t messages = 0;
  /// Bytes of the exchanged buffers: a 5-word header (to, from, tag, length, tasks) + data words.
  std::int64_t bytes = 0;
};

class MpiBspEngine {
 public:
  /// [collective] Splits the nodes with rank_blocks() (throws std::invalid_argument when the
  /// communicator has more ranks than nodes, identically on every rank) and builds the neighbour
  /// graph communicator. topology and programs must outlive the engine.
  MpiBspEngine(MPI_Comm comm, const core::Topology& topology, sim::NodePrograms& programs,
               bool record_trace = true);
  MpiBspEngine(MPI_Comm, core::Topology&&, sim::NodePrograms&, bool = true) = delete;
  ~MpiBspEngine();
  MpiBspEngine(const MpiBspEngine&) = delete;
  MpiBspEngine& operator=(const MpiBspEngine&) = delete;

  /// [collective] One superstep; false (doing nothing) once finished.
  bool step();
  /// [collective] Steps until finished or max_supersteps more supersteps ran.
  sim::RunStatus run(std::int64_t max_supersteps = INT64_MAX);
  bool finished() const { return finished_; }

  // Global counters (identical on every rank, equal to the thread engine's).
  std::int64_t executed_supersteps() const { return executed_; }
  std::int64_t supersteps() const { return last_sending_ + 1; }
  std::int64_t messages() const { return messages_; }
  std::int64_t tasks_moved() const { return tasks_; }
  std::int64_t words() const { return words_; }
  /// Per-superstep totals (transfers lists are not gathered: empty).
  const std::vector<sim::SuperstepStats>& trace() const { return trace_; }

  int rank() const { return rank_; }
  int ranks() const { return ranks_; }
  /// This rank's block [lo, hi) and every rank's bounds.
  int lo() const { return lo_; }
  int hi() const { return hi_; }
  const std::vector<int>& bounds() const { return bounds_; }
  /// [collective] What every rank sent to other ranks so far, summed over all ranks.
  CrossTraffic total_cross_traffic() const;
  MPI_Comm comm() const { return comm_; }

 private:
  struct Batch {
    std::vector<std::int64_t> headers;  // 5 words per message: to, from, tag, len, tasks
    std::vector<std::int64_t> words;    // data, in message order
  };
  class RankComm;

  void deliver();
  void exchange();

  MPI_Comm comm_;
  MPI_Comm graph_ = MPI_COMM_NULL;
  const core::Topology& topology_;
  sim::NodePrograms& programs_;
  bool record_trace_;
  int rank_ = 0, ranks_ = 1, n_ = 0, lo_ = 0, hi_ = 0;
  std::vector<int> bounds_;
  std::vector<int> nbr_ranks_;
  std::vector<int> slot_of_rank_;  // -1 unless a neighbour rank
  std::vector<char> halted_;       // this block only

  Batch local_prev_, local_cur_;                // messages between this rank's own nodes
  std::vector<std::vector<std::int64_t>> out_;  // per neighbour slot: packed messages
  std::vector<std::int64_t> send_buf_, recv_buf_;
  std::vector<int> send_counts_, send_displs_, recv_counts_, recv_displs_;

  std::vector<sim::Message> inbox_;
  std::vector<std::size_t> inbox_offset_;
  std::vector<int> pending_to_;
  std::vector<sim::Message> pending_;

  std::int64_t executed_ = 0, last_sending_ = -1, messages_ = 0, tasks_ = 0, words_ = 0;
  std::int64_t step_messages_ = 0, step_tasks_ = 0, step_words_ = 0;
  CrossTraffic cross_;
  bool finished_ = false, failed_ = false;
  std::exception_ptr error_;
  std::vector<sim::SuperstepStats> trace_;
};

}  // namespace loadlab::mpi
