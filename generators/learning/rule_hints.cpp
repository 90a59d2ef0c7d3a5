#include "generators/learning/rule_hints.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

#include "generators/learning/format_values.hpp"
#include "proto/schema/implied_type.hpp"
#include "proto/schema/tf_json.hpp"

namespace tfc::gen::learning {
namespace {

using nlohmann::json;

std::string number_text(double d) {
  if (std::floor(d) == d && std::fabs(d) < 1e15) return std::to_string(static_cast<long long>(d));
  return json(d).dump();
}

// A candidate for one element as a value of the whole attribute: one-element collections for
// lists, sets and maps of primitives.
json wrap(const json& element, const cty::Type& type) {
  if (type.kind() == cty::Kind::List || type.kind() == cty::Kind::Set) return json::array({element});
  if (type.kind() == cty::Kind::Map) return json::object({{"key", element}});
  return element;
}

// The candidates that convert to the attribute's type.
std::vector<json> convertible(const std::vector<json>& elements, const cty::Type& type) {
  std::vector<json> out;
  for (const auto& e : elements) {
    json w = wrap(e, type);
    if (schema::value_from_tf_json(w, type, "")) out.push_back(std::move(w));
  }
  return out;
}

// Seconds in a Go duration text ("1h30m", "500ms"); nullopt when it is not one.
std::optional<double> duration_seconds(const std::string& text) {
  static const std::pair<const char*, double> kUnits[] = {{"ns", 1e-9}, {"us", 1e-6}, {"µs", 1e-6}, {"ms", 1e-3},
                                                          {"s", 1},     {"m", 60},    {"h", 3600}};
  double total = 0;
  std::size_t i = 0;
  if (text.empty()) return std::nullopt;
  while (i < text.size()) {
    std::size_t j = i;
    while (j < text.size() && (std::isdigit(static_cast<unsigned char>(text[j])) || text[j] == '.')) ++j;
    if (j == i) return std::nullopt;
    const double n = std::strtod(text.substr(i, j - i).c_str(), nullptr);
    bool matched = false;
    for (const auto& [unit, scale] : kUnits) {
      const std::string u(unit);
      // "ms" before "m": the longer unit wins when both fit.
      if (text.compare(j, u.size(), u) == 0 && !(u == "m" && text.compare(j, 2, "ms") == 0)) {
        total += n * scale;
        j += u.size();
        matched = true;
        break;
      }
    }
    if (!matched) return std::nullopt;
    i = j;
  }
  return total;
}

// A duration may be waited out (a sleep resource): values longer than a few seconds would
// outlast the RPC deadline, so an enumeration of durations keeps only the short ones.
constexpr double kLongestDurationSeconds = 5;

std::optional<Pattern> pattern_for_length(std::size_t lo, std::size_t hi) {
  lo = std::max<std::size_t>(lo, 1);
  hi = std::min<std::size_t>(std::max(hi, lo), 1000);
  return *parse_pattern("[a-z][a-z0-9]{" + std::to_string(lo - 1) + "," + std::to_string(hi - 1) + "}");
}

}  // namespace

std::optional<Candidate> from_values(std::vector<json> values, std::string rule, bool required) {
  if (values.empty()) return std::nullopt;
  Candidate c;
  c.hint.values = std::move(values);
  c.hint.always = required;
  c.rule = std::move(rule);
  return c;
}

namespace {

// The values of an enumeration that fit the attribute's type.
std::optional<Candidate> enumeration_candidate(const ValueRule& r, const cty::Type& type) {
  std::vector<json> elements;
  for (const auto& v : r.one_of) {
    if (r.format == Format::Duration) {
      const auto seconds = duration_seconds(v);
      if (seconds && *seconds > kLongestDurationSeconds) continue;
    }
    elements.emplace_back(v);
  }
  return from_values(convertible(elements, type), r.describe(), r.required);
}

// A range (or multiples) for a number attribute: what the rule bounds, else 100 wide.
std::optional<Candidate> number_candidate(const ValueRule& r, const cty::Type& type) {
  double lo = r.min.value_or(r.max ? std::min(0.0, *r.max - 100) : 0);
  double hi = r.max.value_or(r.min ? std::max(*r.min, 0.0) + 100 : 100);
  if (hi < lo) std::swap(lo, hi);
  if (r.multiple_of && *r.multiple_of > 0) {
    std::vector<json> values;
    const double m0 = *r.multiple_of;
    for (double k = std::max(1.0, std::ceil(lo / m0)); k * m0 <= hi && values.size() < 4; k += 1)
      values.push_back(k * m0);
    if (values.empty()) values.push_back(m0);
    return from_values(convertible(values, type), r.describe(), r.required);
  }
  Candidate c;
  const bool integer = r.integer || (std::floor(lo) == lo && std::floor(hi) == hi && !r.min && !r.max);
  c.hint.range_min = cty::Number(lo);
  c.hint.range_max = cty::Number(hi);
  c.hint.integer = integer && std::ceil(lo) <= std::floor(hi);
  c.hint.always = r.required;
  c.rule = std::string(c.hint.integer ? "whole number" : "number") + " in [" + number_text(lo) + ", " +
           number_text(hi) + "]";
  return c;
}

}  // namespace

std::optional<Candidate> hint_for_rule(const ValueRule& r, const Member& m, const std::string& path) {
  if (m.block) {
    if (!r.required) return std::nullopt;
    Candidate c;
    c.hint.always = true;
    c.rule = "at least one block";
    return c;
  }
  if (!m.attribute || computed_only(*m.attribute)) return std::nullopt;
  const cty::Type type = schema::implied_type(*m.attribute);
  const cty::Kind kind = leaf_kind(type);
  const bool primitive_leaf = type.is_primitive() || (type.is_collection() && type.element().is_primitive());
  const std::string name = last_name(path);
  if (primitive_leaf && !r.one_of.empty()) {
    if (auto c = enumeration_candidate(r, type)) return c;
  }
  if (kind == cty::Kind::String && r.pattern) {
    if (auto p = parse_pattern(*r.pattern)) {
      Candidate c;
      c.hint.pattern = std::move(*p);
      c.hint.always = r.required;
      c.rule = "matches " + *r.pattern;
      return c;
    }
  }
  if (primitive_leaf && r.format && !(kind == cty::Kind::Number && (r.min || r.max))) {
    if (auto c = from_values(convertible(format_candidates(*r.format, name), type), std::string(to_string(*r.format)),
                             r.required))
      return c;
  }
  if (kind == cty::Kind::Number && (r.min || r.max || r.integer || r.multiple_of)) return number_candidate(r, type);
  if (kind == cty::Kind::String && (r.min || r.max)) {
    // A numeric range on a string attribute: numbers written as strings.
    const double lo = r.min.value_or(r.max ? *r.max : 1);
    const double hi = r.max.value_or(lo);
    std::vector<json> values{number_text(lo), number_text(hi), number_text(std::floor((lo + hi) / 2))};
    return from_values(convertible(values, type), r.describe(), r.required);
  }
  if (kind == cty::Kind::String && (r.min_length || r.max_length)) {
    const std::size_t lo = r.min_length.value_or(1);
    const std::size_t hi = r.max_length.value_or(std::max<std::size_t>(lo, 12));
    Candidate c;
    c.hint.pattern = pattern_for_length(lo, std::min<std::size_t>(hi, lo + 30));
    c.hint.always = r.required;
    c.rule = "length " + std::to_string(lo) + ".." + std::to_string(hi) + " (" + c.hint.pattern->source + ")";
    return c;
  }
  if (kind == cty::Kind::String && r.not_empty) {
    Candidate c;
    c.hint.pattern = pattern_for_length(3, 12);
    c.hint.always = r.required;
    c.rule = "not empty (" + c.hint.pattern->source + ")";
    return c;
  }
  if (r.required) {
    Candidate c;
    c.hint.always = true;
    c.rule = "must be set";
    return c;
  }
  return std::nullopt;
}

// Plain values for when nothing better is known: a short identifier, a small whole number.
std::optional<Candidate> plain_candidate(const schema::Attribute& a) {
  const cty::Type type = schema::implied_type(a);
  switch (leaf_kind(type)) {
    case cty::Kind::String: {
      Candidate c;
      c.hint.pattern = pattern_for_length(4, 12);
      c.rule = "plain identifier (" + c.hint.pattern->source + ")";
      return c;
    }
    case cty::Kind::Number: {
      Candidate c;
      c.hint.range_min = cty::Number(std::int64_t{1});
      c.hint.range_max = cty::Number(std::int64_t{10});
      c.hint.integer = true;
      c.rule = "whole number in [1, 10]";
      return c;
    }
    default: return std::nullopt;
  }
}

}  // namespace tfc::gen::learning
