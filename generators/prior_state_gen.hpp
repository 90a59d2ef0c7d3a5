#pragma once
// Prior states of a resource schema: what a provider could have stored after an earlier
// apply (seeds 000/001 "Prior State", "New State"): wholly known values of the implied type.

#include <rapidcheck.h>

#include "generators/config_gen.hpp"
#include "generators/hints.hpp"
#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"

namespace tfc::gen {

/// Wholly known values of `block`'s implied type: required and computed attributes set
/// (optional+computed ones almost always), optional ones sometimes null, write-only ones
/// always null (docs/protocol.md §4.3 write_only), nested blocks within min/max items as in
/// config_of. Hints steer values as in config_of (omit only nulls non-computed attributes).
/// options.values must not allow unknowns (the default does not). Shrinks like config_of.
rc::Gen<cty::Value> prior_state_of(const schema::Block& block, const Hints& hints = {}, ConfigOptions options = {});

}  // namespace tfc::gen
