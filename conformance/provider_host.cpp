// Opening a provider process the way Core does: schema, identity schemas, provider validation,
// configuration (docs/protocol.md §5.1).
#include "conformance/provider_host.hpp"

#include "conformance/value_io.hpp"
#include "generators/hints_tf_json.hpp"
#include "runner/session_provider.hpp"

namespace tfc::conformance {
namespace {

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

std::string describe_diagnostics(const protocol::Diagnostics& diagnostics) {
  std::string out;
  for (const auto& d : diagnostics) {
    if (!out.empty()) out += "; ";
    out += protocol::to_string(d.severity) + ": " + d.summary;
    if (!d.detail.empty()) out += ": " + d.detail;
    if (d.attribute && !d.attribute->empty()) out += " (at " + d.attribute->render() + ")";
  }
  return out;
}

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
    options.environment = m_target.environment;
    options.plaintext = m_target.plaintext;
    options.handshake_timeout = m_target.handshake_timeout;
    options.memory_limit_bytes = m_target.memory_limit_bytes;
    auto session = runner::PluginSession::launch(options);
    if (!session) return with_context("launching " + m_target.executable.string(), session.error());
    m_session = std::move(*session);
  }
  m_logs_seen = 0;
  runner::CallOptions call_options;
  call_options.timeout = m_target.rpc_timeout;
  call_options.deadlines = m_target.deadlines;
  m_client = runner::make_session_provider(*m_session, call_options);
  m_timed = std::make_unique<TimedClient>(*m_client, m_clock);

  m_failure.stage = StartStage::Schema;
  auto schema = m_timed->get_provider_schema({});
  if (!schema) {
    // No connection to the address the handshake named: the handshake itself was a lie.
    if (schema.failure().kind == protocol::FailureKind::Transport) {
      m_failure.stage = StartStage::Launch;
      return Error{unreachable_text(m_session->handshake(), schema.failure().message)};
    }
    m_failure.failed_rpc_kind = schema.failure().kind;
    m_failure.failed_rpc = "GetProviderSchema";
    return Error{"GetProviderSchema failed (" + protocol::to_string(schema.failure().kind) + "): " + schema.failure().message};
  }
  if (protocol::has_error(schema->diagnostics))
    return Error{"GetProviderSchema returned errors: " + describe_diagnostics(schema->diagnostics)};
  m_schema = std::move(schema->schema);
  // Core asks for identity schemas right after the schema; UNIMPLEMENTED means none.
  auto identities = m_timed->get_resource_identity_schemas({});
  if (identities && !protocol::is_not_implemented(identities)) m_schema.identity_schemas = identities->identity_schemas;

  m_failure.stage = StartStage::Configure;
  const auto& provider_block = m_schema.provider.block;
  auto config = gen::config_from_tf_json(m_target.provider_config, provider_block, "provider configuration");
  if (!config) return config.error();
  TFC_TRY(dynamic, encode_value(provider_block, *config));
  m_warnings.clear();
  {
    protocol::ValidateProviderConfigRequest request;
    request.config = dynamic;
    auto response = m_timed->validate_provider_config(request);
    if (!response) return rpc_failed("ValidateProviderConfig", response.failure());
    if (protocol::has_error(response->diagnostics))
      return Error{"the provider rejected its configuration: " + describe_diagnostics(response->diagnostics)};
    m_warnings = response->diagnostics;
  }
  protocol::ConfigureProviderRequest request;
  request.terraform_version = m_target.terraform_version;
  request.config = dynamic;
  request.client_capabilities.deferral_allowed = false;
  request.client_capabilities.write_only_attributes_allowed = true;
  auto response = m_timed->configure_provider(request);
  if (!response) return rpc_failed("ConfigureProvider", response.failure());
  if (protocol::has_error(response->diagnostics))
    return Error{"ConfigureProvider returned errors: " + describe_diagnostics(response->diagnostics)};
  m_warnings.insert(m_warnings.end(), response->diagnostics.begin(), response->diagnostics.end());
  return {};
}

Error ProviderHost::rpc_failed(const char* rpc, const protocol::RpcFailure& failure) {
  // No answer at all (a hang, a crash, garbage) is the provider's fault, judged like any failed
  // call; error diagnostics about the configuration stay the user's problem (exit 2).
  m_failure.failed_rpc_kind = failure.kind;
  m_failure.failed_rpc = rpc;
  return Error{std::string(rpc) + " failed (" + protocol::to_string(failure.kind) + "): " + failure.message};
}

Expected<void> ProviderHost::restart() {
  if (m_target.attach) return Error{"the attached provider stopped answering and cannot be restarted by tfconform"};
  close();
  return open();
}

std::vector<std::string> ProviderHost::take_new_logs() {
  if (!m_session) return {};
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
