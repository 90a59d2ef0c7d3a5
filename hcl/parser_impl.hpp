#pragma once
// Private to hcl/: the recursive-descent parser over the lexer's tokens, shared by parser.cpp
// (bodies and expressions) and template_parser.cpp (quoted strings, heredocs, directives).

#include <string>
#include <vector>

#include "hcl/ast.hpp"
#include "hcl/lexer.hpp"

namespace tfc::hcl {

class Parser {
public:
  Parser(std::vector<Token> tokens, Warnings& warnings) : m_tokens(std::move(tokens)), m_warnings(warnings) {}

  Body file_body();
  ExprPtr expression();
  bool at_end() { return peek().kind == TokenKind::eof; }

  // Templates (template_parser.cpp): after the opening token was taken.
  ExprPtr quoted_template(SourcePos pos);
  ExprPtr heredoc_template(const Token& open);

private:
  // Tokens. Newlines are skipped unless the innermost context is newline-sensitive (bodies and
  // object constructors), as in HCL where newlines end items only there.
  const Token& peek();
  const Token& peek_raw() const { return m_tokens[m_pos]; }
  const Token& peek_after();  // the token after peek()
  Token next();
  bool accept(TokenKind kind);
  bool expect(TokenKind kind, const char* where);
  void skip_newlines();
  struct NewlineMode {
    Parser& parser;
    NewlineMode(Parser& p, bool sensitive) : parser(p) { p.m_newlines_matter.push_back(sensitive); }
    ~NewlineMode() { parser.m_newlines_matter.pop_back(); }
    NewlineMode(const NewlineMode&) = delete;
    NewlineMode& operator=(const NewlineMode&) = delete;
  };
  struct Depth {
    Parser& parser;
    bool ok;
    explicit Depth(Parser& p);
    ~Depth() { --parser.m_depth; }
    Depth(const Depth&) = delete;
    Depth& operator=(const Depth&) = delete;
  };
  void warn(SourcePos pos, const std::string& message);
  void recover_to_line_end();

  // Bodies.
  Body body_until_close();
  void body_item(Body& body);

  // Expressions.
  ExprPtr conditional();
  ExprPtr binary(int min_level);
  ExprPtr unary();
  ExprPtr postfix(ExprPtr base);
  ExprPtr primary();
  ExprPtr identifier_expression(const Token& first);
  ExprPtr call(std::string name, SourcePos pos);
  ExprPtr tuple_or_for(SourcePos pos);
  ExprPtr object_or_for(SourcePos pos);
  ExprPtr for_expression(SourcePos pos, bool object_form);
  ExprPtr invalid(SourcePos pos);

  // Templates.
  std::vector<ExprPtr> template_parts(TokenKind closing, std::vector<std::string> stop_words, std::string& stopped_at);
  ExprPtr directive(SourcePos pos, TokenKind closing, std::vector<ExprPtr>& parts, bool& strip_next,
                    std::string& stopped_at, const std::vector<std::string>& stop_words);
  ExprPtr finish_template(std::vector<ExprPtr> parts, SourcePos pos);

  std::vector<Token> m_tokens;
  std::size_t m_pos = 0;
  Warnings& m_warnings;
  std::vector<bool> m_newlines_matter{true};
  int m_depth = 0;
  bool m_aborted = false;  // nesting limit reached: stop reading
};

ExprPtr make_expr(ExprKind kind, SourcePos pos);
ExprPtr make_literal(cty::Value value, SourcePos pos);

}  // namespace tfc::hcl
