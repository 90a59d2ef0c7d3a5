#pragma once
// Shared by the tests of tfc::hcl: evaluating a snippet, and printing cty values as HCL
// literals (the inverse the round-trip property checks the reader against).

#include <string>
#include <vector>

#include "hcl/evaluator.hpp"
#include "hcl/parser.hpp"
#include "proto/cty/value.hpp"

namespace tfc::hcl::testing {

/// The value of one expression written as text, with an evaluator set up by the caller.
inline cty::Value eval(const std::string& text, Evaluator& evaluator, std::vector<std::string>* warnings = nullptr) {
  Warnings w(SourceName{"expr.tf", 1});
  ExprPtr e = parse_expression(text, w);
  if (warnings) *warnings = w.list();
  return e ? evaluator.evaluate(*e) : cty::Value::unknown(cty::Type::dynamic());
}

inline cty::Value eval(const std::string& text, std::vector<std::string>* warnings = nullptr) {
  Evaluator evaluator;
  return eval(text, evaluator, warnings);
}

/// A wholly known value as an HCL literal: strings quoted with escapes, collections as tuples,
/// maps and objects as object constructors with quoted keys.
std::string hcl_literal(const cty::Value& v);

}  // namespace tfc::hcl::testing
