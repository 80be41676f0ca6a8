// GDE, diffusion and gradient node programs (see iterative_nodes.h).
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Overview of Techniques", "Termination
// Detection".
#include "sim/programs/iterative_nodes.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <tuple>

#include "core/balance/diffusion.h"
#include "core/balance/gde.h"
#include "core/balance/gradient.h"
#include "core/balance/termination.h"
#include "core/util/bit_cast.h"

namespace loadlab::sim {

namespace {

using core::IterativeModel;
using util::bit_cast;

enum Tag : int { kValue = 1, kTasks = 2, kControl = 3 };
enum class Alg { Gde, Diffusion, Gradient };

struct Shared {  // read-only configuration every node was given
  Alg alg = Alg::Gde;
  IterativeModel model = IterativeModel::Real;
  double parameter = 0;
  bool per_edge = false;  // diffusion averaging on an irregular graph
  int colours = 0;
  int period = 1;  // supersteps per sweep
  int max_sweeps = 0;
  int diameter = 0;
  double average = 0, threshold = 0;
  bool termination = false;
  bool record_flows = true;
  core::DsConfig ds;
};

struct SentMove {
  int step;
  int to;
  std::int64_t count;
};

struct IterNode {
  const Shared* sh = nullptr;
  double w = 0;                      // real load or task count
  std::vector<int> partner;          // gde: neighbour per colour (-1: none)
  std::vector<double> degree_alpha;  // diffusion per-edge weights (per neighbour), if per_edge
  std::vector<double> flow;          // per neighbour slot where this node is the lower endpoint
  std::vector<SentMove> moves;       // tasks model
  std::vector<core::DsMessage> pending;
  core::DsNode ds;
  bool stop = false;        // set by the driver (aggregator) between supersteps
  bool moved = false;       // this sweep
  bool last_moved = false;  // the sweep just completed (read by the driver)
  std::int64_t control_sent = 0;
  int done = 0;  // sweeps completed
  int pressure = -1, first_pressure = -1;
  bool light = false;
  double own_sent = 0;

  int slot_of(Comm& c, int v) const {
    const auto nb = c.neighbours();
    return static_cast<int>(std::lower_bound(nb.begin(), nb.end(), v) - nb.begin());
  }
  void add_flow(Comm& c, int other, double amount_from_me) {
    if (!sh->record_flows) return;
    if (c.id() < other) flow[static_cast<std::size_t>(slot_of(c, other))] += amount_from_me;
  }
  void record_move(int step, int to, std::int64_t count) { moves.push_back({step, to, count}); }

  // End of sweep `done` (already incremented): termination and the sweep limit.
  bool boundary(Comm& c) {
    if (sh->termination) {
      std::vector<core::DsMessage> out;
      ds.after_sweep(done, w, pending, out, sh->ds);
      pending.clear();
      control_sent += static_cast<std::int64_t>(out.size());
      for (const auto& m : out) {
        const std::int64_t words[4] = {m.kind, bit_cast<std::int64_t>(m.lo),
                                       bit_cast<std::int64_t>(m.hi), m.stop_at};
        c.send(m.to, kControl, words);
      }
      if (ds.stop_at >= 0 && done >= ds.stop_at) return true;
    }
    return done >= sh->max_sweeps;
  }

  void take_control(const Message& m) {
    core::DsMessage d;
    d.from = m.from;
    d.to = 0;
    d.kind = static_cast<int>(m.data[0]);
    d.lo = bit_cast<double>(m.data[1]);
    d.hi = bit_cast<double>(m.data[2]);
    d.stop_at = static_cast<int>(m.data[3]);
    pending.push_back(d);
  }

