#pragma once
// POSIX process care for a plugin and its process group: exit detection without reaping,
// group signals, bounded reaping (docs/protocol.md §2.6 closing sequence).

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>

namespace tfc::runner {

/// How a process ended.
struct ExitStatus {
  /// True: ended by `signal`; false: exited with `code`.
  bool signaled = false;
  int code = 0;
  int signal = 0;
  bool core_dumped = false;

  /// "exited with status 3", "killed by signal 11 (Segmentation fault, core dumped)".
  std::string describe() const;
  bool operator==(const ExitStatus&) const = default;
};

/// Makes this process the reaper of orphaned descendants (Linux PR_SET_CHILD_SUBREAPER), so a
/// plugin's forked children can be reaped after the plugin dies even when PID 1 does not
/// reap. Process-wide and idempotent; returns false where unsupported.
bool become_child_subreaper();

/// The exit status of child `pid` if it has ended, without reaping it: the zombie keeps its
/// process-group id reserved so that the group can still be signalled safely.
std::optional<ExitStatus> peek_exit(pid_t pid);

/// Sends `sig` to every process of group `pgid`; false when no process is left (ESRCH).
bool signal_group(pid_t pgid, int sig);

/// True while any process (including a zombie) belongs to group `pgid`.
bool group_exists(pid_t pgid);

/// Waits until child `pid` has ended, at most `timeout`, and reaps it. nullopt on timeout.
std::optional<ExitStatus> reap_child(pid_t pid, std::chrono::milliseconds timeout);

/// Reaps every child of ours in group `pgid` (orphans re-parented to us included) until the
/// group is empty or `timeout` passes. Returns whether the group is empty.
bool reap_group(pid_t pgid, std::chrono::milliseconds timeout);

}  // namespace tfc::runner
