#include "conformance/repro/process_run.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "runner/lifeline_spawn.hpp"
#include "runner/plugin_env.hpp"
#include "runner/process_group.hpp"

extern char** environ;

namespace tfc::conformance {
namespace {

/// The plugins a CLI started are killed with it; this bounds the wait for them to be reaped.
constexpr auto kReapTimeout = std::chrono::milliseconds(5'000);

/// `name` itself when it names a path, else the first executable file of that name on PATH
/// (as execvp would find it); `name` again when there is none, for exec to report.
std::string find_executable(const std::string& name) {
  if (name.find('/') != std::string::npos) return name;
  const char* path = std::getenv("PATH");
  std::string dirs = path != nullptr ? path : "/usr/local/bin:/usr/bin:/bin";
  std::size_t start = 0;
  while (start <= dirs.size()) {
    const auto end = std::min(dirs.find(':', start), dirs.size());
    const std::string dir = end > start ? dirs.substr(start, end - start) : ".";
    const std::string candidate = dir + "/" + name;
    if (::access(candidate.c_str(), X_OK) == 0 && std::filesystem::is_regular_file(candidate)) return candidate;
    start = end + 1;
  }
  return name;
}

/// This process's environment with the "NAME=value" entries of `added` added or replacing theirs.
std::vector<std::string> environment_with(const std::vector<std::string>& added) {
  std::vector<runner::EnvVar> vars;
  for (const auto& entry : added) {
    const auto eq = entry.find('=');
    vars.push_back({entry.substr(0, eq), eq == std::string::npos ? std::string() : entry.substr(eq + 1)});
  }
  return runner::build_environment(environ, vars, {});
}

}  // namespace

ProcessResult run_process(const ProcessSpec& spec) {
  ProcessResult result;
  if (spec.argv.empty()) return result;
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    result.output = std::string("pipe: ") + std::strerror(errno);
    return result;
  }
  // Started like a provider (runner/lifeline_spawn.hpp): a kill -9 of tfconform takes the CLI
  // and the plugins it started with it.
  runner::ChildSpec child;
  child.executable = find_executable(spec.argv.front());
  child.arguments.assign(spec.argv.begin() + 1, spec.argv.end());
  child.environment = environment_with(spec.environment);
  child.stdout_fd = fds[1];
  child.stderr_fd = fds[1];
  child.working_dir = spec.cwd;
  const auto started = runner::spawn_child(child);
  ::close(fds[1]);
  if (!started) {
    ::close(fds[0]);
    result.output = spec.argv.front() + ": " + started.error().message;
    return result;
  }
  const pid_t pid = *started;
  const auto deadline = std::chrono::steady_clock::now() + spec.timeout;
  char buf[8192];
  while (true) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      result.timed_out = true;
      runner::signal_group(pid, SIGKILL);
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left.count(), 1000)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;
    const ssize_t n = ::read(fds[0], buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    result.output.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
  // Plugins the tool started may outlive it in its process group, beside the group's guard
  // (whose membership keeps the group id ours after the leader is reaped): all go, and are reaped.
  runner::signal_group(pid, SIGKILL);
  runner::reap_group(pid, kReapTimeout);
  if (!result.timed_out && WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  return result;
}

}  // namespace tfc::conformance
