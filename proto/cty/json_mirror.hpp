#pragma once
// The value form of docs/oracle-vectors.md: a value in the JSON form of its type
// (dynamic positions as {"value": V, "type": T}) plus an optional unknown mirror
// (`X_unknown`, the `after_unknown` convention of `terraform show -json`) and optional
// refinements keyed by rendered path (`X_refinements`).

#include <nlohmann/json.hpp>

#include "proto/cty/type.hpp"
#include "proto/cty/value.hpp"
#include "proto/util/expected.hpp"

namespace tfc::cty {

struct MirroredJson {
  nlohmann::json value;        // null at unknown positions
  nlohmann::json unknown;      // true / false / object / array mirror; null when absent
  nlohmann::json refinements;  // {"<path>": {...}}; null when absent
};

/// Builds a Value of `type` from the mirrored form; errors name the path. JSON numbers are
/// read as decimals (a float from its shortest text, as go-cty reads JSON); numbers given as
/// strings are accepted. Refinements apply to unknowns whose rendered path is a key of
/// `refinements` (set elements all render as "[...]", so they cannot be told apart).
Expected<Value> value_from_mirrored_json(const MirroredJson& in, const Type& type);

/// The mirrored form of a value (refinements included when any unknown carries them). The
/// mirror is null when the value is wholly known; objects and maps list only members with
/// something unknown inside, arrays list every element (false where known). Numbers that a
/// JSON number cannot hold exactly are written as their exact decimal text in a string.
MirroredJson value_to_mirrored_json(const Value& value, const Type& type);

}  // namespace tfc::cty
