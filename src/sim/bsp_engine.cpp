// BSP engine internals.
//
// Index: buffers (OutMsg, Bucket, Part) · PartComm (the Comm a node sees) · one superstep
// (deliver, compute) · controller (step, run) · accessors.
//
// Message flow: in superstep s, part p (a thread) appends every message its nodes send to
// bucket[s%2][p][owner(to)]. One barrier later, in superstep s+1, part u first gathers
// bucket[s%2][0..T-1][u] in part order (= sender id order, because blocks are contiguous and each
// part steps its nodes in increasing id) and counting-sorts them by destination: each inbox is
// then ordered by sender, independent of T. Two parities let part u read last superstep's
// buckets while the others already write this superstep's, so one barrier per superstep suffices.
#include "sim/bsp_engine.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace loadlab::sim {

struct BspEngine::OutMsg {
  int to;
  int from;
  int tag;
  int len;
  std::int64_t tasks;
  std::size_t offset;  // into Bucket::words
};

// Buckets and parts are written on every send by different threads: cache-line alignment keeps
// their vector headers and counters from sharing a line (false sharing serialized the threads).
struct alignas(64) BspEngine::Bucket {
  std::vector<OutMsg> msgs;
  std::vector<std::int64_t> words;
};

// Everything one thread owns during a superstep.
struct alignas(64) BspEngine::Part {
  int index = 0;
  int lo = 0, hi = 0;
  std::vector<Message> inbox;             // messages for nodes lo..hi-1, grouped by node
  std::vector<std::size_t> inbox_offset;  // hi-lo+1 entries
  std::vector<std::size_t> cursor;
  std::int64_t messages = 0, tasks = 0, words = 0, stepped = 0, active = 0;
  std::vector<LinkTransfer> transfers;
  std::vector<Bucket*> out;  // this superstep's outgoing bucket per destination part
};

class BspEngine::PartComm final : public Comm {
 public:
  PartComm(BspEngine& engine, Part& part, std::int64_t superstep)
      : engine_(engine), part_(part), superstep_(superstep) {}

  void bind(int v, std::span<const Message> inbox) {  // per node: keep it cheap
    v_ = v;
    inbox_ = inbox;
    neighbours_ = engine_.topology_.neighbours(v);
    slot0_ = static_cast<std::size_t>(engine_.link_offset_[static_cast<std::size_t>(v)]);
  }
  int id() const override { return v_; }
  int node_count() const override { return engine_.n_; }
  std::span<const int> neighbours() const override { return neighbours_; }
  std::int64_t superstep() const override { return superstep_; }
  std::span<const Message> inbox() const override { return inbox_; }
  void halt() override { engine_.halted_[static_cast<std::size_t>(v_)] = 1; }

  void send(int to, int tag, std::span<const std::int64_t> data, std::int64_t tasks) override {
    const auto nb = neighbours_;
    const auto it = std::lower_bound(nb.begin(), nb.end(), to);
    if (it == nb.end() || *it != to)
      throw std::logic_error("sim: node " + std::to_string(v_) + " sent to node " +
                             std::to_string(to) + ", which is not a neighbour");
    if (tasks < 0)
      throw std::logic_error("sim: node " + std::to_string(v_) + " sent a negative task count");
    const std::size_t slot = slot0_ + static_cast<std::size_t>(it - nb.begin());
    ++engine_.link_messages_[slot];
    engine_.link_tasks_[slot] += tasks;
    // Most messages stay inside the sender's block: skip the division then.
    const int dest = (to >= part_.lo && to < part_.hi) ? part_.index : engine_.owner(to);
    Bucket& b = *part_.out[static_cast<std::size_t>(dest)];
    b.msgs.push_back({to, v_, tag, static_cast<int>(data.size()), tasks, b.words.size()});
    if (data.size() == 1)
      b.words.push_back(data[0]);
    else
      b.words.insert(b.words.end(), data.begin(), data.end());
    ++part_.messages;
    part_.tasks += tasks;
    part_.words += static_cast<std::int64_t>(data.size());
    if (tasks > 0 && engine_.options_.record_transfers && engine_.options_.record_trace)
      part_.transfers.push_back({v_, to, tasks});
  }

