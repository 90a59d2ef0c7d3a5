// The RE2 syntax parser (see regex_parser.hpp): recursive descent over alternation,
// concatenation, quantifiers and atoms.
#include "generators/regex_parser.hpp"

#include <cctype>
#include <cstdint>
#include <optional>
#include <utility>

#include "generators/regex_charset.hpp"
#include "proto/util/utf8.hpp"

namespace tfc::gen {
namespace {

using namespace regex_charset;
using Node = RegexNode;
using NodeKind = RegexNode::Kind;

constexpr std::size_t kMaxRepeat = 1000;  // RE2's own limit on {m,n}

Node chars_node(std::string chars) {
  Node n;
  n.kind = NodeKind::Chars;
  n.chars = std::move(chars);
  return n;
}

Node sequence_node(std::vector<Node> children) {
  if (children.size() == 1) return std::move(children.front());
  Node n;
  n.kind = children.empty() ? NodeKind::Empty : NodeKind::Concat;
  n.children = std::move(children);
  return n;
}

class Parser {
public:
  explicit Parser(std::string_view text) : m_text(text) {}

  Expected<Node> parse() {
    auto node = alternation();
    if (!node) return node;
    if (m_pos < m_text.size()) return fail("unbalanced ')'");
    return node;
  }

private:
  Error fail(const std::string& what) const { return fail_at(m_pos, what); }
  Error fail_at(std::size_t pos, const std::string& what) const {
    return Error{"pattern \"" + std::string(m_text) + "\": " + what + " at position " + std::to_string(pos)};
  }

  bool at_end() const { return m_pos >= m_text.size(); }
  char peek(std::size_t ahead = 0) const { return m_pos + ahead < m_text.size() ? m_text[m_pos + ahead] : '\0'; }

  Expected<Node> alternation() {
    std::vector<Node> alternatives;
    while (true) {
      auto branch = concatenation();
      if (!branch) return branch;
      alternatives.push_back(std::move(*branch));
      if (at_end() || peek() != '|') break;
      ++m_pos;
    }
    if (alternatives.size() == 1) return std::move(alternatives.front());
    Node n;
    n.kind = NodeKind::Alternate;
    n.children = std::move(alternatives);
    return n;
  }

  Expected<Node> concatenation() {
    std::vector<Node> items;
    while (!at_end() && peek() != '|' && peek() != ')') {
      const std::size_t at = m_pos;
      auto atom = this->atom();
      if (!atom) return atom.error();
      // \Q...\E: all but its last character stand alone; a quantifier takes only the last.
      for (auto& p : m_pending) items.push_back(std::move(p));
      m_pending.clear();
      if (!*atom) continue;  // a flag group such as (?i): no node
      auto repeated = quantifiers(std::move(**atom), at);
      if (!repeated) return repeated;
      items.push_back(std::move(*repeated));
    }
    return sequence_node(std::move(items));
  }

  static bool is_quantifier_start(char c) { return c == '*' || c == '+' || c == '?' || c == '{'; }

  // `{m}`, `{m,}`, `{m,n}` at m_pos; nullopt (m_pos unchanged) when it is a literal '{'.
  std::optional<std::pair<std::size_t, std::optional<std::size_t>>> counted() {
    std::size_t p = m_pos + 1;
    auto number = [&](std::size_t& out) {
      const std::size_t start = p;
      out = 0;
      while (p < m_text.size() && std::isdigit(static_cast<unsigned char>(m_text[p])) && p - start < 7) {
        out = out * 10 + static_cast<std::size_t>(m_text[p] - '0');
        ++p;
      }
      return p > start;
    };
    std::size_t lo = 0;
    if (!number(lo)) return std::nullopt;
    std::size_t hi = lo;
    bool bounded = true;
    if (p < m_text.size() && m_text[p] == ',') {
      ++p;
      bounded = number(hi);
    }
    if (p >= m_text.size() || m_text[p] != '}') return std::nullopt;
    m_pos = p + 1;
    return std::make_pair(lo, bounded ? std::optional<std::size_t>(hi) : std::nullopt);
  }

