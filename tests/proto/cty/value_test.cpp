#include "proto/cty/value.hpp"

#include <gtest/gtest.h>

namespace tfc::cty {
namespace {

Value str(const char* s) { return Value::string(s); }

TEST(Value, DefaultIsNullDynamic) {
  Value v;
  EXPECT_TRUE(v.is_null());
  EXPECT_TRUE(v.is_known());
  EXPECT_TRUE(v.type().is_dynamic());
}

TEST(Value, ObjectFromPairsSortsAttributes) {
  Value o = Value::object({{"n", Value::number(5)}, {"id", str("x")}});
  EXPECT_EQ(o.type(), Type::object({{"id", Type::string()}, {"n", Type::number()}}));
  ASSERT_NE(o.attribute("n"), nullptr);
  EXPECT_EQ(o.attribute("n")->as_number(), Number(5));
  EXPECT_EQ(o.attribute("missing"), nullptr);
  EXPECT_EQ(o.to_display(), R"({id = "x", n = 5})");
}

TEST(Value, SetsAreCanonicalAndDeduplicated) {
  Value a = Value::set(Type::string(), {str("b"), str("a"), str("b")});
  Value b = Value::set(Type::string(), {str("a"), str("b")});
  EXPECT_EQ(a.length(), 2u);
  EXPECT_TRUE(raw_equals(a, b));
  EXPECT_EQ(a.elements()[0].as_string(), "a");
}

TEST(Value, SetElementsHoldingUnknownsNeverCollapse) {
  const auto u = Value::unknown(Type::string());
  EXPECT_EQ(Value::set(Type::string(), {u, u}).length(), 2u);
  const auto obj = [](Value v) { return Value::object({{"a", std::move(v)}}); };
  const auto objs = Value::set(Type::object({{"a", Type::string()}}),
                               {obj(u), obj(u), obj(Value::string("x")), obj(Value::string("x"))});
  EXPECT_EQ(objs.length(), 3u);  // the two known ones are one element
}

TEST(Value, MapsSortByKey) {
  Value m = Value::map(Type::number(), {{"z", Value::number(1)}, {"a", Value::number(2)}});
  EXPECT_EQ(m.map_entries()[0].first, "a");
  ASSERT_NE(m.map_find("z"), nullptr);
  EXPECT_EQ(m.map_find("q"), nullptr);
  EXPECT_EQ(m.to_display(), R"({"a" = 2, "z" = 1})");
}

TEST(Value, WhollyKnown) {
  Value l = Value::list(Type::string(), {str("a"), Value::unknown(Type::string())});
  EXPECT_TRUE(l.is_known());
  EXPECT_FALSE(l.is_wholly_known());
  EXPECT_TRUE(Value::null(Type::string()).is_wholly_known());
}

TEST(Value, RefinementsAreFittedToTheType) {
  Refinements r;
  r.not_null = true;
  r.string_prefix = "ab";
  r.length_lower = 0;
  Value n = Value::unknown(Type::number(), r);
  EXPECT_TRUE(n.refinements().not_null);
  EXPECT_FALSE(n.refinements().string_prefix);
  Value s = Value::unknown(Type::string(), r);
  EXPECT_EQ(s.refinements().string_prefix, "ab");
  EXPECT_TRUE(Value::unknown(Type::dynamic(), r).refinements().empty());
  Value l = Value::unknown(Type::list(Type::string()), r);
  EXPECT_FALSE(l.refinements().length_lower) << "a lower length bound of 0 means no bound";
}

TEST(Value, RawEqualsIsStructural) {
  EXPECT_TRUE(raw_equals(Value::number(Number(2)), Value::number(Number(2.0))));
  EXPECT_FALSE(raw_equals(Value::null(Type::string()), Value::null(Type::number())));
  EXPECT_TRUE(raw_equals(Value::unknown(Type::string()), Value::unknown(Type::string())));
  Refinements nn;
  nn.not_null = true;
  EXPECT_FALSE(raw_equals(Value::unknown(Type::string()), Value::unknown(Type::string(), nn)));
  EXPECT_FALSE(raw_equals(str("a"), Value::unknown(Type::string())));
}

TEST(Value, EqualsIsTristate) {
  EXPECT_EQ(equals(str("a"), str("a")), Tristate::True);
  EXPECT_EQ(equals(str("a"), str("b")), Tristate::False);
  EXPECT_EQ(equals(str("a"), Value::unknown(Type::string())), Tristate::Unknown);
  EXPECT_EQ(equals(Value::null(Type::string()), Value::null(Type::number())), Tristate::True);
  EXPECT_EQ(equals(Value::null(Type::string()), str("a")), Tristate::False);
  EXPECT_EQ(equals(Value::number(1), Value::unknown(Type::string())), Tristate::False);
  EXPECT_EQ(equals(Value::null(Type::string()), Value::unknown(Type::string())), Tristate::Unknown);
  Value l1 = Value::list(Type::string(), {str("a"), Value::unknown(Type::string())});
  Value l2 = Value::list(Type::string(), {str("a"), str("b")});
  Value l3 = Value::list(Type::string(), {str("a")});
  EXPECT_EQ(equals(l1, l2), Tristate::Unknown);
  EXPECT_EQ(equals(l1, l3), Tristate::False);
  Value s1 = Value::set(Type::string(), {str("a"), str("b")});
  Value s2 = Value::set(Type::string(), {str("b"), str("a")});
  EXPECT_EQ(equals(s1, s2), Tristate::True);
  EXPECT_EQ(equals(Value::object({{"a", str("x")}}), Value::object({{"b", str("x")}})), Tristate::False);
}

TEST(Value, ConformsToChecksShapeAndDynamic) {
  Type t = Type::object({{"a", Type::string()}, {"d", Type::dynamic()}});
  Value ok = Value::object(t, {str("x"), Value::number(1)});
  EXPECT_TRUE(ok.conforms_to(t));
  EXPECT_TRUE(ok.conforms_to(Type::dynamic()));
  EXPECT_FALSE(ok.conforms_to(Type::object({{"a", Type::string()}})));
  EXPECT_FALSE(str("x").conforms_to(Type::number()));
  EXPECT_TRUE(Value::null(Type::list(Type::string())).conforms_to(Type::list(Type::dynamic())));
  EXPECT_TRUE(Value::list(Type::string(), {str("x")}).conforms_to(Type::list(Type::string())));
}

TEST(Value, DisplayIsShort) {
  EXPECT_EQ(Value::unknown(Type::string()).to_display(), "(known after apply)");
  EXPECT_EQ(Value::null(Type::string()).to_display(), "null");
  EXPECT_EQ(Value::list(Type::string(), {str("a"), str("b")}).to_display(), R"(["a", "b"])");
  EXPECT_EQ(Value::boolean(true).to_display(), "true");
  EXPECT_EQ(str("q\"").to_display(), R"("q\"")");
  std::vector<Value> many(200, str("abcdefghij"));
  EXPECT_LT(Value::list(Type::string(), many).to_display().size(), 300u);
}

TEST(Value, AccessorPreconditionsThrowInsteadOfCrashing) {
  EXPECT_THROW((void)Value::null(Type::string()).as_string(), std::logic_error);
  EXPECT_THROW((void)Value::number(1).elements(), std::logic_error);
  EXPECT_THROW(Value::object(Type::object({{"a", Type::string()}}), {}), std::logic_error);
}

}  // namespace
}  // namespace tfc::cty
