#include "proto/cty/path.hpp"

#include <gtest/gtest.h>

namespace tfc::cty {
namespace {

TEST(Path, RendersLikeTerraform) {
  EXPECT_EQ(Path().render(), "");
  EXPECT_EQ(Path().attribute("rule").index(0).attribute("port").render(), ".rule[0].port");
  EXPECT_EQ(Path().attribute("tags").key("env").render(), R"(.tags["env"])");
  EXPECT_EQ(Path().attribute("s").set_element(Value::string("x")).attribute("a").render(), ".s[...].a");
  EXPECT_EQ(Path().key("a\"b\n").render(), R"(["a\"b\n"])");
}

TEST(Path, PatternGeneralisesEveryIndexKeyAndSetElement) {
  EXPECT_EQ(Path().pattern(), "");
  EXPECT_EQ(Path().attribute("rule").index(0).attribute("port").pattern(), ".rule[*].port");
  EXPECT_EQ(Path().attribute("tags").key("a]\"b").pattern(), ".tags[*]");
  EXPECT_EQ(Path().attribute("s").set_element(Value::string("x")).attribute("a").pattern(), ".s[*].a");
}

TEST(Path, ParentAndEquality) {
  Path p = Path().attribute("a").index(3);
  EXPECT_EQ(p.parent(), Path().attribute("a"));
  EXPECT_EQ(p.size(), 2u);
  EXPECT_FALSE(p == Path().attribute("a").index(4));
  EXPECT_TRUE(Path().set_element(Value::number(1)) == Path().set_element(Value::number(1.0)));
  EXPECT_THROW((void)Path().parent(), std::logic_error);
}

TEST(Path, ValueAtWalksEveryStepKind) {
  Value rule = Value::object({{"port", Value::number(443)}});
  Value root = Value::object({
      {"rule", Value::list(rule.type(), {rule})},
      {"tags", Value::map(Type::string(), {{"env", Value::string("prod")}})},
      {"s", Value::set(Type::string(), {Value::string("x"), Value::string("y")})},
      {"t", Value::tuple({Value::boolean(true)})},
      {"n", Value::null(Type::list(Type::string()))},
  });
  const Value* port = value_at(root, Path().attribute("rule").index(0).attribute("port"));
  ASSERT_NE(port, nullptr);
  EXPECT_EQ(port->as_number(), Number(443));
  ASSERT_NE(value_at(root, Path().attribute("tags").key("env")), nullptr);
  EXPECT_EQ(value_at(root, Path().attribute("tags").key("env"))->as_string(), "prod");
  ASSERT_NE(value_at(root, Path().attribute("s").set_element(Value::string("y"))), nullptr);
  EXPECT_EQ(value_at(root, Path().attribute("s").set_element(Value::string("z"))), nullptr);
  ASSERT_NE(value_at(root, Path().attribute("t").index(0)), nullptr);
  EXPECT_EQ(value_at(root, Path().attribute("rule").index(1)), nullptr);
  EXPECT_EQ(value_at(root, Path().attribute("rule").index(-1)), nullptr);
  EXPECT_EQ(value_at(root, Path().attribute("n").index(0)), nullptr);
  EXPECT_EQ(value_at(root, Path().attribute("tags").index(0)), nullptr);
  EXPECT_EQ(value_at(root, Path()), &root);
}

}  // namespace
}  // namespace tfc::cty
