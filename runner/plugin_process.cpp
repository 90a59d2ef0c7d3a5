#include "runner/plugin_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

#include "runner/close_fd.hpp"
#include "runner/first_line_reader.hpp"
#include "runner/lifeline_spawn.hpp"
#include "runner/live_processes.hpp"
#include "runner/output_drain.hpp"
#include "runner/text_excerpt.hpp"

extern char** environ;

namespace tfc::runner {
namespace {

constexpr auto kReapTimeout = std::chrono::milliseconds(5'000);

struct Pipe {
  int read = -1;
  int write = -1;
};

tfc::Expected<Pipe> make_pipe() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return Error{std::string("pipe: ") + std::strerror(errno)};
  return Pipe{fds[0], fds[1]};
}

std::string launch_context(const std::filesystem::path& exe) { return "plugin " + exe.string(); }

}  // namespace

tfc::Expected<std::unique_ptr<PluginProcess>> PluginProcess::launch(const LaunchOptions& options) {
  std::unique_ptr<PluginProcess> process(new PluginProcess());
  // The plugin starts in its own temporary directory, so a relative path must be resolved
  // against the caller's directory first (a bare name without '/' is looked up nowhere else).
  std::error_code ec;
  process->m_executable = std::filesystem::absolute(options.executable, ec);
  if (ec) process->m_executable = options.executable;
  process->m_grace = options.shutdown_grace;
  process->m_ring = std::make_shared<LogRing>(options.log_capacity);
  // On failure the destructor kills the group, reaps and removes the directory.
  if (auto started = process->start(options); !started) return started.error();
  if (auto ready = process->await_handshake(options); !ready) return ready.error();
  return process;
}

tfc::Expected<void> PluginProcess::start(const LaunchOptions& options) {
  const std::string context = launch_context(m_executable);
  if (options.protocol_versions.empty()) {
    return Error{context + ": no protocol version offered"};
  }
  TFC_TRY(scratch, ScratchDir::create());
  m_scratch = std::move(scratch);
  m_work_dir = m_scratch.path();
  m_memory_limit = options.memory_limit_bytes;
  if (m_memory_limit > 0) {
    sweep_stale_cgroups();
    m_cgroup = MemoryCgroup::create(m_memory_limit);
  }
  if (!options.plaintext) {
    auto creds = generate_client_credentials(options.key_curve);
    if (!creds) return with_context(context, creds.error());
    m_credentials = std::move(*creds);
  }

  std::vector<EnvVar> vars = {
      {std::string(kMagicCookieKey), std::string(kMagicCookieValue)},
      {"PLUGIN_PROTOCOL_VERSIONS", protocol_versions_value(options.protocol_versions)},
      {"PLUGIN_UNIX_SOCKET_DIR", m_work_dir.string()},
      // go-plugin before PLUGIN_UNIX_SOCKET_DIR existed puts its socket in os.TempDir().
      {"TMPDIR", m_work_dir.string()},
  };
  if (m_credentials) vars.push_back({"PLUGIN_CLIENT_CERT", m_credentials->cert_pem});
  // A Go provider collects garbage less often, and harder as it nears the limit, on its share of
  // the cores; the user's own GOMEMLIMIT (--env) comes later and wins.
  const auto go_runtime = go_runtime_environment(environ, {m_memory_limit, options.go_procs}, options.environment);
  vars.insert(vars.end(), go_runtime.begin(), go_runtime.end());
  vars.insert(vars.end(), options.environment.begin(), options.environment.end());
  // Never inherit the multiplexing switch (tfconform has no broker) nor, in plaintext mode,
  // a certificate from the harness's own environment.
  std::vector<std::string_view> unset = {"PLUGIN_MULTIPLEX_GRPC"};
  if (options.plaintext) unset.push_back("PLUGIN_CLIENT_CERT");
  const auto env = build_environment(environ, vars, unset);

  TFC_TRY(out, make_pipe());
  auto err = make_pipe();
  if (!err) {
    close_fd(out.read);
    close_fd(out.write);
    return with_context(context, err.error());
  }
  m_stdout_fd = out.read;
  m_stderr_fd = err->read;

  become_child_subreaper();
  ChildSpec spec;
  spec.executable = m_executable.string();
  spec.arguments = options.arguments;
  spec.environment = env;
  spec.stdout_fd = out.write;
  spec.stderr_fd = err->write;
  spec.working_dir = m_work_dir;
  spec.data_limit_bytes = m_memory_limit;
  spec.cgroup_procs_fd = m_cgroup ? m_cgroup->procs_fd() : -1;
  auto pid = spawn_child(spec);
  close_fd(out.write);
  close_fd(err->write);
  if (!pid) return with_context(context, pid.error());
  m_pid = *pid;
  ::setpgid(m_pid, m_pid);  // also here: the group must exist before anyone signals it
  register_live_group(m_pid);
  return {};
}

tfc::Expected<void> PluginProcess::await_handshake(const LaunchOptions& options) {
  const std::string context = launch_context(m_executable);
  const auto deadline = std::chrono::steady_clock::now() + options.handshake_timeout;
  const FirstLine first =
      read_first_line(m_stdout_fd, m_stderr_fd, deadline, [this] { return exit_status().has_value(); });
  const auto details = [&] {
    std::string text = "; stdout: " + quote_excerpt(first.stdout_bytes, 200);
    if (!first.stderr_bytes.empty()) text += "; stderr tail: " + quote_tail(first.stderr_bytes, 1500);
    return text;
  };
  using Outcome = FirstLine::Outcome;
  switch (first.outcome) {
    case Outcome::Line: break;
    case Outcome::Exited:
      return Error{context + " " + exit_status().value_or(ExitStatus{}).describe() +
                   " before printing its handshake line" + details()};
    case Outcome::StdoutClosed:
      return Error{context + " closed its stdout without printing a handshake line" + details()};
    case Outcome::Timeout:
      return Error{context + " printed no handshake line within " + std::to_string(options.handshake_timeout.count()) +
                   " ms" + details()};
    case Outcome::TooLong:
      return Error{context + " printed more than " + std::to_string(FirstLine::kMaxLineBytes) +
                   " bytes without a newline" + details()};
    case Outcome::ReadError: return Error{context + ": " + first.error + details()};
  }
  auto parsed = parse_handshake_line(first.line, options.protocol_versions);
  if (!parsed) {
    std::string message = context + ": " + parsed.error().message;
    if (!first.stderr_bytes.empty()) message += "; stderr tail: " + quote_tail(first.stderr_bytes, 1500);
    return Error{message};
  }
  m_handshake = std::move(*parsed);
  m_drain = std::make_unique<OutputDrain>(m_stdout_fd, m_stderr_fd, m_ring, first.stdout_bytes, first.stderr_bytes);
  m_stdout_fd = -1;  // owned by the drain now
  m_stderr_fd = -1;
  return {};
}

PluginProcess::~PluginProcess() { shutdown(); }

std::optional<ExitStatus> PluginProcess::exit_status() {
  const std::lock_guard lock(m_mutex);
  if (!m_exit && m_pid > 0) m_exit = peek_exit(m_pid);
  return m_exit;
}

std::optional<ExitStatus> PluginProcess::wait_for_exit(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    if (auto status = exit_status()) return status;
    if (std::chrono::steady_clock::now() >= deadline) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

std::vector<LogLine> PluginProcess::logs() const { return m_ring->snapshot(); }

std::size_t PluginProcess::dropped_log_lines() const { return m_ring->dropped(); }

std::string PluginProcess::stderr_tail() const { return m_drain ? m_drain->stderr_tail() : std::string(); }

ExitStatus PluginProcess::shutdown(const std::function<void()>& graceful) {
  const std::lock_guard shutdown_lock(m_shutdown_mutex);
  if (m_shut_down) return m_exit.value_or(ExitStatus{});
  m_shut_down = true;
  if (m_pid > 0) {
    m_exited_early = exit_status().has_value();
    if (!m_exited_early) {
      if (graceful) {
        graceful();
      } else {
        signal_group(m_pid, SIGTERM);
      }
      wait_for_exit(m_grace);
    }
    // The leader is not reaped yet, so its zombie still holds the group id: no other process
    // group can have taken it, and leftover children are killed too.
    signal_group(m_pid, SIGKILL);
    unregister_live_group(m_pid);
    if (auto reaped = reap_child(m_pid, kReapTimeout)) {
      const std::lock_guard lock(m_mutex);
      if (!m_exit) m_exit = reaped;
    }
    reap_group(m_pid, kReapTimeout);
  }
  if (m_drain) m_drain->stop();
  close_fd(m_stdout_fd);
  close_fd(m_stderr_fd);
  remove_stray_socket();
  m_scratch.remove();
  return m_exit.value_or(ExitStatus{});
}

bool PluginProcess::catch_up_output(std::chrono::milliseconds timeout) {
  return !m_drain || m_drain->catch_up(timeout);
}

bool PluginProcess::wait_for_stderr_end(std::chrono::milliseconds timeout) const {
  return m_drain && m_drain->wait_for_stderr_end(timeout);
}

bool PluginProcess::out_of_memory() const {
  if (m_memory_limit == 0) return false;
  if (m_cgroup && m_cgroup->out_of_memory()) return true;
  // Under the rlimit alone a Go provider says so on stderr ("fatal error: out of memory").
  if (!m_drain) return false;
  // The last words may still be in the pipe when the exit is seen: read them first.
  if (!m_drain->said_out_of_memory()) m_drain->wait_for_stderr_end(std::chrono::milliseconds(500));
  return m_drain->said_out_of_memory();
}

std::string PluginProcess::memory_limit_text() const {
  if (m_memory_limit == 0) return "";
  std::string how = m_cgroup ? std::string(m_cgroup->mechanism()) + " and RLIMIT_DATA" : "RLIMIT_DATA";
  return format_memory_size(m_memory_limit) + " (" + how + ")";
}

void PluginProcess::remove_stray_socket() {
  // A killed plugin leaves its socket behind (§2.6a); one outside the work dir (a user-set
  // TMPDIR override) is removed here, and only if it still is a socket.
  if (m_handshake.network != Network::Unix || m_handshake.address.empty()) return;
  struct stat info {};
  if (::lstat(m_handshake.address.c_str(), &info) == 0 && S_ISSOCK(info.st_mode)) {
    ::unlink(m_handshake.address.c_str());
  }
}

}  // namespace tfc::runner