  Expected<Node> quantifiers(Node atom, std::size_t atom_pos) {
    bool repeated = false;
    while (!at_end() && is_quantifier_start(peek())) {
      const std::size_t at = m_pos;
      Node r;
      r.kind = NodeKind::Repeat;
      const char q = peek();
      if (q == '{') {
        auto counts = counted();
        if (!counts) break;  // a literal '{', read by the next atom
        if (counts->first > kMaxRepeat || (counts->second && *counts->second > kMaxRepeat))
          return fail_at(at, "repetition count above 1000");
        if (counts->second && *counts->second < counts->first) return fail_at(at, "invalid repetition range");
        r.min = counts->first;
        r.max = counts->second.value_or(counts->first);
        r.unbounded = !counts->second;
      } else {
        ++m_pos;
        r.min = q == '+' ? 1 : 0;
        r.max = q == '?' ? 1 : 0;
        r.unbounded = q != '?';
      }
      if (repeated) return fail_at(at, "invalid nested repetition operator");
      if (peek() == '?') ++m_pos;  // lazy: the same strings
      if (atom_pos == at) return fail_at(at, "missing argument to repetition operator");
      r.children.push_back(std::move(atom));
      atom = std::move(r);
      repeated = true;
    }
    return atom;
  }

  // One atom; nullopt inside the Expected for a flag-only group that yields no node.
  Expected<std::optional<Node>> atom() {
    const std::size_t at = m_pos;
    const char c = m_text[m_pos++];
    switch (c) {
      case '(': return group(at);
      case '[': {
        auto cls = char_class(at);
        if (!cls) return cls.error();
        return std::optional<Node>(chars_node(std::move(*cls)));
      }
      case '.': return std::optional<Node>(chars_node(printable_in_preference_order()));
      case '^':
      case '$': return std::optional<Node>(Node{});
      case '\\': return escape(at);
      case '*':
      case '+':
      case '?': return fail_at(at, "missing argument to repetition operator");
      case '{': {
        --m_pos;
        if (counted()) return fail_at(at, "missing argument to repetition operator");
        ++m_pos;
        return std::optional<Node>(literal('{'));
      }
      default: return std::optional<Node>(literal(c));
    }
  }

  Node literal(char c) const { return chars_node(m_fold ? fold_case(std::string(1, c)) : std::string(1, c)); }

  Expected<std::optional<Node>> group(std::size_t at) {
    const bool saved_fold = m_fold;
    if (peek() == '?') {
      ++m_pos;
      if (peek() == '=' || peek() == '!' || (peek() == '<' && (peek(1) == '=' || peek(1) == '!')))
        return fail_at(at, "lookaround is not RE2");
      if (peek() == 'P' || peek() == '<') {
        if (peek() == 'P') ++m_pos;
        if (peek() != '<') return fail_at(at, "invalid named group");
        const auto close = m_text.find('>', m_pos);
        if (close == std::string_view::npos) return fail_at(at, "invalid named group");
        m_pos = close + 1;
      } else {
        // Flags: (?i) (?-i) (?is:...) ...
        bool negate = false;
        bool fold = m_fold;
        while (!at_end() && peek() != ')' && peek() != ':') {
          const char f = m_text[m_pos++];
          if (f == '-')
            negate = true;
          else if (f == 'i')
            fold = !negate;
          else if (f != 's' && f != 'm' && f != 'U')
            return fail_at(m_pos - 1, "unknown flag");
        }
        if (at_end()) return fail_at(at, "missing closing )");
        if (m_text[m_pos++] == ')') {
          m_fold = fold;  // until the end of the enclosing group
          return std::optional<Node>();
        }
        m_fold = fold;
      }
    }
    auto inner = alternation();
    if (!inner) return inner.error();
    if (at_end() || peek() != ')') return fail_at(at, "missing closing )");
    ++m_pos;
    m_fold = saved_fold;
    return std::optional<Node>(std::move(*inner));
  }

