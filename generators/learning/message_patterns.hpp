#pragma once
// Patterns a message or description states: a regular expression after "regular expression",
// "regex" or "pattern" (quoted, backticked, between slashes or bare from '^'), or a written
// template ("in the form hh:mm-hh:mm", "in the format [name]--[id]--x-s3") turned into one.

#include <optional>
#include <string>
#include <string_view>

namespace tfc::gen::learning {

/// The regular expression `text` gives (`lower` is `text` lowercased), unless negated ("must
/// not match").
std::optional<std::string> read_pattern(std::string_view text, std::string_view lower);

/// A pattern for the template `text` writes, when it writes one.
std::optional<std::string> read_template(std::string_view text, std::string_view lower);

}  // namespace tfc::gen::learning
