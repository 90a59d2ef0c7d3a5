#include "generators/hints_pattern.hpp"

#include <algorithm>
#include <limits>
#include <optional>
#include <utility>

#include "generators/config_combinators.hpp"

namespace tfc::gen {

namespace {

std::string char_range(char lo, char hi) {
  std::string out;
  for (int c = static_cast<unsigned char>(lo); c <= static_cast<unsigned char>(hi); ++c) {
    out.push_back(static_cast<char>(c));
  }
  return out;
}

std::string printable_ascii() { return char_range(' ', '~'); }

// The class named by `\d`, `\w`, `\s`; nullopt for an escaped literal.
std::optional<std::string> escape_class(char c) {
  switch (c) {
    case 'd': return char_range('0', '9');
    case 'w': return char_range('a', 'z') + char_range('A', 'Z') + char_range('0', '9') + "_";
    case 's': return std::string(" \t");
    default: return std::nullopt;
  }
}

std::string escape_char(char c) {
  switch (c) {
    case 'n': return "\n";
    case 't': return "\t";
    default: return std::string(1, c);
  }
}

// Keeps the first occurrence of each character, so the written order decides shrinking.
std::string dedupe(const std::string& chars) {
  std::string out;
  for (char c : chars) {
    if (out.find(c) == std::string::npos) out.push_back(c);
  }
  return out;
}

Error error_at(std::string_view text, std::size_t pos, const std::string& what) {
  return Error{"pattern \"" + std::string(text) + "\": " + what + " at position " + std::to_string(pos)};
}

class PatternParser {
public:
  explicit PatternParser(std::string_view text) : m_text(text) {}

  Expected<Pattern> parse() {
    Pattern out;
    out.source = std::string(m_text);
    std::size_t end = m_text.size();
    if (m_pos < end && m_text[m_pos] == '^') ++m_pos;
    if (end > m_pos && m_text[end - 1] == '$' && (end < 2 || m_text[end - 2] != '\\')) --end;
    while (m_pos < end) {
      auto atom = parse_atom(end);
      if (!atom) return atom.error();
      auto quantified = parse_quantifier(std::move(*atom), end);
      if (!quantified) return quantified.error();
      out.atoms.push_back(std::move(*quantified));
    }
    return out;
  }

private:
  Expected<PatternAtom> parse_atom(std::size_t end) {
    const std::size_t at = m_pos;
    const char c = m_text[m_pos++];
    switch (c) {
      case '(': case ')': case '|':
        return error_at(m_text, at, "groups and alternation are not supported");
      case '{': case '}': case '*': case '+': case '?':
        return error_at(m_text, at, std::string("quantifier '") + c + "' has nothing to repeat");
      case '^': case '$':
        return error_at(m_text, at, "anchors are only allowed at the start and end");
      case ']':
        return error_at(m_text, at, "unmatched ']'");
      case '.': return PatternAtom{printable_ascii()};
      case '[': return parse_class(end);
      case '\\': {
        if (m_pos >= end) return error_at(m_text, at, "pattern ends with '\\'");
        const char e = m_text[m_pos++];
        if (auto cls = escape_class(e)) return PatternAtom{*cls};
        return PatternAtom{escape_char(e)};
      }
      default: return PatternAtom{std::string(1, c)};
    }
  }

  Expected<PatternAtom> parse_class(std::size_t end) {
    const std::size_t open = m_pos - 1;
    if (m_pos < end && m_text[m_pos] == '^') return error_at(m_text, m_pos, "negated classes are not supported");
    std::string chars;
    bool closed = false;
    while (m_pos < end) {
      char c = m_text[m_pos++];
      if (c == ']' && !chars.empty()) {
        closed = true;
        break;
      }
      if (c == '\\') {
        if (m_pos >= end) break;
        const char e = m_text[m_pos++];
        if (auto cls = escape_class(e)) {
          chars += *cls;
          continue;
        }
        c = escape_char(e)[0];
      }
      if (m_pos + 1 < end && m_text[m_pos] == '-' && m_text[m_pos + 1] != ']') {
        char hi = m_text[m_pos + 1];
        if (hi == '\\' && m_pos + 2 < end) {
          hi = escape_char(m_text[m_pos + 2])[0];
          ++m_pos;
        }
        if (static_cast<unsigned char>(hi) < static_cast<unsigned char>(c)) {
          return error_at(m_text, m_pos, "range end before range start");
        }
        chars += char_range(c, hi);
        m_pos += 2;
        continue;
      }
      chars.push_back(c);
    }
    if (!closed) return error_at(m_text, open, "unterminated '['");
    return PatternAtom{dedupe(chars)};
  }