  // `\d`-style classes; nullopt for other escapes.
  std::optional<std::string> class_escape(char e) {
    switch (e) {
      case 'd': return digits();
      case 'D': return complement(digits());
      case 'w': return word();
      case 'W': return complement(word());
      case 's': return space();
      case 'S': return complement(space());
      default: return std::nullopt;
    }
  }

  // The characters of `\pL`, `\p{Lu}`, `\PL` (m_pos after the 'p'/'P').
  Expected<std::string> unicode_escape(bool negated, std::size_t at) {
    std::string name;
    if (peek() == '{') {
      const auto close = m_text.find('}', m_pos);
      if (close == std::string_view::npos) return fail_at(at, "invalid character class range");
      name = std::string(m_text.substr(m_pos + 1, close - m_pos - 1));
      m_pos = close + 1;
    } else if (!at_end()) {
      name = std::string(1, m_text[m_pos++]);
    }
    if (!name.empty() && name[0] == '^') {
      negated = !negated;
      name.erase(0, 1);
    }
    std::string chars = unicode_class(name);
    return negated ? complement(chars) : chars;
  }

  // One escaped character (m_pos after the backslash); bytes of a code point above ASCII.
  Expected<std::string> escaped_char(std::size_t at) {
    if (at_end()) return fail_at(at, "trailing backslash at end of expression");
    const char e = m_text[m_pos++];
    switch (e) {
      case 'n': return std::string("\n");
      case 't': return std::string("\t");
      case 'r': return std::string("\r");
      case 'f': return std::string("\f");
      case 'v': return std::string("\v");
      case 'a': return std::string("\a");
      case '0': return std::string(1, '\0');
      case 'x': {
        std::uint32_t cp = 0;
        std::size_t digits = 0;
        const bool braced = peek() == '{';
        if (braced) ++m_pos;
        while (!at_end() && std::isxdigit(static_cast<unsigned char>(peek())) && (braced || digits < 2)) {
          const char h = m_text[m_pos++];
          cp = cp * 16 + static_cast<std::uint32_t>(
                             std::isdigit(static_cast<unsigned char>(h)) ? h - '0' : std::tolower(h) - 'a' + 10);
          ++digits;
        }
        if (braced) {
          if (peek() != '}') return fail_at(at, "invalid escape sequence");
          ++m_pos;
        }
        if (digits == 0 || cp > 0x10FFFF) return fail_at(at, "invalid escape sequence");
        std::string out;
        util::append_utf8(out, cp);
        return out;
      }
      default:
        if (std::isalnum(static_cast<unsigned char>(e))) {
          return fail_at(at, std::isdigit(static_cast<unsigned char>(e)) ? "backreferences are not RE2"
                                                                         : "invalid escape sequence");
        }
        return std::string(1, e);
    }
  }

  Expected<std::optional<Node>> escape(std::size_t at) {
    if (at_end()) return fail_at(at, "trailing backslash at end of expression");
    const char e = peek();
    if (auto cls = class_escape(e)) {
      ++m_pos;
      return std::optional<Node>(chars_node(*cls));
    }
    switch (e) {
      case 'b':
      case 'B':
      case 'A':
      case 'z': ++m_pos; return std::optional<Node>(Node{});
      case 'p':
      case 'P': {
        ++m_pos;
        auto chars = unicode_escape(e == 'P', at);
        if (!chars) return chars.error();
        return std::optional<Node>(chars_node(std::move(*chars)));
      }
      case 'Q': {
        ++m_pos;
        const auto end = m_text.find("\\E", m_pos);
        const std::string_view quoted =
            m_text.substr(m_pos, end == std::string_view::npos ? std::string_view::npos : end - m_pos);
        m_pos = end == std::string_view::npos ? m_text.size() : end + 2;
        if (quoted.empty()) return std::optional<Node>(Node{});
        for (std::size_t k = 0; k + 1 < quoted.size(); ++k) m_pending.push_back(literal(quoted[k]));
        return std::optional<Node>(literal(quoted.back()));
      }
      default: break;
    }
    auto bytes = escaped_char(at);
    if (!bytes) return bytes.error();
    if (bytes->size() == 1) return std::optional<Node>(literal((*bytes)[0]));
    std::vector<Node> items;
    for (char b : *bytes) items.push_back(chars_node(std::string(1, b)));
    return std::optional<Node>(sequence_node(std::move(items)));
  }

