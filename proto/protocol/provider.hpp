#pragma once
// Provider-level RPCs in model terms (tfplugin6.proto / tfplugin5.proto; call order in
// docs/protocol.md §5.1): schema, metadata, provider config, stop.
// v5 names in parentheses: GetSchema, PrepareProviderConfig, Configure, Stop.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "proto/protocol/capabilities.hpp"
#include "proto/protocol/diagnostics.hpp"
#include "proto/protocol/dynamic_value.hpp"
#include "proto/schema/provider_schema.hpp"

namespace tfc::protocol {

struct GetProviderSchemaRequest {
  friend bool operator==(const GetProviderSchemaRequest&, const GetProviderSchemaRequest&) = default;
};
/// `schema.identity_schemas` stays empty: identities come from GetResourceIdentitySchemas.
/// State-store schemas (v6, experimental) are not carried.
struct GetProviderSchemaResponse {
  schema::ProviderSchema schema;
  Diagnostics diagnostics;
  friend bool operator==(const GetProviderSchemaResponse&, const GetProviderSchemaResponse&) = default;
};

struct GetResourceIdentitySchemasRequest {
  friend bool operator==(const GetResourceIdentitySchemasRequest&, const GetResourceIdentitySchemasRequest&) = default;
};
struct GetResourceIdentitySchemasResponse {
  std::map<std::string, schema::IdentitySchema> identity_schemas;
  Diagnostics diagnostics;
  friend bool operator==(const GetResourceIdentitySchemasResponse&,
                         const GetResourceIdentitySchemasResponse&) = default;
};

struct GetMetadataRequest {
  friend bool operator==(const GetMetadataRequest&, const GetMetadataRequest&) = default;
};
/// Type names only; the proto's per-kind metadata messages each hold just a name.
struct GetMetadataResponse {
  schema::ServerCapabilities server_capabilities;
  Diagnostics diagnostics;
  std::vector<std::string> data_sources;
  std::vector<std::string> resources;
  std::vector<std::string> functions;
  std::vector<std::string> ephemeral_resources;
  std::vector<std::string> list_resources;
  std::vector<std::string> state_stores;  // v6 only
  std::vector<std::string> actions;

  friend bool operator==(const GetMetadataResponse&, const GetMetadataResponse&) = default;
};

/// ValidateProviderConfig (v5 PrepareProviderConfig).
struct ValidateProviderConfigRequest {
  DynamicValue config;
  friend bool operator==(const ValidateProviderConfigRequest&, const ValidateProviderConfigRequest&) = default;
};
struct ValidateProviderConfigResponse {
  /// v5 only (`prepared_config = 1`); Terraform ignores it.
  std::optional<DynamicValue> prepared_config;
  Diagnostics diagnostics;
  friend bool operator==(const ValidateProviderConfigResponse&, const ValidateProviderConfigResponse&) = default;
};

/// ConfigureProvider (v5 Configure).
struct ConfigureProviderRequest {
  std::string terraform_version;
  DynamicValue config;
  ClientCapabilities client_capabilities;
  friend bool operator==(const ConfigureProviderRequest&, const ConfigureProviderRequest&) = default;
};
struct ConfigureProviderResponse {
  Diagnostics diagnostics;
  friend bool operator==(const ConfigureProviderResponse&, const ConfigureProviderResponse&) = default;
};

/// StopProvider (v5 Stop).
struct StopProviderRequest {
  friend bool operator==(const StopProviderRequest&, const StopProviderRequest&) = default;
};
struct StopProviderResponse {
  std::string error;  // the proto's `Error = 1`; empty means stopped cleanly
  friend bool operator==(const StopProviderResponse&, const StopProviderResponse&) = default;
};

}  // namespace tfc::protocol
