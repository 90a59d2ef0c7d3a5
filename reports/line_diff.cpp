#include "reports/line_diff.hpp"

#include <algorithm>

namespace tfc::report {

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      lines.push_back(text.substr(start));
      break;
    }
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

LineMarks diff_lines(const std::vector<std::string_view>& left, const std::vector<std::string_view>& right) {
  const std::size_t n = left.size();
  const std::size_t m = right.size();
  LineMarks marks{std::vector<bool>(n, true), std::vector<bool>(m, true)};
  if (n * m > kMaxCells) {
    for (std::size_t i = 0; i < std::min(n, m); ++i) {
      marks.left_changed[i] = marks.right_changed[i] = left[i] != right[i];
    }
    return marks;
  }
  // lcs[i][j]: LCS length of left[i..] and right[j..], flattened.
  std::vector<std::size_t> lcs((n + 1) * (m + 1), 0);
  const auto at = [&](std::size_t i, std::size_t j) -> std::size_t& { return lcs[i * (m + 1) + j]; };
  for (std::size_t i = n; i-- > 0;) {
    for (std::size_t j = m; j-- > 0;) {
      at(i, j) = left[i] == right[j] ? at(i + 1, j + 1) + 1 : std::max(at(i + 1, j), at(i, j + 1));
    }
  }
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < n && j < m) {
    if (left[i] == right[j]) {
      marks.left_changed[i++] = false;
      marks.right_changed[j++] = false;
    } else if (at(i + 1, j) >= at(i, j + 1)) {
      ++i;
    } else {
      ++j;
    }
  }
  return marks;
}

}  // namespace tfc::report
