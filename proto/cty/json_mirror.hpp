#pragma once
// The value form of ../shared/spec/oracle-vectors.md: a value in the JSON form of its type
// (dynamic positions as {"value": V, "type": T}) plus an optional unknown mirror
// (`X_unknown`, the `after_unknown` convention of `terraform show -json`) and optional
// refinements keyed by rendered path (`X_refinements`).

#include <nlohmann/json.hpp>

#include "proto/cty/type.hpp"
#include "proto/cty/value.hpp"
#include "proto/util/expected.hpp"

namespace tfc::cty {

struct MirroredJson {
  nlohmann::json value;          // null at unknown positions
  nlohmann::json unknown;        // true / false / object / array mirror; null when absent
  nlohmann::json refinements;    // {"<path>": {...}}; null when absent
};

/// Builds a Value of `type` from the mirrored form; errors name the path.
Expected<Value> value_from_mirrored_json(const MirroredJson& in, const Type& type);

/// The mirrored form of a value (refinements included when any unknown carries them).
MirroredJson value_to_mirrored_json(const Value& value, const Type& type);

}  // namespace tfc::cty
