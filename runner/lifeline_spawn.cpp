#include "runner/lifeline_spawn.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <condition_variable>
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
  if (::chdir(spec.working_dir.c_str()) != 0) fail(errno);
  if (spec.data_limit_bytes > 0) {
    const rlimit limit{spec.data_limit_bytes, spec.data_limit_bytes};
    if (::setrlimit(RLIMIT_DATA, &limit) != 0) fail(errno);
  }
  if (spec.cgroup_procs_fd >= 0) write_decimal(spec.cgroup_procs_fd, static_cast<long>(::getpid()));
  ::execve(argv[0], argv, envp);
  fail(errno);
  ::_exit(127);
}

Expected<pid_t> fork_and_exec(const ChildSpec& spec) {
  std::string exe = spec.executable;
  char* argv[] = {exe.data(), nullptr};
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
  if (pid == 0) become_child(spec, argv, envp.data(), parent, report[1]);
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
  return pid;
}

}  // namespace

Expected<pid_t> spawn_child(const ChildSpec& spec) {
  return LifelineThread::instance().run([&spec] { return fork_and_exec(spec); });
}

}  // namespace tfc::runner
