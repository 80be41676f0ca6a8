// run_iterative_mpi: sim's iterative node programs and driver on MpiBspEngine, with the driver's
// collectives (sim::IterativeTransport) over MPI.
#include "mpi/mpi_iterative.h"

#include <climits>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <vector>

#include "mpi/mpi_engine.h"

namespace loadlab::mpi {

namespace {

constexpr int kRoot = 0;  // owns node 0 (blocks start at 0 and increase with the rank)

template <class T>
MPI_Datatype mpi_type();
template <>
MPI_Datatype mpi_type<double>() {
  return MPI_DOUBLE;
}
template <>
MPI_Datatype mpi_type<std::int64_t>() {
  return MPI_INT64_T;
}

int checked_count(std::size_t n) {
  if (n > static_cast<std::size_t>(INT_MAX))
    throw std::runtime_error("MPI transport: more than 2^31 values from one rank");
  return static_cast<int>(n);
}

class MpiIterativeTransport final : public sim::IterativeTransport {
 public:
  explicit MpiIterativeTransport(MPI_Comm comm) : comm_(comm) {
    MPI_Comm_rank(comm, &rank_);
    MPI_Comm_size(comm, &ranks_);
  }

  void start(const core::Topology& topology, sim::NodePrograms& programs) override {
    engine_ = std::make_unique<MpiBspEngine>(comm_, topology, programs, /*record_trace=*/false);
    n_ = topology.size();
    spread_block_ = core::spread_block(topology);
    MPI_Barrier(comm_);
    t0_ = MPI_Wtime();
  }
  bool finished() const override { return engine_->finished(); }
  void step() override { engine_->step(); }
  int lo() const override { return engine_->lo(); }
  int hi() const override { return engine_->hi(); }
  std::int64_t supersteps() const override { return engine_->supersteps(); }
  std::int64_t messages() const override { return engine_->messages(); }

  bool any(bool mine) override {
    int in = mine ? 1 : 0, out = 0;
    MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_LOR, comm_);
    return out != 0;
  }

  // The history has to be core::load_spread's blocked sums over all N loads in node order, so the
  // loads meet on the root (one MPI_Gatherv, each block followed by its "moved" flag) and the root
  // broadcasts the three numbers: N doubles cross ranks per sweep, not K·N as with an allgather.
  sim::SweepSpread spread(const std::vector<double>& block, bool moved) override {
    const std::vector<int>& b = engine_->bounds();
    send_.assign(block.begin(), block.end());
    send_.push_back(moved ? 1.0 : 0.0);
    if (rank_ == kRoot) {
      counts_.resize(static_cast<std::size_t>(ranks_));
      displs_.resize(static_cast<std::size_t>(ranks_));
      for (int r = 0; r < ranks_; ++r) {
        const auto i = static_cast<std::size_t>(r);
        counts_[i] = b[i + 1] - b[i] + 1;
        displs_[i] = b[i] + r;
      }
      recv_.resize(static_cast<std::size_t>(n_ + ranks_));
    } else {
      driver_bytes_ += static_cast<std::int64_t>(8 * send_.size());
    }
    MPI_Gatherv(send_.data(), checked_count(send_.size()), MPI_DOUBLE, recv_.data(), counts_.data(),
                displs_.data(), MPI_DOUBLE, kRoot, comm_);
    double summary[3] = {0, 0, 0};
    if (rank_ == kRoot) {
      all_.resize(static_cast<std::size_t>(n_));
      bool any_moved = false;
      for (int r = 0; r < ranks_; ++r) {
        const auto i = static_cast<std::size_t>(r);
        const auto len = static_cast<std::size_t>(b[i + 1] - b[i]);
        const double* chunk = recv_.data() + displs_[i];
        std::memcpy(all_.data() + b[i], chunk, len * sizeof(double));
        any_moved = any_moved || chunk[len] != 0;
      }
      core::load_spread(all_, spread_block_, summary[0], summary[1]);
      summary[2] = any_moved ? 1 : 0;
      driver_bytes_ += static_cast<std::int64_t>(sizeof summary) * (ranks_ - 1);
    }
    MPI_Bcast(summary, 3, MPI_DOUBLE, kRoot, comm_);
    return {summary[0], summary[1], summary[2] != 0};
  }

