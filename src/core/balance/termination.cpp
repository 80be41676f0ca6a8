// Dijkstra-Scholten termination detection. Paper: ../shared/seeds/003_6046837c8e4c81af.txt,
// "Termination Detection" (see termination.h for the details we had to add).
#include "core/balance/termination.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace loadlab::core {

void DsNode::after_sweep(int sweep, double load, std::span<const DsMessage> inbox,
                         std::vector<DsMessage>& out, const DsConfig& cfg) {
  auto send = [&](int to, int kind, double lo, double hi, int stop) {
    DsMessage m;
    m.from = id;
    m.to = to;
    m.kind = kind;
    m.lo = lo;
    m.hi = hi;
    m.stop_at = stop;
    out.push_back(m);
  };
  for (const DsMessage& m : inbox) {
    if (m.kind == DsMessage::Attach) {
      ++engaged;
      if (!in_tree) {
        in_tree = true;
        if (parent >= 0) send(parent, DsMessage::Attach, 0, 0, -1);
      }
    } else if (m.kind == DsMessage::Detach) {
      --engaged;
      const auto it = std::lower_bound(children.begin(), children.end(), m.from);
      const auto i = static_cast<std::size_t>(it - children.begin());
      child_lo[i] = m.lo;
      child_hi[i] = m.hi;
    } else if (stop_at < 0) {
      stop_at = m.stop_at;
      for (int c : children) send(c, DsMessage::Stop, 0, 0, stop_at);
    }
  }
  if (std::abs(load - ref) <= cfg.epsilon) {
    ++stable;
  } else {
    stable = 0;
    ref = load;
  }
  const bool passive = stable >= cfg.k;
  if (!in_tree && !passive) {
    in_tree = true;
    send(parent, DsMessage::Attach, 0, 0, -1);
  }
  if (in_tree && passive && engaged == 0 && stop_at < 0) {
    double lo = ref, hi = ref;
    for (std::size_t i = 0; i < children.size(); ++i) {
      lo = std::min(lo, child_lo[i]);
      hi = std::max(hi, child_hi[i]);
    }
    if (parent >= 0) {
      send(parent, DsMessage::Detach, lo, hi, -1);
      in_tree = false;
    } else if ((hi - lo) + 2 * cfg.epsilon < cfg.threshold) {
      detected = true;
      detected_at = sweep;
      stop_at = sweep + cfg.eccentricity;
      for (int c : children) send(c, DsMessage::Stop, 0, 0, stop_at);
    }
  }
}

std::vector<DsNode> make_ds_nodes(const Topology& topology, const std::vector<double>& initial,
                                  int& eccentricity) {
  const int n = topology.size();
  const std::vector<int> dist = topology.distances_from(0);
  std::vector<DsNode> nodes(static_cast<std::size_t>(n));
  eccentricity = 0;
  for (int v = 0; v < n; ++v) {
    if (dist[static_cast<std::size_t>(v)] < 0)
      throw std::invalid_argument("termination detection needs a connected topology");
    eccentricity = std::max(eccentricity, dist[static_cast<std::size_t>(v)]);
    DsNode& node = nodes[static_cast<std::size_t>(v)];
    node.id = v;
    node.ref = initial[static_cast<std::size_t>(v)];
  }
  for (int v = 1; v < n; ++v) {
    for (int u : topology.neighbours(v))  // ascending: the lowest-numbered closer neighbour
      if (dist[static_cast<std::size_t>(u)] == dist[static_cast<std::size_t>(v)] - 1) {
        nodes[static_cast<std::size_t>(v)].parent = u;
        nodes[static_cast<std::size_t>(u)].children.push_back(v);
        break;
      }
  }
  for (DsNode& node : nodes) {
    node.engaged = static_cast<int>(node.children.size());
    node.child_lo.assign(node.children.size(), 0);
    node.child_hi.assign(node.children.size(), 0);
  }
  return nodes;
}

DsMonitor::DsMonitor(const Topology& topology, const std::vector<double>& initial, double threshold,
                     int k) {
  int ecc = 0;
  nodes_ = make_ds_nodes(topology, initial, ecc);
  config_.threshold = threshold;
  config_.epsilon = threshold / 8;
  config_.k = k;
  config_.eccentricity = ecc;
  inbox_.resize(nodes_.size());
}

bool DsMonitor::after_sweep(int sweep, const std::vector<double>& loads) {
  std::vector<std::vector<DsMessage>> next(nodes_.size());
  std::vector<DsMessage> out;
  for (std::size_t v = 0; v < nodes_.size(); ++v) {
    out.clear();
    nodes_[v].after_sweep(sweep, loads[v], inbox_[v], out, config_);
    messages_ += static_cast<std::int64_t>(out.size());
    for (const DsMessage& m : out) next[static_cast<std::size_t>(m.to)].push_back(m);
  }
  inbox_ = std::move(next);  // senders were visited in id order: each inbox is in sender order
  return nodes_[0].stop_at >= 0 && sweep >= nodes_[0].stop_at;
}

}  // namespace loadlab::core
