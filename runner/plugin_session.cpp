#include "runner/plugin_session.hpp"

#include <signal.h>

#include <cerrno>
#include <thread>

#include "runner/channel.hpp"
#include "runner/plugin_control.hpp"

namespace tfc::runner {
namespace {

bool pid_alive(long long pid) { return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM); }

}  // namespace

tfc::Expected<std::unique_ptr<PluginSession>> PluginSession::launch(const LaunchOptions& options) {
  std::unique_ptr<PluginSession> session(new PluginSession());
  TFC_TRY(process, PluginProcess::launch(options));
  session->m_process = std::move(process);
  session->m_handshake = session->m_process->handshake();
  session->m_ring = session->m_process->log_ring();
  const auto& creds = session->m_process->client_credentials();
  auto channel = make_channel(session->m_handshake, creds ? &*creds : nullptr);
  if (!channel) return with_context("plugin " + options.executable.string(), channel.error());
  session->m_channel = std::move(*channel);
  session->m_pump = std::make_unique<StdioPump>(session->m_channel, session->m_ring);
  return session;
}

tfc::Expected<std::unique_ptr<PluginSession>> PluginSession::attach(const ReattachTarget& target,
                                                                    std::chrono::milliseconds grace) {
  std::unique_ptr<PluginSession> session(new PluginSession());
  session->m_handshake = target.to_handshake();
  session->m_attached = target;
  session->m_attach_grace = grace;
  session->m_ring = std::make_shared<LogRing>(2000);
  auto channel = make_channel(session->m_handshake, nullptr);
  if (!channel) return with_context("reattach " + target.provider, channel.error());
  session->m_channel = std::move(*channel);
  session->m_pump = std::make_unique<StdioPump>(session->m_channel, session->m_ring);
  return session;
}

PluginSession::~PluginSession() { close(); }

tfc::Expected<void> PluginSession::ping(std::chrono::milliseconds timeout) {
  if (!m_channel) return Error{"ping: the session is closed"};
  TFC_TRY(serving, check_health(m_channel, "plugin", timeout));
  if (!serving) return Error{"grpc.health.v1.Health/Check(plugin): plugin is not SERVING"};
  return {};
}

std::vector<LogLine> PluginSession::logs() const { return m_ring->snapshot(); }

std::vector<LogLine> PluginSession::logs_since(std::size_t& cursor) const { return m_ring->since(cursor); }

std::vector<std::string> PluginSession::raw_logs_since(std::size_t& cursor) const { return m_ring->raw_since(cursor); }

std::optional<ExitStatus> PluginSession::exit_status() {
  if (m_process) return m_process->exit_status();
  return m_exit;
}

std::optional<ExitStatus> PluginSession::close() {
  if (m_closed) return m_exit;
  m_closed = true;
  const auto disconnect = [this](bool send_shutdown) {
    if (send_shutdown && m_channel) request_controller_shutdown(m_channel);
    m_pump.reset();
    m_channel.reset();
  };
  if (m_process) {
    m_exit = m_process->shutdown([&] { disconnect(true); });
    disconnect(false);  // when the plugin had already exited, shutdown() skipped the callback
    return m_exit;
  }
  const bool test = m_attached && m_attached->test;
  disconnect(!test);
  if (!test && m_attached && m_attached->pid > 0) {
    // Not our child: it cannot be reaped here, only waited for and killed (Terraform kills Pid).
    const auto deadline = std::chrono::steady_clock::now() + m_attach_grace;
    while (pid_alive(m_attached->pid) && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (pid_alive(m_attached->pid)) ::kill(static_cast<pid_t>(m_attached->pid), SIGKILL);
  }
  return m_exit;
}

}  // namespace tfc::runner