  void step(Comm& c) {
    if (stop) {
      c.halt();
      return;
    }
    const std::int64_t t = c.superstep();
    const int period = sh->period;
    const int r = static_cast<int>(t % period);
    for (const Message& m : c.inbox())
      if (m.tag == kControl) take_control(m);
    if (t == 0 && sh->max_sweeps == 0) {
      c.halt();
      return;
    }
    switch (sh->alg) {
      case Alg::Diffusion:
        sh->model == IterativeModel::Real ? diffusion_real(c, t) : diffusion_tasks(c, t, r);
        break;
      case Alg::Gde:
        sh->model == IterativeModel::Real ? gde_real(c, t) : gde_tasks(c, t);
        break;
      case Alg::Gradient:
        gradient(c, t, r);
        break;
    }
  }

  bool end_sweep(Comm& c) {
    ++done;
    last_moved = moved;
    if (boundary(c)) {
      c.halt();
      stop = true;
      return true;
    }
    moved = false;
    return false;
  }

  void send_value(Comm& c, int to) { c.send_word(to, kValue, bit_cast<std::int64_t>(w)); }

  void diffusion_real(Comm& c, std::int64_t t) {
    if (t > 0) {
      const auto nb = c.neighbours();
      double f = 0;
      std::size_t k = 0;
      for (const Message& m : c.inbox()) {
        if (m.tag != kValue) continue;
        while (nb[k] != m.from) ++k;
        const double wj = bit_cast<double>(m.data[0]);
        const double a = sh->per_edge ? degree_alpha[k] : sh->parameter;
        if (sh->per_edge)
          f += a * (wj - w);
        else
          f += wj - w;
        if (sh->record_flows && c.id() < m.from) flow[k] += a * (w - wj);
      }
      w = sh->per_edge ? w + f : w + sh->parameter * f;
      moved = true;
      if (end_sweep(c)) return;
    }
    for (int nb : c.neighbours()) send_value(c, nb);
  }

  void diffusion_tasks(Comm& c, std::int64_t t, int r) {
    if (r == 0) {
      for (const Message& m : c.inbox())
        if (m.tag == kTasks) {
          w += static_cast<double>(m.tasks);
          add_flow(c, m.from, -static_cast<double>(m.tasks));
        }
      if (t > 0 && end_sweep(c)) return;
      for (int nb : c.neighbours()) send_value(c, nb);
      return;
    }
    const auto nb = c.neighbours();
    const auto wi = static_cast<std::int64_t>(w);
    std::int64_t left = wi;
    std::size_t k = 0;
    for (const Message& m : c.inbox()) {
      if (m.tag != kValue) continue;
      while (nb[k] != m.from) ++k;
      const auto wj = static_cast<std::int64_t>(bit_cast<double>(m.data[0]));
      const std::int64_t diff = wi - wj;
      if (diff <= 0) continue;
      const double a = sh->per_edge ? degree_alpha[k] : sh->parameter;
      const std::int64_t send =
          std::min(left, static_cast<std::int64_t>(std::floor(a * static_cast<double>(diff))));
      if (send <= 0) continue;
      left -= send;
      moved = true;
      send_tasks(c, done, m.from, send);
    }
  }

  void send_tasks(Comm& c, int step, int to, std::int64_t count) {
    w -= static_cast<double>(count);
    add_flow(c, to, static_cast<double>(count));
    record_move(step, to, count);
    c.send(to, kTasks, {}, count);
  }

  void gde_real(Comm& c, std::int64_t t) {
    const int C = sh->colours;
    if (t > 0) {
      for (const Message& m : c.inbox()) {
        if (m.tag != kValue) continue;
        const bool lower = c.id() < m.from;
        const double wa = lower ? w : bit_cast<double>(m.data[0]);
        const double wb = lower ? bit_cast<double>(m.data[0]) : w;
        const double tr = sh->parameter * (wb - wa);
        w = lower ? w + tr : w - tr;
        if (lower && sh->record_flows) flow[static_cast<std::size_t>(slot_of(c, m.from))] -= tr;
      }
      if (t % C == 0) {
        moved = true;
        if (end_sweep(c)) return;
      }
    }
    const int p = partner[static_cast<std::size_t>(t % C)];
    if (p >= 0) send_value(c, p);
  }

