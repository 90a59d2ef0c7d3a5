// Reading regular expressions and templates (see message_patterns.hpp).
#include "generators/learning/message_patterns.hpp"

#include <algorithm>
#include <cctype>

#include "generators/learning/message_text.hpp"
#include "generators/learning/text_scan.hpp"

namespace tfc::gen::learning {
namespace {

// A pattern for a written template: hh, mm, ss, yyyy, dd and their upper-case forms become
// digits in range, [placeholders] become short lowercase names, the rest is literal.
std::optional<std::string> template_pattern(std::string_view tmpl) {
  if (tmpl.empty() || tmpl.size() > 80) return std::nullopt;
  std::string out;
  bool any_field = false;
  bool after_year = false;
  std::size_t i = 0;
  auto escape = [](char c) {
    return std::string(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == ' ' ? "" : "\\") + c;
  };
  while (i < tmpl.size()) {
    const std::string_view rest = tmpl.substr(i);
    auto starts = [&](std::string_view w) {
      return rest.size() >= w.size() && lowercase(rest.substr(0, w.size())) == w;
    };
    if (rest[0] == '[' || rest[0] == '<' || rest[0] == '{') {
      const char close = rest[0] == '[' ? ']' : rest[0] == '<' ? '>' : '}';
      const auto end = rest.find(close);
      if (end == std::string_view::npos) return std::nullopt;
      out += "[a-z][a-z0-9]{2,7}";
      any_field = true;
      i += end + 1;
    } else if (starts("yyyy")) {
      out += "20[0-9]{2}";
      any_field = after_year = true;
      i += 4;
    } else if (starts("hh")) {
      out += "(0[0-9]|1[0-9]|2[0-3])";
      any_field = true;
      i += 2;
    } else if (starts("mm")) {
      out += after_year ? "(0[1-9]|1[0-2])" : "[0-5][0-9]";
      any_field = true;
      i += 2;
    } else if (starts("ss")) {
      out += "[0-5][0-9]";
      any_field = true;
      i += 2;
    } else if (starts("dd")) {
      out += "(0[1-9]|1[0-9]|2[0-8])";
      any_field = true;
      i += 2;
    } else if (std::isalpha(static_cast<unsigned char>(rest[0])) && !any_field && out.empty()) {
      return std::nullopt;  // an English sentence, not a template
    } else {
      out += escape(rest[0]);
      ++i;
    }
  }
  if (!any_field) return std::nullopt;
  return "^" + out + "$";
}

}  // namespace

std::optional<std::string> read_pattern(std::string_view text, std::string_view lower) {
  for (const char* marker :
       {"regular expression ", "regular expression: ", "regex ", "regex: ", "pattern ", "pattern: "}) {
    const std::string_view m(marker);
    for (std::size_t pos = lower.find(m); pos != std::string_view::npos; pos = lower.find(m, pos + 1)) {
      if (negated_before(lower, pos)) continue;
      std::size_t at = skip_spaces(text, pos + m.size());
      if (at >= text.size()) continue;
      const char open = text[at];
      if (open == '"') {
        if (auto s = read_go_quoted(text, at)) return s;
      } else if (open == '\'' || open == '/') {
        // The pattern may hold the quote itself: take the last one before ", got" or the end.
        std::size_t stop = lower.find(", got", at);
        if (stop == std::string_view::npos) stop = text.size();
        const auto close = text.rfind(open, stop - 1);
        if (close != std::string_view::npos && close > at) return std::string(text.substr(at + 1, close - at - 1));
      } else if (open == '`') {
        const auto close = text.find('`', at + 1);
        if (close != std::string_view::npos) return std::string(text.substr(at + 1, close - at - 1));
      } else if (open == '^') {
        std::size_t end = at;
        while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
        std::string p(text.substr(at, end - at));
        while (!p.empty() && (p.back() == ',' || p.back() == '.') && p.find('$') != std::string::npos &&
               p.back() != '$')
          p.pop_back();
        return p;
      }
    }
  }
  return std::nullopt;
}

std::optional<std::string> read_template(std::string_view text, std::string_view lower) {
  for (const char* marker : {"in the form ", "in the format ", "of the form ", "formatted as "}) {
    const auto pos = lower.find(marker);
    if (pos == std::string_view::npos) continue;
    std::size_t at = skip_spaces(text, pos + std::string_view(marker).size());
    std::size_t end = at;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) && text[end] != ',') ++end;
    std::string tmpl = trim_quotes(text.substr(at, end - at));
    // Sentence punctuation after the template, and a closing parenthesis it did not open.
    auto unbalanced_close = [&] {
      return tmpl.back() == ')' &&
             std::count(tmpl.begin(), tmpl.end(), '(') < std::count(tmpl.begin(), tmpl.end(), ')');
    };
    while (!tmpl.empty() && (tmpl.back() == '.' || tmpl.back() == ';' || tmpl.back() == ':' || unbalanced_close()))
      tmpl.pop_back();
    if (auto p = template_pattern(tmpl)) return p;
  }
  return std::nullopt;
}

}  // namespace tfc::gen::learning
