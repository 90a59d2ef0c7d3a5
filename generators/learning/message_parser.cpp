// Parsers for the message shapes listed in message_parser.hpp. Each looks for one family of
// phrasings and fills part of the facts; they do not depend on each other's order except that
// cross-attribute rules are read first (their text also says "one of").
#include "generators/learning/message_parser.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "generators/learning/format_values.hpp"
#include "generators/learning/text_scan.hpp"

namespace tfc::gen::learning {
namespace {

using Kind = AttributeGroup::Kind;

bool has(std::string_view lower, std::string_view piece) { return lower.find(piece) != std::string_view::npos; }

std::size_t skip_spaces(std::string_view text, std::size_t pos) {
  while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t')) ++pos;
  return pos;
}

// A name as messages write it: %q-quoted, backticked, or a bare token up to a space, ':',
// ',' or ')'.
std::optional<std::string> read_name(std::string_view text, std::size_t pos) {
  pos = skip_spaces(text, pos);
  if (pos >= text.size()) return std::nullopt;
  if (text[pos] == '"') return read_go_quoted(text, pos);
  if (text[pos] == '`' || text[pos] == '\'') {
    const auto end = text.find(text[pos], pos + 1);
    if (end == std::string_view::npos) return std::nullopt;
    return std::string(text.substr(pos + 1, end - pos - 1));
  }
  std::size_t end = pos;
  while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) && text[end] != ':' &&
         text[end] != ',' && text[end] != ')' && text[end] != '(')
    ++end;
  if (end == pos) return std::nullopt;
  return std::string(text.substr(pos, end - pos));
}

// Names in a list such as `a,b`, [a,b], [a b] or "a", "b".
std::vector<std::string> name_list(std::string_view text) {
  std::vector<std::string> out;
  std::string current;
  auto flush = [&] {
    std::string t = trim_quotes(current);
    if (!t.empty()) out.push_back(t);
    current.clear();
  };
  for (char c : text) {
    if (c == ',' || c == ' ' || c == '[' || c == ']' || c == '`' || c == '"')
      flush();
    else
      current.push_back(c);
  }
  flush();
  return out;
}

// The text between the first `open` at or after `pos` and the next `close`.
std::optional<std::string> between(std::string_view text, std::size_t pos, char open, char close) {
  const auto a = text.find(open, pos);
  if (a == std::string_view::npos) return std::nullopt;
  const auto b = text.find(close, a + 1);
  if (b == std::string_view::npos) return std::nullopt;
  return std::string(text.substr(a + 1, b - a - 1));
}

// ---- subjects: the attribute a message is about ----

void add_subject(MessageFacts& facts, const std::optional<std::string>& name) {
  if (!name || name->empty()) return;
  for (const auto& s : facts.subjects) {
    if (s == *name) return;
  }
  facts.subjects.push_back(*name);
}

