#include "app/dlt/model_view.h"

#include "core/dlt/registry.h"

namespace loadlab::app {

DltViewModel dlt_view_model(const AppState& st) {
  DltViewModel m;
  if (const auto* sc = dynamic_cast<const io::DltScenario*>(st.parsed.get())) {
    m.dim = sc->params.dim;
    m.E = sc->params.E;
    m.C = sc->params.C;
    m.load = sc->params.load;
    m.buffer = sc->buffer;
    m.granularity = sc->granularity;
  }
  for (const auto& r : st.typed_results) {
    auto dr = std::dynamic_pointer_cast<const io::DltRunResult>(r);
    if (!dr || dr->failed()) continue;  // its row in the results table shows why
    const core::DltResult& cr = dr->result;
    const core::DltSchedule& s = cr.schedule;
    DltViewResult d;
    d.result = dr;
    d.name = dr->algorithm;
    d.feasible = cr.feasible();
    d.verified = dr->verified;
    d.status = core::dlt_status_name(cr.status);
    (d.feasible ? d.note : d.error) = cr.message;
    if (d.feasible) {
      d.finish_time = s.finish_time;
      d.last_layer = s.last_layer;
      for (int i = 0; i <= s.last_layer && i < static_cast<int>(s.timing.size()); ++i) {
        const core::LayerTiming& t = s.timing[static_cast<std::size_t>(i)];
        d.timing.push_back({i,
                            static_cast<long long>(s.processors[static_cast<std::size_t>(i)]),
                            {t.receive_start, t.receive_end},
                            {t.compute_start, t.compute_end},
                            {t.forward_start, t.forward_end}});
      }
    }
    d.alpha = s.alpha;
    d.received = s.received;
    d.per_processor = s.load_per_processor;
    d.per_layer = s.load_per_layer;
    for (double n : s.processors) d.processors.push_back(static_cast<long long>(n));
    if (const core::DltAlgorithm* a = core::find_dlt_algorithm(d.name)) {
      if (a->needs_buffer) d.steps = cr.iterations;
      if (a->needs_granularity) d.trials = cr.trials;
      d.trials_check_buffers = a->needs_buffer;
    }
    m.res.push_back(std::move(d));
  }
  return m;
}

}  // namespace loadlab::app
