#pragma once
// Sanity checks of a provider's schema: the `schema.*` rules of docs/rules.md (Terraform's own
// internal validation of provider schemas).

#include <string>
#include <vector>

#include "proto/schema/provider_schema.hpp"

namespace tfc::schema {

/// One schema problem. `rule` is a stable id such as "schema.attribute_flags"; `where` names
/// the schema and path ("resource tfc_thing: .rule.port").
struct SchemaProblem {
  std::string rule;
  std::string where;
  std::string message;
};

/// Rule ids and what each covers (docs/rules.md "schema", docs/protocol.md §4.2-§4.4):
/// - schema.invalid_name: attribute, block type, nested and identity attribute names outside [a-z0-9_]+.
/// - schema.name_conflict: a name both attribute and block type, or repeated in one list.
/// - schema.attribute_flags: required/optional/computed combinations; type xor nested_type;
///   write-only computed, or neither required nor optional, or outside managed resources; a
///   deprecation message without `deprecated` (attributes and blocks); group nesting in a
///   nested type; a non-computed attribute inside a computed block.
/// - schema.block_items: min/max per nesting mode; computed blocks with group nesting or
///   min_items > 0; a non-computed block inside a computed block.
/// - schema.set_dynamic: dynamic inside a set block, set type or set nested attribute
///   (reported once, at the outermost set); write-only inside any set.
/// - schema.negative_version: a negative schema or identity schema version.
/// Order is deterministic: per block, its name problems, its own flags, then each attribute,
/// then each block type (depth first), in the order the schema lists them.

/// Every problem in one block (recursively), prefixed with `where`. `managed_resource` enables
/// the write-only checks that only make sense for managed resources.
std::vector<SchemaProblem> check_block(const Block& block, const std::string& where, bool managed_resource);
/// Every problem in a whole provider schema (names, flags, items, set+dynamic, versions).
std::vector<SchemaProblem> check_provider_schema(const ProviderSchema& schema);

}  // namespace tfc::schema
