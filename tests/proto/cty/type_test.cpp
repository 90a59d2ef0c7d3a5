#include "proto/cty/type.hpp"

#include <gtest/gtest.h>

namespace tfc::cty {
namespace {

TEST(Type, ObjectsSortAttributesAndFindThem) {
  Type t = Type::object({{"b", Type::number()}, {"a", Type::string()}}, {"b"});
  ASSERT_EQ(t.attributes().size(), 2u);
  EXPECT_EQ(t.attributes()[0].name, "a");
  EXPECT_TRUE(t.attributes()[1].optional);
  EXPECT_EQ(t.attribute_index("b"), 1);
  EXPECT_EQ(t.attribute_index("c"), -1);
  EXPECT_EQ(*t.attribute_type("a"), Type::string());
  EXPECT_EQ(t.attribute_type("zz"), nullptr);
}

TEST(Type, EqualityIsStructuralIncludingOptionalMarkers) {
  Type a = Type::object({{"x", Type::list(Type::string())}}, {"x"});
  Type b = Type::object({{"x", Type::list(Type::string())}}, {"x"});
  Type c = Type::object({{"x", Type::list(Type::string())}});
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  EXPECT_EQ(a.without_optional_markers(), c);
  EXPECT_NE(Type::list(Type::string()), Type::set(Type::string()));
  EXPECT_EQ(Type(), Type::dynamic());
}

TEST(Type, HasDynamicLooksEverywhere) {
  EXPECT_FALSE(Type::map(Type::number()).has_dynamic());
  EXPECT_TRUE(Type::tuple({Type::string(), Type::list(Type::dynamic())}).has_dynamic());
  EXPECT_TRUE(Type::object({{"a", Type::dynamic()}}).has_dynamic());
}

TEST(Type, FriendlyNames) {
  EXPECT_EQ(Type::list(Type::string()).friendly_name(), "list of string");
  EXPECT_EQ(Type::map(Type::number()).friendly_name(), "map of number");
  EXPECT_EQ(Type::object({}).friendly_name(), "object");
  EXPECT_EQ(Type::tuple({}).friendly_name(), "tuple");
  EXPECT_EQ(Type::dynamic().friendly_name(), "dynamic");
}

TEST(Type, OrderIsTotalAndConsistentWithEquality) {
  Type a = Type::list(Type::string());
  Type b = Type::list(Type::number());
  EXPECT_EQ(type_order(a, Type::list(Type::string())), 0);
  EXPECT_EQ(type_order(a, b), -type_order(b, a));
  EXPECT_NE(type_order(a, b), 0);
}

TEST(Type, RejectsBadObjects) {
  EXPECT_THROW(Type::object({{"a", Type::string()}, {"a", Type::number()}}), std::invalid_argument);
  EXPECT_THROW(Type::object({{"a", Type::string()}}, {"b"}), std::invalid_argument);
}

}  // namespace
}  // namespace tfc::cty
