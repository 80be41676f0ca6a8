# Web-only settings, included by the top CMakeLists.txt under Emscripten (emcmake cmake ...).
#
# - pthreads everywhere (Web Workers): every object in a pthreads link must itself use -pthread.
# - -fexceptions: emcc disables C++ exception catching by default, and nlohmann::json reports bad
#   input by throwing. (-fwasm-exceptions breaks in pthreads builds with this emcc.)
# - Third-party header-only libraries come from a folder of symlinks, never /usr/include itself
#   (that would shadow Emscripten's own libc headers).

set(LOADLAB_WEB_COMMON -pthread -fexceptions)
# Web Workers, one source of truth: the engines (sim::WorkerPool, so the BSP engine and the loop
# executor) use at most LOADLAB_WEB_ENGINE_THREADS threads, the caller plus that many minus one
# pre-created workers (src/sim reads it as a compile definition); the pool holds twice that so
# background threads (a job running the engine, the app's runners) always find a worker.
set(LOADLAB_WEB_ENGINE_THREADS 4)
math(EXPR LOADLAB_PTHREAD_POOL_SIZE "2 * ${LOADLAB_WEB_ENGINE_THREADS}")
add_compile_options(${LOADLAB_WEB_COMMON})
add_link_options(${LOADLAB_WEB_COMMON} -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=64MB
                 -sMAXIMUM_MEMORY=2GB -sPTHREAD_POOL_SIZE=${LOADLAB_PTHREAD_POOL_SIZE}
                 -Wno-pthreads-mem-growth)
set(CMAKE_EXECUTABLE_SUFFIX ".js")

set(LOADLAB_SYSINC "${CMAKE_BINARY_DIR}/sysinc")
file(MAKE_DIRECTORY "${LOADLAB_SYSINC}")
foreach(dir nlohmann doctest lemon Spectra)
  if(NOT EXISTS "/usr/include/${dir}")
    message(FATAL_ERROR "/usr/include/${dir} is missing: run scripts/setup.sh")
  endif()
  file(CREATE_LINK "/usr/include/${dir}" "${LOADLAB_SYSINC}/${dir}" SYMBOLIC)
endforeach()
# Eigen lives one folder down natively (/usr/include/eigen3/Eigen); Spectra includes <Eigen/...>.
if(NOT EXISTS "/usr/include/eigen3/Eigen")
  message(FATAL_ERROR "/usr/include/eigen3/Eigen is missing: run scripts/setup.sh")
endif()
file(CREATE_LINK "/usr/include/eigen3/Eigen" "${LOADLAB_SYSINC}/Eigen" SYMBOLIC)

add_library(loadlab_thirdparty INTERFACE)
target_include_directories(loadlab_thirdparty SYSTEM INTERFACE "${LOADLAB_SYSINC}")

# Tests run under node; ctest in the web build uses it as the emulator.
find_program(LOADLAB_NODE node REQUIRED)
set(CMAKE_CROSSCOMPILING_EMULATOR "${LOADLAB_NODE};--no-experimental-fetch")
# Threaded tests block main() in join(), so every worker they use must exist up front (the
# engine's workers plus the tests' own threads: 4 more than the app's pool).
math(EXPR LOADLAB_TEST_PTHREAD_POOL_SIZE "${LOADLAB_PTHREAD_POOL_SIZE} + 4")
# -O1 at link time (the objects are still compiled at -O3): Binaryen's -O3 pass over a test
# program took 20-40 s per link and made the tests only ~10 % faster.
set(LOADLAB_WEB_TEST_LINK_FLAGS -sEXIT_RUNTIME=1 -sNODERAWFS=1
    -sPTHREAD_POOL_SIZE=${LOADLAB_TEST_PTHREAD_POOL_SIZE} -O1
    --pre-js ${CMAKE_SOURCE_DIR}/src/cli/wasm_node_stdio.js)
