#pragma once
// cty msgpack encoding, driven by the expected type (docs/protocol.md §3.3-§3.4):
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
///
/// Decisions where go-cty is quirky or silent (docs/protocol.md §3.3-§3.4):
///  * An object must list exactly its attributes, in any order. go-cty decodes an *empty* map
///    as the empty object whatever the expected type, which then fails type conformance; here
///    it is reported at once as "expected object with N attributes, found map with 0 entries".
///  * Any ext family and ext type is an unknown; only type 12 with a payload of more than one
///    byte is read for refinements (payload > 1024 bytes and keys that do not fit the type are
///    errors, unknown keys and trailing payload bytes are ignored, as in go-cty). Refinements
///    at a dynamic position's untyped unknown are ignored. A nullness key of `true`
///    ("definitely null") yields a null of the type, as go-cty's refinement builder does.
///  * Duplicate map keys: the last wins. Duplicate object attributes are an error.
///  * Integers above INT64_MAX and strings holding numbers are kept exact (decimal text).
///  * Trailing bytes after the value are an error.
Expected<Value> msgpack_decode(std::string_view bytes, const Type& type);

/// Encodes `value` against `type` exactly as go-cty HEAD does. Fails (naming the path) when
/// the value does not conform to the type. Set elements are written in the set's canonical
/// order (go-cty writes its hash order; set order carries no meaning on the wire), so sets of
/// two or more elements may differ byte-wise from Go while decoding to equal values.
/// String-prefix refinements longer than 256 bytes are cut to at most 255 bytes on a UTF-8
/// boundary; infinite number bounds and a lower length bound of 0 are omitted.
Expected<std::string> msgpack_encode(const Value& value, const Type& type);

/// True when `bytes` hold exactly one well-formed msgpack object, whatever its shape and
/// whatever type it was meant to have (nesting deeper than kMaxDepth is not well-formed): a
/// value that fails msgpack_decode but passes this is of the wrong type, not garbage.
bool is_well_formed_msgpack(std::string_view bytes);

/// Maximum nesting of containers accepted by the decoders (stack safety).
inline constexpr int kMaxDepth = 256;

}  // namespace tfc::cty
