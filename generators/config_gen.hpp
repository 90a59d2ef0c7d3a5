#pragma once
// Configuration values of a resource schema, as Terraform sends them in `config`
// (docs/protocol.md §4.3-§4.4, §4.6; seeds 000/001 "Configuration"): every attribute and block type
// present, unset attributes null, absent blocks null (single), empty (list/set/map) or an
// empty object (group). Values carry the declared implied type on every container, and
// concrete types at dynamic positions, as the codecs produce them.

#include <cstddef>

#include <rapidcheck.h>

#include "generators/arbitrary_value.hpp"
#include "generators/hints.hpp"
#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"

namespace tfc::gen {

/// Leaf values: known, not null, no unknowns (unknowns are injected separately).
inline ValueOptions known_value_options() {
  ValueOptions v;
  v.allow_unknown = false;
  v.allow_null = false;
  v.allow_refinements = false;
  v.max_elements = 3;
  v.dynamic_depth = 1;
  return v;
}

struct ConfigOptions {
  ValueOptions values = known_value_options();  // for attribute values (value_of)
  int optional_percent = 60;                    // an optional attribute is configured
  int single_block_percent = 60;                // an optional SINGLE block is present
  int computed_block_percent = 30;              // a computed (6.11) block is configured at all
  std::size_t max_blocks = 3;                   // upper count of LIST/SET/MAP blocks with max_items 0
  std::size_t max_nested = 3;                   // elements of LIST/SET/MAP nested attribute types
  bool write_only = true;                       // write-only attributes follow the optional rule (else null)
  int example_percent = 70;                     // start from one of the hints' examples, when any convert
  int mutate_percent = 25;                      // per top-level name, regenerate an example's value
};

/// The options of a value profile: realistic ones are the defaults; extreme ones have extreme
/// leaves, longer collections (up to 8 elements, 5 nested objects) and deeper dynamic values.
inline ConfigOptions config_options(ValueProfile profile) {
  ConfigOptions o;
  if (profile == ValueProfile::extreme) {
    o.values.profile = ValueProfile::extreme;
    o.values.max_elements = 8;
    o.values.dynamic_depth = 2;
    o.max_nested = 5;
  }
  return o;
}

/// Configurations of `block`'s implied type: required attributes always set, optional ones
/// (including optional+computed and write-only) sometimes null, computed-only ones always
/// null, nested blocks within min/max items for every nesting mode (unbounded: at most
/// options.max_blocks), LIST/MAP blocks of dynamic implied type as tuples/objects, dynamic
/// attributes as values of a concrete type picked first (uniform across a collection's
/// elements). Hints steer values and presence per path; with examples, the generator may
/// start from one and regenerate some top-level attributes. Shrinks attribute by attribute
/// towards null (optional) or the fewest blocks allowed, and towards the example when one
/// was used.
rc::Gen<cty::Value> config_of(const schema::Block& block, const Hints& hints = {}, ConfigOptions options = {});

}  // namespace tfc::gen
