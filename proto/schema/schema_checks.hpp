#pragma once
// Sanity checks of a provider's schema: the "Schema" section of
// ../shared/spec/contract-rules.md (Terraform's own internal validation of provider schemas).

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

/// Every problem in one block (recursively), prefixed with `where`. `managed_resource` enables
/// the write-only checks that only make sense for managed resources.
std::vector<SchemaProblem> check_block(const Block& block, const std::string& where, bool managed_resource);
/// Every problem in a whole provider schema (names, flags, items, set+dynamic, versions).
std::vector<SchemaProblem> check_provider_schema(const ProviderSchema& schema);

}  // namespace tfc::schema
