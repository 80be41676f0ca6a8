// Shared by the OS-scheduling tests: a simulation whose result must pass the independent checker.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/os/model.h"
#include "core/os/registry.h"
#include "core/verify/os_verify.h"

namespace loadlab::test {

/// simulate_os with the checker's verdict asserted (each error reported with the policy's name).
inline core::OsRunResult os_run_checked(const std::string& policy, int p,
                                        const std::vector<core::OsJob>& jobs,
                                        const core::OsCosts& c = {},
                                        const core::OsParams& prm = {}) {
  const auto r = core::simulate_os(policy, p, jobs, c, prm);
  const auto v = core::verify_os(p, jobs, r);
  for (const auto& e : v.errors) MESSAGE(policy << ": " << e);
  CHECK(v.ok);
  return r;
}

}  // namespace loadlab::test
