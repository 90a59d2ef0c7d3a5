#pragma once
// Patterns of hints files (docs/hints.md "Patterns"): regular expressions in RE2 syntax
// (generators/regex.hpp) that describe whole strings, as if anchored at both ends.

#include <cstddef>
#include <string>
#include <string_view>

#include <rapidcheck.h>

#include "generators/regex.hpp"
#include "proto/util/expected.hpp"

namespace tfc::gen {

struct Pattern {
  std::string source;
  Regex regex;
};

/// Unbounded quantifiers (`+`, `*`, `{m,}`) repeat at most this many times beyond their minimum.
inline constexpr std::size_t kPatternUnboundedExtra = 8;

/// Parses a pattern; errors name the offending character's position.
Expected<Pattern> parse_pattern(std::string_view text);

/// True when the whole of `s` matches the pattern.
bool pattern_matches(const Pattern& pattern, std::string_view s);

/// Strings matching the pattern: repetition counts grow with the size and shrink towards
/// their minimum, alternatives towards the first, characters towards the first of their class.
rc::Gen<std::string> pattern_string(const Pattern& pattern);

}  // namespace tfc::gen
