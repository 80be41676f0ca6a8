// The evaluation of paper 000 as a library: Table I and the data behind Figs 14-17, plus the worked
// examples, returned as structured tables so the CLI (`loadlab reproduce wu`) prints them and the
// playground's experiment panel plots them (the web build has no CLI).
// Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Section 5 (Table I, Figs 14-17), Examples 1-4.
// Load distribution: ERRATA.md 000 "Table I" (N * avg tasks, each on a uniformly random processor).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace loadlab::experiments {

/// One column of an experiment table.
struct ExperimentColumn {
  std::string name;         ///< CSV header name, e.g. "our_percent"
  int decimals = 0;         ///< digits after the point in CSV (0 = an integer)
  bool from_paper = false;  ///< printed in the paper, not computed by us
};

/// A table of numbers in long form (one row per cell of the paper's table or point of its figure).
struct ExperimentTable {
  std::string id;            ///< "examples", "table1", "fig14", "fig15", "fig16", "fig17"
  std::string title;         ///< e.g. "Table I: percentage of fully-balanced cases of DEM"
  std::string note;          ///< how to read it (what is averaged over, what the paper says)
  std::string csv_name;      ///< file name for CSV output; empty = none
  std::string distribution;  ///< the load distribution used (empty when fixed loads)
  int cases = 0;             ///< random cases per cell/point (0 for fixed examples)
  std::vector<ExperimentColumn> columns;
  std::vector<std::vector<double>> rows;  ///< NaN = no value (e.g. no balanced case to average)
  std::vector<std::string> row_labels;    ///< optional, one per row (worked examples)

  /// Index of the column called `name`, or -1.
  int column(const std::string& name) const;
};

/// CSV text of a table: the header, then one line per row; NaN cells are empty.
std::string experiment_csv(const ExperimentTable& table);

enum class WuExperiment { Examples, TableI, Fig14, Fig15, Fig16, Fig17 };

/// All experiments in the paper's order.
const std::vector<WuExperiment>& wu_experiment_list();
/// Short name for menus: "Worked examples", "Table I", "Fig 14", ...
const char* wu_experiment_name(WuExperiment e);
/// The id its table carries ("examples", "table1", "fig14", ...).
const char* wu_experiment_id(WuExperiment e);

/// Average weights (columns of Table I, x of Figs 14-17) and hypercube sizes of Table I.
const std::vector<int>& wu_average_weights();
const std::vector<int>& wu_table_sizes();
/// Table I as printed (percent), [size index][weight index].
double wu_table1_printed(int size_index, int weight_index);
/// Human-readable name of the load distribution (ERRATA.md 000 "Table I").
const char* wu_load_distribution();

struct WuOptions {
  /// Cases per cell of Table I and Figs 14-15 (the paper: 1000).
  int cases = 1000;
  /// Cases per point of Figs 16-17 (the paper: 100).
  int fig_cases = 100;
  std::uint64_t seed = 1;
  /// Which experiments; the returned tables follow wu_experiment_list() order.
  std::vector<WuExperiment> which = wu_experiment_list();
  /// Called with the fraction done in [0, 1] as cases finish (may be empty). Runs on the caller's
  /// thread.
  std::function<void(double)> progress;
  /// Set from another thread to stop; checked after every case.
  const std::atomic<bool>* cancel = nullptr;
  /// Splitting the random cells across processes (loadlab-mpi): row r of every random table is
  /// computed only when r % parts == part; the other rows keep their labels (size, weight) and NaN
  /// values, to be filled from the process that computed them. The worked examples are always
  /// computed. Cells are seeded independently, so merged rows equal a single-process run's.
  int part = 0;
  int parts = 1;
};

struct WuResults {
  std::vector<ExperimentTable> tables;  ///< only complete tables (none when cancelled early)
  bool cancelled = false;
};

/// Runs the chosen experiments. Every cell has its own generator seeded from (seed, figure, N,
/// avg), so a cell's numbers do not depend on which other experiments run. Throws
/// std::invalid_argument when cases or fig_cases is below 1 or above 1,000,000.
WuResults run_wu_experiments(const WuOptions& options);

/// The table with `id` in `results`, or nullptr.
const ExperimentTable* find_table(const WuResults& results, const std::string& id);

}  // namespace loadlab::experiments
