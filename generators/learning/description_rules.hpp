#pragma once
// What an attribute's description says about its values: "Valid values are `a`, `b`",
// "must be one of ...", "between 1 and 65535", "an ARN", "Defaults to `x`" (a default is a
// value the provider accepts).

#include <string_view>

#include "generators/learning/value_rule.hpp"

namespace tfc::gen::learning {

ValueRule rule_from_description(std::string_view description);

}  // namespace tfc::gen::learning
