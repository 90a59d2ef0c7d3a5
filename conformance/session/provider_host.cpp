// A plugin process launched or attached as Core does it, then opened with Core's start
// sequence (conformance/session/core_start.cpp).
#include "conformance/session/provider_host.hpp"

#include "runner/plugin_process.hpp"
#include "runner/session_provider.hpp"

namespace tfc::conformance {
namespace {

/// How long a log read waits for the output drain to catch up with the provider's pipes.
constexpr std::chrono::milliseconds kLogCatchUp{250};

// Why the first call after the handshake found no connection. With AutoMTLS a TLS failure
// looks like an unreachable socket to gRPC; the handshake and gRPC's words tell them apart.
std::string unreachable_text(const runner::Handshake& handshake, const std::string& why) {
  const std::string where = "the address its handshake named (" + handshake.address + ")";
  if (!handshake.has_server_cert()) return "nothing answers at " + where + ": " + why;
  if (why.find("certificate verify failed") != std::string::npos)
    return "the TLS certificate served at " + where + " is not the one in its handshake line: " + why;
  return "no TLS connection to " + where +
         " (the plugin may refuse tfconform's client certificate from PLUGIN_CLIENT_CERT): " + why;
}

}  // namespace

Expected<std::unique_ptr<ProviderHost>> ProviderHost::start(const ProviderTarget& target, RpcClock& clock,
                                                            StartFailure* failed) {
  std::unique_ptr<ProviderHost> host(new ProviderHost(target, clock));
  if (auto opened = host->open(); !opened) {
    if (failed) *failed = host->m_failure;
    host->close();
    return opened.error();
  }
  return host;
}

ProviderHost::~ProviderHost() { close(); }

Expected<void> ProviderHost::open() {
  m_failure = StartFailure{};
  if (m_target.attach) {
    TFC_TRY(session, runner::PluginSession::attach(*m_target.attach));
    m_session = std::move(session);
  } else {
    runner::LaunchOptions options;
    options.executable = m_target.executable;
    options.arguments = m_target.arguments;
    options.environment = m_target.environment;
    options.plaintext = m_target.plaintext;
    options.handshake_timeout = m_target.handshake_timeout;
    options.memory_limit_bytes = m_target.memory_limit_bytes;
    options.go_procs = m_target.go_procs;
    const auto launch_start = std::chrono::steady_clock::now();
    auto session = runner::PluginSession::launch(options);
    m_clock.launches.add(std::chrono::steady_clock::now() - launch_start);
    if (!session) return with_context("launching " + m_target.executable.string(), session.error());
    m_session = std::move(*session);
  }
  m_logs_seen = 0;
  runner::CallOptions call_options;
  call_options.timeout = m_target.rpc_timeout;
  call_options.deadlines = m_target.deadlines;
  m_client = runner::make_session_provider(*m_session, call_options);
  m_timed = std::make_unique<TimedClient>(*m_client, m_clock);

  auto started = start_like_core(*m_timed, m_target.start, m_failure);
  // No connection to the address the handshake named: the handshake itself was a lie.
  if (!started && m_failure.unreachable) return Error{unreachable_text(m_session->handshake(), *m_failure.unreachable)};
  if (!started) return started.error();
  m_started = std::move(*started);
  return {};
}

Expected<void> ProviderHost::restart() {
  if (m_target.attach) return Error{"the attached provider stopped answering and cannot be restarted by tfconform"};
  close();
  return open();
}

std::vector<std::string> ProviderHost::take_new_logs() {
  if (!m_session) return {};
  // The lines the provider wrote while answering are read by a background thread: wait for it,
  // or a finding's log may lack its failing step's last lines.
  if (runner::PluginProcess* process = m_session->process()) process->catch_up_output(kLogCatchUp);
  return m_session->raw_logs_since(m_logs_seen);
}

std::optional<std::string> ProviderHost::exit_description() {
  if (!m_session) return std::nullopt;
  auto status = m_session->exit_status();
  if (!status) return std::nullopt;
  return status->describe();
}

void ProviderHost::close() {
  m_timed.reset();
  m_client.reset();
  if (m_session) {
    m_session->close();
    m_session.reset();
  }
}

}  // namespace tfc::conformance
