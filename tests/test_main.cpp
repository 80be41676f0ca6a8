// The one doctest main shared by every test executable (native and WebAssembly).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