 private:
  BspEngine& engine_;
  Part& part_;
  std::int64_t superstep_;
  int v_ = 0;
  std::span<const Message> inbox_;
  std::span<const int> neighbours_;
  std::size_t slot0_ = 0;
};

BspEngine::BspEngine(const core::Topology& topology, NodePrograms& programs, BspOptions options)
    : topology_(topology),
      programs_(programs),
      options_(options),
      n_(topology.size()),
      pool_(options.threads) {
  if (programs.size() != n_)
    throw std::invalid_argument("BspEngine: " + std::to_string(programs.size()) +
                                " node programs for a topology of " + std::to_string(n_) +
                                " nodes");
  link_offset_.assign(static_cast<std::size_t>(n_) + 1, 0);
  for (int v = 0; v < n_; ++v)
    link_offset_[static_cast<std::size_t>(v) + 1] =
        link_offset_[static_cast<std::size_t>(v)] + topology.degree(v);
  link_messages_.assign(static_cast<std::size_t>(link_offset_.back()), 0);
  link_tasks_.assign(static_cast<std::size_t>(link_offset_.back()), 0);
  halted_.assign(static_cast<std::size_t>(n_), 0);
  const int t = pool_.threads();
  for (int p = 0; p < t; ++p) {
    auto part = std::make_unique<Part>();
    part->index = p;
    part->lo = static_cast<int>(static_cast<std::int64_t>(p) * n_ / t);
    part->hi = static_cast<int>(static_cast<std::int64_t>(p + 1) * n_ / t);
    part->inbox_offset.assign(static_cast<std::size_t>(part->hi - part->lo) + 1, 0);
    parts_.push_back(std::move(part));
  }
  for (int i = 0; i < 2 * t * t; ++i) buckets_.push_back(std::make_unique<Bucket>());
  finished_ = n_ == 0;
}

BspEngine::~BspEngine() = default;

BspEngine::Bucket& BspEngine::bucket(int parity, int from_part, int to_part) {
  const int t = pool_.threads();
  return *buckets_[static_cast<std::size_t>((parity * t + from_part) * t + to_part)];
}

int BspEngine::owner(int v) const {
  // Largest p with floor(p*N/T) <= v (see the block bounds in the constructor).
  const std::int64_t t = pool_.threads();
  return static_cast<int>(((static_cast<std::int64_t>(v) + 1) * t - 1) / n_);
}

void BspEngine::deliver(Part& p, int parity) {
  const auto size = static_cast<std::size_t>(p.hi - p.lo);
  auto& off = p.inbox_offset;
  std::fill(off.begin(), off.end(), 0);
  const int t = pool_.threads();
  for (int from = 0; from < t; ++from)
    for (const OutMsg& m : bucket(parity, from, p.index).msgs)
      ++off[static_cast<std::size_t>(m.to - p.lo) + 1];
  for (std::size_t i = 0; i < size; ++i) off[i + 1] += off[i];
  p.cursor.assign(off.begin(), off.end() - 1);
  p.inbox.resize(off[size]);
  for (int from = 0; from < t; ++from) {
    const Bucket& b = bucket(parity, from, p.index);
    for (const OutMsg& m : b.msgs)
      p.inbox[p.cursor[static_cast<std::size_t>(m.to - p.lo)]++] =
          Message{m.from, m.tag, m.tasks,
                  std::span<const std::int64_t>(b.words.data() + m.offset,
                                                static_cast<std::size_t>(m.len))};
  }
}

