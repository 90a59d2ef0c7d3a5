#include "runner/text_excerpt.hpp"

namespace tfc::runner {
namespace {

void append_escaped(std::string& out, std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (byte >= 0x20 && byte < 0x7f) {
          out += c;
        } else {
          out += "\\x";
          out += kHex[byte >> 4];
          out += kHex[byte & 0xf];
        }
    }
  }
}

}  // namespace

std::string quote_excerpt(std::string_view text, std::size_t max_bytes) {
  std::string out = "\"";
  append_escaped(out, text.substr(0, max_bytes));
  out += '"';
  if (text.size() > max_bytes) {
    out += " (+" + std::to_string(text.size() - max_bytes) + " more bytes)";
  }
  return out;
}

std::string quote_tail(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return quote_excerpt(text, max_bytes);
  std::string out = "(" + std::to_string(text.size() - max_bytes) + " earlier bytes) \"";
  append_escaped(out, text.substr(text.size() - max_bytes));
  out += '"';
  return out;
}

}  // namespace tfc::runner
