#include "hcl/lexer.hpp"

#include <cstdint>
#include <optional>

namespace tfc::hcl {

namespace {

constexpr std::size_t kMaxModeDepth = 256;

enum class Mode : std::uint8_t { brace, interp, quoted, heredoc };

struct ModeEntry {
  Mode mode;
  std::string marker;         // heredoc
  bool at_line_start = true;  // heredoc: the next byte starts a line
};

bool is_ident_start(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
}
bool is_ident_char(unsigned char c) { return is_ident_start(c) || (c >= '0' && c <= '9') || c == '-'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

std::optional<std::uint32_t> hex_value(std::string_view digits) {
  std::uint32_t v = 0;
  for (char c : digits) {
    v <<= 4;
    if (c >= '0' && c <= '9')
      v |= static_cast<std::uint32_t>(c - '0');
    else if (c >= 'a' && c <= 'f')
      v |= static_cast<std::uint32_t>(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F')
      v |= static_cast<std::uint32_t>(c - 'A' + 10);
    else
      return std::nullopt;
  }
  return v;
}

class Lexer {
public:
  Lexer(std::string_view text, Warnings& warnings) : m_text(text), m_warnings(warnings) {}

  std::vector<Token> run() {
    while (m_i < m_text.size()) {
      const std::size_t before = m_i;
      if (!m_modes.empty() && m_modes.back().mode == Mode::quoted) {
        quoted_step();
      } else if (!m_modes.empty() && m_modes.back().mode == Mode::heredoc) {
        heredoc_step();
      } else {
        expression_step();
      }
      if (m_i == before && m_i < m_text.size()) advance(1);  // never loop without progress
    }
    if (!m_modes.empty()) {
      const Mode open = m_modes.back().mode;
      if (open == Mode::quoted) m_warnings.add(here(), "unterminated string");
      if (open == Mode::heredoc)
        m_warnings.add(here(), "unterminated heredoc (no closing " + m_modes.back().marker + ")");
    }
    m_tokens.push_back(Token{TokenKind::eof, "", here()});
    return std::move(m_tokens);
  }

private:
  SourcePos here() const { return SourcePos{m_line, m_column}; }
  char peek(std::size_t ahead = 0) const { return m_i + ahead < m_text.size() ? m_text[m_i + ahead] : '\0'; }
  bool starts_with(std::string_view s) const { return m_text.substr(m_i, s.size()) == s; }

  void advance(std::size_t n) {
    for (std::size_t k = 0; k < n && m_i < m_text.size(); ++k, ++m_i) {
      if (m_text[m_i] == '\n') {
        ++m_line;
        m_column = 1;
      } else {
        ++m_column;
      }
    }
  }

  void emit(TokenKind kind, SourcePos pos, std::string text = {}) {
    m_tokens.push_back(Token{kind, std::move(text), pos});
  }

  bool push(ModeEntry entry) {
    if (m_modes.size() >= kMaxModeDepth) {
      m_warnings.add(here(), "nesting deeper than " + std::to_string(kMaxModeDepth) + " levels");
      return false;
    }
    m_modes.push_back(std::move(entry));
    return true;
  }

  // --- expression text -------------------------------------------------------------------

  void expression_step() {
    const char c = peek();
    const SourcePos pos = here();
    if (c == ' ' || c == '\t' || c == '\r') return advance(1);
    if (c == '\n') {
      emit(TokenKind::newline, pos);
      return advance(1);
    }
    if (c == '#' || starts_with("//")) return skip_line_comment();
    if (starts_with("/*")) return skip_block_comment();
    if (is_digit(c)) return number();
    if (is_ident_start(static_cast<unsigned char>(c))) return ident();
    if (c == '"') {
      advance(1);
      if (push({Mode::quoted}))
        emit(TokenKind::open_quote, pos);
      else
        emit(TokenKind::invalid, pos, "\"");
      return;
    }
    if (starts_with("<<") && heredoc_start()) return;
    if (c == '{') return open_brace(pos);
    if (c == '}') return close_brace(pos);
    if (c == '~' && peek(1) == '}' && !m_modes.empty() && m_modes.back().mode == Mode::interp) {
      emit(TokenKind::strip, pos);
      return advance(1);
    }
    operator_token(pos);
  }

  void skip_line_comment() {
    while (m_i < m_text.size() && peek() != '\n') advance(1);
  }

  void skip_block_comment() {
    const SourcePos pos = here();
    const std::size_t end = m_text.find("*/", m_i + 2);
    if (end == std::string_view::npos) {
      m_warnings.add(pos, "unterminated comment");
      return advance(m_text.size() - m_i);
    }
    advance(end + 2 - m_i);
  }

  void number() {
    const SourcePos pos = here();
    const std::size_t start = m_i;
    while (is_digit(peek())) advance(1);
    if (peek() == '.' && is_digit(peek(1))) {
      advance(1);
      while (is_digit(peek())) advance(1);
    }
    if ((peek() == 'e' || peek() == 'E') &&
        (is_digit(peek(1)) || ((peek(1) == '+' || peek(1) == '-') && is_digit(peek(2))))) {
      advance(2);
      while (is_digit(peek())) advance(1);
    }
    emit(TokenKind::number, pos, std::string(m_text.substr(start, m_i - start)));
  }

  void ident() {
    const SourcePos pos = here();
    const std::size_t start = m_i;
    while (m_i < m_text.size() && is_ident_char(static_cast<unsigned char>(peek()))) advance(1);
    emit(TokenKind::ident, pos, std::string(m_text.substr(start, m_i - start)));
  }

  // `<<EOT` or `<<-EOT` followed by a newline opens a heredoc; anything else is `<` `<`.
  bool heredoc_start() {
    std::size_t k = 2;
    const bool indented = peek(k) == '-';
    if (indented) ++k;
    if (!is_ident_start(static_cast<unsigned char>(peek(k)))) return false;
    const std::size_t marker_start = m_i + k;
    while (m_i + k < m_text.size() && is_ident_char(static_cast<unsigned char>(m_text[m_i + k]))) ++k;
    const std::string marker(m_text.substr(marker_start, m_i + k - marker_start));
    std::size_t eol = k;
    if (peek(eol) == '\r') ++eol;
    if (peek(eol) != '\n') return false;
    const SourcePos pos = here();
    advance(eol + 1);
    if (!push({Mode::heredoc, marker, true})) {
      emit(TokenKind::invalid, pos, "<<");
      return true;
    }
    Token t{TokenKind::open_heredoc, marker, pos};
    t.indented_heredoc = indented;
    m_tokens.push_back(std::move(t));
    return true;
  }

  void open_brace(SourcePos pos) {
    advance(1);
    if (push({Mode::brace}))
      emit(TokenKind::lbrace, pos);
    else
      emit(TokenKind::invalid, pos, "{");
  }

  void close_brace(SourcePos pos) {
    advance(1);
    if (!m_modes.empty() && m_modes.back().mode == Mode::interp) {
      m_modes.pop_back();
      return emit(TokenKind::template_end, pos);
    }
    if (!m_modes.empty() && m_modes.back().mode == Mode::brace) m_modes.pop_back();
    emit(TokenKind::rbrace, pos);
  }

  void operator_token(SourcePos pos) {
    struct Op {
      std::string_view text;
      TokenKind kind;
    };
    // Longest first.
    static constexpr Op kOps[] = {
        {"...", TokenKind::ellipsis}, {"=>", TokenKind::fat_arrow}, {"==", TokenKind::eq_eq},
        {"!=", TokenKind::bang_eq},   {"<=", TokenKind::less_eq},   {">=", TokenKind::greater_eq},
        {"&&", TokenKind::and_and},   {"||", TokenKind::or_or},     {"::", TokenKind::double_colon},
        {"[", TokenKind::lbrack},     {"]", TokenKind::rbrack},     {"(", TokenKind::lparen},
        {")", TokenKind::rparen},     {",", TokenKind::comma},      {".", TokenKind::dot},
        {"=", TokenKind::equal},      {":", TokenKind::colon},      {"?", TokenKind::question},
        {"!", TokenKind::bang},       {"-", TokenKind::minus},      {"+", TokenKind::plus},
        {"*", TokenKind::star},       {"/", TokenKind::slash},      {"%", TokenKind::percent},
        {"<", TokenKind::less},       {">", TokenKind::greater},
    };
    for (const Op& op : kOps) {
      if (starts_with(op.text)) {
        advance(op.text.size());
        return emit(op.kind, pos, std::string(op.text));
      }
    }
    // A stray byte (or a whole UTF-8 sequence of one): one invalid token, one warning.
    std::size_t n = 1;
    while (m_i + n < m_text.size() && (static_cast<unsigned char>(m_text[m_i + n]) & 0xC0) == 0x80) ++n;
    emit(TokenKind::invalid, pos, std::string(m_text.substr(m_i, n)));
    advance(n);
  }

  // --- templates -------------------------------------------------------------------------

  // `${` or `%{` (with an optional `~`) inside a template; false when the text is not one.
  bool template_sequence(std::string& literal, SourcePos& literal_pos) {
    const char c = peek();
    if ((c != '$' && c != '%') || peek(1) != '{') return false;
    flush_literal(literal, literal_pos);
    const SourcePos pos = here();
    advance(2);
    if (!push({Mode::interp})) {
      emit(TokenKind::invalid, pos, c == '$' ? "${" : "%{");
      return true;
    }
    emit(c == '$' ? TokenKind::interp_start : TokenKind::control_start, pos);
    if (peek() == '~') {
      emit(TokenKind::strip, here());
      advance(1);
    }
    return true;
  }

  void flush_literal(std::string& literal, SourcePos pos) {
    if (!literal.empty()) emit(TokenKind::literal, pos, std::move(literal));
    literal.clear();
  }

  // `$${` and `%%{` stand for the literal `${` and `%{`.
  bool escaped_sequence(std::string& literal) {
    if ((starts_with("$${") || starts_with("%%{"))) {
      literal += peek();
      literal += '{';
      advance(3);
      return true;
    }
    return false;
  }

  void quoted_step() {
    std::string literal;
    SourcePos literal_pos = here();
    while (m_i < m_text.size()) {
      const char c = peek();
      if (c == '"') {
        flush_literal(literal, literal_pos);
        emit(TokenKind::close_quote, here());
        advance(1);
        m_modes.pop_back();
        return;
      }
      if (c == '\n') {
        flush_literal(literal, literal_pos);
        m_warnings.add(here(), "unterminated string (a quoted string ends on its line)");
        emit(TokenKind::close_quote, here());
        m_modes.pop_back();
        return;
      }
      if (escaped_sequence(literal)) continue;
      if (template_sequence(literal, literal_pos)) return;
      if (c == '\\') {
        escape(literal);
        continue;
      }
      literal += c;
      advance(1);
    }
    flush_literal(literal, literal_pos);
  }

  void escape(std::string& literal) {
    const SourcePos pos = here();
    const char e = peek(1);
    switch (e) {
      case 'n': literal += '\n'; return advance(2);
      case 'r': literal += '\r'; return advance(2);
      case 't': literal += '\t'; return advance(2);
      case '"': literal += '"'; return advance(2);
      case '\\': literal += '\\'; return advance(2);
      case 'u':
      case 'U': {
        const std::size_t digits = e == 'u' ? 4 : 8;
        if (auto cp = hex_value(m_text.substr(m_i + 2, digits)); cp && m_i + 2 + digits <= m_text.size()) {
          append_utf8(literal, *cp);
          return advance(2 + digits);
        }
        break;
      }
      default: break;
    }
    m_warnings.add(pos, "invalid escape sequence in string");
    literal += '\\';
    advance(1);
  }

  void heredoc_step() {
    ModeEntry& mode = m_modes.back();
    if (mode.at_line_start && closing_marker_here(mode.marker)) return;
    mode.at_line_start = false;
    std::string literal;
    SourcePos literal_pos = here();
    while (m_i < m_text.size()) {
      if (escaped_sequence(literal)) continue;
      if (template_sequence(literal, literal_pos)) return;
      const char c = peek();
      literal += c;
      advance(1);
      if (c == '\n') {
        flush_literal(literal, literal_pos);
        m_modes.back().at_line_start = true;
        return;
      }
    }
    flush_literal(literal, literal_pos);
  }

  // A line holding only the marker (after optional spaces) closes the heredoc.
  bool closing_marker_here(const std::string& marker) {
    std::size_t k = 0;
    while (peek(k) == ' ' || peek(k) == '\t') ++k;
    if (m_text.substr(m_i + k, marker.size()) != marker) return false;
    std::size_t end = k + marker.size();
    if (m_i + end < m_text.size() && is_ident_char(static_cast<unsigned char>(m_text[m_i + end]))) return false;
    std::size_t rest = end;
    while (peek(rest) == ' ' || peek(rest) == '\t' || peek(rest) == '\r') ++rest;
    if (m_i + rest < m_text.size() && peek(rest) != '\n') return false;
    advance(k);
    emit(TokenKind::close_heredoc, here(), marker);
    advance(end - k);
    m_modes.pop_back();
    return true;
  }

  std::string_view m_text;
  Warnings& m_warnings;
  std::size_t m_i = 0;
  int m_line = 1;
  int m_column = 1;
  std::vector<ModeEntry> m_modes;
  std::vector<Token> m_tokens;
};

}  // namespace

std::vector<Token> lex(std::string_view text, Warnings& warnings) { return Lexer(text, warnings).run(); }

std::string describe(TokenKind kind) {
  switch (kind) {
    case TokenKind::eof: return "end of file";
    case TokenKind::newline: return "a newline";
    case TokenKind::ident: return "an identifier";
    case TokenKind::number: return "a number";
    case TokenKind::open_quote:
    case TokenKind::close_quote: return "'\"'";
    case TokenKind::open_heredoc: return "a heredoc";
    case TokenKind::close_heredoc: return "the end of a heredoc";
    case TokenKind::literal: return "template text";
    case TokenKind::interp_start: return "'${'";
    case TokenKind::control_start: return "'%{'";
    case TokenKind::template_end: return "'}'";
    case TokenKind::strip: return "'~'";
    case TokenKind::lbrace: return "'{'";
    case TokenKind::rbrace: return "'}'";
    case TokenKind::lbrack: return "'['";
    case TokenKind::rbrack: return "']'";
    case TokenKind::lparen: return "'('";
    case TokenKind::rparen: return "')'";
    case TokenKind::comma: return "','";
    case TokenKind::dot: return "'.'";
    case TokenKind::ellipsis: return "'...'";
    case TokenKind::equal: return "'='";
    case TokenKind::colon: return "':'";
    case TokenKind::double_colon: return "'::'";
    case TokenKind::question: return "'?'";
    case TokenKind::fat_arrow: return "'=>'";
    case TokenKind::invalid: return "an invalid character";
    default: return "an operator";
  }
}

}  // namespace tfc::hcl
