#include "reports/line_diff.hpp"

#include <gtest/gtest.h>

namespace tfc::report {
namespace {

TEST(SplitLines, SplitsAtNewlinesWithoutTrailingEmptyLine) {
  EXPECT_TRUE(split_lines("").empty());
  EXPECT_EQ(split_lines("a\nb\n"), (std::vector<std::string_view>{"a", "b"}));
  EXPECT_EQ(split_lines("a\n\nb"), (std::vector<std::string_view>{"a", "", "b"}));
}

TEST(DiffLines, MarksOnlyLinesOutsideTheCommonSubsequence) {
  const auto left = split_lines("{\n  \"port\": 80,\n  \"name\": \"a\"\n}");
  const auto right = split_lines("{\n  \"extra\": 1,\n  \"port\": 8080,\n  \"name\": \"a\"\n}");
  const LineMarks marks = diff_lines(left, right);
  EXPECT_EQ(marks.left_changed, (std::vector<bool>{false, true, false, false}));
  EXPECT_EQ(marks.right_changed, (std::vector<bool>{false, true, true, false, false}));
}

TEST(DiffLines, IdenticalAndEmptyInputs) {
  const auto same = split_lines("a\nb");
  EXPECT_EQ(diff_lines(same, same).left_changed, (std::vector<bool>{false, false}));
  const auto marks = diff_lines({}, same);
  EXPECT_TRUE(marks.left_changed.empty());
  EXPECT_EQ(marks.right_changed, (std::vector<bool>{true, true}));
}

TEST(DiffLines, HugeInputsFallBackToLineByLine) {
  std::vector<std::string_view> left(3000, "x");
  std::vector<std::string_view> right(3000, "x");
  right[5] = "y";
  right.push_back("z");
  const LineMarks marks = diff_lines(left, right);
  EXPECT_TRUE(marks.left_changed[5]);
  EXPECT_FALSE(marks.left_changed[4]);
  EXPECT_TRUE(marks.right_changed[3000]);  // beyond the shorter side: changed
}

}  // namespace
}  // namespace tfc::report
