// Factories of the OS scheduling policies, one file each (Houstis et al.'s survey, Section 4).
#pragma once

#include <memory>

#include "core/os/engine.h"

namespace loadlab::core::os_detail {

std::unique_ptr<Policy> make_central_queue(const OsParams& p);          // central_queue.cpp
std::unique_ptr<Policy> make_affinity_queues(const OsParams& p);        // affinity_queues.cpp
std::unique_ptr<Policy> make_coscheduling(const OsParams& p);           // coscheduling.cpp
std::unique_ptr<Policy> make_static_partition(const OsParams& p);       // static_partition.cpp
std::unique_ptr<Policy> make_process_control(const OsParams& p);        // process_control.cpp
std::unique_ptr<Policy> make_dynamic_space_sharing(const OsParams& p);  // dynamic_space_sharing.cpp
std::unique_ptr<Policy> make_checkpoint_restart(const OsParams& p,
                                                const OsCosts& c);  // checkpoint_restart.cpp
std::unique_ptr<Policy> make_migration(const OsParams& p, const OsCosts& c);  // migration.cpp
std::unique_ptr<Policy> make_pool_allocation(const OsParams& p,
                                             const OsCosts& c);  // pool_allocation.cpp
/// The time a migrated process is stopped under params.transfer (migration.cpp).
double migration_stall(const OsParams& p, const OsCosts& c);

/// How a partitioned policy moves a thread whose processor is taken away (partition_multiplex.cpp).
enum class MoveMode { Free, Migrate, Restart };
std::unique_ptr<Policy> make_partition_multiplex(const OsParams& p, const OsCosts& c,
                                                 MoveMode mode);

}  // namespace loadlab::core::os_detail
