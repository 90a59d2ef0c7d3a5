#pragma once
// Regular expressions in the shapes providers validate strings with (Go's RE2 syntax, as
// terraform-plugin-sdk's StringMatch and the framework's stringvalidator.RegexMatches receive
// them): literals and escapes, `.`, classes (ranges, negation, `\d \w \s` and their negations,
// `[:alpha:]`-style names, `\pL`), groups (capturing, `(?:...)`, named), alternation,
// quantifiers (`* + ? {m} {m,} {m,n}`, lazy forms), anchors and `\b` (ignored: a pattern
// describes whole strings), and the flags `(?i)`, `(?s)`, `(?m)`, `(?U)`.
//
// Two uses: generating strings that match (hints patterns, and patterns learned from a
// provider's refusals), and checking that a string matches (tests, and keeping candidates
// that fit). Characters outside ASCII are kept as literal bytes; inside classes they are
// dropped (generated values stay ASCII).

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <rapidcheck.h>

#include "proto/util/expected.hpp"

namespace tfc::gen {

struct RegexProgram;  // the compiled matcher (regex.cpp)

struct RegexNode {
  enum class Kind { Empty, Chars, Concat, Alternate, Repeat };
  Kind kind = Kind::Empty;
  std::string chars;                // Chars: the characters, in the order generation prefers
  std::vector<RegexNode> children;  // Concat, Alternate; Repeat: exactly one
  std::size_t min = 0;              // Repeat
  std::size_t max = 0;              // Repeat (ignored when unbounded)
  bool unbounded = false;           // Repeat: `*`, `+`, `{m,}`
};

class Regex {
public:
  /// Parses RE2 syntax. Errors name the position and what is wrong ("unbalanced ')'",
  /// "nothing to repeat", "lookaround is not RE2", ...).
  static Expected<Regex> parse(std::string_view text);

  const std::string& source() const noexcept { return m_source; }
  const RegexNode& root() const noexcept { return *m_root; }

  /// True when the whole of `s` matches (an NFA simulation: linear in the string's length).
  bool matches(std::string_view s) const;

  /// Strings matching the whole pattern. Repetition counts grow with the size and shrink
  /// towards their minimum, alternatives towards the first, characters towards the first of
  /// their class; unbounded repetitions add at most `unbounded_extra`, and bounded ones are
  /// capped at their minimum plus `bounded_extra` (long limits such as `{1,1024}` would give
  /// unwieldy values).
  rc::Gen<std::string> strings(std::size_t unbounded_extra = 8, std::size_t bounded_extra = 16) const;

private:
  std::string m_source;
  std::shared_ptr<const RegexNode> m_root;
  std::shared_ptr<const RegexProgram> m_program;
};

/// The characters a `.` stands for, in generation order: lowercase letters, digits, uppercase
/// letters, then the other printable ASCII characters.
const std::string& printable_in_preference_order();

}  // namespace tfc::gen
