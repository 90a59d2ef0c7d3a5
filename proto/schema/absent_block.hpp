#pragma once
// The values a configuration has where nothing is written (docs/protocol.md §4.4): Core decodes
// an absent nested block not as null but by its nesting mode, and a provider's planned and new
// states must keep those shapes. One definition for everything that builds configurations,
// priors and proposals.

#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"

namespace tfc::schema {

/// The value of a block type with no blocks in configuration: null (single), the empty body
/// (group: empty_block_value, never null), an empty list/set/map, or an empty tuple/object when
/// a LIST/MAP block's implied type is dynamic. A missing body reads as an empty block.
cty::Value absent_block(const NestedBlock& nb);

/// `block` with nothing written in it: every attribute null, every block type absent_block. Of
/// `implied_type(block)`; where a name is both an attribute and a block type (an invalid schema),
/// the attribute wins, as in the implied type.
cty::Value empty_block_value(const Block& block);

}  // namespace tfc::schema
