#pragma once
// Starting a provider process that cannot outlive tfconform. The child asks the kernel for
// SIGKILL when its parent dies (PR_SET_PDEATHSIG); since the kernel ties that to the *thread*
// that forked, every child is forked by one thread that lives as long as the process. So a
// `kill -9` of tfconform (which runs no cleanup at all) still takes its providers with it.

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "proto/util/expected.hpp"

namespace tfc::runner {

struct ChildSpec {
  std::string executable;
  std::vector<std::string> environment;  // NAME=VALUE entries, the whole environment
  int stdout_fd = -1;                    // the child's stdout and stderr (stdin is /dev/null)
  int stderr_fd = -1;
  std::filesystem::path working_dir;
  /// RLIMIT_DATA for the child (0: unlimited). Go's runtime fails with "fatal error: out of
  /// memory" when its heap would pass it.
  std::uint64_t data_limit_bytes = 0;
  /// An open cgroup.procs file the child joins before exec (-1: none).
  int cgroup_procs_fd = -1;
};

/// Forks (from the lifeline thread) and execs `spec.executable` with no arguments, in a new
/// process group it leads, with an empty signal mask and default dispositions. Returns the
/// pid, or why the child could not be started (exec's errno is reported back through a pipe).
Expected<pid_t> spawn_child(const ChildSpec& spec);

}  // namespace tfc::runner
