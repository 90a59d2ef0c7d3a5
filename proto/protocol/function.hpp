#pragma once
// Provider functions (6.5+/5.5+) in model terms (tfplugin6.proto; docs/protocol.md §5.6). Signatures are
// kept in the `providers schema -json` function form, like schema::ProviderSchema::functions.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "proto/protocol/diagnostics.hpp"
#include "proto/protocol/dynamic_value.hpp"

namespace tfc::protocol {

struct GetFunctionsRequest {
  friend bool operator==(const GetFunctionsRequest&, const GetFunctionsRequest&) = default;
};
struct GetFunctionsResponse {
  std::map<std::string, nlohmann::json> functions;
  Diagnostics diagnostics;
  friend bool operator==(const GetFunctionsResponse&, const GetFunctionsResponse&) = default;
};

struct CallFunctionRequest {
  std::string name;
  /// One per argument; each variadic argument separately.
  std::vector<DynamicValue> arguments;
  friend bool operator==(const CallFunctionRequest&, const CallFunctionRequest&) = default;
};
/// FunctionError: function failures come here, not as diagnostics.
struct FunctionError {
  std::string text;
  std::optional<std::int64_t> function_argument;  // 0-based
  friend bool operator==(const FunctionError&, const FunctionError&) = default;
};
struct CallFunctionResponse {
  DynamicValue result;
  std::optional<FunctionError> error;
  friend bool operator==(const CallFunctionResponse&, const CallFunctionResponse&) = default;
};

}  // namespace tfc::protocol
