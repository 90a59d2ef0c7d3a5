#pragma once
// Managed-resource RPCs in model terms (tfplugin6.proto; lifecycle in
// docs/protocol.md §5.2-§5.4, private data and requires_replace in §6).
// Identities are ResourceIdentityData messages: std::nullopt when the field was not set.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "proto/cty/path.hpp"
#include "proto/protocol/capabilities.hpp"
#include "proto/protocol/diagnostics.hpp"
#include "proto/protocol/dynamic_value.hpp"

namespace tfc::protocol {

/// ValidateResourceConfig (v5 ValidateResourceTypeConfig).
struct ValidateResourceConfigRequest {
  std::string type_name;
  DynamicValue config;
  ClientCapabilities client_capabilities;  // 6.8+
  friend bool operator==(const ValidateResourceConfigRequest&, const ValidateResourceConfigRequest&) = default;
};
struct ValidateResourceConfigResponse {
  Diagnostics diagnostics;
  friend bool operator==(const ValidateResourceConfigResponse&, const ValidateResourceConfigResponse&) = default;
};

struct UpgradeResourceStateRequest {
  std::string type_name;
  std::int64_t version = 0;
  RawState raw_state;
  friend bool operator==(const UpgradeResourceStateRequest&, const UpgradeResourceStateRequest&) = default;
};
struct UpgradeResourceStateResponse {
  DynamicValue upgraded_state;
  Diagnostics diagnostics;
  friend bool operator==(const UpgradeResourceStateResponse&, const UpgradeResourceStateResponse&) = default;
};

struct UpgradeResourceIdentityRequest {
  std::string type_name;
  std::int64_t version = 0;
  RawState raw_identity;
  friend bool operator==(const UpgradeResourceIdentityRequest&, const UpgradeResourceIdentityRequest&) = default;
};
struct UpgradeResourceIdentityResponse {
  std::optional<DynamicValue> upgraded_identity;
  Diagnostics diagnostics;
  friend bool operator==(const UpgradeResourceIdentityResponse&, const UpgradeResourceIdentityResponse&) = default;
};

struct ReadResourceRequest {
  std::string type_name;
  DynamicValue current_state;
  std::string private_data;  // `private`: opaque provider bytes, empty = none
  DynamicValue provider_meta;
  ClientCapabilities client_capabilities;
  std::optional<DynamicValue> current_identity;
  friend bool operator==(const ReadResourceRequest&, const ReadResourceRequest&) = default;
};
struct ReadResourceResponse {
  DynamicValue new_state;
  Diagnostics diagnostics;
  std::string private_data;
  std::optional<Deferred> deferred;
  std::optional<DynamicValue> new_identity;
  friend bool operator==(const ReadResourceResponse&, const ReadResourceResponse&) = default;
};

struct PlanResourceChangeRequest {
  std::string type_name;
  DynamicValue prior_state;
  DynamicValue proposed_new_state;
  DynamicValue config;
  std::string prior_private;
  DynamicValue provider_meta;
  ClientCapabilities client_capabilities;
  std::optional<DynamicValue> prior_identity;
  std::string planned_private;  // 6.11 (v6 only): the plan-walk planned_private, at apply time
  friend bool operator==(const PlanResourceChangeRequest&, const PlanResourceChangeRequest&) = default;
};
struct PlanResourceChangeResponse {
  DynamicValue planned_state;
  std::vector<cty::Path> requires_replace;
  std::string planned_private;
  Diagnostics diagnostics;
  bool legacy_type_system = false;
  std::optional<Deferred> deferred;
  std::optional<DynamicValue> planned_identity;
  friend bool operator==(const PlanResourceChangeResponse&, const PlanResourceChangeResponse&) = default;
};

struct ApplyResourceChangeRequest {
  std::string type_name;
  DynamicValue prior_state;
  DynamicValue planned_state;
  DynamicValue config;
  std::string planned_private;
  DynamicValue provider_meta;
  std::optional<DynamicValue> planned_identity;
  friend bool operator==(const ApplyResourceChangeRequest&, const ApplyResourceChangeRequest&) = default;
};
struct ApplyResourceChangeResponse {
  DynamicValue new_state;
  std::string private_data;
  Diagnostics diagnostics;
  bool legacy_type_system = false;
  std::optional<DynamicValue> new_identity;
  friend bool operator==(const ApplyResourceChangeResponse&, const ApplyResourceChangeResponse&) = default;
};

struct ImportResourceStateRequest {
  std::string type_name;
  std::string id;
  ClientCapabilities client_capabilities;
  std::optional<DynamicValue> identity;  // 6.9+: import by identity instead of id
  friend bool operator==(const ImportResourceStateRequest&, const ImportResourceStateRequest&) = default;
};
struct ImportedResource {
  std::string type_name;
  DynamicValue state;
  std::string private_data;
  std::optional<DynamicValue> identity;
  friend bool operator==(const ImportedResource&, const ImportedResource&) = default;
};
struct ImportResourceStateResponse {
  std::vector<ImportedResource> imported_resources;
  Diagnostics diagnostics;
  std::optional<Deferred> deferred;
  friend bool operator==(const ImportResourceStateResponse&, const ImportResourceStateResponse&) = default;
};

struct MoveResourceStateRequest {
  std::string source_provider_address;
  std::string source_type_name;
  std::int64_t source_schema_version = 0;
  RawState source_state;
  std::string target_type_name;
  std::string source_private;
  std::optional<RawState> source_identity;  // 6.9+
  std::int64_t source_identity_schema_version = 0;
  friend bool operator==(const MoveResourceStateRequest&, const MoveResourceStateRequest&) = default;
};
struct MoveResourceStateResponse {
  DynamicValue target_state;
  Diagnostics diagnostics;
  std::string target_private;
  std::optional<DynamicValue> target_identity;
  friend bool operator==(const MoveResourceStateResponse&, const MoveResourceStateResponse&) = default;
};

/// GenerateResourceConfig (TF 1.14, "6.10"/"5.10").
struct GenerateResourceConfigRequest {
  std::string type_name;
  DynamicValue state;
  friend bool operator==(const GenerateResourceConfigRequest&, const GenerateResourceConfigRequest&) = default;
};
struct GenerateResourceConfigResponse {
  DynamicValue config;
  Diagnostics diagnostics;
  friend bool operator==(const GenerateResourceConfigResponse&, const GenerateResourceConfigResponse&) = default;
};

}  // namespace tfc::protocol