void read_subjects(std::string_view text, std::string_view lower, MessageFacts& facts) {
  // terraform-plugin-sdk helper/validation: "expected [type of |length of |value of ]K to ...".
  for (std::size_t pos = lower.find("expected "); pos != std::string_view::npos;
       pos = lower.find("expected ", pos + 1)) {
    std::size_t at = pos + 9;
    for (std::string_view lead : {"type of ", "length of ", "value of "}) {
      if (lower.substr(at, lead.size()) == lead) at += lead.size();
    }
    auto name = read_name(text, at);
    // "expected 10.0.0.0/16, got" and "expected one of" are not attribute names.
    if (name && *name != "one" && *name != "a" && *name != "an" && *name != "the" &&
        std::none_of(name->begin(), name->end(), [](char c) { return c == '/'; }))
      add_subject(facts, name);
  }
  // "invalid value for K (message)"
  if (auto pos = lower.find("invalid value for "); pos != std::string_view::npos)
    add_subject(facts, read_name(text, pos + 18));
  // Framework validators: "Attribute K value must ...", "Attribute K string length ..."
  for (std::size_t pos = text.find("Attribute "); pos != std::string_view::npos;
       pos = text.find("Attribute ", pos + 1)) {
    if (pos > 0 && text[pos - 1] != '\n') continue;  // the detail starts with it ("Invalid Attribute Value" does not)
    auto name = read_name(text, pos + 10);
    if (name && *name != "must" && *name != "requires" && *name != "supports") add_subject(facts, name);
  }
  // `"K" contains an invalid JSON`, `"K" (value) is an invalid ARN`, `"K": conflicts with`
  if (!text.empty() && text.find('"') != std::string_view::npos) {
    for (std::size_t pos = text.find('"'); pos != std::string_view::npos; pos = text.find('"', pos + 1)) {
      std::size_t q = pos;
      auto s = read_go_quoted(text, q);
      if (!s) break;
      const std::string_view rest = lower.substr(q, 24);
      if (rest.rfind(" contains", 0) == 0 || rest.rfind(": ", 0) == 0 || rest.rfind(" (", 0) == 0 ||
          rest.rfind(" is required", 0) == 0 || rest.rfind(" must", 0) == 0 || rest.rfind(" is not", 0) == 0 ||
          rest.rfind(" is an invalid", 0) == 0)
        add_subject(facts, s);
      pos = q - 1;
    }
  }
  // Any other quoted span that looks like an attribute path: the learner keeps it only when the
  // schema has it.
  for (const auto& span : quoted_spans(text)) {
    const bool identifier = !span.empty() && span.size() <= 128 && std::all_of(span.begin(), span.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '[' || c == ']';
    }) && std::any_of(span.begin(), span.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
    if (identifier) add_subject(facts, span);
  }
  // "The argument "K" is required", "for the K attribute"
  if (auto pos = lower.find("the argument "); pos != std::string_view::npos)
    add_subject(facts, read_name(text, pos + 13));
  if (auto pos = lower.find("value for the "); pos != std::string_view::npos)
    add_subject(facts, read_name(text, pos + 14));
  // "K must not be empty"
  if (auto pos = lower.find(" must not be empty"); pos != std::string_view::npos) {
    auto start = lower.rfind(' ', pos > 0 ? pos - 1 : 0);
    start = start == std::string_view::npos ? 0 : start + 1;
    if (start < pos) add_subject(facts, std::string(text.substr(start, pos - start)));
  }
}

// ---- cross-attribute rules ----

std::optional<AttributeGroup> group_of(Kind kind, std::vector<std::string> names) {
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  if (names.size() < 2) return std::nullopt;
  return AttributeGroup{kind, std::move(names)};
}

