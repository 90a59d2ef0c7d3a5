// Invented values for a planned state's unknowns: the result is wholly known, of the same
// type, keeps every known value of the plan, and keeps each unknown's refinements.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>

#include "generators/arbitrary_type.hpp"
#include "generators/arbitrary_value.hpp"
#include "generators/invented_values.hpp"

namespace tfc::gen {
namespace {

using cty::Kind;
using cty::Number;
using cty::NumberBound;
using cty::Refinements;
using cty::Type;
using cty::Value;

bool bounds_consistent(const Refinements& r) {
  if (r.number_lower && r.number_upper) {
    const int c = compare(r.number_lower->value, r.number_upper->value);
    if (c > 0 || (c == 0 && !(r.number_lower->inclusive && r.number_upper->inclusive))) return false;
  }
  return !(r.length_lower && r.length_upper && *r.length_lower > *r.length_upper);
}

/// "" when `filled` is a value the unknown with refinements `r` allows, else why not.
std::string breaks(const Value& filled, const Refinements& r) {
  if (filled.is_null() || !filled.is_wholly_known()) return "not wholly known and non-null";
  if (!bounds_consistent(r)) return "";
  const Kind kind = filled.type().kind();
  if (r.string_prefix && kind == Kind::String && filled.as_string().rfind(*r.string_prefix, 0) != 0)
    return "lost its prefix " + *r.string_prefix;
  if (kind == Kind::Number) {
    const Number& n = filled.as_number();
    if (r.number_lower) {
      const int c = compare(n, r.number_lower->value);
      if (c < 0 || (c == 0 && !r.number_lower->inclusive)) return "below the lower bound: " + n.canonical();
    }
    if (r.number_upper) {
      const int c = compare(n, r.number_upper->value);
      if (c > 0 || (c == 0 && !r.number_upper->inclusive)) return "above the upper bound: " + n.canonical();
    }
  }
  if (kind == Kind::List || kind == Kind::Map) {
    if (r.length_lower && filled.length() < *r.length_lower) return "shorter than the lower length bound";
    if (r.length_upper && filled.length() > *r.length_upper) return "longer than the upper length bound";
  }
  return "";
}

/// "" when `filled` is `planned` with only its unknowns replaced (allowed values), else where
/// not. Set elements cannot be paired up: a set only has to be wholly known and no longer.
std::string difference(const Value& planned, const Value& filled) {
  if (!planned.is_known()) return breaks(filled, planned.refinements());
  if (planned.is_null()) return filled.is_null() ? "" : "a null became a value";
  switch (planned.type().kind()) {
    case Kind::List:
    case Kind::Tuple:
      if (filled.length() != planned.length()) return "element count changed";
      for (std::size_t i = 0; i < planned.length(); ++i) {
        if (auto d = difference(planned.elements()[i], filled.elements()[i]); !d.empty())
          return "[" + std::to_string(i) + "] " + d;
      }
      return "";
    case Kind::Set:
      return filled.length() <= planned.length() && filled.is_wholly_known() ? "" : "set grew or kept unknowns";
    case Kind::Map:
      if (filled.length() != planned.length()) return "entry count changed";
      for (std::size_t i = 0; i < planned.length(); ++i) {
        const auto& [key, value] = planned.map_entries()[i];
        if (filled.map_entries()[i].first != key) return "key changed";
        if (auto d = difference(value, filled.map_entries()[i].second); !d.empty()) return "[" + key + "] " + d;
      }
      return "";
    case Kind::Object:
      for (std::size_t i = 0; i < planned.attribute_values().size(); ++i) {
        if (auto d = difference(planned.attribute_values()[i], filled.attribute_values()[i]); !d.empty())
          return "." + planned.type().attributes()[i].name + " " + d;
      }
      return "";
    default: return raw_equals(planned, filled) ? "" : "a known value changed";
  }
}

RC_GTEST_PROP(InventedValues, OnlyTheUnknownsOfAPlanAreInventedWithinTheirRefinements, ()) {
  const Type type = *rc::gen::arbitrary<Type>();
  ValueOptions planned_values;  // realistic, with nulls and refined unknowns
  const Value planned = *value_of(type, planned_values);
  const Value filled = *with_unknowns_invented(planned);
  RC_ASSERT(filled.is_wholly_known());
  RC_ASSERT(filled.conforms_to(type));
  RC_ASSERT(difference(planned, filled) == "");
  if (planned.is_wholly_known()) RC_ASSERT(raw_equals(planned, filled));
  RC_CLASSIFY(!planned.is_wholly_known(), "something invented");
}

Value invent(const Type& type, const Refinements& r, int seed) {
  return invented_value(type, r)(rc::Random(seed), 50).value();
}

TEST(InventedValues, KeepPrefixesBoundsAndLengths) {
  Refinements prefix;
  prefix.string_prefix = "arn:aws:";
  Refinements above_ten;
  above_ten.number_lower = NumberBound{Number(10), false};
  Refinements narrow;
  narrow.number_lower = NumberBound{Number(2.5), true};
  narrow.number_upper = NumberBound{Number(3), false};
  Refinements five_or_more;
  five_or_more.length_lower = 5;
  for (int seed = 0; seed < 100; ++seed) {
    EXPECT_EQ(invent(Type::string(), prefix, seed).as_string().rfind("arn:aws:", 0), 0u);
    EXPECT_GT(compare(invent(Type::number(), above_ten, seed).as_number(), Number(10)), 0);
    const Number n = invent(Type::number(), narrow, seed).as_number();
    EXPECT_TRUE(compare(n, Number(2.5)) >= 0 && compare(n, Number(3)) < 0) << n.canonical();
    EXPECT_GE(invent(Type::list(Type::string()), five_or_more, seed).length(), 5u);
  }
}

TEST(InventedValues, AnInventedNumberIsWholeUnlessItsBoundsLeaveNone) {
  // A legacy-SDK provider reads a fraction in an integer attribute's state with a panic.
  Refinements above_ten;
  above_ten.number_lower = NumberBound{Number(10.5), false};
  Refinements narrow;  // (2.5, 2.75): no whole number inside
  narrow.number_lower = NumberBound{Number(2.5), false};
  narrow.number_upper = NumberBound{Number(2.75), false};
  for (int seed = 0; seed < 200; ++seed) {
    EXPECT_TRUE(invent(Type::number(), {}, seed).as_number().is_integer()) << seed;
    EXPECT_TRUE(invent(Type::number(), above_ten, seed).as_number().is_integer()) << seed;
    const Number n = invent(Type::number(), narrow, seed).as_number();
    EXPECT_TRUE(compare(n, Number(2.5)) > 0 && compare(n, Number(2.75)) < 0) << n.canonical();
  }
}

TEST(InventedValues, AnUnknownOfDynamicTypeBecomesAString) {
  const Value v = invent(Type::dynamic(), {}, 1);
  EXPECT_EQ(v.type(), Type::string());
}

TEST(InventedValues, AWhollyKnownPlanComesBackUnchanged) {
  const Value planned = Value::object({{"id", Value::string("x")}, {"n", Value::null(Type::number())}});
  EXPECT_TRUE(raw_equals(with_unknowns_invented(planned)(rc::Random(3), 50).value(), planned));
}

}  // namespace
}  // namespace tfc::gen