  std::optional<std::size_t> parse_count(std::size_t end) {
    std::size_t digits = 0;
    std::size_t value = 0;
    while (m_pos < end && m_text[m_pos] >= '0' && m_text[m_pos] <= '9' && digits < 6) {
      value = value * 10 + static_cast<std::size_t>(m_text[m_pos] - '0');
      ++m_pos;
      ++digits;
    }
    if (digits == 0) return std::nullopt;
    return value;
  }

  Expected<PatternAtom> parse_quantifier(PatternAtom atom, std::size_t end) {
    if (m_pos >= end) return atom;
    const std::size_t at = m_pos;
    switch (m_text[m_pos]) {
      case '?': atom.min = 0; atom.max = 1; ++m_pos; return atom;
      case '*': atom.min = 0; atom.max = kPatternUnboundedExtra; ++m_pos; return atom;
      case '+': atom.min = 1; atom.max = 1 + kPatternUnboundedExtra; ++m_pos; return atom;
      case '{': break;
      default: return atom;
    }
    ++m_pos;
    auto lo = parse_count(end);
    if (!lo) return error_at(m_text, at, "'{' must be followed by a count");
    std::size_t hi = *lo;
    if (m_pos < end && m_text[m_pos] == ',') {
      ++m_pos;
      auto upper = parse_count(end);
      hi = upper ? *upper : *lo + kPatternUnboundedExtra;
    }
    if (m_pos >= end || m_text[m_pos] != '}') return error_at(m_text, at, "unterminated '{'");
    ++m_pos;
    if (hi < *lo) return error_at(m_text, at, "repetition maximum below minimum");
    atom.min = *lo;
    atom.max = hi;
    if (m_pos < end && (m_text[m_pos] == '?' || m_text[m_pos] == '+' || m_text[m_pos] == '*' || m_text[m_pos] == '{')) {
      return error_at(m_text, m_pos, "nested quantifiers are not supported");
    }
    return atom;
  }

  std::string_view m_text;
  std::size_t m_pos = 0;
};

bool match_from(const std::vector<PatternAtom>& atoms, std::size_t i, std::string_view s) {
  if (i == atoms.size()) return s.empty();
  const PatternAtom& a = atoms[i];
  std::size_t n = 0;
  while (n < a.max && n < s.size() && a.chars.find(s[n]) != std::string::npos) ++n;
  if (n < a.min) return false;
  // Greedy with backtracking: try the longest run first.
  for (std::size_t k = n + 1; k-- > a.min;) {
    if (match_from(atoms, i + 1, s.substr(k))) return true;
  }
  return false;
}

}  // namespace

Expected<Pattern> parse_pattern(std::string_view text) { return PatternParser(text).parse(); }

bool pattern_matches(const Pattern& pattern, std::string_view s) { return match_from(pattern.atoms, 0, s); }

rc::Gen<std::string> pattern_string(const Pattern& pattern) {
  std::vector<rc::Gen<std::string>> parts;
  parts.reserve(pattern.atoms.size());
  for (const PatternAtom& atom : pattern.atoms) {
    auto one_char = rc::gen::map(index_below(atom.chars.size()),
                                 [chars = atom.chars](std::size_t i) { return chars[i]; });
    parts.push_back(rc::gen::map(vector_between(atom.min, atom.max, one_char),
                                 [](const std::vector<char>& cs) { return std::string(cs.begin(), cs.end()); }));
  }
  return rc::gen::map(sequence(std::move(parts)), [](const std::vector<std::string>& pieces) {
    std::string out;
    for (const std::string& p : pieces) out += p;
    return out;
  });
}

}  // namespace tfc::gen