std::optional<AttributeGroup> read_group(std::string_view summary, std::string_view text, std::string_view lower,
                                         const std::vector<std::string>& subjects) {
  const std::string lower_summary = lowercase(summary);
  const std::string subject = subjects.empty() ? std::string() : subjects.front();
  // terraform-plugin-sdk helper/schema.
  if (auto pos = lower.find(": conflicts with "); pos != std::string_view::npos && !subject.empty()) {
    auto other = read_name(text, pos + 17);
    if (other) return group_of(Kind::AtMostOne, {subject, *other});
  }
  if (auto pos = lower.find("only one of "); pos != std::string_view::npos) {
    if (auto names = between(text, pos, '`', '`')) return group_of(Kind::ExactlyOne, name_list(*names));
  }
  if (auto pos = lower.find("all of `"); pos != std::string_view::npos) {
    if (auto names = between(text, pos, '`', '`')) return group_of(Kind::AllOrNone, name_list(*names));
  }
  if (auto pos = lower.find("one of `"); pos != std::string_view::npos && has(lower, "must be specified")) {
    if (auto names = between(text, pos, '`', '`')) {
      const Kind kind = has(lower_summary, "invalid combination") ? Kind::ExactlyOne : Kind::AtLeastOne;
      return group_of(kind, name_list(*names));
    }
  }
  // terraform-plugin-framework-validators, attribute validators.
  if (auto pos = lower.find(" cannot be specified when "); pos != std::string_view::npos) {
    auto other = read_name(
        text, lower.rfind("attribute ", pos) == std::string_view::npos ? 0 : lower.rfind("attribute ", pos) + 10);
    auto self = read_name(text, pos + 26);
    if (other && self) return group_of(Kind::AtMostOne, {*other, *self});
  }
  if (auto pos = lower.find(" must be specified when "); pos != std::string_view::npos) {
    auto other = read_name(
        text, lower.rfind("attribute ", pos) == std::string_view::npos ? 0 : lower.rfind("attribute ", pos) + 10);
    auto self = read_name(text, pos + 24);
    if (other && self) return group_of(Kind::AllOrNone, {*other, *self});
  }
  if (auto pos = lower.find("at least one attribute out of "); pos != std::string_view::npos) {
    if (auto names = between(text, pos, '[', ']')) return group_of(Kind::AtLeastOne, name_list(*names));
  }
  if (auto pos = lower.find("when one (and only one) of "); pos != std::string_view::npos) {
    if (auto names = between(text, pos, '[', ']')) return group_of(Kind::ExactlyOne, name_list(*names));
  }
  // terraform-plugin-framework-validators, resource (config) validators.
  struct Phrase {
    const char* words;
    Kind kind;
  };
  for (const Phrase& p : {Phrase{"cannot be configured together", Kind::AtMostOne},
                          Phrase{"at least one of these attributes must be configured", Kind::AtLeastOne},
                          Phrase{"exactly one of these attributes must be configured", Kind::ExactlyOne},
                          Phrase{"must be configured together", Kind::AllOrNone}}) {
    if (auto pos = lower.find(p.words); pos != std::string_view::npos) {
      if (auto names = between(text, pos, '[', ']')) return group_of(p.kind, name_list(*names));
    }
  }
  // Plain English of custom checks: two or more quoted names with a conflict phrase.
  for (const char* phrase : {"conflicts with", "cannot be used with", "cannot be specified with", "cannot be set with",
                             "cannot be combined with", "cannot both be", "mutually exclusive", "only one of"}) {
    if (!has(lower, phrase)) continue;
    auto names = quoted_spans(text);
    if (!subject.empty()) names.push_back(subject);
    names.erase(std::remove_if(names.begin(), names.end(),
                               [](const std::string& n) {
                                 return n.empty() || std::any_of(n.begin(), n.end(), [](char c) {
                                          return std::isspace(static_cast<unsigned char>(c));
                                        });
                               }),
                names.end());
    if (auto g = group_of(Kind::AtMostOne, names)) return g;
  }
  return std::nullopt;
}

// ---- enumerations ----

// "expected K to not be one of", "must not match": a list of excluded values. "is not one of
// a, b" states the allowed ones.
bool negated_before(std::string_view lower, std::size_t pos) {
  const std::size_t from = pos >= 16 ? pos - 16 : 0;
  const std::string_view before = lower.substr(from, pos - from);
  return has(before, "to not ") || has(before, "must not ") || has(before, "should not ") || has(before, "cannot ") ||
         has(before, "none") || has(before, "not be ") || has(before, "not match");
}

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
  return {};
}

// ---- ranges and lengths ----

struct Bound {
  double value = 0;
  bool fractional = false;
};

std::optional<Bound> number_at(std::string_view text, std::size_t pos) {
  pos = skip_spaces(text, pos);
  if (pos < text.size() && text[pos] == '(') pos = skip_spaces(text, pos + 1);
  const std::size_t start = pos;
  auto v = read_number(text, pos);
  if (!v) return std::nullopt;
  return Bound{*v, text.substr(start, pos - start).find('.') != std::string_view::npos};
}

