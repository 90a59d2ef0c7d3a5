#pragma once
// Tokens of HCL native syntax (the public hclsyntax specification, "Lexical Elements" and
// "Templates"). The lexer keeps a stack of modes, as HCL's scanner does: expression text, a
// quoted template, a heredoc template, and `${ ... }` / `%{ ... }` sequences inside templates,
// so the parser sees template literals already split from the expressions between them.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "hcl/source.hpp"

namespace tfc::hcl {

enum class TokenKind : std::uint8_t {
  eof,
  newline,
  ident,
  number,
  open_quote,     // "
  close_quote,    // "
  open_heredoc,   // <<EOT or <<-EOT (text: the marker; indented: flush)
  close_heredoc,  // the closing marker line
  literal,        // a template's literal text, escapes already decoded
  interp_start,   // ${
  control_start,  // %{
  template_end,   // the } that closes ${ or %{
  strip,          // ~ next to ${, %{ or their closing }
  lbrace,
  rbrace,
  lbrack,
  rbrack,
  lparen,
  rparen,
  comma,
  dot,
  ellipsis,
  equal,
  colon,
  double_colon,
  question,
  fat_arrow,
  bang,
  minus,
  plus,
  star,
  slash,
  percent,
  eq_eq,
  bang_eq,
  less,
  less_eq,
  greater,
  greater_eq,
  and_and,
  or_or,
  invalid,
};

struct Token {
  TokenKind kind = TokenKind::eof;
  std::string text;
  SourcePos pos;
  bool indented_heredoc = false;  // open_heredoc: `<<-`
};

/// The whole text as tokens, ending with eof. Never throws: unterminated strings, stray bytes and
/// nesting deeper than the limit become warnings (and invalid tokens where a token is due).
std::vector<Token> lex(std::string_view text, Warnings& warnings);

/// Printable name of a token kind for messages ("'{'", "a newline", "end of file").
std::string describe(TokenKind kind);

}  // namespace tfc::hcl
