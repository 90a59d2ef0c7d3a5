// Helpers the message readers share (see message_text.hpp).
#include "generators/learning/message_text.hpp"

#include <cctype>

#include "generators/learning/text_scan.hpp"

namespace tfc::gen::learning {

bool has(std::string_view lower, std::string_view piece) { return lower.find(piece) != std::string_view::npos; }

std::size_t skip_spaces(std::string_view text, std::size_t pos) {
  while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t')) ++pos;
  return pos;
}

std::optional<std::string> read_name(std::string_view text, std::size_t pos) {
  pos = skip_spaces(text, pos);
  if (pos >= text.size()) return std::nullopt;
  if (text[pos] == '"') return read_go_quoted(text, pos);
  if (text[pos] == '`' || text[pos] == '\'') {
    const auto end = text.find(text[pos], pos + 1);
    if (end == std::string_view::npos) return std::nullopt;
    return std::string(text.substr(pos + 1, end - pos - 1));
  }
  std::size_t end = pos;
  while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) && text[end] != ':' &&
         text[end] != ',' && text[end] != ')' && text[end] != '(')
    ++end;
  if (end == pos) return std::nullopt;
  return std::string(text.substr(pos, end - pos));
}

bool negated_before(std::string_view lower, std::size_t pos) {
  const std::size_t from = pos >= 16 ? pos - 16 : 0;
  const std::string_view before = lower.substr(from, pos - from);
  return has(before, "to not ") || has(before, "must not ") || has(before, "should not ") || has(before, "cannot ") ||
         has(before, "none") || has(before, "not be ") || has(before, "not match");
}

}  // namespace tfc::gen::learning