  void gde_tasks(Comm& c, std::int64_t t) {
    const int C = sh->colours;
    const int col = static_cast<int>((t / 2) % C);
    if (t % 2 == 0) {
      for (const Message& m : c.inbox())
        if (m.tag == kTasks) {
          w += static_cast<double>(m.tasks);
          add_flow(c, m.from, -static_cast<double>(m.tasks));
        }
      if (t > 0 && t % (2 * C) == 0 && end_sweep(c)) return;
      const int p = partner[static_cast<std::size_t>(col)];
      if (p >= 0) send_value(c, p);
      return;
    }
    for (const Message& m : c.inbox()) {
      if (m.tag != kValue) continue;
      const auto wi = static_cast<std::int64_t>(w);
      const auto wj = static_cast<std::int64_t>(bit_cast<double>(m.data[0]));
      if (wi <= wj) continue;
      const auto tr =
          static_cast<std::int64_t>(std::floor(sh->parameter * static_cast<double>(wi - wj)));
      if (tr <= 0) continue;
      moved = true;
      send_tasks(c, done * C + col, m.from, tr);
    }
  }

  void gradient(Comm& c, std::int64_t t, int r) {
    const int D = sh->diameter;
    const int inf = c.node_count() + 1;
    if (r == 0) {
      if (t > 0) {
        // Same additions, in the same order, as the central delta (own send at its id's place).
        double delta = 0;
        bool own = own_sent == 0;
        for (const Message& m : c.inbox()) {
          if (m.tag != kTasks) continue;
          if (!own && m.from > c.id()) {
            delta -= own_sent;
            own = true;
          }
          const double amount = sh->model == IterativeModel::Real ? bit_cast<double>(m.data[0])
                                                                  : static_cast<double>(m.tasks);
          delta += amount;
          if (sh->record_flows && c.id() < m.from)
            flow[static_cast<std::size_t>(slot_of(c, m.from))] -= amount;
        }
        if (!own) delta -= own_sent;
        w += delta;
        own_sent = 0;
        if (end_sweep(c)) return;
      }
      light = w < sh->threshold;
      pressure = light ? 0 : inf;
    } else if (r <= D + 1) {
      int best = inf;
      for (const Message& m : c.inbox())
        if (m.tag == kValue) best = std::min<int>(best, static_cast<int>(m.data[0]));
      if (r <= D) pressure = light ? 0 : std::min(inf, best + 1);
    }
    if (r <= D) {
      const std::int64_t words[2] = {pressure, bit_cast<std::int64_t>(w)};
      for (int nb : c.neighbours()) c.send(nb, kValue, words);
      return;
    }
    // r == D + 1: neighbours' final pressures are in the inbox.
    if (done == 0) first_pressure = pressure >= inf ? -1 : pressure;
    if (pressure <= 0 || pressure >= inf) return;
    for (const Message& m : c.inbox()) {
      if (m.tag != kValue || m.data[0] != pressure - 1) continue;
      const double wj = bit_cast<double>(m.data[1]);
      if (sh->model == IterativeModel::Real) {
        const double amount = std::min(w - sh->average, (w - wj) / 2);
        if (!(amount > 0)) return;
        moved = true;
        own_sent = amount;
        if (sh->record_flows && c.id() < m.from)
          flow[static_cast<std::size_t>(slot_of(c, m.from))] += amount;
        const std::int64_t word = bit_cast<std::int64_t>(amount);
        c.send(m.from, kTasks, std::span<const std::int64_t>(&word, 1));
      } else {
        const std::int64_t amount =
            std::min(static_cast<std::int64_t>(w - std::floor(sh->threshold)),
                     (static_cast<std::int64_t>(w) - static_cast<std::int64_t>(wj)) / 2);
        if (amount <= 0) return;
        moved = true;
        own_sent = static_cast<double>(amount);
        add_flow(c, m.from, static_cast<double>(amount));
        record_move(done, m.from, amount);
        c.send(m.from, kTasks, {}, amount);
      }
      return;  // the lowest-numbered next hop only
    }
  }
};

// The thread engine owns every node: the collectives are copies.
class ThreadTransport final : public IterativeTransport {
 public:
  explicit ThreadTransport(int threads) : threads_(threads) {}
  void start(const core::Topology& t, NodePrograms& programs) override {
    BspOptions opts;
    opts.threads = threads_;
    opts.record_trace = false;
    engine_ = std::make_unique<BspEngine>(t, programs, opts);
    n_ = t.size();
    spread_block_ = core::spread_block(t);
  }
  bool finished() const override { return engine_->finished(); }
  void step() override { engine_->step(); }
  int lo() const override { return 0; }
  int hi() const override { return n_; }
  std::int64_t supersteps() const override { return engine_->supersteps(); }
  std::int64_t messages() const override { return engine_->messages(); }
  bool any(bool mine) override { return mine; }
  SweepSpread spread(const std::vector<double>& block, bool moved) override {
    SweepSpread s;
    core::load_spread(block, spread_block_, s.max_minus_min, s.std_dev);
    s.any_moved = moved;
    return s;
  }
  std::vector<double> concat(std::span<const double> mine) override {
    return {mine.begin(), mine.end()};
  }
  std::vector<std::int64_t> concat(std::span<const std::int64_t> mine) override {
    return {mine.begin(), mine.end()};
  }
  std::int64_t sum(std::int64_t mine) override { return mine; }
  void broadcast_from_node0(std::span<std::int64_t>) override {}

