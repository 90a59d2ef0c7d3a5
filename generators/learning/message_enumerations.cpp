// Reading enumerations (see message_enumerations.hpp).
#include "generators/learning/message_enumerations.hpp"

#include <algorithm>
#include <cctype>

#include "generators/learning/message_text.hpp"
#include "generators/learning/text_scan.hpp"

namespace tfc::gen::learning {
namespace {

// The end of the sentence starting at `pos`: a '.' followed by a space or the end, or a newline.
std::size_t sentence_end(std::string_view text, std::size_t pos) {
  for (std::size_t i = pos; i < text.size(); ++i) {
    if (text[i] == '\n') return i;
    if (text[i] == '.' && (i + 1 == text.size() || text[i + 1] == ' ' || text[i + 1] == '\n')) return i;
  }
  return text.size();
}

// Bare words joined by ", ", " or ", " and ", "|" (every item a single token).
std::vector<std::string> bare_words(std::string_view sentence) {
  std::string s(sentence);
  for (const char* sep : {" or ", " and ", "|", ";"}) {
    for (auto p = s.find(sep); p != std::string::npos; p = s.find(sep)) s.replace(p, std::string_view(sep).size(), ",");
  }
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == ',') {
      std::string item = trim_quotes(s.substr(start, i - start));
      if (item.empty() || item.find(' ') != std::string::npos || item.size() > 64) return {};
      out.push_back(item);
      start = i + 1;
    }
  }
  return out.size() >= 2 ? out : std::vector<std::string>{};
}

// Value-like tokens of an example list: "0644 or 755", "10.0.0.0/16 or 2001:db8::/32:".
std::vector<std::string> example_tokens(std::string_view sentence) {
  std::vector<std::string> out;
  std::string s(sentence);
  // The list ends at ", got" (the framework appends the value) or a semicolon.
  for (const char* stop : {", got", ";", " got:"}) {
    if (auto p = s.find(stop); p != std::string::npos) s.erase(p);
  }
  for (const char* sep : {" or ", " and ", ", "}) {
    for (auto p = s.find(sep); p != std::string::npos; p = s.find(sep)) s.replace(p, std::string_view(sep).size(), " ");
  }
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    if (i < s.size() && s[i] != ' ') continue;
    std::string token = s.substr(start, i - start);
    start = i + 1;
    while (!token.empty() && (token.back() == ':' || token.back() == ',' || token.back() == ')')) token.pop_back();
    if (token.empty()) continue;
    const bool value_like = std::any_of(token.begin(), token.end(), [](char c) {
      return std::isdigit(static_cast<unsigned char>(c)) || c == ':' || c == '/' || c == '.' || c == '-' || c == '@';
    });
    if (!value_like) return {};  // an English word: not a list of values
    out.push_back(token);
  }
  return out;
}

}  // namespace

namespace {

/// Quoted values written before a "... is supported" (`zip` and `tar.gz` is supported, "a", "b"
/// or "c" are supported), read backwards from `pos`; empty unless every item is quoted.
std::vector<std::string> quoted_before(std::string_view text, std::size_t pos) {
  std::vector<std::string> out;
  std::size_t i = pos;
  auto skip_back = [&] {
    while (i > 0 && std::isspace(static_cast<unsigned char>(text[i - 1]))) --i;
  };
  for (;;) {
    skip_back();
    if (i == 0 || (text[i - 1] != '`' && text[i - 1] != '"')) break;
    const char q = text[i - 1];
    const auto open = text.rfind(q, i - 2);
    if (open == std::string_view::npos || open + 1 >= i - 1) break;
    out.insert(out.begin(), std::string(text.substr(open + 1, i - 2 - open)));
    i = open;
    skip_back();
    if (i > 0 && text[i - 1] == ',') {
      --i;
      continue;
    }
    if (i >= 3 && text.substr(i - 3, 3) == "and") {
      i -= 3;
      continue;
    }
    if (i >= 2 && text.substr(i - 2, 2) == "or") {
      i -= 2;
      continue;
    }
    break;
  }
  return out;
}

}  // namespace

std::vector<std::string> read_enumeration(std::string_view text, std::string_view lower) {
  static const char* kMarkers[] = {"to be one of",
                                   "must be one of",
                                   "valid values are",
                                   "valid values:",
                                   "valid values for",
                                   "allowed values are",
                                   "allowed values:",
                                   "possible values are",
                                   "possible values:",
                                   "supported values are",
                                   "expected one of",
                                   "value must be one of",
                                   "be one of",
                                   "one of",
                                   "such as",
                                   "for example",
                                   "e.g."};
  for (const char* marker : kMarkers) {
    const std::string_view m(marker);
    for (std::size_t pos = lower.find(m); pos != std::string_view::npos; pos = lower.find(m, pos + 1)) {
      if (negated_before(lower, pos)) continue;
      std::size_t at = pos + m.size();
      if (m == "valid values for") {
        // "Valid values for x are a, b": skip to "are"/":".
        const auto are = lower.find(" are ", at);
        const auto colon = lower.find(':', at);
        const auto next = std::min(are == std::string_view::npos ? lower.size() : are + 4,
                                   colon == std::string_view::npos ? lower.size() : colon + 1);
        if (next >= sentence_end(text, at) + 1) continue;
        at = next;
      }
      at = skip_spaces(text, at);
      if (at < text.size() && text[at] == ':') at = skip_spaces(text, at + 1);
      if (at < text.size() && text[at] == '[') {
        std::size_t p = at;
        if (auto items = read_go_list(text, p); items && !items->empty()) return *items;
        continue;
      }
      const std::size_t end = sentence_end(text, at);
      const std::string_view sentence = text.substr(at, end - at);
      auto quoted = quoted_spans(sentence);
      if (!quoted.empty() && sentence.find_first_of("`\"") <= 2) return quoted;
      if (m == "such as" || m == "for example" || m == "e.g.") {
        // Examples: quoted, or bare tokens that are clearly values (with digits or punctuation:
        // "such as 0644 or 755", "such as https://api.example.com"), not English words.
        if (auto tokens = example_tokens(sentence); !tokens.empty()) return tokens;
        continue;
      }
      if (auto words = bare_words(sentence); !words.empty()) return words;
    }
  }
  // The values first, the verb after: "NOTE: `zip` and `tar.gz` is supported."
  for (const char* marker : {" is supported", " are supported", " are accepted", " are allowed"}) {
    for (std::size_t pos = lower.find(marker); pos != std::string_view::npos; pos = lower.find(marker, pos + 1)) {
      if (auto values = quoted_before(text, pos); !values.empty()) return values;
    }
  }
  return {};
}

}  // namespace tfc::gen::learning
