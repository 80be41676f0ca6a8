// BSP supersteps over MPI (see mpi_engine.h). Index: RankComm (the Comm a node sees) · setup ·
// one superstep (deliver, step the block, exchange, vote) · counters.
#include "mpi/mpi_engine.h"

#include <algorithm>
#include <climits>
#include <stdexcept>
#include <string>

#include "mpi/partition.h"

namespace loadlab::mpi {

namespace {

constexpr int kHeaderWords = 5;  // to, from, tag, len, tasks

void check(int rc, const char* what) {
  if (rc != MPI_SUCCESS) throw std::runtime_error(std::string("MPI: ") + what + " failed");
}

}  // namespace

class MpiBspEngine::RankComm final : public sim::Comm {
 public:
  RankComm(MpiBspEngine& e, std::int64_t superstep) : e_(e), superstep_(superstep) {}

  void bind(int v, std::span<const sim::Message> inbox) {
    v_ = v;
    inbox_ = inbox;
    neighbours_ = e_.topology_.neighbours(v);
  }
  int id() const override { return v_; }
  int node_count() const override { return e_.n_; }
  std::span<const int> neighbours() const override { return neighbours_; }
  std::int64_t superstep() const override { return superstep_; }
  std::span<const sim::Message> inbox() const override { return inbox_; }
  void halt() override { e_.halted_[static_cast<std::size_t>(v_ - e_.lo_)] = 1; }

  void send(int to, int tag, std::span<const std::int64_t> data, std::int64_t tasks) override {
    // The same checks and messages as the thread engine (docs/simulation.md rules 3 and 4).
    const auto it = std::lower_bound(neighbours_.begin(), neighbours_.end(), to);
    if (it == neighbours_.end() || *it != to)
      throw std::logic_error("sim: node " + std::to_string(v_) + " sent to node " +
                             std::to_string(to) + ", which is not a neighbour");
    if (tasks < 0)
      throw std::logic_error("sim: node " + std::to_string(v_) + " sent a negative task count");
    const auto len = static_cast<std::int64_t>(data.size());
    const std::int64_t header[kHeaderWords] = {to, v_, tag, len, tasks};
    if (to >= e_.lo_ && to < e_.hi_) {
      e_.local_cur_.headers.insert(e_.local_cur_.headers.end(), header, header + kHeaderWords);
      e_.local_cur_.words.insert(e_.local_cur_.words.end(), data.begin(), data.end());
    } else {
      const int slot = e_.slot_of_rank_[static_cast<std::size_t>(block_owner(e_.bounds_, to))];
      auto& out = e_.out_[static_cast<std::size_t>(slot)];
      out.insert(out.end(), header, header + kHeaderWords);
      out.insert(out.end(), data.begin(), data.end());
      ++e_.cross_.messages;
      e_.cross_.bytes += 8 * (kHeaderWords + len);
    }
    ++e_.step_messages_;
    e_.step_tasks_ += tasks;
    e_.step_words_ += len;
  }

