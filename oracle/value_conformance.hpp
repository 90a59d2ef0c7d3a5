#pragma once
// `value.type_mismatch`: every object a provider returns must conform to the implied type of
// the schema (000 "the resource instance operations all both consume and produce objects that
// conform to the schema of the selected resource type").

#include <string_view>

#include "oracle/findings.hpp"
#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"

namespace tfc::oracle {

/// Reports `value.type_mismatch` at the deepest path where `value` departs from `type` (a
/// missing or extra object attribute, a list where a set belongs, a string where a number
/// belongs...); nothing when it conforms. `what` names the object ("planned state").
void check_conformance(const cty::Type& type, const cty::Value& value, std::string_view what, Findings& out);

/// The same against the implied type of `block`; returns the violations found.
Violations check_value_conforms(const schema::Block& block, const cty::Value& value, std::string_view what);

}  // namespace tfc::oracle
