// `loadlab reproduce wu`: paper 000 (../shared/seeds/000_ace8fcde3218dd88.txt), Section 5.
//
// A printer over experiments::run_wu_experiments (src/experiments/wu_experiments.h), which the
// playground's experiment panel runs too. Sections: worked examples (Examples 1-4), Table I (DEM
// fully-balanced
// %), the data behind Fig 14 (normalized locality of DEM), Fig 15 (normalized communication cost of
// DEM and CWA on 4, 8, 16 nodes), Fig 16 (CWA on 64 and 256 nodes) and Fig 17 (MWA on 8..256-node
// meshes). The figures are missing from the text, so only our numbers are printed for them. Load
// distribution: ERRATA.md 000 "Table I" (N * avg tasks thrown onto uniformly random processors).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/text.h"
#include "experiments/wu_claims.h"
#include "experiments/wu_experiments.h"

namespace loadlab::cli {

namespace {

using experiments::ExperimentTable;

std::string pad_wu(const std::string& s, std::size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

std::string num(double x) {
  return std::to_string(static_cast<long long>(std::llround(x)));
}

// Cell (column `col`) of the row for (size index a, weight index b); rows are in size-major order.
double cell(const ExperimentTable& t, std::size_t a, std::size_t b, const char* col) {
  return t.rows.at(a * experiments::wu_average_weights().size() + b).at(std::size_t(t.column(col)));
}

void weight_header(std::ostream& out, const char* lead, std::size_t width) {
  out << lead;
  for (int avg : experiments::wu_average_weights())
    out << pad_wu("avg " + std::to_string(avg), width);
  out << "\n";
}

// Writes the table's CSV into opts.csv_dir (when given) and says where.
bool reproduce_wu_write_csv(const ReproduceOptions& opts, const ExperimentTable& t,
                            std::ostream& out) {
  if (opts.csv_dir.empty() || t.csv_name.empty()) return true;
  std::error_code ec;
  std::filesystem::create_directories(opts.csv_dir, ec);
  const std::filesystem::path path = std::filesystem::path(opts.csv_dir) / t.csv_name;
  std::ofstream f(path);
  f << experiments::experiment_csv(t);
  if (!f) {
    out << "error: cannot write " << path.string() << "\n";
    return false;
  }
  out << "  (CSV: " << path.string() << ")\n";
  return true;
}

void print_examples(const ExperimentTable& t, std::ostream& out) {
  out << t.title << "\n";
  std::size_t width = 0;
  for (const auto& l : t.row_labels) width = std::max(width, l.size());
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    const auto& r = t.rows[i];
    const std::string label = t.row_labels[i] + std::string(width - t.row_labels[i].size(), ' ');
    out << "  " << label << "  paper " << pad_wu(num(r[0]), 3) << "  ours " << pad_wu(num(r[1]), 3)
        << "  optimum " << pad_wu(num(r[2]), 3) << (r[0] == r[1] ? "" : "  MISMATCH") << "\n";
  }
  out << "\n";
}

void print_table1(const ExperimentTable& t, std::ostream& out) {
  out << "Table I: percentage of fully-balanced cases of DEM (" << t.cases << " cases per cell)\n"
      << "  load distribution: " << t.distribution << "\n"
      << "  " << t.note << "\n";
  weight_header(out, "  N   ", 16);
  for (std::size_t a = 0; a < experiments::wu_table_sizes().size(); ++a) {
    out << "  " << pad_wu(std::to_string(experiments::wu_table_sizes()[a]), 3) << " ";
    for (std::size_t b = 0; b < experiments::wu_average_weights().size(); ++b)
      out << pad_wu(printf_number("%.2f%%", cell(t, a, b, "paper_percent")) + " / " +
                        printf_number("%.1f%%", cell(t, a, b, "our_percent")),
                    16);
    out << "\n";
  }
}

void print_fig14(const ExperimentTable& t, std::ostream& out) {
  out << t.title << "\n"
      << "  averaged over DEM's fully balanced cases among " << t.cases << " (count in brackets)\n";
  weight_header(out, "  N   ", 14);
  for (std::size_t a = 0; a * experiments::wu_average_weights().size() < t.rows.size(); ++a) {
    out << "  " << pad_wu(std::to_string(experiments::wu_table_sizes()[a]), 3) << " ";
    for (std::size_t b = 0; b < experiments::wu_average_weights().size(); ++b) {
      const double v = cell(t, a, b, "normalized_locality");
      const std::string used = num(cell(t, a, b, "balanced_cases"));
      out << pad_wu(
          (std::isnan(v) ? std::string("-") : printf_number("%.3f", v)) + " [" + used + "]", 14);
    }
    out << "\n";
  }
}

void print_fig15(const ExperimentTable& t, std::ostream& out) {
  out << t.title << "\n  " << t.note << "\n";
  weight_header(out, "  N   ", 16);
  for (std::size_t a = 0; a * experiments::wu_average_weights().size() < t.rows.size(); ++a) {
    out << "  " << pad_wu(std::to_string(experiments::wu_table_sizes()[a]), 3) << " ";
    for (std::size_t b = 0; b < experiments::wu_average_weights().size(); ++b) {
      const double dv = cell(t, a, b, "dem_normalized_cost");
      const double cv = cell(t, a, b, "cwa_normalized_cost");
      out << pad_wu(std::isnan(dv) ? std::string("-")
                                   : printf_number("%.3f", dv) + " | " + printf_number("%.3f", cv),
                    16);
    }
    out << "\n";
  }
}

void print_cost_figure(const ExperimentTable& t, std::ostream& out) {
  const bool mesh = t.id == "fig17" || t.id == "kwa_tori";
  out << t.title << " (" << t.cases << " cases per point)\n  load distribution: " << t.distribution
      << "\n";
  weight_header(out, "  nodes       ", 9);
  const int value = t.column(t.id == "kwa_tori" ? "kwa_normalized_cost"
                             : mesh             ? "mwa_normalized_cost"
                                                : "cwa_normalized_cost");
  const std::size_t per_row = experiments::wu_average_weights().size();
  for (std::size_t first = 0; first < t.rows.size(); first += per_row) {
    const auto& r0 = t.rows[first];
    const std::string shape = mesh ? " (" + num(r0[1]) + "x" + num(r0[2]) + ")" : "";
    out << "  " << pad_wu(num(r0[0]), 4) << pad_wu(shape, 8) << "  ";
    for (std::size_t b = 0; b < per_row; ++b) {
      const double v = t.rows[first + b][std::size_t(value)];
      out << pad_wu(std::isnan(v) ? std::string("-") : printf_number("%.4f", v), 9);
    }
    out << "\n";
  }
}

// Splitting across processes (ReproduceOptions::part): every process returns tables of the same
// shape, so the rows travel as raw doubles in table order and row r of each table is taken from the
// process that computed it (r % parts, WuOptions::part).
std::string rows_bytes(const experiments::WuResults& res) {
  std::string bytes;
  for (const ExperimentTable& t : res.tables)
    for (const auto& row : t.rows)
      bytes.append(reinterpret_cast<const char*>(row.data()), row.size() * sizeof(double));
  return bytes;
}

void take_rows(experiments::WuResults& res, const std::vector<std::string>& parts) {
  std::size_t at = 0;  // byte offset, the same in every part
  for (ExperimentTable& t : res.tables)
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
      auto& row = t.rows[r];
      const std::string& from = parts.at(r % parts.size());
      const std::size_t size = row.size() * sizeof(double);
      if (from.size() < at + size) throw std::runtime_error("reproduce wu: short partial result");
      std::memcpy(row.data(), from.data() + at, size);
      at += size;
    }
}

}  // namespace

