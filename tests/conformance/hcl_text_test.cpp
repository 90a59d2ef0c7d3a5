// Counterexamples as Terraform language text.
#include <gtest/gtest.h>

#include "conformance/hcl_text.hpp"
#include "generators/hints_tf_json.hpp"
#include "proto/schema/implied_type.hpp"
#include "proto/schema/schema_json.hpp"
#include "tests/conformance/memory_provider.hpp"

namespace tfc::conformance {
namespace {

TEST(HclText, WritesAttributesBlocksAndEscapes) {
  const auto schema = testing::MemoryProvider::thing_schema();
  const auto config = gen::config_from_tf_json(
      nlohmann::json::parse(
          R"({"name": "a\"b ${x}\n", "tags": {"env": "prod"}, "rule": [{"port": 80}, {"port": 443}]})"),
      schema.block, "test");
  ASSERT_TRUE(config) << config.error().message;
  EXPECT_EQ(hcl_block_text("resource", "mem_thing", "test", schema.block, *config),
            "resource \"mem_thing\" \"test\" {\n"
            "  name = \"a\\\"b $${x}\\n\"\n"
            "  tags = { \"env\" = \"prod\" }\n"
            "  rule {\n    port = 80\n  }\n"
            "  rule {\n    port = 443\n  }\n"
            "}\n");
}

TEST(HclText, ValuesOfEveryKind) {
  EXPECT_EQ(hcl_value_text(cty::Value::unknown(cty::Type::string())), "(known after apply)");
  EXPECT_EQ(hcl_value_text(cty::Value::number(cty::Number(2.5))), "2.5");
  EXPECT_EQ(hcl_value_text(cty::Value::boolean(true)), "true");
  EXPECT_EQ(hcl_value_text(cty::Value::list(cty::Type::string(), {cty::Value::string("a"), cty::Value::string("b")})),
            "[\"a\", \"b\"]");
  EXPECT_EQ(
      hcl_value_text(cty::Value::object({{"x", cty::Value::string("y")}, {"not ident", cty::Value::boolean(false)}})),
      "{ \"not ident\" = false, x = \"y\" }");
  EXPECT_EQ(hcl_value_text(cty::Value::map(cty::Type::string(), {})), "{}");
}

TEST(HclText, ADoubleIsWrittenExactly) {
  // Terraform reads a number literal with arbitrary precision: the exact expansion makes it
  // read the very double the case sent (a reproduction must not differ in the last digit).
  EXPECT_EQ(hcl_value_text(cty::Value::number(cty::Number(0.1))),
            "0.1000000000000000055511151231257827021181583404541015625");
  EXPECT_EQ(hcl_value_text(cty::Value::number(cty::Number(2.5))), "2.5");
}

}  // namespace
}  // namespace tfc::conformance
