// The desktop file dialog's model (shell/model_file_dialog.h) on a temporary folder made here.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "app/shell/model_file_dialog.h"

using namespace loadlab::app;
namespace fs = std::filesystem;

TEST_CASE("FileDialog.ListsFoldersFirstThenMatchingFiles") {
  const fs::path dir = fs::temp_directory_path() / "loadlab_file_dialog_test";
  fs::remove_all(dir);
  fs::create_directories(dir / "zeta");
  fs::create_directories(dir / "Alpha");
  fs::create_directories(dir / ".hidden");
  for (const char* f : {"b.csv", "A.CSV", "c.json", "notes.txt", ".dot.csv"})
    std::ofstream(dir / f) << "12345";
  const auto all = file_dialog_list(dir.string(), {});
  REQUIRE(all.size() == 6);
  CHECK(all[0].name == "Alpha");
  CHECK(all[0].directory);
  CHECK(all[1].name == "zeta");
  CHECK(all[2].name == "A.CSV");
  CHECK(all[2].bytes == 5);
  CHECK(all[3].name == "b.csv");
  CHECK(all[4].name == "c.json");
  CHECK(all[5].name == "notes.txt");
  const auto csv = file_dialog_list(dir.string(), {".csv"});
  REQUIRE(csv.size() == 4);  // two folders, A.CSV and b.csv
  CHECK(csv[3].name == "b.csv");
  CHECK(file_dialog_exists(file_dialog_join(dir.string(), "b.csv")));
  CHECK_FALSE(file_dialog_exists(file_dialog_join(dir.string(), "missing.csv")));
  CHECK(file_dialog_is_dir(file_dialog_join(dir.string(), "zeta")));
  CHECK(file_dialog_parent(file_dialog_join(dir.string(), "zeta")) == dir.string());
  fs::remove_all(dir);
  CHECK_THROWS_WITH_AS(file_dialog_list(dir.string(), {}),
                       doctest::Contains("loadlab_file_dialog_test"), std::runtime_error);
}

TEST_CASE("FileDialog.NamesAndExtensions") {
  CHECK(file_dialog_name_problem("results.csv").empty());
  CHECK_FALSE(file_dialog_name_problem("").empty());
  CHECK_FALSE(file_dialog_name_problem("..").empty());
  CHECK_FALSE(file_dialog_name_problem("a/b.csv").empty());
  CHECK_FALSE(file_dialog_name_problem(std::string(256, 'x')).empty());
  CHECK(file_dialog_with_extension("results", ".csv") == "results.csv");
  CHECK(file_dialog_with_extension("results.CSV", ".csv") == "results.CSV");
  CHECK(file_dialog_with_extension("v", "") == "v");
  CHECK(file_dialog_parent("/") == "/");
  CHECK(file_dialog_parent("/a/b/") == "/a");
}
