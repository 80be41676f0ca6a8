// The same loop under OpenMP schedule(static), schedule(dynamic,k) and schedule(guided) (libgomp),
// for comparison with LoadLab's executors. Compiled with -fopenmp natively; a stub otherwise.
#include "cli/bench_openmp.h"

#include <chrono>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace loadlab::cli {

nlohmann::json bench_openmp_loop(const std::string& workload, std::int64_t n,
                                 const sim::LoopBody& body, int threads,
                                 std::int64_t dynamic_chunk) {
  nlohmann::json out = nlohmann::json::array();
#ifdef _OPENMP
  const int k = static_cast<int>(dynamic_chunk < 1 ? 1 : dynamic_chunk);
  for (int which = 0; which < 3; ++which) {
    double sum = 0;
    const auto t0 = std::chrono::steady_clock::now();
    // The schedule kind must be a compile-time clause, hence three loops.
    if (which == 0) {
#pragma omp parallel for schedule(static) num_threads(threads) reduction(+ : sum)
      for (std::int64_t i = 0; i < n; ++i) sum += body(i, omp_get_thread_num());
    } else if (which == 1) {
#pragma omp parallel for schedule(dynamic, k) num_threads(threads) reduction(+ : sum)
      for (std::int64_t i = 0; i < n; ++i) sum += body(i, omp_get_thread_num());
    } else {
#pragma omp parallel for schedule(guided) num_threads(threads) reduction(+ : sum)
      for (std::int64_t i = 0; i < n; ++i) sum += body(i, omp_get_thread_num());
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const char* names[] = {"omp_static", "omp_dynamic", "omp_guided"};
    nlohmann::json rec = {{"name", "loops/" + workload + "/" + names[which]},
                          {"seconds", s},
                          {"threads", threads},
                          {"checksum", sum}};
    if (which == 1) rec["chunk"] = k;
    out.push_back(std::move(rec));
  }
#else
  (void)workload, (void)n, (void)body, (void)threads, (void)dynamic_chunk;
#endif
  return out;
}

}  // namespace loadlab::cli
