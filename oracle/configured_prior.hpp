#pragma once
// Whether a prior nested value can only have come from configuration: the test behind the one
// exception to "computed and null in config keeps the prior value" in ProposedNew (000 §Proposed
// New State). The seed does not name this exception; it follows Core's behaviour.

#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"

namespace tfc::oracle {

/// True when `prior`, a value of the nested attribute type `nested`, holds a non-null value
/// (an unknown counts as non-null) at some attribute that is not computed: only configuration
/// can have put it there. Computed attributes, optional+computed ones included, are looked
/// through: inside a computed nested attribute the search goes on, a computed leaf ends it.
/// A null or unknown object or element holds nothing.
bool holds_configured_value(const schema::NestedType& nested, const cty::Value& prior);

}  // namespace tfc::oracle
