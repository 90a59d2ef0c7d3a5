#pragma once
// The constraints on a PlanResourceChange result (seed 000 §PlanResourceChange, §Handling of
// Nested Blocks in Configuration; 001 §Provider-driven Behaviors for requires_replace).

#include <vector>

#include "oracle/violation.hpp"
#include "proto/cty/path.hpp"
#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"

namespace tfc::oracle {

/// Judges a planned new state against the configuration and the prior state it was planned
/// from (000 §PlanResourceChange): an attribute non-null in config must be planned as the
/// exact config value (an unknown may lose its refinements) or the prior value; an attribute
/// null in config may only be set when it
/// is computed; nested blocks and nested attributes keep the config's shape (no absent or extra
/// block, same list count and map keys, no unknown block or block element, empty collections
/// rather than null); a destroy (null config) plans null and anything else plans non-null; a
/// write-only attribute plans null (Terraform); a computed block (6.11) absent from config may
/// be planned as anything, unknown included. The planned object must conform to the
/// schema's implied type first (`value.type_mismatch`; nothing else is checked when it does
/// not). `prior` null means create. Returns every violation, in schema order.
Violations check_plan(const schema::Block& block, const cty::Value& prior, const cty::Value& config,
                      const cty::Value& planned, const CheckOptions& options = {});

/// `plan.replace_path_invalid` (001 §Provider-driven Behaviors): each requires_replace path
/// must exist in the prior or the planned state (a step through an unknown counts as existing;
/// a step through null does not). Nothing to check on create (null prior).
Violations check_requires_replace(const cty::Value& prior, const cty::Value& planned,
                                  const std::vector<cty::Path>& requires_replace);

/// `plan.deferred_not_allowed`: a provider may only defer when the request allowed deferral.
Violations check_deferral(bool deferral_allowed, bool deferred);

}  // namespace tfc::oracle
