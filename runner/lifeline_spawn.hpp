#pragma once
// Starting a child process that cannot outlive tfconform, nor can anything it starts. The child
// asks the kernel for SIGKILL when its parent dies (PR_SET_PDEATHSIG); since the kernel ties that
// to the *thread* that forked, every child is forked by one thread that lives as long as the
// process. The child leads a process group of its own, which its own children join unless they
// leave it (Terraform's and OpenTofu's providers stay in it); beside it a guard joins that group:
// a copy of tfconform that holds no file and waits for the same death notice, and then kills the
// whole group. So a `kill -9` of tfconform (which runs no cleanup at all) still takes its
// providers, the CLIs it confirms with and their providers with it. While it lives, the guard
// also keeps the group id from being reused once the leader is reaped; it dies with the group
// (SIGKILL to the group) and is reaped with it (reap_group).

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "proto/util/expected.hpp"

namespace tfc::runner {

struct ChildSpec {
  std::string executable;                // a path: nothing is looked up on PATH
  std::vector<std::string> arguments;    // argv[1...]
  std::vector<std::string> environment;  // NAME=VALUE entries, the whole environment
  int stdout_fd = -1;                    // the child's stdout and stderr (stdin is /dev/null)
  int stderr_fd = -1;
  std::filesystem::path working_dir;  // empty: tfconform's own
  /// RLIMIT_DATA for the child (0: unlimited). Go's runtime fails with "fatal error: out of
  /// memory" when its heap would pass it.
  std::uint64_t data_limit_bytes = 0;
  /// An open cgroup.procs file the child joins before exec (-1: none).
  int cgroup_procs_fd = -1;
};

/// Forks (from the lifeline thread) and execs `spec.executable` with `spec.arguments`, in a new
/// process group it leads (with its guard), with an empty signal mask and default dispositions.
/// Returns the pid, which is also the group id, or why the child could not be started (exec's
/// errno is reported back through a pipe). The caller ends the group with a SIGKILL to it and
/// reaps it (`reap_group`), which takes the guard too.
Expected<pid_t> spawn_child(const ChildSpec& spec);

}  // namespace tfc::runner
