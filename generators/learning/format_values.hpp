#pragma once
// Known-good values for the formats messages and descriptions name (JSON, CIDR, ARN, ...),
// and the format words themselves. Candidates depend on the attribute's name where a format
// has several common shapes (a policy document is JSON of a particular shape; a role ARN is
// an ARN of a particular service).

#include <optional>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "generators/learning/value_rule.hpp"

namespace tfc::gen::learning {

/// The format a text names, if any ("contains an invalid JSON", "a valid CIDR", "is an invalid
/// ARN", "RFC3339", "octal", ...). The text is matched case-insensitively on whole words.
std::optional<Format> format_in_text(std::string_view text);

/// Candidate values of `format` for an attribute named `name` (its last path step), most
/// likely first; written as .tf.json values (strings, or numbers for ports).
std::vector<nlohmann::json> format_candidates(Format format, std::string_view name);

}  // namespace tfc::gen::learning
