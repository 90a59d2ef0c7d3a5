#pragma once
// The `terraform providers schema -json` form of schemas (see
// ../shared/data/examples/providers-schema-json-excerpt.json), used by `tfconform schema`
// and by the `schema` field of oracle vectors (../shared/spec/oracle-vectors.md).

#include <string>

#include <nlohmann/json.hpp>

#include "proto/schema/block.hpp"
#include "proto/schema/provider_schema.hpp"
#include "proto/util/expected.hpp"

namespace tfc::schema {

/// A `block` object: attributes, block_types, description... Missing booleans are false,
/// missing min/max are 0. Errors name the JSON path (e.g. `block_types.rule.block.attributes.port.type`).
Expected<Block> block_from_json(const nlohmann::json& doc);
nlohmann::json block_to_json(const Block& block);

/// A `{"version": N, "block": {...}}` schema object.
Expected<Schema> schema_from_json(const nlohmann::json& doc);
nlohmann::json schema_to_json(const Schema& schema);

/// One provider's entry of `provider_schemas` (provider, resource_schemas,
/// data_source_schemas, ephemeral_resource_schemas, ... as present).
Expected<ProviderSchema> provider_schema_from_json(const nlohmann::json& doc);
nlohmann::json provider_schema_to_json(const ProviderSchema& schema);

/// The whole document: {"format_version": "1.0", "provider_schemas": {address: ...}}.
nlohmann::json providers_schema_document(const std::string& provider_address, const ProviderSchema& schema);

}  // namespace tfc::schema
