#include "proto/cty/number.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace tfc::cty {
namespace {

TEST(Number, ParsesIntegersIntoInt64) {
  auto n = Number::parse("-12");
  ASSERT_TRUE(n);
  EXPECT_TRUE(n->is_int64());
  EXPECT_EQ(n->to_int64(), -12);
  EXPECT_EQ(n->canonical(), "-12");
}

TEST(Number, KeepsLargeIntegersExact) {
  auto n = Number::parse("18446744073709551616");
  ASSERT_TRUE(n);
  EXPECT_TRUE(n->is_decimal());
  EXPECT_TRUE(n->is_integer());
  EXPECT_EQ(n->canonical(), "18446744073709551616");
  EXPECT_FALSE(n->to_int64());
  EXPECT_EQ(n->to_exact_double(), 18446744073709551616.0);
}

TEST(Number, CanonicalTextHasNoExponentOrPadding) {
  EXPECT_EQ(Number::parse("1e3")->canonical(), "1000");
  EXPECT_EQ(Number::parse("1.2500")->canonical(), "1.25");
  EXPECT_EQ(Number::parse("-0.000")->canonical(), "0");
  EXPECT_EQ(Number::parse("00012.5e-3")->canonical(), "0.0125");
  EXPECT_EQ(Number::parse("1e300")->canonical(), "1" + std::string(300, '0'));
  EXPECT_EQ(Number::parse(".5")->canonical(), "0.5");
}

TEST(Number, RejectsNonNumbers) {
  for (const char* bad : {"", "-", "abc", "1.2.3", "1e", "1e+", "0x10", " 1", "1 ", "NaN", "1_000"}) {
    EXPECT_FALSE(Number::parse(bad)) << bad;
  }
  EXPECT_FALSE(Number::parse("1e999999999999")) << "hostile exponent must not allocate";
}

TEST(Number, ParsesInfinities) {
  EXPECT_TRUE(Number::parse("+Inf")->is_infinite());
  EXPECT_EQ(Number::parse("-Inf")->canonical(), "-Inf");
  EXPECT_EQ(Number(std::numeric_limits<double>::infinity()).canonical(), "+Inf");
}

TEST(Number, DoubleCanonicalIsExactExpansion) {
  EXPECT_EQ(Number(1.5).canonical(), "1.5");
  EXPECT_EQ(Number(0.1).canonical(), "0.1000000000000000055511151231257827021181583404541015625");
  EXPECT_EQ(Number(1e20).canonical(), "100000000000000000000");
  EXPECT_EQ(Number(-2.0).canonical(), "-2");
  EXPECT_EQ(Number(-0.0).canonical(), "0");
  EXPECT_EQ(Number(std::ldexp(1.0, -1074)).canonical().size(), 1076u);
}

TEST(Number, ComparesExactlyAcrossForms) {
  EXPECT_EQ(Number(5), Number(5.0));
  EXPECT_EQ(*Number::parse("18446744073709551616"), Number(18446744073709551616.0));
  EXPECT_NE(*Number::parse("0.1"), Number(0.1)) << "0.1 decimal is not the double nearest 0.1";
  EXPECT_EQ(*Number::parse("0.5"), Number(0.5));
  EXPECT_EQ(compare(Number(std::int64_t{9007199254740993}), Number(9007199254740992.0)), 1);
  EXPECT_EQ(compare(Number(std::numeric_limits<std::int64_t>::max()), Number(9223372036854775808.0)), -1);
  EXPECT_EQ(compare(*Number::parse("-3.5"), Number(-3)), -1);
  EXPECT_EQ(
      compare(*Number::parse("123456789012345678901234567890.5"), *Number::parse("123456789012345678901234567890.25")),
      1);
  EXPECT_EQ(compare(*Number::parse("-1e30"), *Number::parse("-1e29")), -1);
  EXPECT_EQ(compare(Number(-std::numeric_limits<double>::infinity()), *Number::parse("-1e300")), -1);
  EXPECT_EQ(compare(Number(1.25), Number(1)), 1);
}

TEST(Number, IntegerAndExactDoubleQueries) {
  EXPECT_TRUE(Number(3.0).is_integer());
  EXPECT_FALSE(Number(3.5).is_integer());
  EXPECT_FALSE(Number::parse("0.1")->to_exact_double());
  EXPECT_EQ(Number::parse("0.75")->to_exact_double(), 0.75);
  EXPECT_EQ(Number(3.0).to_int64(), 3);
  EXPECT_FALSE(Number(std::int64_t{9007199254740993}).to_exact_double());
  EXPECT_DOUBLE_EQ(Number::parse("0.1")->to_double_approx(), 0.1);
}

// Terraform holds numbers at 512 bits: the shortest text of 1e300 at that precision (what a Go
// provider sends back) is the same number as the double's exact decimal expansion.
TEST(Number, TextsEqualAtTerraformPrecisionCompareEqual) {
  const Number exact(1e300);
  const auto shortest = Number::parse(
      "1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704"
      "443832883878176942523235360430575644792184786707e147");
  ASSERT_TRUE(shortest);
  EXPECT_EQ(compare(exact, *shortest), 0);
  EXPECT_EQ(exact, *shortest);
  // A carry through many digits (…0999… against …1000…) is still the same magnitude.
  const std::string nines = "0." + std::string(160, '9');
  EXPECT_EQ(*Number::parse(nines), Number(1));
  // A difference a 512-bit float resolves stays a difference, and short texts stay exact.
  EXPECT_NE(*Number::parse("1." + std::string(140, '0') + "1"), Number(1));
  EXPECT_NE(*Number::parse("0.1"), *Number::parse("0.10000000000000001"));
}

}  // namespace
}  // namespace tfc::cty
