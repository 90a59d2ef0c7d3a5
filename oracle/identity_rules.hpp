#pragma once
// Checks of resource identities (GetResourceIdentitySchemas, UpgradeResourceIdentity and the
// identity fields of plan, apply, read, import and move; tfplugin6.proto ResourceIdentityData,
// Terraform's terraform/node_resource_abstract_instance.go, the SDKs' identity checks).

#include <optional>
#include <string_view>

#include "oracle/rule_id.hpp"
#include "oracle/violation.hpp"
#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"
#include "proto/schema/provider_schema.hpp"

namespace tfc::oracle {

/// The identity schema as a block of computed attributes: its implied type is the identity's
/// type, and the block walks (compatibility, display) apply to identities.
schema::Block identity_block(const schema::IdentitySchema& identity);

/// One identity the provider returned: conforming to the identity schema
/// (`identity.type_mismatch`), and wholly known unless `unknown_allowed` (a create or replace
/// plan; `identity.unknown`). `what` names it ("the planned identity").
Violations check_identity_value(const schema::Block& identity, const cty::Value& value, bool unknown_allowed,
                                std::string_view what);

/// `rule` (identity.missing, import.identity_missing) when a resource with an identity schema
/// answered without an identity where one belongs.
Violations check_identity_present(bool present, RuleId rule, std::string_view what);

/// `identity.changed`: the identity of the same object must not change across read, no-op
/// plan, update, import and move; every value known in `before` must be the same in `after`
/// (an identity planned unknown may become anything). Null `before` (none yet) is not judged.
Violations check_identity_kept(const schema::Block& identity, const cty::Value& before, const cty::Value& after,
                               std::string_view what);

/// `import.identity_mismatch`: an import by identity returns the identity it was given.
Violations check_import_identity(const schema::Block& identity, const cty::Value& requested,
                                 const cty::Value& returned);

/// `identity.upgrade_changed`: upgrading an identity stored at the current version returns it
/// unchanged (`after` nullopt: no identity came back).
Violations check_identity_upgrade(const schema::Block& identity, const cty::Value& before,
                                  const std::optional<cty::Value>& after);

}  // namespace tfc::oracle
