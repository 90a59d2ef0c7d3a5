#pragma once
// Checks of provider functions (GetFunctions, CallFunction; tfplugin6.proto and Terraform's
// providers/functions.go and lang/function_results.go). Pure functions over signatures and
// decoded values; the suite makes the calls.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "oracle/violation.hpp"
#include "proto/cty/value.hpp"

namespace tfc::oracle {

/// `function.invalid_signature`: the function name and every parameter name must be identifiers
/// (a letter or `_`, then letters, digits, `_` or `-`, as HCL reads `provider::p::name`),
/// parameter names unique (the variadic one included), and every parameter and the return
/// typed. `function` is the `providers schema -json` form.
Violations check_function_signature(std::string_view name, const nlohmann::json& function);

/// `function.schema_mismatch`: every function of one answer is in the other with the same
/// signature (descriptions included: both are the provider's documentation of it).
Violations check_functions_agree(const std::map<std::string, nlohmann::json>& in_schema,
                                 const std::map<std::string, nlohmann::json>& from_get_functions);

/// One CallFunction answer as the suite saw it.
struct FunctionAnswer {
  bool result_set = false;                     // the response carried a result value
  std::optional<cty::Value> result;            // decoded with the return type, when set
  bool error = false;                          // the response carried a FunctionError
  std::optional<std::int64_t> error_argument;  // its 0-based argument position, if any
};

/// `function.no_result` (neither result nor error), `function.argument_index_out_of_range`
/// (an error naming a position outside [0, argument_count)), and, when every argument was
/// wholly known, `function.unknown_for_known_arguments` for each unknown in the result.
Violations check_function_answer(std::size_t argument_count, bool arguments_known, const FunctionAnswer& answer);

/// `function.inconsistent_result`: two calls with the same arguments must return the same
/// value (exact form: Terraform compares hashes of the results).
Violations check_function_repeat(const cty::Value& first, const cty::Value& second);

/// `function.unknown_result_mismatch`: `with_unknowns`, returned for arguments some of which
/// were unknown, may only be unknown where the result for the same arguments known
/// (`known`) differs: every known part of it must reappear there, as a plan before apply.
Violations check_unknown_argument_result(const cty::Type& return_type, const cty::Value& with_unknowns,
                                         const cty::Value& known);

}  // namespace tfc::oracle
