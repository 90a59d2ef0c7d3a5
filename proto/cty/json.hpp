#pragma once
// cty JSON encoding of values (docs/protocol.md §3.5): DynamicValue.json and the
// raw state JSON of UpgradeResourceState (§7). JSON cannot carry unknowns.

#include <string>
#include <string_view>

#include "proto/cty/type.hpp"
#include "proto/cty/value.hpp"
#include "proto/util/expected.hpp"

namespace tfc::cty {

/// Decodes cty JSON against `type` with go-cty's leniencies (missing object attributes are
/// null; numbers and bools may be strings; strings may be numbers or bools, kept as their
/// literal text). Unknown object attributes and wrong shapes are errors naming the path.
/// Numbers are exact decimals (never rounded through double). A dynamic position takes
/// {"value","type"} in either key order (no "value": null of that type) or null. Invalid
/// UTF-8 and lone surrogates become U+FFFD as in Go; nesting is limited to kMaxDepth.
Expected<Value> json_decode(std::string_view text, const Type& type);

/// Encodes as go-cty does: no whitespace, object keys sorted, dynamic positions as
/// {"value":V,"type":T} (an untyped null there is plain null), strings escaped as Go's
/// encoding/json does (\u003c for <, ...). Numbers are written as their exact decimal value:
/// a number that arrived as a float64 is written in full (0.1 as a double is
/// 0.1000000000000000055511151231257827021181583404541015625), where go-cty would print the
/// shortest text and so change the value. Fails on unknown values and infinities.
Expected<std::string> json_encode(const Value& value, const Type& type);

}  // namespace tfc::cty
