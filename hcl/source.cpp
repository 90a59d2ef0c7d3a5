#include "hcl/source.hpp"

#include <algorithm>

namespace tfc::hcl {

void Warnings::add(SourcePos pos, const std::string& message) {
  // A hostile file could produce a warning per byte; the first hundred say enough.
  constexpr std::size_t kMaxWarnings = 100;
  ++m_total;
  if (m_list.size() >= kMaxWarnings) return;
  auto later = [](SourcePos a, SourcePos b) { return a.line < b.line || (a.line == b.line && a.column < b.column); };
  const auto at = std::upper_bound(m_positions.begin(), m_positions.end(), pos, later);
  const auto index = at - m_positions.begin();
  m_positions.insert(at, pos);
  m_list.insert(m_list.begin() + index,
                m_name.file + ":" + std::to_string(file_line(pos)) + ":" + std::to_string(pos.column) + ": " + message);
}

}  // namespace tfc::hcl
