#pragma once
// A provider plugin launched the way Terraform Core launches it (go-plugin: environment,
// handshake line, AutoMTLS): a fresh locked scratch directory, its own process group, a memory
// limit, death with tfconform (runner/lifeline_spawn.hpp), the handshake read under a deadline,
// output drained in the background, and a closing sequence that leaves no process, socket,
// cgroup or directory behind.

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "proto/util/expected.hpp"
#include "runner/auto_mtls.hpp"
#include "runner/handshake.hpp"
#include "runner/memory_limit.hpp"
#include "runner/plugin_env.hpp"
#include "runner/plugin_log.hpp"
#include "runner/process_group.hpp"
#include "runner/scratch_dir.hpp"

namespace tfc::runner {

class OutputDrain;

struct LaunchOptions {
  std::filesystem::path executable;
  /// argv[1...]: what Core never passes, for a binary that serves only when told (a Go test
  /// binary re-run as the provider: -test.run=...).
  std::vector<std::string> arguments;
  /// Extra variables for the plugin; they override everything else (TF_LOG, ...).
  std::vector<EnvVar> environment;
  /// Offered majors in preference order (PLUGIN_PROTOCOL_VERSIONS).
  std::vector<int> protocol_versions = {6, 5};
  /// Do not offer AutoMTLS (no PLUGIN_CLIENT_CERT): the plugin serves plaintext.
  bool plaintext = false;
  KeyCurve key_curve = KeyCurve::P256;
  /// go-plugin's default start timeout is one minute.
  std::chrono::milliseconds handshake_timeout{60'000};
  /// How long shutdown() waits for the process to exit before killing it (Terraform: 2 s).
  std::chrono::milliseconds shutdown_grace{2'000};
  /// Log lines kept for reports.
  std::size_t log_capacity = 2000;
  /// Memory the plugin may use (runner/memory_limit.hpp); 0: no limit.
  std::uint64_t memory_limit_bytes = 0;
  /// GOMAXPROCS for a Go provider (go_procs_for); 0: the runtime's own choice.
  unsigned go_procs = 0;
};

class PluginProcess {
public:
  /// Starts `options.executable` with `options.arguments` (Core passes none), stdin from /dev/null, stdout/stderr
  /// piped, in a new process group and a fresh temporary directory (also PLUGIN_UNIX_SOCKET_DIR and TMPDIR, so that old
  /// go-plugin versions put their socket there too), under the memory limit, and waits for a valid handshake line. On
  /// any failure everything started is torn down and the error says what happened: the exit status, the line or bytes
  /// read, the stderr tail.
  static tfc::Expected<std::unique_ptr<PluginProcess>> launch(const LaunchOptions& options);

  /// Runs shutdown() without a graceful step if it has not run yet.
  ~PluginProcess();
  PluginProcess(const PluginProcess&) = delete;
  PluginProcess& operator=(const PluginProcess&) = delete;

  const Handshake& handshake() const noexcept { return m_handshake; }
  /// The client certificate and key offered to the plugin; nullopt in plaintext mode.
  const std::optional<ClientCredentials>& client_credentials() const noexcept { return m_credentials; }
  /// Process id, which is also the process-group id.
  pid_t pid() const noexcept { return m_pid; }
  const std::filesystem::path& work_dir() const noexcept { return m_work_dir; }
  const std::filesystem::path& executable() const noexcept { return m_executable; }

  /// How the plugin ended, if it has (non-blocking). Before shutdown() this is a crash.
  std::optional<ExitStatus> exit_status();
  /// Waits up to `timeout` for the plugin to end by itself.
  std::optional<ExitStatus> wait_for_exit(std::chrono::milliseconds timeout);

  /// Waits up to `timeout` until everything the plugin wrote to stderr has been read: after a
  /// crash its last words (a Go panic and its stack) are then in the log. False when not.
  bool wait_for_stderr_end(std::chrono::milliseconds timeout) const;
  /// Waits up to `timeout` until what the plugin wrote before this call is in the log
  /// (OutputDrain::catch_up); true when it is.
  bool catch_up_output(std::chrono::milliseconds timeout);

  /// The plugin's most recent log lines (stderr, and stdout after the handshake).
  std::vector<LogLine> logs() const;
  /// The ring the drain writes to, for other sources of plugin output (the GRPCStdio stream).
  const std::shared_ptr<LogRing>& log_ring() const noexcept { return m_ring; }
  std::size_t dropped_log_lines() const;
  /// The last bytes of stderr, for error reports.
  std::string stderr_tail() const;

  /// The §2.6 closing sequence: `graceful` (e.g. GRPCController.Shutdown; its failures are the
  /// caller's to ignore) or, without one, SIGTERM to the group; wait up to the grace period;
  /// SIGKILL to the whole group; reap the plugin and every orphan of its group; stop the
  /// output drain; remove the temporary directory (with the socket). Idempotent: later calls
  /// return the first result. The status says how the plugin ended.
  ExitStatus shutdown(const std::function<void()>& graceful = {});
  /// True when the plugin had ended before shutdown() started (a crash or early exit).
  bool exited_before_shutdown() const noexcept { return m_exited_early; }

  /// True when the ended plugin died at its memory limit: its cgroup saw an OOM kill, or its
  /// last words on stderr say it ran out of memory.
  bool out_of_memory() const;
  /// "2 GiB (cgroup v1 and RLIMIT_DATA)"; empty without a limit.
  std::string memory_limit_text() const;

private:
  PluginProcess() = default;
  tfc::Expected<void> start(const LaunchOptions& options);
  tfc::Expected<void> await_handshake(const LaunchOptions& options);
  void remove_stray_socket();

  std::filesystem::path m_executable;
  ScratchDir m_scratch;
  std::filesystem::path m_work_dir;
  std::uint64_t m_memory_limit = 0;
  std::unique_ptr<MemoryCgroup> m_cgroup;
  std::optional<ClientCredentials> m_credentials;
  Handshake m_handshake;
  pid_t m_pid = -1;
  int m_stdout_fd = -1;
  int m_stderr_fd = -1;
  std::chrono::milliseconds m_grace{2'000};
  std::shared_ptr<LogRing> m_ring;
  std::unique_ptr<OutputDrain> m_drain;

  std::mutex m_mutex;  // guards m_exit
  std::mutex m_shutdown_mutex;
  std::optional<ExitStatus> m_exit;
  bool m_shut_down = false;
  bool m_exited_early = false;
};

}  // namespace tfc::runner
