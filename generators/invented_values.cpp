#include "generators/invented_values.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "generators/config_combinators.hpp"
#include "generators/realistic_values.hpp"

namespace tfc::gen {

namespace {

using cty::Kind;
using cty::Number;
using cty::NumberBound;
using cty::Refinements;
using cty::Type;
using cty::Value;

/// Collections get at most this many elements, even when a lower length bound asks for more:
/// a refinement is the provider's word, not a reason to build a huge prior.
constexpr std::uint64_t kMaxInventedLength = 64;
constexpr std::uint64_t kUsualLength = 3;

bool above(const Number& n, const std::optional<NumberBound>& lower) {
  if (!lower) return true;
  const int c = compare(n, lower->value);
  return c > 0 || (c == 0 && lower->inclusive);
}

bool below(const Number& n, const std::optional<NumberBound>& upper) {
  if (!upper) return true;
  const int c = compare(n, upper->value);
  return c < 0 || (c == 0 && upper->inclusive);
}

/// The whole number nearest to `bound` on its inside (the bound itself when whole and
/// inclusive; a bound too large for whole steps moves by one).
Number inside(const NumberBound& bound, int direction) {
  if (auto i = bound.value.to_int64();
      i && *i > std::numeric_limits<std::int64_t>::min() && *i < std::numeric_limits<std::int64_t>::max())
    return bound.inclusive ? bound.value : Number(*i + direction);
  const double d = bound.value.to_double_approx();
  if (std::abs(d) < 9e15) return Number(static_cast<std::int64_t>(direction > 0 ? std::ceil(d) : std::floor(d)));
  return bound.inclusive ? bound.value : Number(d + direction);
}

/// `n` when it lies within the refinement's bounds, else a number that does.
Number within(const Number& n, const Refinements& r) {
  if (above(n, r.number_lower) && below(n, r.number_upper)) return n;
  if (r.number_lower && r.number_upper) {
    for (const Number& candidate : {inside(*r.number_lower, +1), inside(*r.number_upper, -1)}) {
      if (above(candidate, r.number_lower) && below(candidate, r.number_upper)) return candidate;
    }
    return Number((r.number_lower->value.to_double_approx() + r.number_upper->value.to_double_approx()) / 2);
  }
  return r.number_lower ? inside(*r.number_lower, +1) : inside(*r.number_upper, -1);
}

rc::Gen<std::size_t> length_within(const Refinements& r) {
  const std::uint64_t lower = std::min(r.length_lower.value_or(0), kMaxInventedLength);
  const std::uint64_t upper =
      std::max(lower, std::min(r.length_upper.value_or(kUsualLength), std::max(lower, kUsualLength)));
  return rc::gen::inRange<std::size_t>(lower, upper + 1);
}

/// Keys made unique by numbering repeats (a map cannot hold a key twice).
std::vector<std::pair<std::string, Value>> unique_keys(std::vector<std::pair<std::string, Value>> entries) {
  std::map<std::string, int> seen;
  for (auto& [key, value] : entries) {
    if (int n = seen[key]++; n > 0) key += "_" + std::to_string(n);
  }
  return entries;
}

}  // namespace

rc::Gen<Value> invented_value(const Type& type, const Refinements& r) {
  switch (type.kind()) {
    case Kind::Dynamic:
    case Kind::String:
      return rc::gen::map(realistic_text(), [prefix = r.string_prefix.value_or("")](const std::string& s) {
        return Value::string(prefix + s);
      });
    case Kind::Number:
      // Whole numbers: a legacy-SDK provider keeps its integer attributes as numbers and panics
      // reading a fraction back from state (terraform-provider-aws 5.100.0: "strconv.ParseInt:
      // parsing \"45.2\"" in 280 plan-only cases of one run), which the provider never wrote.
      return rc::gen::map(realistic_whole_number(), [r](const Number& n) { return Value::number(within(n, r)); });
    case Kind::Bool: return rc::gen::map(rc::gen::arbitrary<bool>(), [](bool b) { return Value::boolean(b); });
    case Kind::List:
    case Kind::Set: {
      const auto element = invented_value(type.element());
      return rc::gen::mapcat(length_within(r), [type, element](std::size_t n) {
        return rc::gen::map(rc::gen::container<std::vector<Value>>(n, element), [type](std::vector<Value> elements) {
          return type.kind() == Kind::List ? Value::typed_list(type, std::move(elements))
                                           : Value::typed_set(type, std::move(elements));
        });
      });
    }
    case Kind::Map: {
      const auto entry = rc::gen::pair(realistic_key(), invented_value(type.element()));
      return rc::gen::mapcat(length_within(r), [type, entry](std::size_t n) {
        return rc::gen::map(rc::gen::container<std::vector<std::pair<std::string, Value>>>(n, entry),
                            [type](std::vector<std::pair<std::string, Value>> entries) {
                              return Value::typed_map(type, unique_keys(std::move(entries)));
                            });
      });
    }
    case Kind::Tuple: {
      std::vector<rc::Gen<Value>> parts;
      for (const Type& t : type.tuple_elements()) parts.push_back(invented_value(t));
      return rc::gen::map(sequence(std::move(parts)),
                          [type](std::vector<Value> elements) { return Value::tuple(type, std::move(elements)); });
    }
    case Kind::Object: {
      std::vector<rc::Gen<Value>> parts;
      for (const auto& a : type.attributes()) parts.push_back(invented_value(a.type));
      return rc::gen::map(sequence(std::move(parts)),
                          [type](std::vector<Value> values) { return Value::object(type, std::move(values)); });
    }
  }
  return rc::gen::just(Value::null(type));
}

rc::Gen<Value> with_unknowns_invented(const Value& planned) {
  if (!planned.is_known()) return invented_value(planned.type(), planned.refinements());
  if (planned.is_null() || planned.is_wholly_known()) return rc::gen::just(planned);
  const Type& type = planned.type();
  switch (type.kind()) {
    case Kind::List:
    case Kind::Set:
    case Kind::Tuple: {
      std::vector<rc::Gen<Value>> parts;
      for (const Value& e : planned.elements()) parts.push_back(with_unknowns_invented(e));
      return rc::gen::map(sequence(std::move(parts)), [type](std::vector<Value> elements) {
        if (type.kind() == Kind::List) return Value::typed_list(type, std::move(elements));
        if (type.kind() == Kind::Set) return Value::typed_set(type, std::move(elements));
        return Value::tuple(type, std::move(elements));
      });
    }
    case Kind::Map: {
      std::vector<std::string> keys;
      std::vector<rc::Gen<Value>> parts;
      for (const auto& [key, value] : planned.map_entries()) {
        keys.push_back(key);
        parts.push_back(with_unknowns_invented(value));
      }
      return rc::gen::map(sequence(std::move(parts)), [type, keys](std::vector<Value> values) {
        std::vector<std::pair<std::string, Value>> entries;
        for (std::size_t i = 0; i < keys.size(); ++i) entries.emplace_back(keys[i], std::move(values[i]));
        return Value::typed_map(type, std::move(entries));
      });
    }
    case Kind::Object: {
      std::vector<rc::Gen<Value>> parts;
      for (const Value& v : planned.attribute_values()) parts.push_back(with_unknowns_invented(v));
      return rc::gen::map(sequence(std::move(parts)),
                          [type](std::vector<Value> values) { return Value::object(type, std::move(values)); });
    }
    default: return rc::gen::just(planned);
  }
}

}  // namespace tfc::gen
