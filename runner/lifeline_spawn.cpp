#include "runner/lifeline_spawn.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <future>
#include <mutex>
#include <thread>

namespace tfc::runner {
namespace {

/// The one thread that forks every child; detached, it ends only with the process.
class LifelineThread {
public:
  static LifelineThread& instance() {
    static auto* thread = new LifelineThread();  // never destroyed: it must outlive every child
    return *thread;
  }

  template <class F>
  auto run(F f) -> decltype(f()) {
    std::packaged_task<decltype(f())()> task(std::move(f));
    auto result = task.get_future();
    {
      const std::lock_guard lock(m_mutex);
      m_tasks.emplace_back([&task] { task(); });
    }
    m_wake.notify_one();
    return result.get();
  }

private:
  LifelineThread() {
    std::thread([this] { loop(); }).detach();
  }

  [[noreturn]] void loop() {
    while (true) {
      std::function<void()> task;
      {
        std::unique_lock lock(m_mutex);
        m_wake.wait(lock, [this] { return !m_tasks.empty(); });
        task = std::move(m_tasks.front());
        m_tasks.pop_front();
      }
      task();
    }
  }

  std::mutex m_mutex;
  std::condition_variable m_wake;
  std::deque<std::function<void()>> m_tasks;
};

/// Writes `n` as decimal digits (async-signal-safe: no allocation, no locale).
void write_decimal(int fd, long n) {
  char buf[24];
  int i = sizeof buf;
  do {
    buf[--i] = static_cast<char>('0' + n % 10);
    n /= 10;
  } while (n > 0 && i > 0);
  [[maybe_unused]] auto w = ::write(fd, buf + i, sizeof buf - i);
}

/// The child between fork and exec: only async-signal-safe calls. Reports a failure's errno on
/// `report_fd` and exits 127.
[[noreturn]] void become_child(const ChildSpec& spec, char* const argv[], char* const envp[], pid_t parent,
                               int report_fd) {
  auto fail = [report_fd](int err) {
    [[maybe_unused]] auto w = ::write(report_fd, &err, sizeof err);
    ::_exit(127);
  };
  if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) fail(errno);
  if (::getppid() != parent) ::_exit(127);  // the parent died before the request took effect
  if (::setpgid(0, 0) != 0) fail(errno);
  sigset_t none;
  sigemptyset(&none);
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  for (int sig = 1; sig < NSIG; ++sig) ::sigaction(sig, &dfl, nullptr);  // SIGKILL/SIGSTOP refuse: fine
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  const int null_fd = ::open("/dev/null", O_RDONLY);
  if (null_fd < 0 || ::dup2(null_fd, 0) < 0) fail(errno);
  if (::dup2(spec.stdout_fd, 1) < 0 || ::dup2(spec.stderr_fd, 2) < 0) fail(errno);
  if (!spec.working_dir.empty() && ::chdir(spec.working_dir.c_str()) != 0) fail(errno);
  if (spec.data_limit_bytes > 0) {
    const rlimit limit{spec.data_limit_bytes, spec.data_limit_bytes};
    if (::setrlimit(RLIMIT_DATA, &limit) != 0) fail(errno);
  }
  if (spec.cgroup_procs_fd >= 0) write_decimal(spec.cgroup_procs_fd, static_cast<long>(::getpid()));
  ::execve(argv[0], argv, envp);
  fail(errno);
  ::_exit(127);
}

/// The guard's own environment: the group it guards and the tfconform it guards it for.
constexpr const char* kGuardVariable = "TFC_LIFELINE_GUARD";

/// Closes every file descriptor (async-signal-safe): the guard must hold no pipe (a reader
/// waits for its end), no lock (a sweeper waits for its release) and no socket of tfconform's.
void close_every_fd() {
#ifdef SYS_close_range
  if (::syscall(SYS_close_range, 0U, ~0U, 0U) == 0) return;
#endif
  rlimit files{};
  const bool known = ::getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur != RLIM_INFINITY;
  const rlim_t last = known ? files.rlim_cur : 65536;
  for (rlim_t fd = 0; fd < last; ++fd) ::close(static_cast<int>(fd));
}

/// Waits for tfconform's death notice, then kills the group (the guard with it). Every signal
/// is blocked (since before the fork), so the notice waits for sigwaitinfo instead of ending
/// the guard; one that comes while tfconform lives (a SIGTERM to the group at shutdown) is not
/// the notice. Only async-signal-safe calls.
[[noreturn]] void guard_group(pid_t pgid, pid_t parent) {
  sigset_t all;
  sigfillset(&all);
  while (::getppid() == parent) {
    siginfo_t info{};
    ::sigwaitinfo(&all, &info);
  }
  ::kill(-pgid, SIGKILL);
  ::_exit(0);
}

/// The guard between fork and exec. It execs this very program (/proc/self/exe) so that it
/// does not keep a copy-on-write image of tfconform's memory for as long as the group lives;
/// the program's start becomes the guard at once (`guard_mode_at_start`). The death notice
/// and the blocked signals survive exec. If exec fails, it guards from here.
[[noreturn]] void become_guard(pid_t pgid, pid_t parent, char* const argv[], char* const envp[]) {
  sigset_t all;
  sigfillset(&all);
  ::sigprocmask(SIG_SETMASK, &all, nullptr);
  if (::prctl(PR_SET_PDEATHSIG, SIGHUP) != 0) ::_exit(0);
  // Joining fails only when the group is gone already: nothing left to guard. Once in it, the
  // guard keeps its id from being reused, so the kill below cannot reach a stranger.
  if (::setpgid(0, pgid) != 0) ::_exit(0);
  close_every_fd();
  if (::getppid() == parent) ::execve("/proc/self/exe", argv, envp);
  guard_group(pgid, parent);
}

/// Forks the guard of group `pgid` (from the lifeline thread, like the child).
void start_guard(pid_t pgid) {
  const pid_t parent = ::getpid();
  std::string name = "tfconform-lifeline-guard";
  std::string variable = std::string(kGuardVariable) + "=" + std::to_string(pgid) + " " + std::to_string(parent);
  char* argv[] = {name.data(), nullptr};
  char* envp[] = {variable.data(), nullptr};
  const pid_t pid = ::fork();
  if (pid == 0) become_guard(pgid, parent, argv, envp);
  // Also here, so that the guard is in the group before the caller can end it (either side may
  // come first; both ask for the same).
  if (pid > 0) ::setpgid(pid, pgid);
}

/// A program started as a guard is one from its first instruction on: before main, before the
/// static objects of other files are built (priority 101 is the first one not reserved).
__attribute__((constructor(101))) void guard_mode_at_start() {
  const char* value = std::getenv(kGuardVariable);
  if (value == nullptr) return;
  long long pgid = 0;
  long long parent = 0;
  if (std::sscanf(value, "%lld %lld", &pgid, &parent) != 2 || pgid <= 1 || parent <= 1) ::_exit(0);
  guard_group(static_cast<pid_t>(pgid), static_cast<pid_t>(parent));
}

Expected<pid_t> fork_and_exec(const ChildSpec& spec) {
  std::vector<std::string> args = {spec.executable};
  args.insert(args.end(), spec.arguments.begin(), spec.arguments.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> env = spec.environment;
  std::vector<char*> envp;
  for (auto& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  int report[2];
  if (::pipe2(report, O_CLOEXEC) != 0) return Error{std::string("pipe: ") + std::strerror(errno)};
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    const int err = errno;
    ::close(report[0]);
    ::close(report[1]);
    return Error{std::string("fork: ") + std::strerror(err)};
  }
  if (pid == 0) become_child(spec, argv.data(), envp.data(), parent, report[1]);
  ::close(report[1]);
  int child_errno = 0;
  ssize_t got = 0;
  do {
    got = ::read(report[0], &child_errno, sizeof child_errno);
  } while (got < 0 && errno == EINTR);
  ::close(report[0]);
  if (got == static_cast<ssize_t>(sizeof child_errno)) {
    // exec failed: the child exited 127; it is reaped by whoever waits for the pid.
    return Error{std::string("cannot start: ") + std::strerror(child_errno)};
  }
  // The child set its group before exec, and even its zombie would keep it: the guard can join.
  start_guard(pid);
  return pid;
}

}  // namespace

Expected<pid_t> spawn_child(const ChildSpec& spec) {
  return LifelineThread::instance().run([&spec] { return fork_and_exec(spec); });
}

}  // namespace tfc::runner