// Whether the words around a number speak of a string's length rather than of the value.
bool about_length(std::string_view lower, std::size_t marker, std::size_t after_numbers) {
  const std::size_t from = marker >= 40 ? marker - 40 : 0;
  const std::string_view before = lower.substr(from, marker - from);
  const std::string_view after = lower.substr(after_numbers, 16);
  return has(before, "length") || has(before, "character") || has(before, "long") || has(after, "character") ||
         has(after, "char") || has(after, "byte") || has(after, "letter");
}

bool about_count(std::string_view lower, std::size_t after_numbers) {
  const std::string_view after = lower.substr(after_numbers, 16);
  return has(after, "element") || has(after, "item") || has(after, "entries");
}

void set_bounds(ValueRule& rule, std::optional<Bound> lo, std::optional<Bound> hi, bool length) {
  if (length) {
    if (lo && lo->value >= 0) rule.min_length = static_cast<std::size_t>(lo->value);
    if (hi && hi->value >= 0) rule.max_length = static_cast<std::size_t>(hi->value);
    return;
  }
  if (lo) rule.min = lo->value;
  if (hi) rule.max = hi->value;
  const bool fractional = (lo && lo->fractional) || (hi && hi->fractional);
  if (!fractional && (lo || hi)) rule.integer = true;
}

void read_ranges(std::string_view text, std::string_view lower, ValueRule& rule) {
  // "in the range (1 - 64)" (helper/validation IntBetween, FloatBetween, StringLenBetween)
  if (auto pos = lower.find("in the range ("); pos != std::string_view::npos) {
    std::size_t p = pos + 14;
    auto lo = number_at(text, p);
    const auto dash = lower.find(" - ", p);
    if (lo && dash != std::string_view::npos) {
      auto hi = number_at(text, dash + 3);
      const auto close = lower.find(')', dash);
      if (hi) {
        set_bounds(rule, lo, hi, about_length(lower, pos, close == std::string_view::npos ? dash : close + 1));
        return;
      }
    }
  }
  // "between 1 and 64", "must be between 1 and 64 characters"
  for (auto pos = lower.find("between "); pos != std::string_view::npos; pos = lower.find("between ", pos + 1)) {
    std::size_t p = skip_spaces(text, pos + 8);
    auto lo = number_at(text, p);
    const auto and_pos = lower.find(" and ", p);
    if (lo && and_pos != std::string_view::npos && and_pos < p + 24) {
      std::size_t q = skip_spaces(text, and_pos + 5);
      auto hi = number_at(text, q);
      if (hi) {
        std::size_t end = q;
        read_number(text, end);
        if (!about_count(lower, end)) {
          set_bounds(rule, lo, hi, about_length(lower, pos, end));
          return;
        }
      }
    }
  }
  // One-sided bounds.
  struct Side {
    const char* words;
    bool lower_bound;
    double exclusive_step;  // added (lower) or subtracted (upper) for strict comparisons
  };
  std::optional<Bound> lo, hi;
  bool length = false;
  for (const Side& s :
       {Side{"at least", true, 0}, Side{"greater than or equal to", true, 0}, Side{"minimum of", true, 0},
        Side{"greater than", true, 1}, Side{"at most", false, 0}, Side{"less than or equal to", false, 0},
        Side{"no more than", false, 0}, Side{"maximum of", false, 0}, Side{"up to", false, 0},
        Side{"less than", false, 1}, Side{"or fewer", false, 0}, Side{"or less", false, 0}}) {
    const std::string_view words(s.words);
    const auto pos = lower.find(words);
    if (pos == std::string_view::npos) continue;
    std::optional<Bound> b;
    std::size_t end = 0;
    if (words == "or fewer" || words == "or less") {
      // "63 characters or fewer": the number comes before.
      std::size_t start = pos;
      while (start > 0 && lower[start - 1] != ' ') --start;
      if (start > 0) --start;
      while (start > 0 && lower[start - 1] != ' ') --start;
      std::size_t q = start;
      b = number_at(text, q);
      end = pos;
    } else {
      std::size_t q = skip_spaces(text, pos + words.size());
      if (q < text.size() && text[q] == '(') ++q;
      b = number_at(text, q);
      end = q;
      read_number(text, end);
      if (end < text.size() && text[end] == ')') ++end;
    }
    if (!b || about_count(lower, end)) continue;
    if (s.exclusive_step != 0) b->value += s.lower_bound ? s.exclusive_step : -s.exclusive_step;
    if (s.lower_bound && !lo) lo = b;
    if (!s.lower_bound && !hi) hi = b;
    length = length || about_length(lower, pos, end);
  }
  if (lo || hi) set_bounds(rule, lo, hi, length);
}

