// RE2-shaped regular expressions: every generated string matches its pattern (checked by the
// matcher here and by std::regex, an independent implementation), the matcher agrees with
// std::regex on random strings, and the RE2 forms std::regex lacks ((?i), named groups, \pL,
// POSIX classes) parse, generate and match.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <rapidcheck/shrinkable/Operations.h>

#include <regex>

#include "generators/regex.hpp"

namespace tfc::gen {
namespace {

Regex parsed_regex(const std::string& text) {
  auto r = Regex::parse(text);
  EXPECT_TRUE(r.has_value()) << text << ": " << (r ? "" : r.error().message);
  return r ? *r : Regex{};
}

// Random patterns in the syntax RE2 and ECMAScript share, as text.
rc::Gen<std::string> pattern_text(int depth) {
  auto atom = rc::gen::elementOf(
      std::vector<std::string>{"a", "b", "c", "[a-c]", "[^a-y]", "\\d", "\\w", ".", "[x-z0-2]", "\\.", "-", "[_-]"});
  if (depth <= 0) return atom;
  auto quantified = rc::gen::mapcat(rc::gen::inRange(0, 6), [depth, atom](int pick) -> rc::Gen<std::string> {
    auto inner = pick < 3 ? atom : rc::gen::map(pattern_text(depth - 1), [](std::string s) { return "(" + s + ")"; });
    return rc::gen::map(rc::gen::pair(inner, rc::gen::elementOf(std::vector<std::string>{"", "", "?", "*", "+", "{2}",
                                                                                         "{1,3}", "{0,2}", "{2,}"})),
                        [](std::pair<std::string, std::string> p) { return p.first + p.second; });
  });
  auto parts = rc::gen::mapcat(rc::gen::inRange<std::size_t>(1, 4), [quantified](std::size_t n) {
    return rc::gen::container<std::vector<std::string>>(n, quantified);
  });
  auto concat = rc::gen::map(parts, [](std::vector<std::string> pieces) {
    std::string out;
    for (const auto& p : pieces) out += p;
    return out;
  });
  return rc::gen::mapcat(rc::gen::inRange(0, 4), [concat](int alternatives) -> rc::Gen<std::string> {
    if (alternatives < 3) return concat;
    return rc::gen::map(rc::gen::pair(concat, concat),
                        [](std::pair<std::string, std::string> p) { return p.first + "|" + p.second; });
  });
}

RC_GTEST_PROP(Regex, EveryGeneratedStringMatchesItsPattern, ()) {
  const std::string text = *pattern_text(2);
  auto regex = Regex::parse(text);
  RC_ASSERT(regex.has_value());
  const std::string s = *regex->strings();
  RC_ASSERT(regex->matches(s));
  RC_ASSERT(std::regex_match(s, std::regex(text)));
}

RC_GTEST_PROP(Regex, MatcherAgreesWithStdRegex, ()) {
  const std::string text = *pattern_text(2);
  // Short strings: std::regex, the reference here, backtracks, and a nested repetition takes it
  // exponential time (libstdc++: ((a*)*)*b against "aaaaaaaaz" 26 s; one run of this test hit a
  // 600 s timeout); the matcher under test is an NFA and does not care.
  const std::string s =
      *rc::gen::resize(6, rc::gen::container<std::string>(rc::gen::elementOf(std::string("abcxz01_.-"))));
  auto regex = Regex::parse(text);
  RC_ASSERT(regex.has_value());
  RC_ASSERT(regex->matches(s) == std::regex_match(s, std::regex(text)));
}

RC_GTEST_PROP(Regex, ProviderPatternsGenerateMatchingStrings, ()) {
  // Shapes providers validate with (terraform-plugin-sdk StringMatch, framework RegexMatches).
  static const std::vector<std::string> kPatterns = {
      "^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$",
      "^arn:[\\w-]+:([a-zA-Z0-9\\-])+:([a-z]{2}-(gov-)?[a-z]+-\\d{1})?:(\\d{12})?:(.*)$",
      "^(?:[0-9]{1,3}\\.){3}[0-9]{1,3}/[0-9]{1,2}$",
      "^[\\w+=,.@-]{1,64}$",
      "^(enabled|disabled)$",
      "^[^\\s]+$",
      "^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$",
      "^\\d+(\\.\\d+)?(ms|s|m|h)$",
      "[A-Za-z]{3}\\d{0,3}",
  };
  const std::string text = *rc::gen::elementOf(kPatterns);
  const Regex regex = parsed_regex(text);
  const std::string s = *regex.strings();
  RC_ASSERT(regex.matches(s));
  RC_ASSERT(std::regex_match(s, std::regex(text)));
}

TEST(Regex, Re2FormsBeyondEcmascript) {
  const Regex folded = parsed_regex("(?i)^abc$");
  EXPECT_TRUE(folded.matches("AbC"));
  EXPECT_TRUE(folded.matches("abc"));
  EXPECT_FALSE(folded.matches("abd"));
  const Regex local = parsed_regex("a(?i:b)c");
  EXPECT_TRUE(local.matches("aBc"));
  EXPECT_FALSE(local.matches("aBC"));
  const Regex named = parsed_regex("(?P<year>\\d{4})-(?<month>\\d{2})");
  EXPECT_TRUE(named.matches("2024-01"));
  const Regex unicode = parsed_regex("\\p{Lu}\\pL+");
  EXPECT_TRUE(unicode.matches("Ab"));
  EXPECT_FALSE(unicode.matches("ab"));
  const Regex posix = parsed_regex("[[:alpha:]][[:digit:]]");
  EXPECT_TRUE(posix.matches("x7"));
  const Regex quoted = parsed_regex("\\Qa.b\\E+");
  EXPECT_TRUE(quoted.matches("a.bb"));
  EXPECT_FALSE(quoted.matches("axb"));
  const Regex literal_brace = parsed_regex("a{,2}");
  EXPECT_TRUE(literal_brace.matches("a{,2}"));
  const Regex lazy = parsed_regex("a+?b*?");
  EXPECT_TRUE(lazy.matches("aab"));
}

TEST(Regex, AnchorsAndWordBoundariesDescribeWholeStrings) {
  const Regex r = parsed_regex("^a$|^b$");
  EXPECT_TRUE(r.matches("a"));
  EXPECT_TRUE(r.matches("b"));
  EXPECT_FALSE(r.matches("ab"));
  EXPECT_TRUE(parsed_regex("\\bword\\b").matches("word"));
}

TEST(Regex, ErrorsNameThePosition) {
  const std::pair<const char*, const char*> cases[] = {
      {"(ab", "missing closing )"},
      {"ab)", "unbalanced ')'"},
      {"[a-", "missing closing ]"},
      {"a{3,1}", "invalid repetition range"},
      {"*a", "missing argument to repetition operator"},
      {"a**", "invalid nested repetition operator"},
      {"a\\", "trailing backslash"},
      {"[z-a]", "invalid character class range"},
      {"(?=a)", "lookaround is not RE2"},
      {"(a)\\1", "backreferences are not RE2"},
      {"a{1001}", "above 1000"},
  };
  for (const auto& [text, says] : cases) {
    auto r = Regex::parse(text);
    ASSERT_FALSE(r.has_value()) << text;
    EXPECT_NE(r.error().message.find(says), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find("position"), std::string::npos) << r.error().message;
  }
}

TEST(Regex, ShrinksTowardsTheFirstAlternativeAndFewestRepetitions) {
  const Regex r = parsed_regex("(x|yy)[a-c]{2,5}z*");
  const auto shrinkable = r.strings()(rc::Random(11), 100);
  const auto min = rc::shrinkable::findLocalMin(shrinkable, [](const std::string&) { return true; });
  EXPECT_EQ(min.first, "xaa");
}

TEST(Regex, LongBoundedRepetitionsStayShortWhenGenerated) {
  const Regex r = parsed_regex("[a-z]{1,1000}");
  for (int seed = 0; seed < 20; ++seed) {
    const std::string s = r.strings()(rc::Random(seed), 100).value();
    EXPECT_LE(s.size(), 17u);
    EXPECT_TRUE(r.matches(s));
  }
  EXPECT_TRUE(r.matches(std::string(1000, 'q')));
}

}  // namespace
}  // namespace tfc::gen
