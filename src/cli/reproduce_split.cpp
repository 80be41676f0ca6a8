#include "cli/reproduce_split.h"

#include <cstdint>
#include <cstring>
#include <stdexcept>

namespace loadlab::cli {

namespace {

// Raw bytes: the gathered parts come from the same executable on the same kind of machine, and
// doubles must come back bit for bit (the printed sums and CSV digits depend on every bit).
template <class T>
void append(std::string& bytes, T x) {
  bytes.append(reinterpret_cast<const char*>(&x), sizeof x);
}

template <class T>
T take(const std::string& bytes, std::size_t& at) {
  if (bytes.size() < at + sizeof(T)) throw std::runtime_error("reproduce: short partial result");
  T x;
  std::memcpy(&x, bytes.data() + at, sizeof x);
  at += sizeof x;
  return x;
}

}  // namespace

void RunRecord::put(double x) {
  append(bytes_, x);
}

void RunRecord::put_text(const std::string& s) {
  append(bytes_, static_cast<std::uint64_t>(s.size()));
  bytes_ += s;
}

double RunRecord::number() {
  return blank_ ? 0.0 : take<double>(bytes_, at_);
}

std::string RunRecord::text() {
  if (blank_) return {};
  const auto size = static_cast<std::size_t>(take<std::uint64_t>(bytes_, at_));
  if (bytes_.size() < at_ + size) throw std::runtime_error("reproduce: short partial result");
  std::string s = bytes_.substr(at_, size);
  at_ += size;
  return s;
}

RunRecord SplitRuns::next(const std::function<void(RunRecord&)>& compute) {
  const std::size_t u = index_++;
  RunRecord r;
  if (replay_) {
    const std::size_t p = u % parts_.size();
    const auto size = static_cast<std::size_t>(take<std::uint64_t>(parts_[p], at_[p]));
    if (parts_[p].size() < at_[p] + size)
      throw std::runtime_error("reproduce: short partial result");
    r.bytes_ = parts_[p].substr(at_[p], size);
    at_[p] += size;
    return r;
  }
  if (u % std::size_t(opts_.parts) != std::size_t(opts_.part)) {
    r.blank_ = true;
    return r;
  }
  compute(r);
  if (opts_.gather) {
    append(mine_, static_cast<std::uint64_t>(r.bytes_.size()));
    mine_ += r.bytes_;
  }
  return r;
}

int run_split(const ReproduceOptions& opts, std::ostream& out,
              const std::function<int(const ReproduceOptions&, SplitRuns&, std::ostream&)>& pass) {
  SplitRuns runs(opts);
  if (!opts.gather) return pass(opts, runs, out);
  ReproduceOptions quiet = opts;
  quiet.csv_dir.clear();
  std::ostream nowhere(nullptr);  // no buffer: every write is dropped
  pass(quiet, runs, nowhere);
  runs.parts_ = opts.gather(runs.mine_);
  if (opts.part != 0) return 0;
  const std::size_t count = runs.index_;
  runs.at_.assign(runs.parts_.size(), 0);
  runs.replay_ = true;
  runs.index_ = 0;
  const int rc = pass(opts, runs, out);
  // The passes must ask for the same runs in the same order, or numbers land in the wrong cells.
  bool used = runs.index_ == count;
  for (std::size_t p = 0; p < runs.parts_.size(); ++p)
    used = used && runs.at_[p] == runs.parts_[p].size();
  if (!used) throw std::runtime_error("reproduce: the two passes asked for different runs");
  return rc;
}

}  // namespace loadlab::cli
