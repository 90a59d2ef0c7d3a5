// Leaf values of the configuration walk: attribute values from value_of (dynamic positions
// concretized first) or from hints, map keys, and the retyping to declared implied types.

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "generators/arbitrary_type.hpp"
#include "generators/config_combinators.hpp"
#include "generators/config_walk.hpp"
#include "generators/hints_pattern.hpp"
#include "proto/schema/tf_json.hpp"

namespace tfc::gen::detail {

namespace {

using cty::Kind;
using cty::Number;
using cty::Type;
using cty::Value;

std::int64_t clamp_to_int64(double d) {
  constexpr double kMax = 9.2e18;  // safely inside int64, leaves room for the +1 below
  if (!(d > -kMax)) return static_cast<std::int64_t>(-kMax);
  if (d > kMax) return static_cast<std::int64_t>(kMax);
  return static_cast<std::int64_t>(d);
}

rc::Gen<Number> hinted_number(const AttributeHint& hint, ValueProfile profile) {
  if (hint.integer) {
    if (!hint.range_min) {
      auto any = profile == ValueProfile::realistic ? rc::gen::inRange<std::int64_t>(0, 101)
                                                    : rc::gen::arbitrary<std::int64_t>();
      return rc::gen::map(any, [](std::int64_t i) { return Number(i); });
    }
    const std::int64_t lo = clamp_to_int64(std::ceil(hint.range_min->to_double_approx()));
    const std::int64_t hi = std::max(lo, clamp_to_int64(std::floor(hint.range_max->to_double_approx())));
    return rc::gen::map(rc::gen::inRange<std::int64_t>(lo, hi + 1), [](std::int64_t i) { return Number(i); });
  }
  const Number lo = *hint.range_min;
  const Number hi = *hint.range_max;
  if (lo == hi) return rc::gen::just(lo);
  constexpr int kSteps = 1000;
  return rc::gen::map(rc::gen::inRange(0, kSteps + 1), [lo, hi](int k) {
    // The endpoints keep their exact written form; steps between them are doubles.
    if (k == 0) return lo;
    if (k == kSteps) return hi;
    const double a = lo.to_double_approx();
    const double b = hi.to_double_approx();
    Number n(a + (b - a) * k / kSteps);
    if (compare(n, lo) < 0) return lo;
    if (compare(n, hi) > 0) return hi;
    return n;
  });
}

// A list, set or map of `type` whose elements come from `element`, or the element itself
// when `type` is primitive.
rc::Gen<Value> shaped(const Type& type, const rc::Gen<Value>& element, const ConfigOptions& options) {
  if (type.is_primitive()) return element;
  if (type.kind() == Kind::Map) {
    return rc::gen::map(vector_between(0, options.max_nested, rc::gen::pair(label(), element)),
                        [type](std::vector<std::pair<std::string, Value>> entries) {
                          return Value::typed_map(type, std::move(entries));
                        });
  }
  return rc::gen::map(vector_between<Value>(0, options.max_nested, element), [type](std::vector<Value> es) {
    return type.kind() == Kind::List ? Value::typed_list(type, std::move(es)) : Value::typed_set(type, std::move(es));
  });
}

bool leaf_kind_is(const Type& type, Kind kind) {
  return type.kind() == kind || (type.is_collection() && type.element().kind() == kind);
}

std::optional<rc::Gen<Value>> hinted(const Type& type, const AttributeHint& hint, const ConfigOptions& options) {
  if (hint.value) {
    if (auto v = schema::value_from_tf_json(*hint.value, type, "")) return rc::gen::just(*v);
  }
  if (!hint.values.empty()) {
    std::vector<Value> choices;
    for (const auto& doc : hint.values) {
      if (auto v = schema::value_from_tf_json(doc, type, "")) choices.push_back(*v);
    }
    if (!choices.empty()) {
      return rc::gen::map(index_below(choices.size()), [choices](std::size_t i) { return choices[i]; });
    }
  }
  if ((hint.range_min || hint.integer) && leaf_kind_is(type, Kind::Number)) {
    return shaped(
        type,
        rc::gen::map(hinted_number(hint, options.values.profile), [](Number n) { return Value::number(std::move(n)); }),
        options);
  }
  if (hint.pattern && leaf_kind_is(type, Kind::String)) {
    return shaped(
        type, rc::gen::map(pattern_string(*hint.pattern), [](std::string s) { return Value::string(std::move(s)); }),
        options);
  }
  return std::nullopt;
}

}  // namespace

rc::Gen<std::string> label() {
  static const Pattern kLabel = *parse_pattern("[a-z][a-z0-9_]{0,5}");
  return pattern_string(kLabel);
}

rc::Gen<Type> concretize(const Type& type, const ValueOptions& options) {
  if (!type.has_dynamic()) return rc::gen::just(type);
  switch (type.kind()) {
    case Kind::Dynamic: {
      TypeOptions concrete;
      concrete.max_depth = std::max(0, options.dynamic_depth);
      concrete.allow_dynamic = false;
      return tfc::gen::type(concrete);
    }
    case Kind::List:
      return rc::gen::map(concretize(type.element(), options), [](Type t) { return Type::list(std::move(t)); });
    case Kind::Set:
      return rc::gen::map(concretize(type.element(), options), [](Type t) { return Type::set(std::move(t)); });
    case Kind::Map:
      return rc::gen::map(concretize(type.element(), options), [](Type t) { return Type::map(std::move(t)); });
    case Kind::Tuple: {
      std::vector<rc::Gen<Type>> parts;
      for (const Type& t : type.tuple_elements()) parts.push_back(concretize(t, options));
      return rc::gen::map(sequence(std::move(parts)), [](std::vector<Type> ts) { return Type::tuple(std::move(ts)); });
    }
    case Kind::Object: {
      std::vector<rc::Gen<Type>> parts;
      std::vector<std::string> names;
      for (const auto& a : type.attributes()) {
        parts.push_back(concretize(a.type, options));
        names.push_back(a.name);
      }
      return rc::gen::map(sequence(std::move(parts)), [names](std::vector<Type> ts) {
        std::vector<std::pair<std::string, Type>> attrs;
        for (std::size_t i = 0; i < names.size(); ++i) attrs.emplace_back(names[i], std::move(ts[i]));
        return Type::object(std::move(attrs));
      });
    }
    default: return rc::gen::just(type);
  }
}

rc::Gen<Value> leaf_value(const Type& type, const AttributeHint* hint, const ConfigOptions& options) {
  if (hint && hint->shapes_values()) {
    if (auto g = hinted(type, *hint, options)) return *g;
  }
  return rc::gen::mapcat(concretize(type, options.values),
                         [values = options.values](const Type& t) { return value_of(t, values); });
}

Value retype(const Value& value, const Type& declared) {
  if (declared.is_dynamic()) return value;
  if (value.is_null()) return Value::null(declared);
  if (!value.is_known()) return Value::unknown(declared, value.refinements());
  switch (declared.kind()) {
    case Kind::List:
    case Kind::Set: {
      std::vector<Value> elements;
      for (const Value& e : value.elements()) elements.push_back(retype(e, declared.element()));
      return declared.kind() == Kind::List ? Value::typed_list(declared, std::move(elements))
                                           : Value::typed_set(declared, std::move(elements));
    }
    case Kind::Map: {
      std::vector<std::pair<std::string, Value>> entries;
      for (const auto& [k, v] : value.map_entries()) entries.emplace_back(k, retype(v, declared.element()));
      return Value::typed_map(declared, std::move(entries));
    }
    case Kind::Tuple: {
      std::vector<Value> elements;
      const auto& types = declared.tuple_elements();
      for (std::size_t i = 0; i < types.size() && i < value.length(); ++i)
        elements.push_back(retype(value.elements()[i], types[i]));
      return Value::tuple(declared, std::move(elements));
    }
    case Kind::Object: {
      std::vector<Value> values;
      for (const auto& a : declared.attributes()) {
        const Value* v = value.attribute(a.name);
        values.push_back(v ? retype(*v, a.type) : Value::null(a.type));
      }
      return Value::object(declared, std::move(values));
    }
    default: return value;
  }
}

}  // namespace tfc::gen::detail
