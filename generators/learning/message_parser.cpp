// Reads a diagnostic or a description with the readers of one family of phrasings each
// (message_subjects, message_groups, message_enumerations, message_ranges, message_patterns) and
// the single facts below. They do not depend on each other's order except that cross-attribute
// rules are read first (their text also says "one of").
#include "generators/learning/message_parser.hpp"

#include <algorithm>
#include <cctype>

#include "generators/learning/format_values.hpp"
#include "generators/learning/message_enumerations.hpp"
#include "generators/learning/message_groups.hpp"
#include "generators/learning/message_patterns.hpp"
#include "generators/learning/message_ranges.hpp"
#include "generators/learning/message_subjects.hpp"
#include "generators/learning/message_text.hpp"
#include "generators/learning/text_scan.hpp"

namespace tfc::gen::learning {
namespace {

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
  // DNS names (terraform-provider-dns): a zone "must be fully qualified" (end with a dot), a
  // record name "must not be fully qualified".
  if (auto pos = lower.find("fully qualified"); pos != std::string_view::npos && !rule.pattern) {
    const bool trailing_dot = has(lower, "trailing dot") || has(lower, "with a dot") || has(lower, "in a dot");
    if (negated_before(lower, pos))
      rule.pattern = "[a-z][a-z0-9]{2,11}";
    else if (has(lower, "must be fully qualified") || has(lower, "must be a fully qualified") || trailing_dot)
      rule.pattern = "[a-z][a-z0-9]{2,11}\\.example\\.com\\.";
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
  facts.group = read_group(summary, text, lower, facts.subjects, facts.group_includes_subject);
  if (facts.group) return facts;
  facts.group_includes_subject = false;
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
