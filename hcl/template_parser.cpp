// Templates: quoted strings and heredocs with `${ expr }` interpolations, `%{ if }` and
// `%{ for }` directives and `~` strip markers (hclsyntax spec "Templates"); `<<-` heredocs
// lose the indentation their least indented line has.

#include <algorithm>
#include <utility>

#include "hcl/parser_impl.hpp"

namespace tfc::hcl {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool is_literal_string(const ExprPtr& e) {
  return e && e->kind == ExprKind::literal && e->value.is_known() && !e->value.is_null() &&
         e->value.type().kind() == cty::Kind::String;
}

void trim_right(ExprPtr& part) {
  if (!is_literal_string(part)) return;
  std::string s = part->value.as_string();
  while (!s.empty() && is_space(s.back())) s.pop_back();
  part->value = cty::Value::string(std::move(s));
}

std::string trim_left(const std::string& s) {
  std::size_t i = 0;
  while (i < s.size() && is_space(s[i])) ++i;
  return s.substr(i);
}

// Leading spaces and tabs of each line start of a heredoc's parts; a line starting with an
// interpolation counts as unindented, a blank line not at all.
std::size_t least_indentation(const std::vector<ExprPtr>& parts) {
  std::size_t least = std::string::npos;
  bool line_start = true;
  for (const ExprPtr& part : parts) {
    if (!is_literal_string(part)) {
      if (line_start) least = 0;
      line_start = false;
      continue;
    }
    const std::string& s = part->value.as_string();
    std::size_t i = 0;
    while (i < s.size()) {
      if (line_start) {
        std::size_t k = i;
        while (k < s.size() && (s[k] == ' ' || s[k] == '\t')) ++k;
        const bool blank = k < s.size() && (s[k] == '\n' || s[k] == '\r');
        if (!blank) least = std::min(least, k - i);
      }
      const std::size_t nl = s.find('\n', i);
      if (nl == std::string::npos) {
        line_start = false;
        break;
      }
      i = nl + 1;
      line_start = true;
    }
  }
  return least == std::string::npos ? 0 : least;
}

void remove_indentation(std::vector<ExprPtr>& parts, std::size_t n) {
  bool line_start = true;
  for (ExprPtr& part : parts) {
    if (!is_literal_string(part)) {
      line_start = false;
      continue;
    }
    const std::string& s = part->value.as_string();
    std::string out;
    std::size_t i = 0;
    while (i < s.size()) {
      if (line_start) {
        std::size_t k = 0;
        while (k < n && i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i, ++k;
      }
      const std::size_t nl = s.find('\n', i);
      if (nl == std::string::npos) {
        out += s.substr(i);
        line_start = false;
        break;
      }
      out += s.substr(i, nl + 1 - i);
      i = nl + 1;
      line_start = true;
    }
    part->value = cty::Value::string(std::move(out));
  }
}

}  // namespace

ExprPtr Parser::quoted_template(SourcePos pos) {
  std::string stopped_at;
  std::vector<ExprPtr> parts = template_parts(TokenKind::close_quote, {}, stopped_at);
  if (peek_raw().kind == TokenKind::close_quote) next();
  return finish_template(std::move(parts), pos);
}

ExprPtr Parser::heredoc_template(const Token& open) {
  std::string stopped_at;
  std::vector<ExprPtr> parts = template_parts(TokenKind::close_heredoc, {}, stopped_at);
  if (peek_raw().kind == TokenKind::close_heredoc) next();
  if (open.indented_heredoc) remove_indentation(parts, least_indentation(parts));
  return finish_template(std::move(parts), open.pos);
}

// A template of literals only is a string literal; "${x}" alone is x itself; else the parts.
ExprPtr Parser::finish_template(std::vector<ExprPtr> parts, SourcePos pos) {
  const bool all_literal =
      std::all_of(parts.begin(), parts.end(), [](const ExprPtr& p) { return is_literal_string(p); });
  if (all_literal) {
    std::string s;
    for (const ExprPtr& p : parts) s += p->value.as_string();
    return make_literal(cty::Value::string(std::move(s)), pos);
  }
  if (parts.size() == 1 && parts[0]->kind != ExprKind::template_if && parts[0]->kind != ExprKind::template_for) {
    auto wrap = make_expr(ExprKind::template_wrap, pos);
    wrap->operands.push_back(std::move(parts[0]));
    return wrap;
  }
  auto e = make_expr(ExprKind::template_text, pos);
  e->operands = std::move(parts);
  return e;
}

// Parts until `closing` (not taken) or until a `%{ word }` directive in stop_words (taken,
// named in stopped_at).
std::vector<ExprPtr> Parser::template_parts(TokenKind closing, std::vector<std::string> stop_words,
                                            std::string& stopped_at) {
  Depth depth(*this);
  std::vector<ExprPtr> parts;
  if (!depth.ok) return parts;
  NewlineMode mode(*this, false);
  bool strip_next = false;
  while (!m_aborted) {
    const Token& t = peek_raw();
    if (t.kind == closing || t.kind == TokenKind::eof) break;
    if (t.kind == TokenKind::literal) {
      Token lit = next();
      if (strip_next) lit.text = trim_left(lit.text);
      strip_next = false;
      parts.push_back(make_literal(cty::Value::string(std::move(lit.text)), lit.pos));
      continue;
    }
    if (t.kind == TokenKind::interp_start) {
      next();
      if (accept(TokenKind::strip) && !parts.empty()) trim_right(parts.back());
      strip_next = false;
      ExprPtr inner = expression();
      strip_next = accept(TokenKind::strip);
      if (!accept(TokenKind::template_end)) {
        warn(peek().pos, "expected '}' to close '${', found " + describe(peek().kind));
        while (peek_raw().kind != TokenKind::template_end && peek_raw().kind != closing &&
               peek_raw().kind != TokenKind::eof) {
          next();
        }
        accept(TokenKind::template_end);
      }
      parts.push_back(std::move(inner));
      continue;
    }
    if (t.kind == TokenKind::control_start) {
      const SourcePos pos = next().pos;
      ExprPtr d = directive(pos, closing, parts, strip_next, stopped_at, stop_words);
      if (!stopped_at.empty()) return parts;
      if (d) parts.push_back(std::move(d));
      continue;
    }
    if (t.kind == TokenKind::newline) {  // a newline inside a template sequence already passed
      next();
      continue;
    }
    warn(t.pos, "unexpected " + describe(t.kind) + " in a template");
    next();
  }
  if (!stop_words.empty()) warn(peek_raw().pos, "missing %{ " + stop_words.back() + " } in a template");
  return parts;
}

// After `%{`: an `if` or `for` directive with its body, or a closing word the caller waits for.
ExprPtr Parser::directive(SourcePos pos, TokenKind closing, std::vector<ExprPtr>& parts, bool& strip_next,
                          std::string& stopped_at, const std::vector<std::string>& stop_words) {
  if (accept(TokenKind::strip) && !parts.empty()) trim_right(parts.back());
  const Token word = peek();
  auto close_sequence = [&] {
    strip_next = accept(TokenKind::strip);
    if (!accept(TokenKind::template_end)) warn(peek().pos, "expected '}' to close '%{'");
  };
  if (word.kind != TokenKind::ident) {
    warn(word.pos, "expected if, for, else, endif or endfor after '%{'");
    close_sequence();
    return nullptr;
  }
  next();
  if (std::find(stop_words.begin(), stop_words.end(), word.text) != stop_words.end()) {
    close_sequence();
    stopped_at = word.text;
    return nullptr;
  }
  if (word.text == "if") {
    auto e = make_expr(ExprKind::template_if, pos);
    e->operands.push_back(expression());
    close_sequence();
    std::string stop;
    auto then_parts = template_parts(closing, {"else", "endif"}, stop);
    e->operands.push_back(finish_template(std::move(then_parts), pos));
    if (stop == "else") {
      std::string stop_else;
      auto else_parts = template_parts(closing, {"endif"}, stop_else);
      e->operands.push_back(finish_template(std::move(else_parts), pos));
    } else {
      e->operands.push_back(nullptr);
    }
    return e;
  }
  if (word.text == "for") {
    auto e = make_expr(ExprKind::template_for, pos);
    if (peek().kind == TokenKind::ident) e->value_var = next().text;
    if (accept(TokenKind::comma) && peek().kind == TokenKind::ident) {
      e->key_var = std::move(e->value_var);
      e->value_var = next().text;
    }
    if (peek().kind == TokenKind::ident && peek().text == "in")
      next();
    else
      warn(peek().pos, "expected 'in' in a for directive");
    e->operands.push_back(expression());
    close_sequence();
    std::string stop;
    auto body = template_parts(closing, {"endfor"}, stop);
    e->operands.push_back(finish_template(std::move(body), pos));
    return e;
  }
  warn(word.pos, "unexpected %{ " + word.text + " } in a template");
  close_sequence();
  return nullptr;
}

}  // namespace tfc::hcl
