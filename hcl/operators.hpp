#pragma once
// HCL's unary and binary operators over cty values (hclsyntax spec "Operations"): arithmetic on
// numbers, comparison, equality and logic. An unknown operand gives an unknown result of the
// operator's type (except where the known side decides: false && x, true || x); an operand
// that does not convert, or a division by zero, gives an unknown too.

#include <string_view>

#include "proto/cty/value.hpp"

namespace tfc::hcl {

cty::Value unary_operation(std::string_view op, const cty::Value& operand);
cty::Value binary_operation(std::string_view op, const cty::Value& lhs, const cty::Value& rhs);

/// A double result as a number in its shortest decimal form (3.5, not its binary expansion).
cty::Value number_from_double(double d);

}  // namespace tfc::hcl