 private:
  int threads_ = 1;
  int n_ = 0;
  std::size_t spread_block_ = 1024;
  std::unique_ptr<BspEngine> engine_;
};

}  // namespace

NodeIterativeRun run_iterative_nodes(const std::string& algorithm, const core::Topology& t,
                                     const core::LoadVector& loads,
                                     const core::IterativeOptions& options, int threads,
                                     const std::atomic<bool>* cancel) {
  ThreadTransport transport(threads);
  return run_iterative_nodes(algorithm, t, loads, options, transport, cancel);
}

NodeIterativeRun run_iterative_nodes(const std::string& algorithm, const core::Topology& t,
                                     const core::LoadVector& loads,
                                     const core::IterativeOptions& options,
                                     IterativeTransport& transport,
                                     const std::atomic<bool>* cancel) {
  // The set-up every node is handed (parameter, colouring, predicted rate): the central function
  // with no sweeps computes exactly that.
  core::IterativeOptions setup = options;
  setup.max_sweeps = 0;
  setup.termination = false;
  NodeIterativeRun out;
  core::IterativeResult& r = out.result;
  Shared sh;
  if (algorithm == "gde") {
    r = core::gde(t, loads, setup);
    sh.alg = Alg::Gde;
  } else if (algorithm == "diffusion") {
    r = core::diffusion(t, loads, setup);
    sh.alg = Alg::Diffusion;
  } else if (algorithm == "gradient") {
    r = core::gradient(t, loads, setup);
    sh.alg = Alg::Gradient;
  } else {
    throw std::invalid_argument("no node program for algorithm \"" + algorithm + "\"");
  }
  const int n = t.size();
  sh.model = options.model;
  sh.parameter = r.parameter;
  sh.max_sweeps = options.max_sweeps;
  sh.termination = options.termination;
  sh.record_flows = options.record_flows;
  sh.average = n == 0 ? 0 : static_cast<double>(core::total_load(loads)) / n;
  sh.threshold = core::gradient_threshold(loads, options);
  bool regular = true;
  for (int v = 1; v < n; ++v) regular = regular && t.degree(v) == t.degree(0);
  sh.per_edge = sh.alg == Alg::Diffusion && options.averaging && !regular;
  sh.colours = std::max(1, r.colouring.colours);
  const bool real = options.model == IterativeModel::Real;
  switch (sh.alg) {
    case Alg::Diffusion:
      sh.period = real ? 1 : 2;
      break;
    case Alg::Gde:
      sh.period = real ? sh.colours : 2 * sh.colours;
      break;
    case Alg::Gradient:
      sh.diameter = t.connected() ? t.diameter() : n;
      sh.period = sh.diameter + 2;
      break;
  }
  std::vector<double> initial(loads.begin(), loads.end());
  std::vector<core::DsNode> ds;
  const double threshold = options.stop.threshold(sh.average);
  if (options.termination) {
    int ecc = 0;
    ds = core::make_ds_nodes(t, initial, ecc);
    sh.ds.threshold = threshold;
    sh.ds.epsilon = threshold / 8;
    sh.ds.k = options.termination_k;
    sh.ds.eccentricity = ecc;
  }
  std::vector<IterNode> nodes(static_cast<std::size_t>(n));
  const std::vector<core::Edge> edges = t.edges();
  for (int v = 0; v < n; ++v) {
    IterNode& node = nodes[static_cast<std::size_t>(v)];
    node.sh = &sh;
    node.w = initial[static_cast<std::size_t>(v)];
    node.flow.assign(static_cast<std::size_t>(t.degree(v)), 0.0);
    if (sh.alg == Alg::Gde) node.partner.assign(static_cast<std::size_t>(sh.colours), -1);
    if (sh.per_edge)
      for (int j : t.neighbours(v))
        node.degree_alpha.push_back(core::averaging_alpha(t.degree(v), t.degree(j)));
    if (options.termination) node.ds = ds[static_cast<std::size_t>(v)];
  }
  if (sh.alg == Alg::Gde)
    for (std::size_t e = 0; e < edges.size(); ++e) {
      const int col = r.colouring.colour[e];
      nodes[static_cast<std::size_t>(edges[e].a)].partner[static_cast<std::size_t>(col)] =
          edges[e].b;
      nodes[static_cast<std::size_t>(edges[e].b)].partner[static_cast<std::size_t>(col)] =
          edges[e].a;
    }
  NodeArray<IterNode> programs(std::move(nodes));
  transport.start(t, programs);
  const int lo = transport.lo(), hi = transport.hi();

  // The driver: history after every sweep, and (without termination) the stop-rule aggregator.
  // It reads only this process's nodes; whatever it decides comes from collective results, so
  // every process takes the same branches (and makes the same collective calls).
  std::vector<double> block(static_cast<std::size_t>(hi - lo));
  auto read_block = [&] {
    bool moved = false;
    for (int v = lo; v < hi; ++v) {
      const IterNode& node = programs.node(v);
      block[static_cast<std::size_t>(v - lo)] = node.w;
      moved = moved || node.last_moved;
    }
    return moved;
  };
  read_block();
  const SweepSpread at_start = transport.spread(block, false);
  r.initial_max_minus_min = at_start.max_minus_min;
  r.initial_std_dev = at_start.std_dev;
  bool met = r.initial_max_minus_min < threshold;
  r.stop_rule_met = met;
  r.sweeps = 0;
  r.stalled = false;
  r.history_max_minus_min.clear();
  r.history_std_dev.clear();
  r.termination = {};
  if (options.termination) {
    r.termination.enabled = true;
    r.termination.epsilon = sh.ds.epsilon;
    r.termination.k = sh.ds.k;
  }
  auto stop_all = [&] {
    for (int v = lo; v < hi; ++v) programs.node(v).stop = true;
  };
  if ((!options.termination && met) || options.max_sweeps == 0) stop_all();
  int recorded = 0;
  while (!transport.finished()) {
    if (cancel && transport.any(cancel->load())) {
      out.status = RunStatus::Cancelled;
      break;
    }
    transport.step();
    // Every node completes its sweeps in lockstep (the stop flag and Dijkstra-Scholten's stop
    // sweep reach all nodes for the same sweep), so any node of the block tells them all.
    const int done = hi > lo ? programs.node(lo).done : 0;
    if (done == recorded) continue;
    recorded = done;
    const bool moved = read_block();
    const SweepSpread s = transport.spread(block, moved);
    r.history_max_minus_min.push_back(s.max_minus_min);
    r.history_std_dev.push_back(s.std_dev);
    if (!met && s.max_minus_min < threshold) {
      met = true;
      r.stop_rule_met = true;
      r.sweeps = done;
    }
    if (!options.termination && (met || !s.any_moved)) {
      if (!s.any_moved && !met) r.stalled = true;
      stop_all();
    }
  }
  r.sweeps_run = recorded;
  if (!met) r.sweeps = recorded;
  read_block();
  r.final_loads = transport.concat(std::span<const double>(block));
  if (options.termination && n > 0) {
    std::int64_t root[2] = {0, 0};  // node 0: detected, detected at sweep
    if (lo == 0) {
      root[0] = programs.node(0).ds.detected ? 1 : 0;
      root[1] = programs.node(0).ds.detected_at;
    }
    transport.broadcast_from_node0(root);
    r.termination.detected = root[0] != 0;
    r.termination.detected_at_sweep = static_cast<int>(root[1]);
    r.termination.stopped_at_sweep = r.termination.detected ? recorded : -1;
    std::int64_t control = 0;
    for (int v = lo; v < hi; ++v) control += programs.node(v).control_sent;
    r.termination.control_messages = transport.sum(control);
  }
  // Per-edge flows (kept by each edge's lower endpoint, so the blocks' lists in node order are the
  // edges in order) and the tasks model's moves.
  r.edge_flow.clear();
  r.transfers.clear();
  r.transfers_truncated = false;
  if (options.record_flows) {
    std::vector<double> mine;
    for (int a = lo; a < hi; ++a) {
      const auto nb = t.neighbours(a);
      for (std::size_t k = 0; k < nb.size(); ++k)
        if (nb[k] > a) mine.push_back(programs.node(a).flow[k]);
    }
    r.edge_flow = transport.concat(std::span<const double>(mine));
    if (r.edge_flow.size() != edges.size())
      throw std::logic_error("iterative nodes: edge flows lost");
  }
  if (!real) {
    std::vector<std::int64_t> mine;  // step, from, to, count per move
    for (int v = lo; v < hi; ++v)
      for (const SentMove& m : programs.node(v).moves)
        mine.insert(mine.end(), {m.step, v, m.to, m.count});
    const std::vector<std::int64_t> all = transport.concat(std::span<const std::int64_t>(mine));
    r.transfers.reserve(all.size() / 4);
    for (std::size_t i = 0; i + 3 < all.size(); i += 4)
      r.transfers.push_back({static_cast<int>(all[i]), static_cast<int>(all[i + 1]),
                             static_cast<int>(all[i + 2]), all[i + 3]});
    std::stable_sort(r.transfers.begin(), r.transfers.end(), [](const auto& a, const auto& b) {
      return std::tie(a.step, a.from, a.to) < std::tie(b.step, b.from, b.to);
    });
    if (r.transfers.size() > core::IterativeLimits::max_recorded_transfers) {
      r.transfers.resize(core::IterativeLimits::max_recorded_transfers);
      r.transfers_truncated = true;
    }
  }
  if (sh.alg == Alg::Gradient && n > 0) {
    std::vector<std::int64_t> mine;
    for (int v = lo; v < hi; ++v) mine.push_back(programs.node(v).first_pressure);
    const std::vector<std::int64_t> all = transport.concat(std::span<const std::int64_t>(mine));
    r.pressure.assign(all.begin(), all.end());
  }
  r.measured_rate = core::measured_rate(r.history_max_minus_min, r.initial_max_minus_min);
  out.supersteps = transport.supersteps();
  out.messages = transport.messages();
  return out;
}

}  // namespace loadlab::sim
