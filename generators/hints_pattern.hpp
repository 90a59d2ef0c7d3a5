#pragma once
// The small regular-expression subset of hints files (docs/hints.md "Patterns"):
// literal characters, `\`-escapes, `.`, character classes `[a-z0-9_]`, `\d` `\w` `\s`, and the
// quantifiers `{m}` `{m,}` `{m,n}` `+` `*` `?`. A pattern describes whole strings (as if
// anchored; a leading `^` and trailing `$` are accepted and ignored).

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <rapidcheck.h>

#include "proto/util/expected.hpp"

namespace tfc::gen {

/// One atom with its repetition count range. `chars` lists the atom's characters in the
/// order written, so generation shrinks towards the first one.
struct PatternAtom {
  std::string chars;
  std::size_t min = 1;
  std::size_t max = 1;
};

struct Pattern {
  std::string source;
  std::vector<PatternAtom> atoms;
};

/// Unbounded quantifiers (`+`, `*`, `{m,}`) repeat at most this many times beyond their minimum.
inline constexpr std::size_t kPatternUnboundedExtra = 8;

/// Parses a pattern; groups, alternation, negated classes and anchors in the middle are
/// errors whose message names the offending character's position.
Expected<Pattern> parse_pattern(std::string_view text);

/// True when the whole of `s` matches the pattern (backtracking; patterns are short).
bool pattern_matches(const Pattern& pattern, std::string_view s);

/// Strings matching the pattern: each atom's count grows with the size and shrinks towards
/// its minimum, each character shrinks towards the atom's first character.
rc::Gen<std::string> pattern_string(const Pattern& pattern);

}  // namespace tfc::gen
