// The hints pattern subset: parsing, matching and generation of matching strings.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <rapidcheck/shrinkable/Operations.h>

#include "generators/hints_pattern.hpp"

namespace tfc::gen {
namespace {

Pattern parsed_pattern(const char* text) {
  auto p = parse_pattern(text);
  EXPECT_TRUE(p.has_value()) << text << ": " << (p ? "" : p.error().message);
  return p ? *p : Pattern{};
}

TEST(Pattern, KeepsItsSourceAndMatchesClassesLiteralsAndQuantifiers) {
  const Pattern p = parsed_pattern("^[a-c_]x\\.{2,3}\\d+[0-9]*z?$");
  EXPECT_EQ(p.source, "^[a-c_]x\\.{2,3}\\d+[0-9]*z?$");
  EXPECT_TRUE(pattern_matches(p, "bx..7"));
  EXPECT_TRUE(pattern_matches(p, "_x...12z"));
  EXPECT_FALSE(pattern_matches(p, "dx..7"));
  EXPECT_FALSE(pattern_matches(p, "ax.7"));
  EXPECT_FALSE(pattern_matches(p, "ax..z"));
}

TEST(Pattern, MatchesWholeStringsOnly) {
  const Pattern p = parsed_pattern("[a-z]{2,4}-[0-9]+");
  EXPECT_TRUE(pattern_matches(p, "ab-1"));
  EXPECT_TRUE(pattern_matches(p, "abcd-0123"));
  EXPECT_FALSE(pattern_matches(p, "a-1"));
  EXPECT_FALSE(pattern_matches(p, "abcde-1"));
  EXPECT_FALSE(pattern_matches(p, "ab-"));
  EXPECT_FALSE(pattern_matches(p, "ab-1x"));
  // Backtracking: the greedy class must give back a character.
  EXPECT_TRUE(pattern_matches(parsed_pattern("[a-z]*z"), "abz"));
  EXPECT_TRUE(pattern_matches(parsed_pattern(""), ""));
}

TEST(Pattern, RejectsWhatIsNotRe2) {
  for (const char* bad : {"(ab", "ab)", "[a-", "a{3,1}", "*a", "a**", "a\\", "[z-a]", "(?=a)", "\\1", "a{1001}"}) {
    auto p = parse_pattern(bad);
    EXPECT_FALSE(p.has_value()) << bad;
    if (!p) {
      EXPECT_NE(p.error().message.find("position"), std::string::npos) << p.error().message;
    }
  }
}

RC_GTEST_PROP(Pattern, GeneratedStringsMatch, ()) {
  static const std::vector<std::string> kPatterns = {"[a-z][a-z0-9-]{2,10}", "\\d{3}-\\d{4}", "(?:x)?",
                                                     "v[0-9]+\\.[0-9]+",     "[A-Z_]*",       "ab?c*",
                                                     "\\w+@\\w+\\.com",      ".{0,5}"};
  const std::string text = *rc::gen::elementOf(kPatterns);
  auto p = parse_pattern(text);
  RC_ASSERT(p.has_value());
  const std::string s = *pattern_string(*p);
  RC_ASSERT(pattern_matches(*p, s));
}

TEST(Pattern, ShrinksToTheShortestStringOfFirstCharacters) {
  const Pattern p = parsed_pattern("[x-z][a-c]{2,5}");
  const auto shrinkable = pattern_string(p)(rc::Random(7), 100);
  const auto min = rc::shrinkable::findLocalMin(shrinkable, [](const std::string&) { return true; });
  EXPECT_EQ(min.first, "xaa");
}

}  // namespace
}  // namespace tfc::gen
