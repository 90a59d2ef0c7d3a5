#pragma once
// cty msgpack encoding, driven by the expected type (../shared/protocol/values.md §3-§5):
// unknowns as extensions (refined: ext type 12), dynamic positions as [type JSON, value],
// numbers as int, float or decimal string, go-cty HEAD byte-for-byte on encode.

#include <string>
#include <string_view>

#include "proto/cty/type.hpp"
#include "proto/cty/value.hpp"
#include "proto/util/expected.hpp"

namespace tfc::cty {

/// Decodes `bytes` as a value of `type`. Liberal in what it accepts (bin for str, any ext
/// family for unknowns, float32, numbers as strings), never crashes on malformed input, and
/// names the path and what was found on error: "at .rule[0].port: expected number, found map".
/// Nesting deeper than kMaxDepth is an error.
Expected<Value> msgpack_decode(std::string_view bytes, const Type& type);

/// Encodes `value` against `type` exactly as go-cty HEAD does. Fails (naming the path) when
/// the value does not conform to the type.
Expected<std::string> msgpack_encode(const Value& value, const Type& type);

/// Maximum nesting of containers accepted by the decoders (stack safety).
inline constexpr int kMaxDepth = 256;

}  // namespace tfc::cty
