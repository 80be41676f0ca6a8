// Text helpers the reproduce commands share.
#pragma once

#include <cstdio>
#include <string>

namespace loadlab::cli {

/// One number through a printf format ("%8.3f"): the reproduce tables are printf-style columns.
inline std::string printf_number(const char* format, double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, x);
  return buf;
}

}  // namespace loadlab::cli
