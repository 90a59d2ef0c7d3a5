#pragma once
// The schema rules (docs/rules.md "schema"; GetProviderSchema) as
// oracle violations: the sanity checks of proto/schema plus `schema.unstable`.

#include "oracle/violation.hpp"
#include "proto/schema/provider_schema.hpp"

namespace tfc::oracle {

/// Every schema sanity problem (names, flags, items, set+dynamic, versions) as a violation at
/// the root path, its message prefixed with where it was found ("resource tfc_thing: .rule.port").
Violations check_schema(const schema::ProviderSchema& schema);

/// `schema.unstable` (beyond Core): GetProviderSchema asked twice must answer the same; one
/// violation per resource, data source or provider schema that differs, or exists only once.
Violations check_schema_stable(const schema::ProviderSchema& first, const schema::ProviderSchema& second);

}  // namespace tfc::oracle
