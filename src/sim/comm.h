// The communication interface a node program sees: its own id, its neighbours, an inbox, send().
//
// This is the whole contract between a node program and a transport. The BSP engine
// (bsp_engine.h) implements it with threads; an MPI transport can implement the same interface
// (one rank per node or several nodes per rank, MPI_Isend/MPI_Irecv + a barrier per superstep) and
// run the same programs unchanged. docs/simulation.md spells out the semantics a transport must
// keep.
//
// Semantics (bulk-synchronous):
// - In superstep s every node's step() runs once. inbox() holds exactly the messages sent to this
//   node in superstep s-1, ordered by sender id, then by the order in which that sender sent them.
// - send() may only target a neighbour in the topology (anything else throws std::logic_error).
//   Messages sent in superstep s are delivered in superstep s+1, never earlier.
// - halt() is a vote to stop: the node's step() is not called again until a message arrives. The
//   computation ends when every node has halted and no message is in flight.
// Thread safety: a Comm object belongs to the node program that is currently stepping; it is
// used by one thread only and is valid only during that step() call.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace loadlab::sim {

/// One received message. `data` stays valid until the end of the step() that receives it.
struct Message {
  int from = 0;
  /// Program-defined message kind (e.g. "reduction", "broadcast", "tasks").
  int tag = 0;
  /// Number of tasks physically carried by this message (the payload the papers count); 0 for
  /// pure control messages. Counted per link by the transport.
  std::int64_t tasks = 0;
  std::span<const std::int64_t> data;
};

/// What a node program may do. Implemented by the BSP engine (and, later, by an MPI transport).
class Comm {
 public:
  /// This node's id (0 .. node_count()-1, the topology's numbering).
  virtual int id() const = 0;
  /// Number of nodes in the network (N in the papers; every algorithm assumes it is known).
  virtual int node_count() const = 0;
  /// This node's neighbours in the topology, sorted ascending.
  virtual std::span<const int> neighbours() const = 0;
  /// Index of the current superstep, starting at 0.
  virtual std::int64_t superstep() const = 0;
  /// Messages sent to this node in the previous superstep, sorted by sender id (stable).
  virtual std::span<const Message> inbox() const = 0;
  /// Sends `data` (copied) to neighbour `to`; `tasks` is the number of tasks carried.
  virtual void send(int to, int tag, std::span<const std::int64_t> data,
                    std::int64_t tasks = 0) = 0;
  /// Vote to halt until a message arrives.
  virtual void halt() = 0;

  /// Convenience for a message with a single word.
  void send_word(int to, int tag, std::int64_t word, std::int64_t tasks = 0) {
    send(to, tag, std::span<const std::int64_t>(&word, 1), tasks);
  }

 protected:
  ~Comm() = default;
};

/// The set of node programs an engine runs: node v's program is stepped with a Comm for node v.
/// Implementations must touch only node v's own state in step(v, ...): the engine steps different
/// nodes concurrently on different threads.
class NodePrograms {
 public:
  virtual ~NodePrograms() = default;
  /// Number of nodes (must equal the topology's size).
  virtual int size() const = 0;
  /// Runs node v's program for the current superstep.
  virtual void step(int v, Comm& comm) = 0;
};

/// Node programs stored by value: `Node` needs `void step(Comm&)`. Contiguous storage keeps
/// million-node runs cheap (no allocation per node).
template <class Node>
class NodeArray final : public NodePrograms {
 public:
  explicit NodeArray(std::vector<Node> nodes) : nodes_(std::move(nodes)) {}
  int size() const override { return static_cast<int>(nodes_.size()); }
  void step(int v, Comm& comm) override { nodes_[static_cast<std::size_t>(v)].step(comm); }
  /// Node v's state. Not thread-safe against a running superstep: read it between steps.
  const Node& node(int v) const { return nodes_[static_cast<std::size_t>(v)]; }
  Node& node(int v) { return nodes_[static_cast<std::size_t>(v)]; }
  const std::vector<Node>& nodes() const { return nodes_; }

 private:
  std::vector<Node> nodes_;
};

}  // namespace loadlab::sim
