#pragma once
// A prior state the provider itself could have written, for cases that cannot apply: the
// planned state of a configuration the provider accepted, with each unknown value (what the
// provider leaves to apply: computed attributes) replaced by an invented known value of its
// type. Every known value stays the provider's own; only the unknowns are invented, and each
// invented value keeps its unknown's refinements (values.md §4.2: a string prefix, number
// bounds, collection length bounds, not null).

#include <rapidcheck.h>

#include "proto/cty/refinements.hpp"
#include "proto/cty/type.hpp"
#include "proto/cty/value.hpp"

namespace tfc::gen {

/// A known, non-null, realistic value of `type` within `refinements` (a collection with at
/// most three elements unless its lower length bound asks for more; a value of a dynamic type
/// is a string; a number is whole unless its bounds leave no whole number).
rc::Gen<cty::Value> invented_value(const cty::Type& type, const cty::Refinements& refinements = {});

/// `planned` with every unknown replaced by invented_value of its type and refinements; a
/// wholly known `planned` comes back unchanged.
rc::Gen<cty::Value> with_unknowns_invented(const cty::Value& planned);

}  // namespace tfc::gen
