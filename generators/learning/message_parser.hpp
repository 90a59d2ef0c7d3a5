#pragma once
// Reads a provider's error diagnostic (summary and detail) for what it says about the values
// or the combination of attributes it wants. Knows the message shapes of
// terraform-plugin-sdk/v2 (helper/validation, helper/schema's cross-attribute checks) and of
// terraform-plugin-framework-validators, plus common English phrasings of custom validators
// ("must contain only lowercase alphanumeric characters", "between 1 and 63 characters").

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "generators/hints.hpp"
#include "generators/learning/value_rule.hpp"

namespace tfc::gen::learning {

struct MessageFacts {
  /// Attribute paths as the text writes them ("rule.0.port", "rule[0].port", "name"), the
  /// subject of the message first; the learner resolves them against the schema.
  std::vector<std::string> subjects;
  ValueRule rule;
  /// A cross-attribute rule; its paths are raw like `subjects`.
  std::optional<AttributeGroup> group;
  /// The attribute the diagnostic is at belongs to `group` too: the framework's attribute
  /// validators (ExactlyOneOf, AtLeastOneOf) count it and list only the others when they are
  /// relative ("[name.<.other]"), so `group` may name a single path.
  bool group_includes_subject = false;

  bool understood() const { return !rule.empty() || group.has_value(); }
};

MessageFacts read_diagnostic(std::string_view summary, std::string_view detail);

/// The values-and-shape part alone, for any text (messages and descriptions share it).
ValueRule read_value_rule(std::string_view text);

/// A pattern for a custom message or description that lists allowed characters and lengths
/// ("only lowercase alphanumeric characters and hyphens", "up to 63 characters"), built from
/// the characters every such rule allows: a lowercase letter first, then letters and digits.
std::optional<std::string> charset_pattern(std::string_view text);

}  // namespace tfc::gen::learning
