#pragma once
// What Core asks of every provider it opens, in Core's order (docs/protocol.md §5.1): the
// schema, the identity schemas, ValidateProviderConfig, ConfigureProvider. The same sequence
// runs over a plugin process (ProviderHost) and over an in-memory provider in the tests.

#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "conformance/core/client_capabilities.hpp"
#include "proto/protocol/provider_client.hpp"
#include "proto/schema/provider_schema.hpp"
#include "proto/util/expected.hpp"

namespace tfc::conformance {

/// The step of opening a provider that failed: launch (process start, handshake, TLS), the
/// schema (GetProviderSchema), or the configuration (the provider refused the user's config).
enum class StartStage { Launch, Schema, Configure };

/// Where opening a provider failed and, when an RPC itself failed (no answer, a crash, a
/// malformed answer: the provider's fault, not the user's), which and how.
struct StartFailure {
  StartStage stage = StartStage::Launch;
  std::optional<protocol::FailureKind> failed_rpc_kind;
  std::string failed_rpc;  // GetProviderSchema, ValidateProviderConfig, ConfigureProvider
  /// The schema call found nothing answering (set with stage Launch): the handshake named an
  /// address where no provider serves; the launcher words it.
  std::optional<std::string> unreachable;
};

/// What the first process of a provider answered to GetProviderSchema and
/// GetResourceIdentitySchemas, kept for the later processes of the same binary (thread-safe).
/// Core keeps the same (Terraform v1.13.3, internal/plugin6/grpc_provider.go and
/// internal/plugin/grpc_provider.go, GetProviderSchema: providers.SchemaCache): when the cached
/// answer's server capabilities say get_provider_schema_optional, a new process of that provider
/// is asked neither; otherwise every process is asked, as here.
class SchemaCache {
public:
  /// The kept schema, when a later process may skip asking: null otherwise.
  std::shared_ptr<const schema::ProviderSchema> reusable() const;
  /// Keeps `schema` when nothing is kept yet (the first process's answer stays).
  void keep(const schema::ProviderSchema& schema);

private:
  mutable std::mutex m_mutex;
  std::shared_ptr<const schema::ProviderSchema> m_schema;
};

/// How far to open and with what configuration.
struct CoreStartSettings {
  /// The provider block's body in .tf.json form (attributes and blocks); empty = all null.
  nlohmann::json provider_config = nlohmann::json::object();
  /// The Core version stood in for (--core): its terraform_version and client capabilities.
  CoreVersion core = default_core();
  /// False: stop after the schemas and keep their error diagnostics instead of failing
  /// (`tfconform schema` prints them next to the schema).
  bool configure = true;
  /// Shared by the processes of one binary (null: every process is asked for its schema).
  std::shared_ptr<SchemaCache> schema_cache;
};

/// What opening gave.
struct StartedProvider {
  schema::ProviderSchema schema;
  /// GetProviderSchema's and GetResourceIdentitySchemas's diagnostics (kept when not configuring).
  protocol::Diagnostics schema_diagnostics;
  /// ValidateProviderConfig's and ConfigureProvider's warnings.
  protocol::Diagnostics configure_warnings;
};

/// Runs Core's start sequence on `client`. Errors say which step failed and quote the
/// provider's diagnostics; `failed` receives the step and the kind of a failed RPC.
Expected<StartedProvider> start_like_core(protocol::ProviderClient& client, const CoreStartSettings& settings,
                                          StartFailure& failed);

}  // namespace tfc::conformance
