#include "generators/arbitrary_value.hpp"

#include <cmath>
#include <limits>
#include <map>
#include <utility>

#include "generators/arbitrary_type.hpp"
#include "generators/realistic_values.hpp"
#include "proto/util/utf8.hpp"

namespace tfc::gen {

namespace {

using cty::Kind;
using cty::Number;
using cty::Refinements;
using cty::Type;
using cty::Value;

rc::Gen<std::string> digit_string(int min_len) {
  return rc::gen::map(rc::gen::container<std::string>(rc::gen::element('0', '1', '5', '9')), [min_len](std::string s) {
    while (static_cast<int>(s.size()) < min_len) s.push_back('7');
    return s;
  });
}

rc::Gen<std::vector<Value>> value_sequence(const std::vector<Type>& types, const ValueOptions& options) {
  rc::Gen<std::vector<Value>> acc = rc::gen::just(std::vector<Value>{});
  for (const Type& t : types) {
    acc = rc::gen::apply(
        [](std::vector<Value> values, Value v) {
          values.push_back(std::move(v));
          return values;
        },
        acc, value_of(t, options));
  }
  return acc;
}

rc::Gen<Value> known(const Type& type, const ValueOptions& options) {
  auto count = rc::gen::inRange(0, options.max_elements + 1);
  switch (type.kind()) {
    case Kind::String:
      return rc::gen::map(text(options.profile), [](std::string s) { return Value::string(std::move(s)); });
    case Kind::Number:
      return rc::gen::map(number(options.profile, options.allow_infinity),
                          [](Number n) { return Value::number(std::move(n)); });
    case Kind::Bool: return rc::gen::map(rc::gen::arbitrary<bool>(), [](bool b) { return Value::boolean(b); });
    case Kind::List:
    case Kind::Set: {
      auto element = value_of(type.element(), options);
      return rc::gen::mapcat(count, [type, element](int n) {
        return rc::gen::map(rc::gen::container<std::vector<Value>>(static_cast<std::size_t>(n), element),
                            [type](std::vector<Value> elems) {
                              return type.kind() == Kind::List ? Value::typed_list(type, std::move(elems))
                                                               : Value::typed_set(type, std::move(elems));
                            });
      });
    }
    case Kind::Map: {
      auto element = value_of(type.element(), options);
      auto keys = options.profile == ValueProfile::realistic
                      ? realistic_key()
                      : rc::gen::weightedOneOf<std::string>({{3, name()}, {1, extreme_text()}});
      return rc::gen::map(
          rc::gen::resize(options.max_elements, rc::gen::container<std::map<std::string, Value>>(keys, element)),
          [type](const std::map<std::string, Value>& entries) {
            return Value::typed_map(type, {entries.begin(), entries.end()});
          });
    }
    case Kind::Tuple:
      return rc::gen::map(value_sequence(type.tuple_elements(), options),
                          [type](std::vector<Value> elems) { return Value::tuple(type, std::move(elems)); });
    case Kind::Object: {
      std::vector<Type> types;
      for (const auto& a : type.attributes()) types.push_back(a.type);
      return rc::gen::map(value_sequence(types, options),
                          [type](std::vector<Value> vals) { return Value::object(type, std::move(vals)); });
    }
    case Kind::Dynamic: {
      // A dynamic position holds a value of some concrete type, chosen here.
      ValueOptions inner = options;
      inner.dynamic_depth = options.dynamic_depth - 1;
      TypeOptions concrete;
      concrete.max_depth = std::max(0, options.dynamic_depth);
      concrete.allow_dynamic = options.dynamic_depth > 0;
      auto concrete_type = rc::gen::suchThat(tfc::gen::type(concrete), [](const Type& t) { return !t.is_dynamic(); });
      return rc::gen::mapcat(concrete_type, [inner](const Type& t) { return value_of(t, inner); });
    }
  }
  return rc::gen::just(Value::null(type));
}

}  // namespace

rc::Gen<std::string> text(ValueProfile profile) {
  return profile == ValueProfile::realistic ? realistic_text() : extreme_text();
}

rc::Gen<Number> number(ValueProfile profile, bool allow_infinity) {
  return profile == ValueProfile::realistic ? realistic_number() : extreme_number(allow_infinity);
}

rc::Gen<std::string> extreme_text() {
  static const std::vector<std::string> kPieces = {
      "a",
      "b",
      "z",
      "0",
      " ",
      "-",
      "\"",
      "\\",
      "\n",
      "\t",
      "\x01",
      "<",
      ">",
      "&",
      "/",
      "\xc3\xa9",          // é
      "\xe2\x80\xa8",      // U+2028
      "\xf0\x9f\x98\x80",  // 😀
      "\xe6\x97\xa5",      // 日
  };
  auto hostile = rc::gen::map(rc::gen::container<std::vector<std::string>>(rc::gen::elementOf(kPieces)),
                              [](const std::vector<std::string>& pieces) {
                                std::string s;
                                for (const auto& p : pieces) s += p;
                                return s;
                              });
  // Long: one piece repeated, 1 to 8 KiB (bounded: a string is not a memory test).
  auto long_text = rc::gen::apply(
      [](const std::string& piece, int bytes) {
        std::string s;
        while (static_cast<int>(s.size()) < bytes) s += piece;
        return s;
      },
      rc::gen::elementOf(kPieces), rc::gen::inRange(1024, 8193));
  return rc::gen::weightedOneOf<std::string>({{8, hostile}, {1, long_text}});
}

rc::Gen<Number> extreme_number(bool allow_infinity) {
  auto decimal = rc::gen::apply(
      [](bool neg, const std::string& whole, const std::string& frac, int exp) {
        std::string text = (neg ? "-" : "") + whole + (frac.empty() ? "" : "." + frac) + "e" + std::to_string(exp);
        return *Number::parse(text);
      },
      rc::gen::arbitrary<bool>(), digit_string(1), digit_string(0), rc::gen::inRange(-40, 40));
  auto finite_double = rc::gen::suchThat(rc::gen::arbitrary<double>(), [](double d) { return std::isfinite(d); });
  auto small = rc::gen::map(rc::gen::inRange<std::int64_t>(-300, 300), [](std::int64_t i) { return Number(i); });
  auto any_int = rc::gen::map(rc::gen::arbitrary<std::int64_t>(), [](std::int64_t i) { return Number(i); });
  auto any_double = rc::gen::map(finite_double, [](double d) { return Number(d); });
  auto special = rc::gen::element(Number(0.5), Number(-1.25), Number(1e300), Number(18446744073709551616.0));
  if (!allow_infinity) {
    return rc::gen::weightedOneOf<Number>({{4, small}, {2, any_int}, {2, any_double}, {1, special}, {3, decimal}});
  }
  auto infinity = rc::gen::element(Number(std::numeric_limits<double>::infinity()),
                                   Number(-std::numeric_limits<double>::infinity()));
  return rc::gen::weightedOneOf<Number>(
      {{4, small}, {2, any_int}, {2, any_double}, {1, special}, {3, decimal}, {1, infinity}});
}

// go-cty never sends a string prefix over 255 bytes (docs/protocol.md §3.4): cut at a UTF-8
// boundary, so a generated refinement is one a provider could send and the codecs round-trip it.
constexpr std::size_t kMaxWirePrefix = 255;

rc::Gen<Refinements> refinements_for(const Type& type, ValueProfile profile) {
  auto bound = rc::gen::maybe(rc::gen::apply(
      [](Number n, bool inclusive) {
        return cty::NumberBound{std::move(n), inclusive};
      },
      number(profile, false), rc::gen::arbitrary<bool>()));
  auto length = rc::gen::maybe(rc::gen::inRange<std::uint64_t>(0, 6));
  auto prefix = rc::gen::maybe(rc::gen::resize(8, text(profile)));
  Kind kind = type.kind();
  return rc::gen::apply(
      [kind](bool not_null, rc::Maybe<std::string> p, rc::Maybe<cty::NumberBound> lo, rc::Maybe<cty::NumberBound> hi,
             rc::Maybe<std::uint64_t> llo, rc::Maybe<std::uint64_t> lhi) {
        Refinements r;
        r.not_null = not_null;
        if (kind == Kind::String && p) r.string_prefix = util::utf8_prefix(*p, kMaxWirePrefix);
        if (kind == Kind::Number && lo) r.number_lower = *lo;
        if (kind == Kind::Number && hi) r.number_upper = *hi;
        if (llo) r.length_lower = *llo;
        if (lhi) r.length_upper = *lhi;
        return r;  // Value::unknown drops what does not fit the type
      },
      rc::gen::arbitrary<bool>(), prefix, bound, bound, length, length);
}

rc::Gen<Value> value_of(const Type& type, ValueOptions options) {
  auto k = rc::gen::lazy([type, options] { return known(type, options); });
  auto null = rc::gen::just(Value::null(type));
  auto unknown = options.allow_refinements && !type.is_dynamic()
                     ? rc::gen::map(refinements_for(type, options.profile),
                                    [type](Refinements r) { return Value::unknown(type, std::move(r)); })
                     : rc::gen::just(Value::unknown(type));
  if (options.allow_null && options.allow_unknown)
    return rc::gen::weightedOneOf<Value>({{8, k}, {1, null}, {1, unknown}});
  if (options.allow_null) return rc::gen::weightedOneOf<Value>({{8, k}, {1, null}});
  if (options.allow_unknown) return rc::gen::weightedOneOf<Value>({{8, k}, {1, unknown}});
  return k;
}

}  // namespace tfc::gen
