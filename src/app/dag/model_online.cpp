// The online facts the Steps tab and the test hook share (model_online.h).
#include "app/dag/model_online.h"

#include <algorithm>

#include "core/dag/online.h"

namespace loadlab::app {

std::string dag_offline_counterpart(std::string_view algorithm) {
  constexpr std::string_view prefix = "online_";
  if (algorithm.substr(0, prefix.size()) != prefix) return {};
  return std::string(algorithm.substr(prefix.size()));
}

io::Json dag_online_state_json(const io::DagRunResult& r, int step) {
  if (!r.online || !r.graph) return nullptr;
  const core::TaskGraph& g = *r.graph;
  const auto& arrivals = *r.online;
  const int steps = static_cast<int>(arrivals.size());
  const core::OnlineFrame f = core::online_frame(g, arrivals, std::clamp(step, 0, steps - 1));
  auto names = [&](const std::vector<core::TaskId>& ts) {
    io::Json a = io::Json::array();
    for (core::TaskId t : ts) a.push_back(g.name(t));
    return a;
  };
  io::Json j = {{"algorithm", r.algorithm},
                {"step", f.step},
                {"steps", steps},
                {"time", f.time},
                {"revealed", names(f.revealed)},
                {"placed", names(f.placed)},
                {"waiting", names(f.waiting)}};
  if (f.next_task >= 0) j["next"] = {{"task", g.name(f.next_task)}, {"released", f.next_release}};
  return j;
}

}  // namespace loadlab::app