// ---- regular expressions ----

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

// ---- templates: "in the form hh:mm-hh:mm", "in the format [name]--[id]--x-s3" ----

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

// ---- other single facts ----

void read_specials(std::string_view text, std::string_view lower, ValueRule& rule) {
  if (has(lower, "valid port number")) {
    rule.min = has(lower, "or 0") ? 0 : 1;
    rule.max = 65535;
    rule.integer = true;
    rule.format = Format::Port;
  }
  if (auto pos = lower.find("divisible by "); pos != std::string_view::npos) {
    if (auto b = number_at(text, pos + 13)) {
      rule.multiple_of = b->value;
      rule.integer = true;
    }
  }
  if (has(lower, "must not be empty") || has(lower, "not be an empty string") || has(lower, "cannot be empty") ||
      has(lower, "must be non-empty") || has(lower, "must not be blank") || has(lower, "empty or whitespace"))
    rule.not_empty = true;
  if (has(lower, "must be an integer") || has(lower, "whole number") || has(lower, "not an integer") ||
      has(lower, "64-bit integer"))
    rule.integer = true;
  // "exactly 12 digits", "exactly 8 characters"
  if (auto pos = lower.find("exactly "); pos != std::string_view::npos) {
    std::size_t q = pos + 8;
    if (auto n = number_at(text, q); n && n->value > 0 && n->value <= 1000) {
      std::size_t end = skip_spaces(text, q);
      read_number(text, end);
      const std::string_view unit = lower.substr(skip_spaces(lower, end), 10);
      const auto count = std::to_string(static_cast<long long>(n->value));
      if (unit.rfind("digit", 0) == 0)
        rule.pattern = "[0-9]{" + count + "}";
      else if (unit.rfind("character", 0) == 0 || unit.rfind("letter", 0) == 0)
        rule.pattern = "[a-z]{" + count + "}";
    }
  }
  // helper/validation IsCIDRNetwork: "expected K to contain a valid network Value, expected 10.0.0.0/16, got ..."
  if (auto pos = lower.find("valid network value, expected "); pos != std::string_view::npos) {
    if (auto v = read_name(text, pos + 30)) rule.one_of.push_back(*v);
  }
  // "a network Value with between 16 and 28 significant bits": one network of an allowed size.
  if (auto pos = lower.find("significant bits"); pos != std::string_view::npos) {
    const auto b = lower.rfind("between ", pos);
    if (b != std::string_view::npos) {
      auto lo = number_at(text, b + 8);
      const auto and_pos = lower.find(" and ", b);
      auto hi = and_pos == std::string_view::npos ? std::nullopt : number_at(text, and_pos + 5);
      if (lo && hi) {
        const int bits = std::clamp(24, static_cast<int>(lo->value), static_cast<int>(hi->value));
        rule.one_of = {"10.0.0.0/" + std::to_string(bits)};
        rule.min.reset();
        rule.max.reset();
        rule.integer = false;
      }
    }
  }
}

}  // namespace

