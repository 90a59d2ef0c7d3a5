// Reading cross-attribute rules (see message_groups.hpp).
#include "generators/learning/message_groups.hpp"

#include <algorithm>
#include <cctype>

#include "generators/learning/message_text.hpp"
#include "generators/learning/text_scan.hpp"

namespace tfc::gen::learning {
namespace {

using Kind = AttributeGroup::Kind;

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

std::optional<AttributeGroup> group_of(Kind kind, std::vector<std::string> names, std::size_t least = 2) {
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  if (names.size() < least) return std::nullopt;
  return AttributeGroup{kind, std::move(names)};
}

}  // namespace

std::optional<AttributeGroup> read_group(std::string_view summary, std::string_view text, std::string_view lower,
                                         const std::vector<std::string>& subjects, bool& with_subject) {
  with_subject = false;
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
  // AtLeastOneOf and ExactlyOneOf count the validated attribute with the listed ones ("No
  // attribute specified when ...", "2 attributes specified when ..."; the list is
  // path.Expressions' String: "[a,b]", relative ones merged into the attribute's own path,
  // "[a.<.b]").
  if (auto pos = lower.find("at least one attribute out of "); pos != std::string_view::npos) {
    if (auto names = between(text, pos, '[', ']')) {
      with_subject = true;
      return group_of(Kind::AtLeastOne, name_list(*names), 1);
    }
  }
  if (auto pos = lower.find("when one (and only one) of "); pos != std::string_view::npos) {
    if (auto names = between(text, pos, '[', ']')) {
      with_subject = true;
      return group_of(Kind::ExactlyOne, name_list(*names), 1);
    }
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

}  // namespace tfc::gen::learning
