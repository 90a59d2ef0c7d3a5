#pragma once
// The constraints on an ApplyResourceChange result (seed 000 §ApplyResourceChange and
// §Handling of Nested Blocks in Configuration).

#include "oracle/violation.hpp"
#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"

namespace tfc::oracle {

/// Judges the new state against the final planned state (000 §ApplyResourceChange): it must
/// conform to the schema's type (`value.type_mismatch`, nothing else checked otherwise); a
/// delete (null plan) returns null; any other apply returns an object; it holds no unknown
/// value anywhere; every value known in the plan is identical (the form the user wrote, no
/// normalization); every planned unknown takes a value of its type honouring its refinements;
/// null-ness, collection elements and nested block counts are kept; set elements correlate;
/// write-only attributes are null (Terraform). Core only logs the consistency findings for the
/// legacy SDK, so those become tolerated warnings under `options.legacy_type_system`;
/// unknowns, delete and type rules stay errors.
Violations check_apply(const schema::Block& block, const cty::Value& planned, const cty::Value& new_state,
                       const CheckOptions& options = {});

}  // namespace tfc::oracle
