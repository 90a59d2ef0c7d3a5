#pragma once
// The implied cty type of a schema (schema.md §3-§4): what every value of that block is
// encoded against on the wire.

#include "proto/cty/type.hpp"
#include "proto/schema/block.hpp"

namespace tfc::schema {

/// The object type of a block: one attribute per attribute and per block type. LIST and MAP
/// block types whose body contains `dynamic` anywhere become `dynamic` (hcldec tuple/object
/// block specs). No optional-attribute markers.
cty::Type implied_type(const Block& block);
/// The type of one attribute: its `type`, or the nested_type rule (single → object,
/// list/set/map → collection of object; no dynamic special case).
cty::Type implied_type(const Attribute& attribute);
/// The type of one block type's value (list/set/map of the body, or the body for single/group).
cty::Type implied_type(const NestedBlock& block_type);

}  // namespace tfc::schema
