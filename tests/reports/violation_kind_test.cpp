// Distinct violations within one finding: what makes two violation messages one kind, and how
// many examples a finding keeps.
#include "reports/violation_kind.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "reports/run_report.hpp"

namespace tfc::report {
namespace {

TEST(ViolationKind, ValuesBecomeTheirShape) {
  EXPECT_EQ(violation_kind("element \"k\" has vanished"), "element \"…\" has vanished");
  EXPECT_EQ(violation_kind("element \"j\\\"x\" has vanished"), "element \"…\" has vanished");
  EXPECT_EQ(violation_kind("element 3 has vanished"), "element N has vanished");
  EXPECT_EQ(violation_kind("was 8080, but now -1.5e3"), "was N, but now N");
  EXPECT_EQ(violation_kind("was {}, but now null"), "was {}, but now null");
  EXPECT_EQ(violation_kind("was {\"a\" = \"}\"}, but now [1, [2]]"), "was {…}, but now […]");
  EXPECT_EQ(violation_kind("was [ ], but now true"), "was [], but now true");
  EXPECT_EQ(violation_kind("rfc3339 length changed from 2 to 3."), "rfc3339 length changed from N to N.");
  EXPECT_EQ(violation_kind("cut short: {\"a\" = 1, ..."), "cut short: {…");
}

TEST(ViolationKind, NullEmptyAndNonEmptyAreDistinct) {
  EXPECT_NE(violation_kind("was {}, but now null"), violation_kind("was {\"a\" = \"b\"}, but now null"));
  EXPECT_NE(violation_kind("was {}, but now null"), violation_kind("was null, but now {}"));
  EXPECT_NE(violation_kind("was {}, but now null"), violation_kind("element \"k\" has vanished"));
}

// Any two strings, or any two numbers, in the same place are one kind.
RC_GTEST_PROP(ViolationKind, StringsAndNumbersDoNotTellKindsApart,
              (const std::string& a, const std::string& b, int x, int y)) {
  auto quote = [](const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    return out + "\"";
  };
  RC_ASSERT(violation_kind("element " + quote(a) + " was " + std::to_string(x)) ==
            violation_kind("element " + quote(b) + " was " + std::to_string(y)));
}

Finding finding_with(const std::string& message) {
  Finding f;
  f.message = message;
  f.violations = {{".tags", message}};
  return f;
}

TEST(DistinctViolations, KeepsOneExamplePerNewKindUpToTheBound) {
  Finding f = finding_with("element \"k\" has vanished");
  EXPECT_FALSE(add_distinct_violation(f, {"", ".tags", "element \"other\" has vanished", 2, "t2", std::nullopt}))
      << "the finding's own kind";
  EXPECT_TRUE(add_distinct_violation(f, {"", ".tags", "was {}, but now null", 3, "t3", std::nullopt}));
  EXPECT_FALSE(add_distinct_violation(f, {"", ".tags", "was {}, but now null", 4, "t4", std::nullopt}))
      << "a kind already kept";
  ASSERT_EQ(f.distinct_violations.size(), 1u);
  EXPECT_EQ(f.distinct_violations[0].kind, "was {}, but now null");
  EXPECT_EQ(f.distinct_violations[0].found_at_case, 3u);
  for (std::size_t i = 0; i < kMaxDistinctViolations + 3; ++i) {
    add_distinct_violation(f, {"", ".tags", "kind " + std::string(i + 1, 'x'), 10 + i, "t", std::nullopt});
  }
  EXPECT_EQ(f.distinct_violations.size(), kMaxDistinctViolations);
  EXPECT_FALSE(wants_kind(f, "a kind never seen"));
}

}  // namespace
}  // namespace tfc::report
