#pragma once
// One live provider connection, launched or attached, with go-plugin's connect and close
// sequences around it (docs/protocol.md §2.5–2.7).

#include <grpcpp/channel.h>

#include <chrono>
#include <memory>
#include <optional>
#include <vector>

#include "proto/util/expected.hpp"
#include "runner/plugin_log.hpp"
#include "runner/plugin_process.hpp"
#include "runner/reattach.hpp"

namespace tfc::runner {

class StdioPump;

class PluginSession {
public:
  /// Launches the plugin (PluginProcess::launch), creates the channel and opens the GRPCStdio
  /// stream (§2.5). Does not call any RPC beyond that; use ping() to prove the connection.
  static tfc::Expected<std::unique_ptr<PluginSession>> launch(const LaunchOptions& options);
  /// Connects (plaintext) to a provider started by someone else (§2.7). close() leaves a
  /// `test` target running; otherwise it sends Shutdown and kills `pid` after `grace`.
  static tfc::Expected<std::unique_ptr<PluginSession>> attach(
      const ReattachTarget& target, std::chrono::milliseconds grace = std::chrono::seconds(2));

  /// Runs close() if it has not run.
  ~PluginSession();
  PluginSession(const PluginSession&) = delete;
  PluginSession& operator=(const PluginSession&) = delete;

  /// 5 or 6.
  int protocol_version() const noexcept { return m_handshake.app_protocol; }
  const Handshake& handshake() const noexcept { return m_handshake; }
  /// Null after close().
  const std::shared_ptr<grpc::Channel>& channel() const noexcept { return m_channel; }
  /// The launched process; null when attached.
  PluginProcess* process() noexcept { return m_process.get(); }

  /// grpc.health.v1 Check{service:"plugin"} must answer SERVING (go-plugin's Ping).
  tfc::Expected<void> ping(std::chrono::milliseconds timeout = std::chrono::seconds(10));
  /// The plugin's recent log lines (stderr, stdout, and the GRPCStdio stream).
  std::vector<LogLine> logs() const;
  /// Only the lines that arrived since `cursor` (see LogRing::since).
  std::vector<LogLine> logs_since(std::size_t& cursor) const;
  /// The same lines as read, not levelled (cheaper: see LogRing).
  std::vector<std::string> raw_logs_since(std::size_t& cursor) const;
  /// How a launched plugin ended if it has already (a crash while the session is open).
  std::optional<ExitStatus> exit_status();

  /// §2.6 closing: GRPCController.Shutdown (status ignored), close the stdio stream and the
  /// channel, wait the grace period, kill. Returns how a launched plugin ended. Idempotent.
  std::optional<ExitStatus> close();

private:
  PluginSession() = default;

  Handshake m_handshake;
  std::unique_ptr<PluginProcess> m_process;
  std::shared_ptr<LogRing> m_ring;
  std::shared_ptr<grpc::Channel> m_channel;
  std::unique_ptr<StdioPump> m_pump;
  std::optional<ReattachTarget> m_attached;
  std::chrono::milliseconds m_attach_grace{2'000};
  bool m_closed = false;
  std::optional<ExitStatus> m_exit;
};

}  // namespace tfc::runner
