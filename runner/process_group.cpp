#include "runner/process_group.hpp"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <cerrno>
#include <cstring>
#include <thread>

namespace tfc::runner {
namespace {

constexpr auto kPollStep = std::chrono::milliseconds(5);

ExitStatus from_wait_status(int status) {
  ExitStatus out;
  if (WIFSIGNALED(status)) {
    out.signaled = true;
    out.signal = WTERMSIG(status);
    out.core_dumped = WCOREDUMP(status);
  } else {
    out.code = WEXITSTATUS(status);
  }
  return out;
}

}  // namespace

std::string ExitStatus::describe() const {
  if (!signaled) return "exited with status " + std::to_string(code);
  std::string text = "killed by signal " + std::to_string(signal);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 32)
  const char* name = ::sigdescr_np(signal);  // strsignal is not thread-safe
#else
  const char* name = ::strsignal(signal);
#endif
  text += " (";
  text += name != nullptr ? name : "unknown signal";
  if (core_dumped) text += ", core dumped";
  return text + ")";
}

bool become_child_subreaper() {
#ifdef __linux__
  return ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0;
#else
  return false;
#endif
}

std::optional<ExitStatus> peek_exit(pid_t pid) {
  siginfo_t info{};
  while (true) {
    if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0) break;
    if (errno != EINTR) return std::nullopt;
  }
  if (info.si_pid != pid) return std::nullopt;
  ExitStatus out;
  if (info.si_code == CLD_EXITED) {
    out.code = info.si_status;
  } else {
    out.signaled = true;
    out.signal = info.si_status;
    out.core_dumped = info.si_code == CLD_DUMPED;
  }
  return out;
}

bool signal_group(pid_t pgid, int sig) { return pgid > 0 && ::kill(-pgid, sig) == 0; }

bool group_exists(pid_t pgid) { return pgid > 0 && (::kill(-pgid, 0) == 0 || errno == EPERM); }

std::optional<ExitStatus> reap_child(pid_t pid, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    int status = 0;
    const pid_t got = ::waitpid(pid, &status, WNOHANG);
    if (got == pid) return from_wait_status(status);
    if (got < 0 && errno != EINTR) return std::nullopt;
    if (std::chrono::steady_clock::now() >= deadline) return std::nullopt;
    std::this_thread::sleep_for(kPollStep);
  }
}

bool reap_group(pid_t pgid, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    int status = 0;
    while (::waitpid(-pgid, &status, WNOHANG) > 0) {}
    if (!group_exists(pgid)) return true;
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(kPollStep);
  }
}

}  // namespace tfc::runner