std::optional<std::string> charset_pattern(std::string_view text) {
  const std::string lower = lowercase(text);
  const bool lists_characters = has(lower, "alphanumeric") || has(lower, "letters") || has(lower, "lowercase") ||
                                has(lower, "lower case") || has(lower, "characters") || has(lower, "digits") ||
                                has(lower, "numeric");
  const bool restricts = has(lower, "only") || has(lower, "must contain") || has(lower, "can contain") ||
                         has(lower, "may contain") || has(lower, "allowed") || has(lower, "valid characters") ||
                         has(lower, "must consist") || has(lower, "must be lowercase") || has(lower, "must begin") ||
                         has(lower, "must start") || has(lower, "consist of");
  if (!lists_characters || !restricts) return std::nullopt;
  const bool digits_only = (has(lower, "only digits") || has(lower, "only numbers") || has(lower, "must be numeric") ||
                            has(lower, "only numeric")) &&
                           !has(lower, "alphanumeric") && !has(lower, "letter");
  ValueRule lengths;
  read_ranges(text, lower, lengths);
  std::size_t lo = lengths.min_length.value_or(1);
  std::size_t hi = lengths.max_length.value_or(std::max<std::size_t>(lo, 12));
  if (!lengths.min_length && !lengths.max_length && (lengths.min || lengths.max)) {
    // "between 3 and 63" without the word "characters" in a character rule: a length.
    lo = static_cast<std::size_t>(std::max(0.0, lengths.min.value_or(1)));
    hi = static_cast<std::size_t>(std::max(static_cast<double>(lo), lengths.max.value_or(12)));
  }
  lo = std::max<std::size_t>(lo, 1);
  hi = std::max(hi, lo);
  if (digits_only) return "[0-9]{" + std::to_string(lo) + "," + std::to_string(hi) + "}";
  const bool digits =
      has(lower, "alphanumeric") || has(lower, "digit") || has(lower, "number") || has(lower, "numeric");
  const std::string rest = digits ? "[a-z0-9]" : "[a-z]";
  return "[a-z]" + rest + "{" + std::to_string(lo - 1) + "," + std::to_string(hi - 1) + "}";
}

ValueRule read_value_rule(std::string_view text) {
  const std::string lower = lowercase(text);
  ValueRule rule;
  rule.one_of = read_enumeration(text, lower);
  rule.pattern = read_pattern(text, lower);
  if (!rule.pattern) rule.pattern = read_template(text, lower);
  read_ranges(text, lower, rule);
  read_specials(text, lower, rule);
  rule.format = rule.format ? rule.format : format_in_text(text);
  if (!rule.pattern && rule.one_of.empty()) {
    if (auto p = charset_pattern(text)) {
      rule.pattern = p;
      // The lengths went into the pattern.
      rule.min_length.reset();
      rule.max_length.reset();
      if (!has(lower, "value must be") && !has(lower, "in the range")) {
        rule.min.reset();
        rule.max.reset();
        rule.integer = false;
      }
    }
  }
  return rule;
}

MessageFacts read_diagnostic(std::string_view summary, std::string_view detail) {
  std::string text(summary);
  if (!detail.empty()) text += "\n" + std::string(detail);
  const std::string lower = lowercase(text);
  MessageFacts facts;
  read_subjects(text, lower, facts);
  facts.group = read_group(summary, text, lower, facts.subjects);
  if (facts.group) return facts;
  const std::string lower_summary = lowercase(summary);
  if (has(lower_summary, "missing required argument") || has(lower_summary, "missing configuration for required") ||
      has(lower, "marked it as required") || has(lower, "requires 1 item minimum") ||
      (has(lower, "is required") && has(lower, "the argument"))) {
    facts.rule.required = true;
    return facts;
  }
  // The summary alone names the subject's type problem in the framework ("Invalid Attribute
  // Value Match"); the detail carries the rule. Read the whole text for values, but not the
  // subject's own name for a format word (a `port` attribute's range is not a port format).
  std::string without_subjects = text;
  for (const auto& subject : facts.subjects) {
    for (auto p = without_subjects.find(subject); p != std::string::npos; p = without_subjects.find(subject, p)) {
      without_subjects.replace(p, subject.size(), "_");
      ++p;
    }
  }
  facts.rule = read_value_rule(text);
  facts.rule.format = format_in_text(without_subjects);
  if (has(lower, "valid port number")) facts.rule.format = Format::Port;
  return facts;
}

}  // namespace tfc::gen::learning