 private:
  MpiBspEngine& e_;
  std::int64_t superstep_;
  int v_ = 0;
  std::span<const sim::Message> inbox_;
  std::span<const int> neighbours_;
};

MpiBspEngine::MpiBspEngine(MPI_Comm comm, const core::Topology& topology,
                           sim::NodePrograms& programs, bool record_trace)
    : comm_(comm), topology_(topology), programs_(programs), record_trace_(record_trace) {
  check(MPI_Comm_rank(comm, &rank_), "MPI_Comm_rank");
  check(MPI_Comm_size(comm, &ranks_), "MPI_Comm_size");
  n_ = topology.size();
  if (programs.size() != n_)
    throw std::invalid_argument("MpiBspEngine: " + std::to_string(programs.size()) +
                                " node programs for a topology of " + std::to_string(n_) +
                                " nodes");
  bounds_ = rank_blocks(topology, ranks_);  // throws the same on every rank: no collective yet
  lo_ = bounds_[static_cast<std::size_t>(rank_)];
  hi_ = bounds_[static_cast<std::size_t>(rank_) + 1];
  halted_.assign(static_cast<std::size_t>(hi_ - lo_), 0);
  inbox_offset_.assign(static_cast<std::size_t>(hi_ - lo_) + 1, 0);

  // Links are undirected, so "shares a link" is symmetric and the graph's sources = destinations.
  std::vector<char> linked(static_cast<std::size_t>(ranks_), 0);
  for (int v = lo_; v < hi_; ++v)
    for (int u : topology.neighbours(v))
      if (u < lo_ || u >= hi_) linked[static_cast<std::size_t>(block_owner(bounds_, u))] = 1;
  slot_of_rank_.assign(static_cast<std::size_t>(ranks_), -1);
  for (int r = 0; r < ranks_; ++r)
    if (linked[static_cast<std::size_t>(r)]) {
      slot_of_rank_[static_cast<std::size_t>(r)] = static_cast<int>(nbr_ranks_.size());
      nbr_ranks_.push_back(r);
    }
  const int degree = static_cast<int>(nbr_ranks_.size());
  int dummy = 0;
  int* list = degree > 0 ? nbr_ranks_.data() : &dummy;
  check(MPI_Dist_graph_create_adjacent(comm, degree, list, MPI_UNWEIGHTED, degree, list,
                                       MPI_UNWEIGHTED, MPI_INFO_NULL, /*reorder=*/0, &graph_),
        "MPI_Dist_graph_create_adjacent");
  out_.resize(nbr_ranks_.size());
  const auto slots = nbr_ranks_.size();
  send_counts_.assign(slots, 0);
  send_displs_.assign(slots, 0);
  recv_counts_.assign(slots, 0);
  recv_displs_.assign(slots, 0);
  finished_ = n_ == 0;
}

MpiBspEngine::~MpiBspEngine() {
  if (graph_ != MPI_COMM_NULL) MPI_Comm_free(&graph_);
}

void MpiBspEngine::deliver() {
  pending_.clear();
  pending_to_.clear();
  auto take_remote = [&](std::size_t slot) {
    const std::int64_t* p = recv_buf_.data() + recv_displs_[slot];
    const std::int64_t* end = p + recv_counts_[slot];
    while (p < end) {
      const auto len = static_cast<std::size_t>(p[3]);
      pending_to_.push_back(static_cast<int>(p[0]));
      pending_.push_back({static_cast<int>(p[1]), static_cast<int>(p[2]), p[4],
                          std::span<const std::int64_t>(p + kHeaderWords, len)});
      p += kHeaderWords + static_cast<std::ptrdiff_t>(len);
    }
  };
  // Rank order = sender-id order: lower ranks, this rank's own messages, higher ranks.
  std::size_t slot = 0;
  for (; slot < nbr_ranks_.size() && nbr_ranks_[slot] < rank_; ++slot) take_remote(slot);
  const auto& h = local_prev_.headers;
  std::size_t word = 0;
  for (std::size_t i = 0; i < h.size(); i += kHeaderWords) {
    const auto len = static_cast<std::size_t>(h[i + 3]);
    pending_to_.push_back(static_cast<int>(h[i]));
    pending_.push_back({static_cast<int>(h[i + 1]), static_cast<int>(h[i + 2]), h[i + 4],
                        std::span<const std::int64_t>(local_prev_.words.data() + word, len)});
    word += len;
  }
  for (; slot < nbr_ranks_.size(); ++slot) take_remote(slot);

  // Stable counting sort by destination.
  auto& off = inbox_offset_;
  std::fill(off.begin(), off.end(), 0);
  for (int to : pending_to_) ++off[static_cast<std::size_t>(to - lo_) + 1];
  for (std::size_t i = 0; i + 1 < off.size(); ++i) off[i + 1] += off[i];
  std::vector<std::size_t> cursor(off.begin(), off.end() - 1);
  inbox_.resize(pending_.size());
  for (std::size_t i = 0; i < pending_.size(); ++i)
    inbox_[cursor[static_cast<std::size_t>(pending_to_[i] - lo_)]++] = pending_[i];
}

void MpiBspEngine::exchange() {
  if (nbr_ranks_.empty()) return;
  const std::size_t slots = nbr_ranks_.size();
  std::size_t total = 0;
  for (std::size_t j = 0; j < slots; ++j) {
    if (out_[j].size() > static_cast<std::size_t>(INT_MAX) ||
        total + out_[j].size() > static_cast<std::size_t>(INT_MAX))
      throw std::runtime_error("MPI transport: more than 2^31 words for one superstep");
    send_counts_[j] = static_cast<int>(out_[j].size());
    send_displs_[j] = static_cast<int>(total);
    total += out_[j].size();
  }
  send_buf_.clear();
  for (const auto& o : out_) send_buf_.insert(send_buf_.end(), o.begin(), o.end());
  check(MPI_Neighbor_alltoall(send_counts_.data(), 1, MPI_INT, recv_counts_.data(), 1, MPI_INT,
                              graph_),
        "MPI_Neighbor_alltoall");
  std::int64_t in = 0;
  for (std::size_t j = 0; j < slots; ++j) {
    recv_displs_[j] = static_cast<int>(in);
    in += recv_counts_[j];
    if (in > INT_MAX) throw std::runtime_error("MPI transport: more than 2^31 words received");
  }
  recv_buf_.resize(static_cast<std::size_t>(in));
  std::int64_t dummy = 0;
  check(MPI_Neighbor_alltoallv(send_buf_.empty() ? &dummy : send_buf_.data(), send_counts_.data(),
                               send_displs_.data(), MPI_INT64_T,
                               recv_buf_.empty() ? &dummy : recv_buf_.data(), recv_counts_.data(),
                               recv_displs_.data(), MPI_INT64_T, graph_),
        "MPI_Neighbor_alltoallv");
}

bool MpiBspEngine::step() {
  if (failed_)
    throw std::logic_error("MpiBspEngine: a node program failed earlier; engine unusable");
  if (finished_) return false;
  const std::int64_t s = executed_;
  if (s > 0) {
    deliver();
  } else {
    inbox_.clear();
    std::fill(inbox_offset_.begin(), inbox_offset_.end(), 0);
  }
  local_cur_.headers.clear();
  local_cur_.words.clear();
  for (auto& o : out_) o.clear();
  step_messages_ = step_tasks_ = step_words_ = 0;
  std::int64_t stepped = 0, active = 0;
  try {
    RankComm comm(*this, s);
    for (int v = lo_; v < hi_; ++v) {
      const auto i = static_cast<std::size_t>(v - lo_);
      const std::size_t b = inbox_offset_[i], e = inbox_offset_[i + 1];
      char& halted = halted_[i];
      if (halted && b == e) continue;
      halted = 0;
      comm.bind(v, std::span<const sim::Message>(inbox_.data() + b, e - b));
      programs_.step(v, comm);
      ++stepped;
      if (!halted) ++active;
    }
  } catch (...) {
    error_ = std::current_exception();  // reported after the collectives, on every rank
  }
  exchange();
  std::int64_t local[6] = {step_messages_, step_tasks_, step_words_,
                           stepped,        active,      error_ ? 1 : 0};
  std::int64_t sum[6];
  check(MPI_Allreduce(local, sum, 6, MPI_INT64_T, MPI_SUM, comm_), "MPI_Allreduce");
  if (sum[5] > 0) {
    failed_ = true;
    if (error_) std::rethrow_exception(error_);
    throw std::runtime_error("sim: a node program failed on another MPI rank");
  }
  std::swap(local_prev_, local_cur_);
  sim::SuperstepStats st;
  st.superstep = s;
  st.messages = sum[0];
  st.tasks = sum[1];
  st.words = sum[2];
  st.stepped_nodes = sum[3];
  st.active_nodes = sum[4];
  messages_ += st.messages;
  tasks_ += st.tasks;
  words_ += st.words;
  if (st.messages > 0) last_sending_ = s;
  ++executed_;
  finished_ = st.active_nodes == 0 && st.messages == 0;
  if (record_trace_) trace_.push_back(std::move(st));
  return true;
}

sim::RunStatus MpiBspEngine::run(std::int64_t max_supersteps) {
  for (std::int64_t done = 0;; ++done) {
    if (finished_) return sim::RunStatus::Finished;
    if (done >= max_supersteps) return sim::RunStatus::StepLimit;
    step();
  }
}

CrossTraffic MpiBspEngine::total_cross_traffic() const {
  std::int64_t local[2] = {cross_.messages, cross_.bytes}, sum[2];
  check(MPI_Allreduce(local, sum, 2, MPI_INT64_T, MPI_SUM, comm_), "MPI_Allreduce");
  return {sum[0], sum[1]};
}

}  // namespace loadlab::mpi
