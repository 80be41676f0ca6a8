// The loop verifier must reject every kind of broken chunk table.
#include <doctest/doctest.h>

#include "core/verify/loop_verify.h"

using namespace loadlab::core;

namespace {
LoopChunk ch(std::int64_t b, std::int64_t e, int t, double s = 0, double f = 0) {
  LoopChunk c;
  c.begin = b, c.end = e, c.thread = t, c.start = s, c.finish = f;
  return c;
}
}  // namespace

TEST_CASE("LoopVerify.AcceptsValidTable") {
  CHECK(verify_loop(6, 2, {ch(3, 6, 1, 0, 3), ch(0, 3, 0, 0, 3)}).ok);
  CHECK(verify_loop(0, 3, {}).ok);
}

TEST_CASE("LoopVerify.RejectsBrokenTables") {
  CHECK_FALSE(verify_loop(6, 2, {ch(0, 3, 0), ch(2, 6, 1)}).ok);               // overlap
  CHECK_FALSE(verify_loop(6, 2, {ch(0, 3, 0), ch(4, 6, 1)}).ok);               // gap
  CHECK_FALSE(verify_loop(6, 2, {ch(0, 3, 0)}).ok);                            // tail missing
  CHECK_FALSE(verify_loop(6, 2, {ch(0, 3, 0), ch(3, 7, 1)}).ok);               // outside [0,N)
  CHECK_FALSE(verify_loop(6, 2, {ch(0, 3, 0), ch(3, 6, 2)}).ok);               // bad thread
  CHECK_FALSE(verify_loop(6, 2, {ch(0, 3, 0), ch(3, 3, 1), ch(3, 6, 1)}).ok);  // empty chunk
  CHECK_FALSE(verify_loop(6, 1, {ch(0, 3, 0, 0, 2), ch(3, 6, 0, 1, 3)}).ok);   // time overlap
  CHECK_FALSE(verify_loop(6, 1, {ch(0, 6, 0, 2, 1)}).ok);                      // finish < start
  CHECK(verify_loop(6, 1, {ch(0, 3, 0, 0, 2), ch(3, 6, 0, 1, 3)}, false).ok);  // times ignored
}

TEST_CASE("LoopVerify.Stream") {
  LoopStreamVerifier ok(6, 2);
  ok.add(ch(0, 3, 0, 0, 3));
  ok.add(ch(3, 6, 1, 0, 3));
  CHECK(ok.result().ok);
  LoopStreamVerifier dup(6, 2);
  dup.add(ch(0, 4, 0, 0, 3));
  dup.add(ch(3, 6, 1, 0, 3));
  CHECK_FALSE(dup.result().ok);
  LoopStreamVerifier gap(6, 2);
  gap.add(ch(0, 3, 0, 0, 3));
  CHECK_FALSE(gap.result().ok);
  LoopStreamVerifier time(6, 1);
  time.add(ch(0, 3, 0, 0, 3));
  time.add(ch(3, 6, 0, 2, 4));
  CHECK_FALSE(time.result().ok);
}
