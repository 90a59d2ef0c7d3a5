#pragma once
// Where a piece of HCL text came from, and the warnings a reader collects instead of failing:
// a malformed file is reported as `file:line:col: message` and reading goes on.

#include <string>
#include <utility>
#include <vector>

namespace tfc::hcl {

struct SourcePos {
  int line = 1;    // 1-based
  int column = 1;  // 1-based, in bytes
};

/// The file name warnings carry and the line its text starts at (a fenced block of a markdown
/// file starts below the file's first line).
struct SourceName {
  std::string file;
  int first_line = 1;
};

/// Collects warnings as "file:line:col: message", kept in file order (the lexer's warnings
/// arrive before the parser's).
class Warnings {
public:
  explicit Warnings(SourceName name) : m_name(std::move(name)) {}
  void add(SourcePos pos, const std::string& message);
  /// The file line of a position within the parsed text.
  int file_line(SourcePos pos) const noexcept { return pos.line + m_name.first_line - 1; }
  const std::string& file() const noexcept { return m_name.file; }
  const std::vector<std::string>& list() const noexcept { return m_list; }
  /// Every warning added, also those past the cap (the parser tells whether an item read cleanly).
  std::size_t total() const noexcept { return m_total; }
  std::vector<std::string> take() { return std::move(m_list); }

private:
  SourceName m_name;
  std::vector<std::string> m_list;
  std::vector<SourcePos> m_positions;  // parallel to m_list
  std::size_t m_total = 0;
};

}  // namespace tfc::hcl
