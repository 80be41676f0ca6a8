// pool_allocation: space sharing where it matters which processors a job gets.
//
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 4.4: Zhou and Brecht's processor pools
// for large NUMA machines ("an application is given a set of processors that usually reside in the
// same pool, unless there are significant performance advantages for an application to span
// multiple pools"), and subcube allocation on hypercubes ("if an application is given a set of
// processors that are not connected in a sub-cube, the application will experience severe
// performance degradation").
//
// Jobs start first come, first served (the first waiting job blocks the others) with one processor
// per thread. params.placement picks the processors: "pools" (inside one pool of params.pool_size
// consecutive processors when it fits, best fit; else over the pools with the most free
// processors), "subcube" (the lowest aligned free block of 2^ceil(log2 threads) processors: the
// buddy rule; P must be a power of two; the block's unused part is held idle), "scattered" (the
// lowest free processors). A job is local when its processors lie in one pool, or always under
// "subcube"; a job that is not runs 1 + costs.remote times slower (time lost: remote_access).
#include <algorithm>
#include <deque>
#include <vector>

#include "core/os/policies.h"

namespace loadlab::core::os_detail {

namespace {

class PoolAllocation final : public Policy {
 public:
  PoolAllocation(const OsParams& p, const OsCosts& c) : prm_(p), remote_(c.remote) {}

  void on_arrival(Engine& e, std::int32_t j) override {
    if (free_.empty() && held_.empty()) {
      free_.assign(static_cast<std::size_t>(e.processors()), true);
      held_.resize(e.job_count());
    }
    waiting_.push_back(j);
    try_start(e);
  }
  void on_idle(Engine&, std::int32_t) override {}
  void on_slice_end(Engine& e, std::int32_t p) override { e.extend(p, kForever); }
  void on_job_done(Engine& e, std::int32_t j) override {
    for (const auto q : held_[static_cast<std::size_t>(j)])
      free_[static_cast<std::size_t>(q)] = true;
    held_[static_cast<std::size_t>(j)].clear();
    try_start(e);
  }

 private:
  int pool_of(int q) const { return q / std::max(1, prm_.pool_size); }

  // The processors for k threads (the first k of the result run them; the rest are held), or
  // nothing when the job must wait.
  std::vector<std::int32_t> place(int k) const {
    const int P = static_cast<int>(free_.size());
    std::vector<std::int32_t> out;
    int nfree = 0;
    for (bool f : free_) nfree += f ? 1 : 0;
    if (nfree < k) return out;
    switch (prm_.placement) {
      case OsPlacement::Scattered:
        for (int q = 0; q < P && static_cast<int>(out.size()) < k; ++q)
          if (free_[static_cast<std::size_t>(q)]) out.push_back(q);
        return out;
      case OsPlacement::Subcube: {
        int b = 1;
        while (b < k) b *= 2;
        for (int a = 0; a + b <= P; a += b) {
          bool all = true;
          for (int q = a; q < a + b && all; ++q) all = free_[static_cast<std::size_t>(q)];
          if (!all) continue;
          for (int q = a; q < a + b; ++q) out.push_back(q);
          return out;
        }
        return out;
      }
      case OsPlacement::Pools: {
        const int ps = std::max(1, prm_.pool_size);
        const int pools = (P + ps - 1) / ps;
        std::vector<int> fp(static_cast<std::size_t>(pools), 0);
        for (int q = 0; q < P; ++q)
          fp[static_cast<std::size_t>(pool_of(q))] += free_[static_cast<std::size_t>(q)] ? 1 : 0;
        int best = -1;
        for (int i = 0; i < pools; ++i)
          if (fp[static_cast<std::size_t>(i)] >= k &&
              (best < 0 || fp[static_cast<std::size_t>(i)] < fp[static_cast<std::size_t>(best)]))
            best = i;
        std::vector<int> order;
        if (best >= 0) {
          order.push_back(best);
        } else {
          for (int i = 0; i < pools; ++i) order.push_back(i);
          std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
            return fp[static_cast<std::size_t>(x)] > fp[static_cast<std::size_t>(y)];
          });
        }
        for (int i : order)
          for (int q = i * ps; q < std::min(P, (i + 1) * ps) && static_cast<int>(out.size()) < k;
               ++q)
            if (free_[static_cast<std::size_t>(q)]) out.push_back(q);
        return out;
      }
    }
    return out;
  }

  void try_start(Engine& e) {
    while (!waiting_.empty()) {
      const std::int32_t j = waiting_.front();
      const int k = std::min(e.job_spec(j).threads, e.processors());
      const auto procs = place(k);
      if (procs.empty()) return;  // first come, first served: the rest wait behind it
      waiting_.pop_front();
      bool local = prm_.placement == OsPlacement::Subcube;
      if (!local) {
        local = true;
        for (int s = 0; s < k; ++s)
          local = local && pool_of(procs[static_cast<std::size_t>(s)]) == pool_of(procs[0]);
      }
      e.set_remote(j, local ? 0.0 : remote_);
      e.start_job(j, k);
      held_[static_cast<std::size_t>(j)] = procs;
      for (const auto q : procs) free_[static_cast<std::size_t>(q)] = false;
      for (int s = 0; s < k; ++s)
        e.dispatch(procs[static_cast<std::size_t>(s)], e.thread_id(j, s), kForever);
    }
  }

  OsParams prm_;
  double remote_ = 0;
  std::vector<bool> free_;
  std::vector<std::vector<std::int32_t>> held_;  // per job: the processors it holds
  std::deque<std::int32_t> waiting_;
};

}  // namespace

std::unique_ptr<Policy> make_pool_allocation(const OsParams& p, const OsCosts& c) {
  return std::make_unique<PoolAllocation>(p, c);
}

}  // namespace loadlab::core::os_detail
