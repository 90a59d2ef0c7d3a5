#pragma once
// The Terraform functions the evaluator computes: pure ones whose results do not depend on the
// machine (jsonencode, base64encode, tostring, tolist, toset, format, and a few cheap string and
// collection functions). Any other function, a namespaced provider function, an argument that
// is not wholly known or a call that Terraform would refuse gives an unknown result: of the
// function's return type where that is fixed (file() is an unknown string), else dynamic.

#include <string>
#include <string_view>
#include <vector>

#include "proto/cty/value.hpp"

namespace tfc::hcl {

cty::Value call_function(const std::string& name, const std::vector<cty::Value>& args);

/// The unknown value a call of `name` gives when it cannot be computed.
cty::Value function_result_type_unknown(const std::string& name);

/// Terraform's jsonencode text of a wholly known value (object keys sorted, strings escaped as
/// Go's encoding/json does, numbers in their exact decimal form).
std::string json_text(const cty::Value& value);
/// A JSON-quoted string, as json_text writes strings.
std::string json_quoted(std::string_view s);

std::string base64_encode(std::string_view bytes);
/// nullopt-like failure is reported as false.
bool base64_decode(std::string_view text, std::string& out);

/// format()'s verbs: %s %d %v %q %t %f (with flags, width and precision) and %%; false when the
/// format and the arguments do not fit.
bool format_text(const std::string& format, const std::vector<cty::Value>& args, std::string& out);

}  // namespace tfc::hcl
