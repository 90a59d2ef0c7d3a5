#pragma once
// Everything GetProviderSchema (v6) / GetSchema (v5) returns, in model terms, plus the
// identity schemas of GetResourceIdentitySchemas (docs/protocol.md §4.1, §4.5).

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "proto/cty/type.hpp"
#include "proto/schema/block.hpp"

namespace tfc::schema {

struct ServerCapabilities {
  bool plan_destroy = false;
  bool get_provider_schema_optional = false;
  bool move_resource_state = false;
  bool generate_resource_config = false;
  bool operator==(const ServerCapabilities&) const = default;
};

struct IdentityAttribute {
  std::string name;
  cty::Type type;
  bool required_for_import = false;
  bool optional_for_import = false;
  std::string description;
  bool operator==(const IdentityAttribute&) const = default;
};

struct IdentitySchema {
  std::int64_t version = 0;
  std::vector<IdentityAttribute> attributes;
  bool operator==(const IdentitySchema&) const = default;
};

struct ProviderSchema {
  Schema provider;
  std::optional<Schema> provider_meta;
  std::map<std::string, Schema> resource_schemas;
  std::map<std::string, Schema> data_source_schemas;
  std::map<std::string, Schema> ephemeral_resource_schemas;
  std::map<std::string, Schema> list_resource_schemas;
  std::map<std::string, Schema> action_schemas;
  std::map<std::string, IdentitySchema> identity_schemas;
  /// Function signatures, kept in their `providers schema -json` form.
  std::map<std::string, nlohmann::json> functions;
  ServerCapabilities capabilities;
  /// Member-wise deep equality (blocks by content, see block.hpp).
  bool operator==(const ProviderSchema&) const = default;
};

}  // namespace tfc::schema