int reproduce_wu(const ReproduceOptions& opts, std::ostream& out) {
  // Table I and Figs 14-15 use 1000 cases per cell in the paper, Figs 16-17 use 100.
  experiments::WuOptions wo;
  wo.cases = std::max(1, opts.quick ? std::min(opts.cases, 50) : opts.cases);
  wo.fig_cases = std::max(1, opts.quick ? std::min(opts.cases, 10) : (opts.cases + 9) / 10);
  wo.seed = opts.seed;
  wo.part = opts.part;
  wo.parts = opts.parts;
  experiments::WuResults res = experiments::run_wu_experiments(wo);
  if (opts.gather) {
    const std::vector<std::string> parts = opts.gather(rows_bytes(res));
    if (opts.part != 0) return 0;
    take_rows(res, parts);
  }
  out << "M.-Y. Wu, On Runtime Parallel Scheduling for Processor Load Balancing, IEEE TPDS, 1997\n"
      << "seed " << opts.seed << (opts.quick ? ", quick run (fewer cases)" : "") << "\n\n";
  bool ok = true;
  for (const ExperimentTable& t : res.tables) {
    if (t.id == "examples") {
      print_examples(t, out);
      continue;
    }
    if (t.id == "table1")
      print_table1(t, out);
    else if (t.id == "fig14")
      print_fig14(t, out);
    else if (t.id == "fig15")
      print_fig15(t, out);
    else
      print_cost_figure(t, out);
    ok = reproduce_wu_write_csv(opts, t, out) && ok;
    out << "\n";
  }
  auto claims = experiments::judge_wu_claims(res);
  claims.push_back(experiments::judge_wu_fig9(experiments::wu_fig9_instance()));
  out << "The paper's stated trends, judged" << (opts.quick ? " (quick run: fewer cases)" : "")
      << "\n";
  print_claims(claims, out);
  if (!opts.csv_dir.empty())
    ok = write_csv_file(opts.csv_dir, "wu_claims.csv", experiments::claims_csv(claims), out) && ok;
  if (!opts.svg_dir.empty())
    for (const auto& [file, plot] : experiments::wu_plots(res, claims))
      ok = write_svg_file(opts.svg_dir, file.c_str(), experiments::plot_svg(plot), out) && ok;
  return ok ? 0 : 1;
}

}  // namespace loadlab::cli
