// Value profiles: the realistic profile (the default of value_of and config_of) stays within
// what configurations hold; the extreme profile does yield the extremes it promises.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <functional>
#include <string>

#include "generators/arbitrary_block.hpp"
#include "generators/arbitrary_type.hpp"
#include "generators/arbitrary_value.hpp"
#include "generators/config_gen.hpp"
#include "generators/realistic_values.hpp"

namespace tfc::gen {
namespace {

using cty::Kind;
using cty::Number;
using cty::Type;
using cty::Value;

constexpr std::int64_t kTwoTo53 = std::int64_t{1} << 53;

/// Calls `leaf` on every known, non-null primitive and `collection` on every known list, set
/// and map inside `v`.
void visit(
    const Value& v, const std::function<void(const Value&)>& leaf,
    const std::function<void(const Value&)>& collection = [](const Value&) {}) {
  if (!v.is_known() || v.is_null()) return;
  switch (v.type().kind()) {
    case Kind::String:
    case Kind::Number:
    case Kind::Bool: leaf(v); return;
    case Kind::List:
    case Kind::Set:
    case Kind::Tuple:
      if (v.type().kind() != Kind::Tuple) collection(v);
      for (const Value& e : v.elements()) visit(e, leaf, collection);
      return;
    case Kind::Map:
      collection(v);
      for (const auto& [key, e] : v.map_entries()) visit(e, leaf, collection);
      return;
    case Kind::Object:
      for (const Value& e : v.attribute_values()) visit(e, leaf, collection);
      return;
    case Kind::Dynamic: return;
  }
}

std::size_t significant_digits(const Number& n) {
  std::string digits;
  for (char c : n.canonical()) {
    if (c == 'e' || c == 'E') break;
    if (c >= '0' && c <= '9') digits += c;
  }
  const auto first = digits.find_first_not_of('0');
  if (first == std::string::npos) return 1;
  const auto last = digits.find_last_not_of('0');
  return last - first + 1;
}

bool within_2_53(const Number& n) { return compare(n, Number(kTwoTo53)) <= 0 && compare(n, Number(-kTwoTo53)) >= 0; }

bool has_control_character(const std::string& s) {
  for (unsigned char c : s) {
    if (c < 0x20 || c == 0x7f) return true;
  }
  return false;
}

bool has_non_bmp(const std::string& s) {
  for (unsigned char c : s) {
    if (c >= 0xf0) return true;  // the lead byte of a four-byte UTF-8 sequence
  }
  return false;
}

/// "" when a leaf is within the realistic profile, else what is wrong with it.
std::string realistic_problem(const Value& leaf) {
  if (leaf.type().kind() == Kind::Number) {
    const Number& n = leaf.as_number();
    if (!within_2_53(n)) return "number beyond 2^53: " + n.canonical();
    if (significant_digits(n) > 17) return "more than 17 significant digits: " + n.canonical();
  }
  if (leaf.type().kind() == Kind::String) {
    const std::string& s = leaf.as_string();
    if (s.size() > kRealisticTextMax) return "string of " + std::to_string(s.size()) + " bytes";
    if (has_control_character(s)) return "control character in " + leaf.to_display();
    if (has_non_bmp(s)) return "character outside the BMP in " + leaf.to_display();
  }
  return "";
}

RC_GTEST_PROP(ValueProfile, RealisticValuesStayWithinWhatConfigurationsHold, ()) {
  const Type type = *rc::gen::arbitrary<Type>();
  const Value v = *value_of(type, known_value_options());
  std::string problem;
  visit(
      v,
      [&](const Value& leaf) {
        if (problem.empty()) problem = realistic_problem(leaf);
      },
      [&](const Value& c) {
        if (problem.empty() && c.length() > 3) problem = "a collection of " + std::to_string(c.length()) + " elements";
      });
  RC_ASSERT(problem == "");
}

RC_GTEST_PROP(ValueProfile, RealisticIsTheDefaultOfValueOfAndConfigOf, ()) {
  const schema::Block block = *gen::block();
  const Value config = *config_of(block);
  std::string problem;
  visit(config, [&](const Value& leaf) {
    if (problem.empty()) problem = realistic_problem(leaf);
  });
  RC_ASSERT(problem == "");
  RC_ASSERT(ValueOptions{}.profile == ValueProfile::realistic);
}

TEST(ValueProfile, RealisticNumbersAreMostlySmallWithZeroAndOneCommon) {
  auto g = realistic_number();
  int zero_or_one = 0, up_to_100 = 0, fractions = 0;
  constexpr int kSamples = 1000;
  for (int seed = 0; seed < kSamples; ++seed) {
    const Number n = g(rc::Random(seed), 50).value();
    if (n == Number(0) || n == Number(1)) ++zero_or_one;
    if (compare(n, Number(0)) >= 0 && compare(n, Number(100)) <= 0) ++up_to_100;
    if (!n.is_integer()) ++fractions;
    ASSERT_LE(compare(n, Number(kRealisticNumberMax)), 0) << n.canonical();
  }
  EXPECT_GT(zero_or_one, kSamples / 10);
  EXPECT_GT(up_to_100, kSamples / 2);
  EXPECT_GT(fractions, kSamples / 20);
}

TEST(ValueProfile, RealisticTextIsMostlyNamesAndIdentifiersAndIncludesTheEmptyString) {
  auto g = realistic_text();
  int empty = 0, ascii_names = 0;
  constexpr int kSamples = 1000;
  for (int seed = 0; seed < kSamples; ++seed) {
    const std::string s = g(rc::Random(seed), 50).value();
    if (s.empty()) ++empty;
    bool name = !s.empty();
    for (char c : s) name = name && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_');
    if (name) ++ascii_names;
  }
  EXPECT_GT(empty, 10);
  EXPECT_GT(ascii_names, kSamples / 3);
}

TEST(ValueProfile, ExtremeValuesReachEveryPromisedExtreme) {
  ValueOptions extreme = known_value_options();
  extreme.profile = ValueProfile::extreme;
  extreme.max_elements = 8;
  auto numbers = value_of(Type::number(), extreme);
  auto strings = value_of(Type::string(), extreme);
  auto lists = value_of(Type::list(Type::boolean()), extreme);
  int huge = 0, many_digits = 0, control = 0, non_bmp = 0, long_text = 0, long_list = 0;
  for (int seed = 0; seed < 1000; ++seed) {
    const Number n = numbers(rc::Random(seed), 100).value().as_number();
    if (!within_2_53(n)) ++huge;
    if (significant_digits(n) > 17) ++many_digits;
    const std::string s = strings(rc::Random(seed), 100).value().as_string();
    if (has_control_character(s)) ++control;
    if (has_non_bmp(s)) ++non_bmp;
    if (s.size() > 1000) ++long_text;
    if (lists(rc::Random(seed), 100).value().length() > 3) ++long_list;
  }
  EXPECT_GT(huge, 0);
  EXPECT_GT(many_digits, 0);
  EXPECT_GT(control, 0);
  EXPECT_GT(non_bmp, 0);
  EXPECT_GT(long_text, 0);
  EXPECT_GT(long_list, 0);
}

TEST(ValueProfile, ExtremeConfigOptionsOnlyChangeTheValues) {
  const ConfigOptions realistic = config_options(ValueProfile::realistic);
  const ConfigOptions extreme = config_options(ValueProfile::extreme);
  EXPECT_EQ(realistic.values.profile, ValueProfile::realistic);
  EXPECT_EQ(realistic.values.max_elements, 3);
  EXPECT_EQ(extreme.values.profile, ValueProfile::extreme);
  EXPECT_GT(extreme.values.max_elements, 3);
  EXPECT_EQ(extreme.optional_percent, realistic.optional_percent);
  EXPECT_EQ(extreme.max_blocks, realistic.max_blocks);
}

}  // namespace
}  // namespace tfc::gen
