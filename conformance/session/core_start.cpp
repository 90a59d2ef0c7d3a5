// Core's start sequence over any ProviderClient (docs/protocol.md §5.1).
#include "conformance/session/core_start.hpp"

#include "conformance/core/client_capabilities.hpp"
#include "conformance/core/diagnostics_text.hpp"
#include "conformance/core/value_io.hpp"
#include "proto/protocol/rpc_names.hpp"
#include "proto/schema/tf_json.hpp"

namespace tfc::conformance {

using protocol::Rpc;
using protocol::rpc_name;

namespace {

// No answer at all (a hang, a crash, garbage) is the provider's fault, judged like any failed
// call; error diagnostics about the configuration stay the user's problem (exit 2).
Error rpc_failed(StartFailure& failed, Rpc rpc, const protocol::RpcFailure& failure) {
  failed.failed_rpc_kind = failure.kind;
  failed.failed_rpc = rpc_name(rpc);
  return Error{failed.failed_rpc + " failed (" + protocol::to_string(failure.kind) + "): " + failure.message};
}

/// "RPC returned errors: ..." (the user's problem: exit 2).
Error returned_errors(Rpc rpc, const protocol::Diagnostics& diagnostics) {
  return Error{std::string(rpc_name(rpc)) + " returned errors: " + describe_diagnostics(diagnostics)};
}

void append(protocol::Diagnostics& into, const protocol::Diagnostics& more) {
  into.insert(into.end(), more.begin(), more.end());
}

/// GetProviderSchema, then GetResourceIdentitySchemas (§5.1): the schema with its identities,
/// or why not.
Expected<void> ask_schemas(protocol::ProviderClient& client, const CoreStartSettings& settings, StartFailure& failed,
                           StartedProvider& started) {
  auto schema = client.get_provider_schema({});
  if (!schema) {
    if (schema.failure().kind == protocol::FailureKind::Transport) {
      failed.stage = StartStage::Launch;
      failed.unreachable = schema.failure().message;
      return Error{"nothing answers: " + schema.failure().message};
    }
    return rpc_failed(failed, Rpc::GetProviderSchema, schema.failure());
  }
  if (settings.configure && protocol::has_error(schema->diagnostics))
    return returned_errors(Rpc::GetProviderSchema, schema->diagnostics);
  started.schema = std::move(schema->schema);
  append(started.schema_diagnostics, schema->diagnostics);
  // Core asks for identity schemas right after the schema; UNIMPLEMENTED means none.
  auto identities = client.get_resource_identity_schemas({});
  if (identities && !protocol::is_not_implemented(identities)) {
    started.schema.identity_schemas = identities->identity_schemas;
    append(started.schema_diagnostics, identities->diagnostics);
  } else if (!identities && !protocol::is_not_implemented(identities) && !settings.configure) {
    protocol::Diagnostic d;
    d.severity = protocol::Severity::Warning;
    d.summary = std::string(rpc_name(Rpc::GetResourceIdentitySchemas)) + " failed: " + identities.failure().message;
    started.schema_diagnostics.push_back(std::move(d));
  }
  return {};
}

}  // namespace

std::shared_ptr<const schema::ProviderSchema> SchemaCache::reusable() const {
  const std::lock_guard lock(m_mutex);
  return m_schema && m_schema->capabilities.get_provider_schema_optional ? m_schema : nullptr;
}

void SchemaCache::keep(const schema::ProviderSchema& schema) {
  const std::lock_guard lock(m_mutex);
  if (!m_schema) m_schema = std::make_shared<const schema::ProviderSchema>(schema);
}

Expected<StartedProvider> start_like_core(protocol::ProviderClient& client, const CoreStartSettings& settings,
                                          StartFailure& failed) {
  StartedProvider started;
  failed.stage = StartStage::Schema;
  const auto cached = settings.schema_cache && settings.configure ? settings.schema_cache->reusable() : nullptr;
  if (cached) {
    started.schema = *cached;
  } else {
    if (auto asked = ask_schemas(client, settings, failed, started); !asked) return asked.error();
    if (settings.schema_cache && !protocol::has_error(started.schema_diagnostics))
      settings.schema_cache->keep(started.schema);
  }
  if (!settings.configure) return started;

  failed.stage = StartStage::Configure;
  const auto& provider_block = started.schema.provider.block;
  auto config = schema::config_from_tf_json(settings.provider_config, provider_block, "provider configuration");
  if (!config) return config.error();
  TFC_TRY(dynamic, encode_value(provider_block, *config));
  {
    protocol::ValidateProviderConfigRequest request;
    request.config = dynamic;
    auto response = client.validate_provider_config(request);
    if (!response) return rpc_failed(failed, Rpc::ValidateProviderConfig, response.failure());
    if (protocol::has_error(response->diagnostics))
      return Error{"the provider rejected its configuration: " + describe_diagnostics(response->diagnostics)};
    started.configure_warnings = response->diagnostics;
  }
  protocol::ConfigureProviderRequest request;
  request.terraform_version = std::string(settings.core.terraform_version);
  request.config = dynamic;
  request.client_capabilities = core_capabilities(settings.core);
  auto response = client.configure_provider(request);
  if (!response) return rpc_failed(failed, Rpc::ConfigureProvider, response.failure());
  if (protocol::has_error(response->diagnostics)) return returned_errors(Rpc::ConfigureProvider, response->diagnostics);
  append(started.configure_warnings, response->diagnostics);
  return started;
}

}  // namespace tfc::conformance
