#pragma once
// Terraform's automatic type conversions (go-cty's `convert` package, as the Terraform language
// documentation describes them under "Type Conversion"): strings, numbers and bools into each
// other where the text allows, tuples into lists and sets, objects into maps and objects, and
// null and unknown values into null and unknown values of the wanted type.

#include <optional>
#include <vector>

#include "proto/cty/type.hpp"
#include "proto/cty/value.hpp"
#include "proto/util/expected.hpp"

namespace tfc::hcl {

/// `value` as a value of `type`; an error says why not ("a number is required"). Unknowns stay
/// unknown (of the wanted type); a dynamic wanted type takes the value as it is.
Expected<cty::Value> convert(const cty::Value& value, const cty::Type& type);

/// The one type every type of `types` converts to (the element type Terraform picks for
/// tolist(["a", 1]) is string), or nullopt. Dynamic types are ignored; all dynamic gives dynamic.
std::optional<cty::Type> unify(const std::vector<cty::Type>& types);

}  // namespace tfc::hcl
