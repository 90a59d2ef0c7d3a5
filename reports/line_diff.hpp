#pragma once
// Which lines of two rendered values differ, so the HTML report can mark them side by side.

#include <string>
#include <string_view>
#include <vector>

namespace tfc::report {

/// `text` split at '\n' (a trailing newline adds no empty last line; "" gives no lines).
std::vector<std::string_view> split_lines(std::string_view text);

struct LineMarks {
  std::vector<bool> left_changed;   // one per line of the left text
  std::vector<bool> right_changed;  // one per line of the right text
};

/// Marks every line that is not part of a longest common subsequence of the two line lists
/// (an LCS line diff). Inputs above kMaxCells line pairs fall back to comparing line i with line
/// i, so the cost stays bounded for huge values.
LineMarks diff_lines(const std::vector<std::string_view>& left, const std::vector<std::string_view>& right);

inline constexpr std::size_t kMaxCells = 4'000'000;

}  // namespace tfc::report
