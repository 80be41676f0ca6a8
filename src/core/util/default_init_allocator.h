// A std::allocator whose value-less construct() default-initializes, so resize() leaves trivial
// elements unwritten: large buffers that parallel code fills are first touched by the threads
// that fill them (core/balance/gde.h's colour classes).
#pragma once

#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace loadlab::core {

/// std::allocator whose value-less construct() default-initializes: resize() leaves trivial
/// elements unwritten.
template <class T>
struct DefaultInitAllocator : std::allocator<T> {
  template <class U>
  struct rebind {
    using other = DefaultInitAllocator<U>;
  };
  DefaultInitAllocator() = default;
  template <class U>
  DefaultInitAllocator(const DefaultInitAllocator<U>&) noexcept {}
  template <class U>
  void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

}  // namespace loadlab::core