void BspEngine::superstep_part(int index) {
  Part& p = *parts_[static_cast<std::size_t>(index)];
  const std::int64_t s = executed_;
  const int cur = static_cast<int>(s & 1);
  if (s > 0) {
    deliver(p, cur ^ 1);
  } else {
    std::fill(p.inbox_offset.begin(), p.inbox_offset.end(), 0);
    p.inbox.clear();
  }
  p.out.resize(static_cast<std::size_t>(pool_.threads()));
  for (int to = 0; to < pool_.threads(); ++to) {
    Bucket& b = bucket(cur, index, to);
    b.msgs.clear();
    b.words.clear();
    p.out[static_cast<std::size_t>(to)] = &b;
  }
  p.messages = p.tasks = p.words = p.stepped = p.active = 0;
  p.transfers.clear();
  PartComm comm(*this, p, s);
  for (int v = p.lo; v < p.hi; ++v) {
    const std::size_t i = static_cast<std::size_t>(v - p.lo);
    const std::size_t b = p.inbox_offset[i], e = p.inbox_offset[i + 1];
    char& halted = halted_[static_cast<std::size_t>(v)];
    if (halted && b == e) continue;
    halted = 0;
    comm.bind(v, std::span<const Message>(p.inbox.data() + b, e - b));
    programs_.step(v, comm);
    ++p.stepped;
    if (!halted) ++p.active;
  }
}

bool BspEngine::step() {
  if (failed_) throw std::logic_error("BspEngine: a node program failed earlier; engine unusable");
  if (finished_) return false;
  try {
    pool_.run([this](int part) { superstep_part(part); });
  } catch (...) {
    failed_ = true;
    throw;
  }
  SuperstepStats st;
  st.superstep = executed_;
  for (const auto& p : parts_) {
    st.messages += p->messages;
    st.tasks += p->tasks;
    st.words += p->words;
    st.stepped_nodes += p->stepped;
    st.active_nodes += p->active;
    if (options_.record_trace)
      st.transfers.insert(st.transfers.end(), p->transfers.begin(), p->transfers.end());
  }
  messages_ += st.messages;
  tasks_ += st.tasks;
  words_ += st.words;
  if (st.messages > 0) last_sending_ = executed_;
  ++executed_;
  finished_ = st.active_nodes == 0 && st.messages == 0;
  last_ = st;
  if (options_.record_trace) trace_.push_back(std::move(st));
  return true;
}

RunStatus BspEngine::run(const RunControl& control) {
  for (std::int64_t done = 0;; ++done) {
    if (finished_) return RunStatus::Finished;
    if (control.cancel && control.cancel->load(std::memory_order_relaxed))
      return RunStatus::Cancelled;
    if (done >= control.max_supersteps) return RunStatus::StepLimit;
    step();
    if (control.progress) control.progress(last_);
  }
}

std::vector<LinkTraffic> BspEngine::link_traffic() const {
  std::vector<LinkTraffic> out;
  for (int v = 0; v < n_; ++v) {
    const auto nb = topology_.neighbours(v);
    for (std::size_t k = 0; k < nb.size(); ++k) {
      const auto slot = static_cast<std::size_t>(link_offset_[static_cast<std::size_t>(v)]) + k;
      if (link_messages_[slot] > 0)
        out.push_back({v, nb[k], link_messages_[slot], link_tasks_[slot]});
    }
  }
  return out;
}

std::vector<InFlight> BspEngine::in_flight() const {
  std::vector<InFlight> out;
  if (executed_ == 0 || finished_) return out;
  const int parity = static_cast<int>((executed_ - 1) & 1);
  const int t = pool_.threads();
  for (int from = 0; from < t; ++from)
    for (int to = 0; to < t; ++to)
      for (const OutMsg& m : buckets_[static_cast<std::size_t>((parity * t + from) * t + to)]->msgs)
        out.push_back({m.from, m.to, m.tag, m.tasks});
  std::stable_sort(out.begin(), out.end(),
                   [](const InFlight& a, const InFlight& b) { return a.from < b.from; });
  return out;
}

}  // namespace loadlab::sim
