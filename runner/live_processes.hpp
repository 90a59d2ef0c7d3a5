#pragma once
// Every provider process group and scratch directory this process has alive, so that a signal
// can stop them all: the first SIGINT/SIGTERM kills the groups (the normal closing sequence then
// reaps them and removes the directories); a second one kills them again, removes the
// directories itself and exits at once.

#include <sys/types.h>

#include <filesystem>

namespace tfc::runner {

void register_live_group(pid_t pgid);
void unregister_live_group(pid_t pgid);
/// SIGKILL to every registered group (thread-safe; not async-signal-safe).
void kill_live_groups();

void register_scratch_dir(const std::filesystem::path& dir);
void unregister_scratch_dir(const std::filesystem::path& dir);
/// Removes every registered scratch directory (for an exit that skips the normal close).
void remove_scratch_dirs();

}  // namespace tfc::runner
