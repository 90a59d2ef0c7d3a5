#include "hcl/parser.hpp"

#include <utility>

#include "hcl/parser_impl.hpp"

namespace tfc::hcl {

ExprPtr make_expr(ExprKind kind, SourcePos pos) {
  auto e = std::make_unique<Expr>();
  e->kind = kind;
  e->pos = pos;
  return e;
}

ExprPtr make_literal(cty::Value value, SourcePos pos) {
  auto e = make_expr(ExprKind::literal, pos);
  e->value = std::move(value);
  return e;
}

const Attribute* Body::find_attribute(const std::string& name) const noexcept {
  for (const Attribute& a : attributes) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

// --- tokens --------------------------------------------------------------------------------

Parser::Depth::Depth(Parser& p) : parser(p), ok(true) {
  if (++p.m_depth > kMaxNesting && !p.m_aborted) {
    p.warn(p.peek_raw().pos, "nesting deeper than " + std::to_string(kMaxNesting) + " levels: the rest is not read");
    p.m_aborted = true;
  }
  ok = !p.m_aborted;
}

const Token& Parser::peek() {
  if (!m_newlines_matter.back()) {
    while (m_tokens[m_pos].kind == TokenKind::newline) ++m_pos;
  }
  return m_tokens[m_pos];
}

const Token& Parser::peek_after() {
  peek();
  std::size_t k = m_pos + 1 < m_tokens.size() ? m_pos + 1 : m_pos;
  if (!m_newlines_matter.back()) {
    while (k + 1 < m_tokens.size() && m_tokens[k].kind == TokenKind::newline) ++k;
  }
  return m_tokens[k];
}

Token Parser::next() {
  Token t = peek();
  if (m_pos + 1 < m_tokens.size()) ++m_pos;
  return t;
}

bool Parser::accept(TokenKind kind) {
  if (peek().kind != kind) return false;
  next();
  return true;
}

bool Parser::expect(TokenKind kind, const char* where) {
  if (accept(kind)) return true;
  warn(peek().pos, "expected " + describe(kind) + " " + where + ", found " + describe(peek().kind));
  return false;
}

void Parser::skip_newlines() {
  while (m_tokens[m_pos].kind == TokenKind::newline) ++m_pos;
}

void Parser::warn(SourcePos pos, const std::string& message) { m_warnings.add(pos, message); }

// Skips to the end of the current line at this nesting level (not past a `}` closing the
// enclosing block), so one bad item costs only itself.
void Parser::recover_to_line_end() {
  int depth = 0;
  while (true) {
    const Token& t = m_tokens[m_pos];
    if (t.kind == TokenKind::eof) return;
    if (depth == 0 && t.kind == TokenKind::newline) return;
    if (depth == 0 && t.kind == TokenKind::rbrace) return;
    if (t.kind == TokenKind::lbrace || t.kind == TokenKind::lbrack || t.kind == TokenKind::lparen) ++depth;
    if ((t.kind == TokenKind::rbrace || t.kind == TokenKind::rbrack || t.kind == TokenKind::rparen) && depth > 0)
      --depth;
    ++m_pos;
  }
}

// --- bodies --------------------------------------------------------------------------------

Body Parser::file_body() {
  Body body;
  NewlineMode mode(*this, true);
  while (!m_aborted) {
    skip_newlines();
    if (at_end()) break;
    if (peek().kind == TokenKind::rbrace) {
      warn(next().pos, "unexpected '}'");
      continue;
    }
    body_item(body);
  }
  return body;
}

Body Parser::body_until_close() {
  Body body;
  NewlineMode mode(*this, true);
  while (!m_aborted) {
    skip_newlines();
    const TokenKind k = peek().kind;
    if (k == TokenKind::eof) {
      warn(peek().pos, "unclosed block: expected '}'");
      break;
    }
    if (k == TokenKind::rbrace) {
      next();
      break;
    }
    body_item(body);
  }
  return body;
}

void Parser::body_item(Body& body) {
  Depth depth(*this);
  if (!depth.ok) return;
  const Token name = peek();
  if (name.kind != TokenKind::ident) {
    warn(name.pos, "expected an attribute or block, found " + describe(name.kind));
    next();
    recover_to_line_end();
    return;
  }
  next();
  if (accept(TokenKind::equal)) {
    Attribute attribute{name.text, nullptr, name.pos};
    const std::size_t warnings_before = m_warnings.total();
    attribute.expr = expression();
    const TokenKind after = peek().kind;
    if (after != TokenKind::newline && after != TokenKind::eof && after != TokenKind::rbrace) {
      warn(peek().pos, "expected a newline after the value of " + name.text + ", found " + describe(after));
      recover_to_line_end();
    }
    // A value that did not read cleanly is left out: half an expression is not the author's.
    if (m_warnings.total() != warnings_before) attribute.expr = nullptr;
    if (attribute.expr && !body.find_attribute(name.text)) {
      body.attributes.push_back(std::move(attribute));
    } else if (attribute.expr) {
      warn(name.pos, "attribute " + name.text + " is set twice; the first is kept");
    }
    return;
  }
  Block block{name.text, {}, {}, name.pos};
  while (true) {
    const Token& t = peek();
    if (t.kind == TokenKind::ident) {
      block.labels.push_back(next().text);
    } else if (t.kind == TokenKind::open_quote) {
      const SourcePos pos = next().pos;
      ExprPtr label = quoted_template(pos);
      if (label && label->kind == ExprKind::literal && label->value.type().kind() == cty::Kind::String) {
        block.labels.push_back(label->value.as_string());
      } else {
        warn(pos, "a block label must be a plain string");
        block.labels.emplace_back();
      }
    } else {
      break;
    }
  }
  if (!accept(TokenKind::lbrace)) {
    warn(peek().pos, "expected '=' or a block body after " + name.text + ", found " + describe(peek().kind));
    recover_to_line_end();
    return;
  }
  block.body = body_until_close();
  body.blocks.push_back(std::move(block));
}

// --- expressions ---------------------------------------------------------------------------

ExprPtr Parser::invalid(SourcePos pos) { return make_literal(cty::Value::unknown(cty::Type::dynamic()), pos); }

ExprPtr Parser::expression() {
  Depth depth(*this);
  if (!depth.ok) return invalid(peek_raw().pos);
  return conditional();
}

ExprPtr Parser::conditional() {
  ExprPtr cond = binary(1);
  if (peek().kind != TokenKind::question) return cond;
  const SourcePos pos = next().pos;
  skip_newlines();
  ExprPtr yes = expression();
  skip_newlines();
  expect(TokenKind::colon, "in a conditional");
  skip_newlines();
  ExprPtr no = expression();
  auto e = make_expr(ExprKind::conditional, pos);
  e->operands.push_back(std::move(cond));
  e->operands.push_back(std::move(yes));
  e->operands.push_back(std::move(no));
  return e;
}

namespace {

// Binary operator precedence, highest binds tightest (hclsyntax spec "Operations").
int precedence(TokenKind kind) {
  switch (kind) {
    case TokenKind::or_or: return 1;
    case TokenKind::and_and: return 2;
    case TokenKind::eq_eq:
    case TokenKind::bang_eq: return 3;
    case TokenKind::less:
    case TokenKind::less_eq:
    case TokenKind::greater:
    case TokenKind::greater_eq: return 4;
    case TokenKind::plus:
    case TokenKind::minus: return 5;
    case TokenKind::star:
    case TokenKind::slash:
    case TokenKind::percent: return 6;
    default: return 0;
  }
}

}  // namespace

ExprPtr Parser::binary(int min_level) {
  Depth depth(*this);
  if (!depth.ok) return invalid(peek_raw().pos);
  ExprPtr lhs = unary();
  while (!m_aborted) {
    const Token op = peek();
    const int level = precedence(op.kind);
    if (level == 0 || level < min_level) break;
    next();
    skip_newlines();
    ExprPtr rhs = binary(level + 1);
    auto e = make_expr(ExprKind::binary, op.pos);
    e->name = op.text;
    e->operands.push_back(std::move(lhs));
    e->operands.push_back(std::move(rhs));
    lhs = std::move(e);
  }
  return lhs;
}

ExprPtr Parser::unary() {
  Depth depth(*this);
  if (!depth.ok) return invalid(peek_raw().pos);
  const Token t = peek();
  if (t.kind != TokenKind::minus && t.kind != TokenKind::bang) return postfix(primary());
  next();
  ExprPtr operand = unary();
  if (t.kind == TokenKind::minus && operand->kind == ExprKind::literal && operand->value.is_known() &&
      !operand->value.is_null() && operand->value.type().kind() == cty::Kind::Number) {
    // A negative number literal stays a literal (its exact text is kept).
    const std::string text = operand->value.as_number().canonical();
    if (auto n = cty::Number::parse(text.front() == '-' ? text.substr(1) : "-" + text)) {
      operand->value = cty::Value::number(*n);
      return operand;
    }
  }
  auto e = make_expr(ExprKind::unary, t.pos);
  e->name = t.text;
  e->operands.push_back(std::move(operand));
  return e;
}

namespace {

// The static traversal step an index expression stands for, when its key is a literal.
bool literal_key(const Expr& key) {
  if (key.kind != ExprKind::literal || !key.value.is_known() || key.value.is_null()) return false;
  const cty::Kind k = key.value.type().kind();
  return k == cty::Kind::Number || k == cty::Kind::String;
}

// Where the next static step goes: the splat's per-element steps, a traversal's or a relative
// traversal's own steps; null when `base` takes no static steps (then a relative node wraps it).
std::vector<Step>* step_target(Expr& base) {
  if (base.kind == ExprKind::traversal || base.kind == ExprKind::relative || base.kind == ExprKind::splat) {
    return &base.steps;
  }
  return nullptr;
}

}  // namespace

ExprPtr Parser::postfix(ExprPtr base) {
  while (!m_aborted) {
    const Token& t = peek_raw();  // a newline ends a traversal even where newlines are skipped
    std::vector<Step> steps;
    if (t.kind == TokenKind::dot) {
      const SourcePos pos = next().pos;
      const Token name = peek_raw();
      if (name.kind == TokenKind::ident) {
        next();
        steps.push_back(Step{Step::Kind::attribute, name.text, {}});
      } else if (name.kind == TokenKind::number) {
        next();  // legacy index `.0`; "0.1" lexed as one number is two steps
        std::size_t start = 0;
        while (start <= name.text.size()) {
          const std::size_t dot = name.text.find('.', start);
          const std::string part = name.text.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
          if (auto n = cty::Number::parse(part)) steps.push_back(Step{Step::Kind::index, {}, cty::Value::number(*n)});
          if (dot == std::string::npos) break;
          start = dot + 1;
        }
      } else if (name.kind == TokenKind::star) {
        next();
        auto splat = make_expr(ExprKind::splat, pos);
        splat->attribute_only = true;
        splat->operands.push_back(std::move(base));
        base = std::move(splat);
        continue;
      } else {
        warn(name.pos, "expected an attribute name after '.', found " + describe(name.kind));
        return base;
      }
    } else if (t.kind == TokenKind::lbrack) {
      const SourcePos pos = next().pos;
      NewlineMode mode(*this, false);
      if (peek().kind == TokenKind::star && peek_after().kind == TokenKind::rbrack) {
        next();
        next();
        auto splat = make_expr(ExprKind::splat, pos);
        splat->operands.push_back(std::move(base));
        base = std::move(splat);
        continue;
      }
      ExprPtr key = expression();
      expect(TokenKind::rbrack, "after an index");
      if (literal_key(*key)) {
        steps.push_back(Step{Step::Kind::index, {}, key->value});
      } else {
        auto index = make_expr(ExprKind::index, pos);
        index->operands.push_back(std::move(base));
        index->operands.push_back(std::move(key));
        base = std::move(index);
        continue;
      }
    } else {
      return base;
    }
    std::vector<Step>* target = step_target(*base);
    if (!target) {
      auto relative = make_expr(ExprKind::relative, base->pos);
      relative->operands.push_back(std::move(base));
      base = std::move(relative);
      target = &base->steps;
    }
    for (Step& s : steps) target->push_back(std::move(s));
  }
  return base;
}

ExprPtr Parser::primary() {
  const Token t = peek();
  switch (t.kind) {
    case TokenKind::number: {
      next();
      if (auto n = cty::Number::parse(t.text)) return make_literal(cty::Value::number(*n), t.pos);
      warn(t.pos, "invalid number " + t.text);
      return invalid(t.pos);
    }
    case TokenKind::ident: next(); return identifier_expression(t);
    case TokenKind::open_quote: next(); return quoted_template(t.pos);
    case TokenKind::open_heredoc: next(); return heredoc_template(t);
    case TokenKind::lparen: {
      next();
      NewlineMode mode(*this, false);
      ExprPtr inner = expression();
      expect(TokenKind::rparen, "to close '('");
      return inner;
    }
    case TokenKind::lbrack: next(); return tuple_or_for(t.pos);
    case TokenKind::lbrace: next(); return object_or_for(t.pos);
    default:
      warn(t.pos, "expected an expression, found " + describe(t.kind));
      if (t.kind != TokenKind::newline && t.kind != TokenKind::eof && t.kind != TokenKind::rbrace &&
          t.kind != TokenKind::rbrack && t.kind != TokenKind::rparen) {
        next();
      }
      return invalid(t.pos);
  }
}

ExprPtr Parser::identifier_expression(const Token& first) {
  if (first.text == "true") return make_literal(cty::Value::boolean(true), first.pos);
  if (first.text == "false") return make_literal(cty::Value::boolean(false), first.pos);
  if (first.text == "null") return make_literal(cty::Value::null(cty::Type::dynamic()), first.pos);
  if (peek_raw().kind == TokenKind::lparen) return call(first.text, first.pos);
  if (peek_raw().kind == TokenKind::double_colon) {
    std::string name = first.text;
    while (peek_raw().kind == TokenKind::double_colon) {
      next();
      if (peek_raw().kind != TokenKind::ident) {
        warn(peek_raw().pos, "expected a function name after '::'");
        return invalid(first.pos);
      }
      name += "::" + next().text;
    }
    if (peek_raw().kind != TokenKind::lparen) {
      warn(peek_raw().pos, "expected '(' after the function name " + name);
      return invalid(first.pos);
    }
    return call(std::move(name), first.pos);
  }
  auto e = make_expr(ExprKind::traversal, first.pos);
  e->name = first.text;
  return e;
}

ExprPtr Parser::call(std::string name, SourcePos pos) {
  next();  // (
  NewlineMode mode(*this, false);
  auto e = make_expr(ExprKind::call, pos);
  e->name = std::move(name);
  while (!m_aborted && peek().kind != TokenKind::rparen && peek().kind != TokenKind::eof) {
    e->operands.push_back(expression());
    if (accept(TokenKind::ellipsis)) {
      e->expand_final = true;
      break;
    }
    if (!accept(TokenKind::comma)) break;
  }
  expect(TokenKind::rparen, ("to close the arguments of " + e->name).c_str());
  return e;
}

ExprPtr Parser::tuple_or_for(SourcePos pos) {
  NewlineMode mode(*this, false);
  if (peek().kind == TokenKind::ident && peek().text == "for" && peek_after().kind == TokenKind::ident) {
    return for_expression(pos, false);
  }
  auto e = make_expr(ExprKind::tuple, pos);
  while (!m_aborted && peek().kind != TokenKind::rbrack && peek().kind != TokenKind::eof) {
    e->operands.push_back(expression());
    if (!accept(TokenKind::comma)) break;
  }
  expect(TokenKind::rbrack, "to close '['");
  return e;
}

ExprPtr Parser::object_or_for(SourcePos pos) {
  NewlineMode mode(*this, false);
  if (peek().kind == TokenKind::ident && peek().text == "for" && peek_after().kind == TokenKind::ident) {
    return for_expression(pos, true);
  }
  auto e = make_expr(ExprKind::object, pos);
  while (!m_aborted) {
    skip_newlines();
    const TokenKind k = peek().kind;
    if (k == TokenKind::rbrace || k == TokenKind::eof) break;
    ExprPtr key;
    {
      NewlineMode key_mode(*this, true);
      key = expression();
    }
    if (key->kind == ExprKind::traversal && key->steps.empty())
      key = make_literal(cty::Value::string(key->name), key->pos);
    if (!accept(TokenKind::equal) && !accept(TokenKind::colon)) {
      warn(peek().pos, "expected '=' or ':' after an object key, found " + describe(peek().kind));
      recover_to_line_end();
      continue;
    }
    NewlineMode value_mode(*this, true);  // a newline ends the item
    e->operands.push_back(std::move(key));
    e->operands.push_back(expression());
    if (!accept(TokenKind::comma) && peek().kind != TokenKind::newline && peek().kind != TokenKind::rbrace) {
      warn(peek().pos, "expected ',' or a newline between object items, found " + describe(peek().kind));
      recover_to_line_end();
    }
  }
  if (!accept(TokenKind::rbrace)) warn(peek().pos, "expected '}' to close an object");
  return e;
}

ExprPtr Parser::for_expression(SourcePos pos, bool object_form) {
  next();  // for
  auto e = make_expr(ExprKind::for_expr, pos);
  e->value_var = next().text;
  if (accept(TokenKind::comma)) {
    e->key_var = std::move(e->value_var);
    if (peek().kind == TokenKind::ident)
      e->value_var = next().text;
    else
      warn(peek().pos, "expected a variable name after ',' in a for expression");
  }
  if (!(peek().kind == TokenKind::ident && peek().text == "in")) {
    warn(peek().pos, "expected 'in' in a for expression");
  } else {
    next();
  }
  e->operands.push_back(expression());
  expect(TokenKind::colon, "in a for expression");
  ExprPtr key;
  if (object_form) {
    key = expression();
    expect(TokenKind::fat_arrow, "in an object for expression");
  }
  e->operands.push_back(std::move(key));
  e->operands.push_back(expression());
  if (object_form && accept(TokenKind::ellipsis)) e->grouping = true;
  ExprPtr cond;
  if (peek().kind == TokenKind::ident && peek().text == "if") {
    next();
    cond = expression();
  }
  e->operands.push_back(std::move(cond));
  expect(object_form ? TokenKind::rbrace : TokenKind::rbrack, "to close a for expression");
  return e;
}

// --- entry points --------------------------------------------------------------------------

File parse(std::string_view text, const SourceName& name) {
  Warnings warnings(name);
  Parser parser(lex(text, warnings), warnings);
  File file;
  file.body = parser.file_body();
  file.warnings = warnings.take();
  return file;
}

ExprPtr parse_expression(std::string_view text, Warnings& warnings) {
  Parser parser(lex(text, warnings), warnings);
  ExprPtr e = parser.expression();
  return e;
}

}  // namespace tfc::hcl
