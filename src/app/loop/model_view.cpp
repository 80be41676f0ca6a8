#include "app/loop/model_view.h"

namespace loadlab::app {

LoopViewModel loop_view_model(const AppState& st) {
  LoopViewModel m;
  if (const auto* sc = dynamic_cast<const io::LoopScenario*>(st.parsed.get())) {
    m.n = sc->params.iterations;
    m.p = sc->params.processors;
    m.overhead = sc->machine.overhead;
    m.chunk_size = sc->params.chunk_size;
    m.block_size = sc->params.block_size;
    m.min_chunk = sc->params.min_chunk;
    m.tapering_alpha = sc->params.tapering_alpha;
  }
  for (const auto& r : st.typed_results) {
    auto lr = std::dynamic_pointer_cast<const io::LoopRunResult>(r);
    if (!lr || lr->failed() || !lr->technique) continue;  // a failure's row is in the results table
    LoopTechniqueData t;
    t.result = lr;
    t.name = lr->technique->name;
    t.title = lr->technique->title;
    t.formula = lr->technique->formula;
    t.source = lr->technique->source;
    const core::LoopRunResult& run = lr->run;
    t.parallel_time = run.parallel_time;
    t.imbalance = run.percent_imbalance;
    t.cov = run.cov;
    t.num_chunks = run.num_chunks;
    t.syncs = run.synchronizations;
    t.verified = lr->verified;
    t.truncated = run.num_chunks > static_cast<std::int64_t>(run.chunks.size());
    if (!run.finish.empty()) {
      for (double f : run.finish) t.mean_finish += f;
      t.mean_finish /= static_cast<double>(run.finish.size());
    }
    m.mu = lr->mean_cost;
    m.sd = lr->sd_cost;
    m.tech.push_back(std::move(t));
  }
  return m;
}

}  // namespace loadlab::app
