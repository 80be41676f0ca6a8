// `loadlab explain`: the narration of a scenario's run (io/explain.h), as text or JSON.
#include "cli/explain_command.h"

#include <algorithm>
#include <filesystem>

#include "io/explain.h"
#include "io/scenario.h"
#include "io/text_files.h"

namespace loadlab::cli {

const char* const kExplainHelp =
    "Prints, for each algorithm of the scenario (or the one named by --algorithm), the source it\n"
    "follows, its pseudo-code and one line per step, \"step k: caption\": what the step does and\n"
    "why, with the step's own numbers. Step k is the step the playground shows at k on its step\n"
    "slider. With --step K only that caption is printed and its pseudo-code line is marked '>'.\n"
    "Exit status: 0 printed, 2 bad input (the scenario, an algorithm that is not in it, a step "
    "out\n"
    "of range, a kind that narrates nothing yet), 3 an algorithm failed at run time.\n"
    "Examples:\n"
    "  loadlab preset wu_example1 > ex1.json && loadlab explain ex1.json --algorithm twa\n"
    "  loadlab explain ex1.json --algorithm twa --step 1\n"
    "  loadlab explain ex1.json --json";

namespace {

constexpr int kExplainBadInput = 2;
constexpr int kExplainAlgorithmFailed = 3;

std::string explain_names(const io::TypedScenario& sc) {
  std::string s;
  for (const auto& a : sc.algorithms) s += (s.empty() ? "" : ", ") + a;
  return s;
}

void explain_print_text(const core::Narration& n, int step, std::ostream& out) {
  out << n.algorithm << ": " << n.citation << "\n";
  const int lit = step >= 0 ? n.steps[static_cast<std::size_t>(step)].line : -1;
  out << "pseudo-code:\n";
  for (std::size_t i = 0; i < n.pseudocode.size(); ++i)
    out << (static_cast<int>(i) == lit ? "  > " : "    ") << n.pseudocode[i] << "\n";
  for (std::size_t k = 0; k < n.steps.size(); ++k)
    if (step < 0 || static_cast<int>(k) == step)
      out << "step " << k << ": " << n.steps[k].text << "\n";
}

}  // namespace

int explain_command(const ExplainOptions& o, std::ostream& out, std::ostream& err) {
  if (o.step_given && o.step < 0) {
    err << "loadlab: --step: a step number is 0 or more (got " << o.step << ")\n";
    return kExplainBadInput;
  }
  const int step = o.step_given ? o.step : -1;
  io::RunContext ctx;
  ctx.base_dir = o.scenario == "-" ? std::filesystem::current_path()
                                   : std::filesystem::absolute(o.scenario).parent_path();
  const io::ScenarioPtr sc = io::parse_scenario_text(io::read_document(o.scenario), ctx);
  if (!io::kind_narrates(*sc)) {
    err << "loadlab: explain: scenarios of kind '" << sc->kind
        << "' have no step-by-step narration yet\n";
    return kExplainBadInput;
  }
  if (!o.algorithm.empty() && std::find(sc->algorithms.begin(), sc->algorithms.end(),
                                        o.algorithm) == sc->algorithms.end()) {
    err << "loadlab: --algorithm: '" << o.algorithm
        << "' is not an algorithm of this scenario (it runs " << explain_names(*sc) << ")\n";
    return kExplainBadInput;
  }
  const auto results = io::run_parsed(*sc, ctx);
  io::Json all = io::Json::array();
  int failed = 0;
  bool first = true;
  for (const auto& r : results) {
    if (!o.algorithm.empty() && r->algorithm != o.algorithm) continue;
    if (r->failed()) {
      err << "loadlab: algorithm '" << r->algorithm << "' failed: " << r->failure->field << ": "
          << r->failure->message << "\n";
      ++failed;
      continue;
    }
    const auto n = io::explain_result(*sc, *r);
    if (!n) continue;
    const int last = static_cast<int>(n->steps.size()) - 1;
    if (step > last) {
      err << "loadlab: --step: " << step << " is out of range: " << r->algorithm << " has steps 0.."
          << last << "\n";
      return kExplainBadInput;
    }
    if (o.json) {
      io::Json j = io::narration_json(*n);
      if (step >= 0) j["steps"] = io::Json::array({j["steps"][step]});
      all.push_back(std::move(j));
    } else {
      if (!first) out << "\n";
      explain_print_text(*n, step, out);
    }
    first = false;
  }
  if (o.json) out << all.dump(2) << "\n";
  return failed > 0 ? kExplainAlgorithmFailed : 0;
}

}  // namespace loadlab::cli