  // A class body after '['; returns its characters (ASCII only), complemented when negated.
  Expected<std::string> char_class(std::size_t open) {
    bool negated = false;
    if (peek() == '^') {
      negated = true;
      ++m_pos;
    }
    std::string chars;
    bool first = true;
    while (true) {
      if (at_end()) return fail_at(open, "missing closing ]");
      if (m_text[m_pos] == ']' && !first) {
        ++m_pos;
        break;
      }
      first = false;
      auto item = class_item();
      if (!item) return item.error();
      chars += *item;
    }
    chars = ascii_only(chars);
    if (m_fold) chars = fold_case(chars);
    chars = negated ? complement(chars) : dedupe(chars);
    if (chars.empty()) return fail_at(open, "character class matches no ASCII character");
    return chars;
  }

  // One item of a class body at m_pos: a `[:name:]` class, an escaped class, a character or a
  // range; its characters (none for a character outside ASCII).
  Expected<std::string> class_item() {
    const std::size_t at = m_pos;
    const char c = m_text[m_pos];
    if (c == '[' && peek(1) == ':') {
      const auto close = m_text.find(":]", m_pos + 2);
      if (close != std::string_view::npos) {
        std::string_view name = m_text.substr(m_pos + 2, close - m_pos - 2);
        const bool neg = !name.empty() && name[0] == '^';
        if (neg) name.remove_prefix(1);
        auto cls = posix_class(name);
        if (!cls) return fail_at(at, "invalid character class range");
        m_pos = close + 2;
        return neg ? complement(*cls) : *cls;
      }
    }
    // The start of a single character or a range.
    std::string lo;
    if (c == '\\') {
      ++m_pos;
      if (auto cls = class_escape(peek())) {
        ++m_pos;
        return *cls;
      }
      if (peek() == 'p' || peek() == 'P') {
        const bool neg = peek() == 'P';
        ++m_pos;
        return unicode_escape(neg, at);
      }
      auto e = escaped_char(at);
      if (!e) return e.error();
      lo = *e;
    } else {
      lo = class_char();
    }
    if (peek() == '-' && peek(1) != ']' && peek(1) != '\0') {
      ++m_pos;
      return class_range(lo, at);
    }
    return lo.size() == 1 ? lo : std::string();
  }

  // The end of a range `lo-hi` (m_pos after the '-') and the range's characters: ASCII only,
  // so a range up to a character outside ASCII keeps its ASCII part.
  Expected<std::string> class_range(const std::string& lo, std::size_t at) {
    std::string hi;
    if (peek() == '\\') {
      const std::size_t esc = m_pos++;
      auto e = escaped_char(esc);
      if (!e) return e.error();
      hi = *e;
    } else {
      hi = class_char();
    }
    if (lo.size() == 1 && hi.size() == 1) {
      if (static_cast<unsigned char>(hi[0]) < static_cast<unsigned char>(lo[0]))
        return fail_at(at, "invalid character class range");
      return char_range(static_cast<unsigned char>(lo[0]), static_cast<unsigned char>(hi[0]));
    }
    if (lo.size() == 1) return char_range(static_cast<unsigned char>(lo[0]), 0x7F);
    return std::string();
  }

  // One unescaped character of a class at m_pos: all the bytes of a multi-byte UTF-8 one.
  std::string class_char() {
    std::string out(1, m_text[m_pos++]);
    while (static_cast<unsigned char>(out[0]) >= 0xC0 && !at_end() &&
           (static_cast<unsigned char>(peek()) & 0xC0) == 0x80)
      out.push_back(m_text[m_pos++]);
    return out;
  }

  std::string_view m_text;
  std::size_t m_pos = 0;
  bool m_fold = false;
  std::vector<Node> m_pending;  // literals of \Q...\E ahead of the atom returned
};

}  // namespace

Expected<RegexNode> parse_regex_syntax(std::string_view text) { return Parser(text).parse(); }

}  // namespace tfc::gen
