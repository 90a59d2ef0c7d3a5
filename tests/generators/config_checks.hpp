#pragma once
// Test support: the schema rules a generated configuration or prior state must follow
// (docs/protocol.md §4.3-§4.4), checked independently of the generators' own walk.

#include <string>

#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"

namespace tfc::gen::testing {

enum class Shape { Config, PriorState };

/// "" when `value` follows the presence and count rules of `block` for `shape`, else the
/// first problem found, with its path: required attributes set, computed-only attributes null
/// in configuration and set in prior states, write-only attributes null in prior states,
/// single blocks present when required, group blocks never null, list/set/map blocks non-null
/// with counts within min/max (sets may collapse below min, never to 0 when min > 0), LIST/MAP
/// blocks of dynamic implied type as tuples/objects.
std::string shape_problem(const schema::Block& block, const cty::Value& value, Shape shape, std::size_t max_blocks = 3);

}  // namespace tfc::gen::testing