  std::vector<double> concat(std::span<const double> mine) override { return allgather(mine); }
  std::vector<std::int64_t> concat(std::span<const std::int64_t> mine) override {
    return allgather(mine);
  }

  std::int64_t sum(std::int64_t mine) override {
    std::int64_t out = 0;
    MPI_Allreduce(&mine, &out, 1, MPI_INT64_T, MPI_SUM, comm_);
    return out;
  }

  void broadcast_from_node0(std::span<std::int64_t> data) override {
    if (rank_ == kRoot) driver_bytes_ += static_cast<std::int64_t>(8 * data.size()) * (ranks_ - 1);
    MPI_Bcast(data.data(), checked_count(data.size()), MPI_INT64_T, kRoot, comm_);
  }

  const MpiBspEngine& engine() const { return *engine_; }
  double t0() const { return t0_; }
  std::int64_t driver_bytes() const { return driver_bytes_; }

 private:
  template <class T>
  std::vector<T> allgather(std::span<const T> mine) {
    int count = checked_count(mine.size());
    std::vector<int> counts(static_cast<std::size_t>(ranks_)),
        displs(static_cast<std::size_t>(ranks_));
    MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, comm_);
    std::int64_t total = 0;
    for (int r = 0; r < ranks_; ++r) {
      displs[static_cast<std::size_t>(r)] = static_cast<int>(total);
      total += counts[static_cast<std::size_t>(r)];
      if (total > INT_MAX)
        throw std::runtime_error("MPI transport: more than 2^31 values in total");
    }
    std::vector<T> all(static_cast<std::size_t>(total));
    T dummy{};
    MPI_Allgatherv(mine.empty() ? &dummy : mine.data(), count, mpi_type<T>(),
                   all.empty() ? &dummy : all.data(), counts.data(), displs.data(), mpi_type<T>(),
                   comm_);
    driver_bytes_ += static_cast<std::int64_t>(sizeof(T)) * count * (ranks_ - 1);
    return all;
  }

  MPI_Comm comm_;
  int rank_ = 0, ranks_ = 1, n_ = 0;
  std::size_t spread_block_ = 1024;
  std::unique_ptr<MpiBspEngine> engine_;
  std::vector<double> send_, recv_, all_;
  std::vector<int> counts_, displs_;
  double t0_ = 0;
  std::int64_t driver_bytes_ = 0;
};

}  // namespace

sim::NodeIterativeRun run_iterative_mpi(MPI_Comm comm, const std::string& algorithm,
                                        const core::Topology& topology,
                                        const core::LoadVector& loads,
                                        const core::IterativeOptions& options, MpiRunInfo* info) {
  MpiIterativeTransport transport(comm);
  sim::NodeIterativeRun run =
      sim::run_iterative_nodes(algorithm, topology, loads, options, transport);
  const double local_seconds = MPI_Wtime() - transport.t0();
  // Collectives run on every rank whether or not it asked for `info`.
  const CrossTraffic cross = transport.engine().total_cross_traffic();
  double seconds = 0;
  MPI_Allreduce(&local_seconds, &seconds, 1, MPI_DOUBLE, MPI_MAX, comm);
  std::int64_t local_driver = transport.driver_bytes(), driver = 0;
  MPI_Allreduce(&local_driver, &driver, 1, MPI_INT64_T, MPI_SUM, comm);
  int ranks = 1;
  MPI_Comm_size(comm, &ranks);
  if (info) *info = {ranks, cross, seconds, transport.engine().executed_supersteps(), driver};
  return run;
}

}  // namespace loadlab::mpi
