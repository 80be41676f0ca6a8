// Replays every input the fuzzers ever crashed or hung on (tests/fuzz/regressions/<target>/*)
// through the same entry points as the libFuzzer targets (tests/fuzz/fuzz_entries.h), in every
// native build: each must give a verified result or a field-named error, nothing else.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "../fuzz/fuzz_entries.h"

namespace fs = std::filesystem;
using loadlab::fuzz::Outcome;

namespace {

std::string native_fuzz_regressions_slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const char* name_of(Outcome o) {
  return o == Outcome::Ran ? "ran" : o == Outcome::Parsed ? "parsed" : "refused";
}

}  // namespace

TEST_CASE("Fuzz.Regressions.EveryCheckedInInputIsAResultOrAFieldNamedError") {
  const fs::path dir = fs::path(LOADLAB_SOURCE_DIR) / "tests" / "fuzz" / "regressions";
  REQUIRE(fs::is_directory(dir));
  int replayed = 0;
  for (const char* target : {"scenario", "link", "stg", "dot", "wfcommons", "metis"}) {
    REQUIRE(fs::is_directory(dir / target));
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir / target))
      if (e.is_regular_file() && e.path().filename() != "README.md") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
      CAPTURE(f.string());
      Outcome o = Outcome::Refused;
      CHECK_NOTHROW(o = loadlab::fuzz::by_target(target, native_fuzz_regressions_slurp(f)));
      const std::string line = f.filename().string() + ": " + name_of(o);
      MESSAGE(line);
      ++replayed;
    }
  }
  CHECK(replayed > 0);
}

TEST_CASE("Fuzz.HostileLinksAreRefused") {
  // Links once seen loading the default example in the browser: the codec must refuse each.
  CHECK(loadlab::fuzz::share_link("#s=@@@!!!") == Outcome::Refused);
  CHECK(loadlab::fuzz::share_link("#s=") == Outcome::Refused);
  CHECK(loadlab::fuzz::share_link("#s=" + std::string(1'200'000, 'A')) == Outcome::Refused);
  // A zip bomb: 64 MiB of spaces deflates to ~64 KiB, beyond the 16 MiB inflate limit.
  const std::string bomb =
      "s=" + loadlab::io::base64url_encode(loadlab::io::deflate_raw(std::string(64u << 20, ' ')));
  CHECK(loadlab::fuzz::share_link(bomb) == Outcome::Refused);
  // ...while a good link of a small scenario runs.
  const auto cube = loadlab::io::parse_json_text(
      native_fuzz_regressions_slurp(fs::path(LOADLAB_SOURCE_DIR) / "examples" / "cube3.json"),
      1u << 20);
  CHECK(loadlab::fuzz::share_link(loadlab::io::encode_link(cube)) == Outcome::Ran);
}
