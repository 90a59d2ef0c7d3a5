#include "generators/learning/text_scan.hpp"
#include "proto/util/utf8.hpp"

#include <cctype>
#include <cstdlib>

namespace tfc::gen::learning {
namespace {

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string lowercase(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool contains_word(std::string_view lower_text, std::string_view word) {
  for (std::size_t pos = lower_text.find(word); pos != std::string_view::npos; pos = lower_text.find(word, pos + 1)) {
    const bool left = pos == 0 || !word_char(lower_text[pos - 1]);
    const std::size_t end = pos + word.size();
    const bool right = end >= lower_text.size() || !word_char(lower_text[end]);
    if (left && right) return true;
  }
  return false;
}

std::optional<std::string> read_go_quoted(std::string_view text, std::size_t& pos) {
  if (pos >= text.size() || text[pos] != '"') return std::nullopt;
  std::string out;
  std::size_t i = pos + 1;
  while (i < text.size()) {
    const char c = text[i++];
    if (c == '"') {
      pos = i;
      return out;
    }
    if (c != '\\') {
      out.push_back(c);
      continue;
    }
    if (i >= text.size()) return std::nullopt;
    const char e = text[i++];
    switch (e) {
      case 'n': out.push_back('\n'); break;
      case 't': out.push_back('\t'); break;
      case 'r': out.push_back('\r'); break;
      case 'a': out.push_back('\a'); break;
      case 'b': out.push_back('\b'); break;
      case 'f': out.push_back('\f'); break;
      case 'v': out.push_back('\v'); break;
      case 'x':
      case 'u':
      case 'U': {
        const std::size_t digits = e == 'x' ? 2 : e == 'u' ? 4 : 8;
        unsigned long cp = 0;
        for (std::size_t k = 0; k < digits; ++k) {
          if (i >= text.size() || hex_value(text[i]) < 0) return std::nullopt;
          cp = cp * 16 + static_cast<unsigned long>(hex_value(text[i++]));
        }
        if (e == 'x')
          out.push_back(static_cast<char>(cp));
        else
          util::append_utf8(out, static_cast<std::uint32_t>(cp));
        break;
      }
      default: out.push_back(e); break;  // \\ \" \' and anything else
    }
  }
  return std::nullopt;
}

std::optional<std::vector<std::string>> read_go_list(std::string_view text, std::size_t& pos) {
  if (pos >= text.size() || text[pos] != '[') return std::nullopt;
  std::vector<std::string> items;
  std::size_t i = pos + 1;
  std::string current;
  auto flush = [&] {
    if (!current.empty()) items.push_back(current);
    current.clear();
  };
  while (i < text.size()) {
    const char c = text[i];
    if (c == ']') {
      flush();
      pos = i + 1;
      return items;
    }
    if (c == '"' && current.empty()) {
      std::size_t q = i;
      auto s = read_go_quoted(text, q);
      if (!s) return std::nullopt;
      items.push_back(*s);
      i = q;
      continue;
    }
    if (c == ' ' || c == ',' || c == '\n') {
      flush();
      ++i;
      continue;
    }
    if (c == '[') return std::nullopt;  // nested lists are not enumerations
    current.push_back(c);
    ++i;
  }
  return std::nullopt;
}

std::vector<std::string> quoted_spans(std::string_view text) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '`') {
      const auto end = text.find('`', i + 1);
      if (end == std::string_view::npos) break;
      out.emplace_back(text.substr(i + 1, end - i - 1));
      i = end + 1;
    } else if (c == '"') {
      std::size_t q = i;
      if (auto s = read_go_quoted(text, q)) {
        out.push_back(*s);
        i = q;
      } else {
        ++i;
      }
    } else {
      ++i;
    }
  }
  return out;
}

std::optional<double> read_number(std::string_view text, std::size_t& pos) {
  std::size_t i = pos;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
  const std::size_t digits_start = i;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
  if (i == digits_start) return std::nullopt;
  if (i + 1 < text.size() && text[i] == '.' && std::isdigit(static_cast<unsigned char>(text[i + 1]))) {
    ++i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
  }
  if (i + 1 < text.size() && (text[i] == 'e' || text[i] == 'E') &&
      (std::isdigit(static_cast<unsigned char>(text[i + 1])) || text[i + 1] == '-' || text[i + 1] == '+')) {
    std::size_t j = i + 1;
    if (text[j] == '-' || text[j] == '+') ++j;
    if (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) {
      i = j;
      while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    }
  }
  const std::string number(text.substr(pos, i - pos));
  pos = i;
  return std::strtod(number.c_str(), nullptr);
}

std::string trim_quotes(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  if (text.size() >= 2 && (text.front() == '"' || text.front() == '`' || text.front() == '\'') &&
      text.back() == text.front()) {
    text.remove_prefix(1);
    text.remove_suffix(1);
  }
  return std::string(text);
}

}  // namespace tfc::gen::learning
