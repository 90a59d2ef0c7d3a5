#pragma once
// The `terraform providers schema -json` form of schemas (see
// tests/proto/schema/testdata/providers-schema-json-excerpt.json), used by `tfconform schema`
// and by the `schema` field of oracle vectors (docs/oracle-vectors.md).

#include <map>
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
/// block_from_json for a block found at `path` inside a larger document (errors name path.…).
Expected<Block> block_from_json_at(const nlohmann::json& doc, const std::string& path);

/// A `{"version": N, "block": {...}}` schema object.
Expected<Schema> schema_from_json(const nlohmann::json& doc);
nlohmann::json schema_to_json(const Schema& schema);
/// schema_from_json for a schema found at `path` inside a larger document.
Expected<Schema> schema_from_json_at(const nlohmann::json& doc, const std::string& path);

/// One provider's entry of `provider_schemas` (provider, resource_schemas,
/// data_source_schemas, ephemeral_resource_schemas, list_resource_schemas, action_schemas,
/// resource_identity_schemas, functions, as present). Written back with only non-empty maps;
/// functions are kept as their JSON. Server capabilities are not part of this form.
/// Extensions beyond Terraform's form, written only when set: `provider_meta`, and in blocks
/// and attributes `deprecation_message` and (blocks) `computed`.
Expected<ProviderSchema> provider_schema_from_json(const nlohmann::json& doc);
nlohmann::json provider_schema_to_json(const ProviderSchema& schema);
/// provider_schema_from_json for an entry found at `path` inside a larger document.
Expected<ProviderSchema> provider_schema_from_json_at(const nlohmann::json& doc, const std::string& path);

/// The whole document: {"format_version": "1.0", "provider_schemas": {address: ...}}.
nlohmann::json providers_schema_document(const std::string& provider_address, const ProviderSchema& schema);
/// Reads a whole document: provider address → provider schema. Errors name the path
/// (`provider_schemas.ADDRESS.resource_schemas.NAME.block...`).
Expected<std::map<std::string, ProviderSchema>> providers_schema_document_from_json(const nlohmann::json& doc);

}  // namespace tfc::schema
