// std::bit_cast for toolchains whose standard library lacks it (Emscripten 3.1.6's libc++).
#pragma once

#include <cstring>
#include <type_traits>

namespace loadlab::util {

/// Reinterprets the bytes of `from` as a `To` of the same size (like C++20 std::bit_cast).
template <class To, class From>
To bit_cast(const From& from) {
  static_assert(sizeof(To) == sizeof(From) && std::is_trivially_copyable_v<From> &&
                std::is_trivially_copyable_v<To>);
  To to;
  std::memcpy(&to, &from, sizeof(To));
  return to;
}

}  // namespace loadlab::util
