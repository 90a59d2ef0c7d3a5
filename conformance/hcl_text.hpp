#pragma once
// Configuration values written as Terraform language text, for counterexamples a user can
// paste into a module: `resource "TYPE" "NAME" { ... }` with nested blocks as blocks.

#include <string>

#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"

namespace tfc::conformance {

/// `kind "type" "name" { ... }` (kind: resource or data); null attributes are left out; an
/// unknown value is written `(known after apply)`; a dynamic value as its literal.
std::string hcl_block_text(const std::string& kind, const std::string& type, const std::string& name,
                           const schema::Block& block, const cty::Value& config);

/// One value as a Terraform expression ("x", 5, ["a"], { k = "v" }).
std::string hcl_value_text(const cty::Value& value);

}  // namespace tfc::conformance
