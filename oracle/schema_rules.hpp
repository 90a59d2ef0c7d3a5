#pragma once
// The schema rules (docs/rules.md "schema"; GetProviderSchema) as
// oracle violations: the sanity checks of proto/schema plus `schema.unstable`.

#include <string>
#include <vector>

#include "oracle/violation.hpp"
#include "proto/schema/provider_schema.hpp"

namespace tfc::oracle {

/// Every schema sanity problem (names, flags, items, set+dynamic, versions) as a violation at
/// the root path, its message prefixed with where it was found ("resource tfc_thing: .rule.port").
Violations check_schema(const schema::ProviderSchema& schema);

/// `schema.unstable` (beyond Core): GetProviderSchema asked twice must answer the same; one
/// violation per resource, data source or provider schema that differs, or exists only once.
Violations check_schema_stable(const schema::ProviderSchema& first, const schema::ProviderSchema& second);

/// The type names GetMetadata lists, per kind.
struct MetadataNames {
  std::vector<std::string> resources, data_sources, functions, ephemeral_resources, list_resources, actions;
};

/// `metadata.schema_mismatch` (beyond Core: Terraform never calls GetMetadata): GetMetadata
/// lists exactly the resources, data sources, functions, ephemeral resources, list resources
/// and actions of GetProviderSchema; one violation per name found in one answer only.
Violations check_metadata_agrees(const schema::ProviderSchema& schema, const MetadataNames& metadata);

}  // namespace tfc::oracle
