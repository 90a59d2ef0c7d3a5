#pragma once
// cty JSON encoding of values (../shared/protocol/values.md §6): DynamicValue.json and the
// raw state JSON of UpgradeResourceState (§7). JSON cannot carry unknowns.

#include <string>
#include <string_view>

#include "proto/cty/type.hpp"
#include "proto/cty/value.hpp"
#include "proto/util/expected.hpp"

namespace tfc::cty {

/// Decodes cty JSON against `type` with go-cty's leniencies (missing object attributes are
/// null; numbers and bools may be strings; strings may be numbers or bools). Unknown object
/// attributes and wrong shapes are errors naming the path.
Expected<Value> json_decode(std::string_view text, const Type& type);

/// Encodes as go-cty does: no whitespace, object keys sorted, dynamic positions as
/// {"value":V,"type":T}, exact decimal numbers. Fails on unknown values and infinities.
Expected<std::string> json_encode(const Value& value, const Type& type);

}  // namespace tfc::cty
