// libFuzzer target "wfcommons": see fuzz_entries.h for the contract; run by scripts/fuzz.sh.
#include "fuzz_entries.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  loadlab::fuzz::by_target("wfcommons",
                           std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
