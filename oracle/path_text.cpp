#include "oracle/path_text.hpp"

#include <cctype>
#include <string>

#include <nlohmann/json.hpp>

namespace tfc::oracle {

Expected<cty::Path> parse_path(std::string_view text) {
  cty::Path path;
  std::size_t i = 0;
  auto fail = [&](const std::string& what) {
    return Error{"path \"" + std::string(text) + "\": " + what + " at offset " + std::to_string(i)};
  };
  while (i < text.size()) {
    if (text[i] == '.') {
      std::size_t j = ++i;
      while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_' || text[j] == '-'))
        ++j;
      if (j == i) return fail("expected an attribute name");
      path = path.attribute(std::string(text.substr(i, j - i)));
      i = j;
    } else if (text[i] == '[') {
      ++i;
      if (i < text.size() && text[i] == '"') {
        // A JSON string literal: find its closing quote, skipping escapes.
        std::size_t j = i + 1;
        while (j < text.size() && text[j] != '"') j += text[j] == '\\' ? 2 : 1;
        if (j >= text.size()) return fail("unterminated key string");
        auto key = nlohmann::json::parse(text.substr(i, j - i + 1), nullptr, false);
        if (key.is_discarded() || !key.is_string()) return fail("bad key string");
        path = path.key(key.get<std::string>());
        i = j + 1;
      } else {
        std::size_t j = i;
        while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
        if (j == i) return fail("expected an index or a quoted key");
        path = path.index(std::stoll(std::string(text.substr(i, j - i))));
        i = j;
      }
      if (i >= text.size() || text[i] != ']') return fail("expected ']'");
      ++i;
    } else {
      return fail("expected '.' or '['");
    }
  }
  return path;
}

}  // namespace tfc::oracle
