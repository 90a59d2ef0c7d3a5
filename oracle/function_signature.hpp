#pragma once
// A provider function's signature in model terms, read from the `providers schema -json`
// function form that schema::ProviderSchema::functions keeps (proto/convert/function_convert.hpp):
// parameters with their types and whether null or unknown arguments are allowed, the variadic
// parameter and the return type.

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "proto/cty/type.hpp"
#include "proto/util/expected.hpp"

namespace tfc::oracle {

struct FunctionParameter {
  std::string name;
  cty::Type type;
  bool allow_null = false;     // is_nullable (allow_null_value on the wire)
  bool allow_unknown = false;  // allow_unknown_values
};

struct FunctionSignature {
  std::vector<FunctionParameter> parameters;
  std::optional<FunctionParameter> variadic;
  cty::Type return_type;

  /// The parameter argument `index` binds to (the variadic one past the fixed ones), or null.
  const FunctionParameter* parameter_for(std::size_t index) const noexcept;
};

/// The signature of a function form; a missing or unreadable type is an error naming where.
Expected<FunctionSignature> function_signature_from_json(const nlohmann::json& function);

}  // namespace tfc::oracle
